"""WordMeld bots. Every bot has ``choose(view, rng) -> action`` and sees views only."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from wordgames._core.bots import RandomBot
from wordgames._core.errors import WordgamesError
from wordgames.wordmeld.actions import Action, Discard, Keep, PickDiscard, PickPile, Play
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.meld import MeldOption
from wordgames.wordmeld.view import View

__all__ = ["GreedyBot", "RandomBot"]


@attrs.frozen
class GreedyBot:
    """Wins at once when it can, otherwise plays the enumerated word that sheds the most
    cards (premium words shed all their letters), preferring plays that keep the letters of
    premium and winning words it can still hope to form. With no play it takes the discard
    pile's top card if that card (a joker or a wanted letter) completes a play, else draws
    from the pile, and discards its least useful card (it never keeps)."""

    #: weight of keeping letters wanted for premium/winning words, in cards shed
    save_weight: float = 0.25

    def _wanted(self, view: View) -> Counter[str]:
        """Letters of winning and premium words, weighted by how often they are needed."""
        want: Counter[str] = Counter()
        for word in (*view.setup.winning, *view.setup.official):
            want.update(set(word))
        return want

    def _score(self, option: MeldOption, view: View, want: Counter[str]) -> float:
        cl = view.setup.deck.card_letters
        hand = set(view.hand or ())
        used = [c for w in option.action.words for c in w if c in hand]
        spent = sum(want[cl[c]] for c in used if cl[c] != JOKER)
        spent += sum(3 for c in used if cl[c] == JOKER)
        return option.shed - self.save_weight * spent / (1 + len(want))

    def _discard(self, view: View, actions: tuple[Action, ...]) -> Action:
        cl = view.setup.deck.card_letters
        want = self._wanted(view)
        hand = view.hand or ()
        counts = Counter(cl[c] for c in hand)
        unseen = view.unseen()
        discards = [a for a in actions if isinstance(a, Discard)]
        if not discards:
            return actions[0]

        def usefulness(a: Discard) -> tuple[float, int]:
            letter = cl[a.card]
            if letter == JOKER:
                return (1e9, a.card)
            # duplicates and letters rare in the deck are hardest to use
            commonness = unseen[letter] + counts[letter]
            return (commonness / (counts[letter] ** 1.5) + 3 * want[letter], a.card)

        return min(discards, key=usefulness)

    def choose(self, view: View, rng: random.Random) -> Action:
        """Pick an action for the viewer (who must be to act)."""
        actions = view.legal_actions()
        if not actions:
            raise WordgamesError("GreedyBot was asked to act but has no legal action")
        options = view.play_options()
        if options:
            winning = [o for o in options if o.wins]
            if winning:
                return winning[0].action
            want = self._wanted(view)
            best = max(options, key=lambda o: (self._score(o, view, want), o.hand_cards))
            if best.shed > 0 or view.phase == "took":
                return best.action
        if view.phase == "turn":
            top = view.discard_top
            cl = view.setup.deck.card_letters
            if top is not None and PickDiscard() in actions:
                want = self._wanted(view)
                if cl[top] == JOKER or want[cl[top]] > 0:
                    return PickDiscard()
            if PickPile() in actions:
                return PickPile()
            if options:
                return options[0].action
            return actions[0]
        non_play = tuple(a for a in actions if not isinstance(a, Play))
        if any(isinstance(a, Discard) for a in non_play):
            return self._discard(view, non_play)
        if Keep() in non_play:
            return Keep()
        return actions[rng.randrange(len(actions))]
