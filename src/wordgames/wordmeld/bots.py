"""WordMeld bots. Every bot has ``choose(view, rng) -> action`` and sees views only."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs

from wordgames._core.bots import RandomBot
from wordgames._core.errors import IllegalActionError, WordgamesError
from wordgames.wordmeld.actions import Action, Discard, Keep, Pass, PickDiscard, PickPile, Play
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.meld import MeldOption
from wordgames.wordmeld.state import State
from wordgames.wordmeld.view import View

__all__ = ["GreedyBot", "RandomBot", "candidates", "combine", "evaluate"]

_Target = tuple[Counter[str], float]


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's value in ``[0, 1]`` of an unfinished game, for searches cut off before
    the end (``ISMCTSBot(evaluate=...)``; the arena's ``"ismcts"`` uses it): WordMeld is a
    race to empty the hand, so the mean over opponents of ``0.5 + 0.5 * (theirs - mine) /
    (mine + theirs + 1)`` in hand sizes. A player who left is worth 0."""
    sizes = [len(h) for h in state.hands]
    departed = state.departed
    gone = [p in departed for p in range(len(sizes))]
    n = len(sizes)
    out = []
    for i, mine in enumerate(sizes):
        if gone[i] or n < 2:
            out.append(0.0 if gone[i] else 0.5)
            continue
        total = 0.0
        for j, theirs in enumerate(sizes):
            if j != i:
                total += 1.0 if gone[j] else 0.5 + 0.5 * (theirs - mine) / (mine + theirs + 1)
        out.append(total / (n - 1))
    return tuple(out)


def _missing(need: Counter[str], letters: Counter[str], jokers: int) -> int:
    return max(0, sum((need - letters).values()) - jokers)


@attrs.frozen
class GreedyBot:
    """A one-ply greedy player.

    - It wins at once when an enumerated play forms a winning word.
    - Otherwise it plays the enumerated word that sheds the most cards (cards laid minus
      cards drawn; premium words shed all their letters), less a penalty for spending letters
      of premium and winning words within reach (at most ``reach`` letters missing): it saves
      those letters, winning words weighing ``win_weight`` times more.
    - With no play that sheds a card it takes the discard pile's top card when that card is a
      joker or a letter of a target word, else draws from the pile; it discards its least
      useful card (never a joker, not a target letter if it can help it) and never keeps.
    """

    #: penalty, in cards shed, per letter of a target word spent
    save_weight: float = 1.0
    #: how much more a winning word's letters are worth than a premium word's
    win_weight: float = 3.0
    #: words missing more letters than this are not targets
    reach: int = 3

    def _targets(self, view: View) -> list[_Target]:
        setup = view.setup
        cl = setup.deck.card_letters
        hand = view.hand or ()
        letters = Counter(cl[c] for c in hand if cl[c] != JOKER)
        jokers = sum(1 for c in hand if cl[c] == JOKER)
        out: list[_Target] = []
        for word in sorted(setup.winning | setup.official):
            need = Counter(word)
            miss = _missing(need, letters, jokers)
            if miss > self.reach:
                continue
            wins = word in setup.winning or len(word) >= view.rules.winning_length
            weight = (self.win_weight if wins else 1.0) / (1 + miss)
            out.append((need, weight))
        return out

    def _cost(self, used: list[int], view: View, targets: list[_Target]) -> float:
        """Weighted loss of progress towards the targets when ``used`` leave the hand."""
        if not targets or not used:
            return 0.0
        cl = view.setup.deck.card_letters
        hand = view.hand or ()
        letters = Counter(cl[c] for c in hand if cl[c] != JOKER)
        jokers = sum(1 for c in hand if cl[c] == JOKER)
        spent = set(used)
        after = Counter(cl[c] for c in hand if cl[c] != JOKER and c not in spent)
        jokers_after = sum(1 for c in hand if cl[c] == JOKER and c not in spent)
        cost = 0.0
        for need, weight in targets:
            before = _missing(need, letters, jokers)
            cost += weight * (_missing(need, after, jokers_after) - before)
        return cost

    def score(self, option: MeldOption, view: View, targets: list[_Target]) -> float:
        """How good a play is: cards shed, less the target letters it spends."""
        hand = set(view.hand or ())
        play = option.action
        words = (*play.new, *(w for _, w in play.changes))
        used = [c for w in words for c in w if c in hand]
        return option.shed - self.save_weight * self._cost(used, view, targets)

    def _discard(self, view: View, actions: tuple[Action, ...], targets: list[_Target]) -> Action:
        return self._discards_ranked(view, actions, targets)[0]

    def _discards_ranked(
        self, view: View, actions: Sequence[Action], targets: list[_Target]
    ) -> list[Discard]:
        """The discards among ``actions``, the least useful card first."""
        cl = view.setup.deck.card_letters
        hand = view.hand or ()
        counts = Counter(cl[c] for c in hand)
        unseen = view.unseen
        discards = [a for a in actions if isinstance(a, Discard)]

        def usefulness(a: Discard) -> tuple[float, int]:
            letter = cl[a.card]
            if letter == JOKER:
                return (1e9, a.card)
            # duplicates and letters rare in the deck are hardest to use
            value = (unseen[letter] + counts[letter]) / counts[letter] ** 1.5
            return (value + 10 * self._cost([a.card], view, targets), a.card)

        return sorted(discards, key=usefulness)

    def choose(self, view: View, rng: random.Random) -> Action:
        """Pick an action for the viewer (who must be the player to act)."""
        actions = view.legal_actions()
        if not actions:
            raise WordgamesError("GreedyBot was asked to act but has no legal action")
        options = view.play_options()
        targets = self._targets(view)
        if options:
            for o in options:
                if o.wins:
                    return o.action
            best = max(options, key=lambda o: (self.score(o, view, targets), o.hand_cards))
            if best.shed > 0 or view.phase == "took":
                return best.action
        if view.phase == "turn":
            top = view.discard_top
            cl = view.setup.deck.card_letters
            if top is not None and PickDiscard() in actions:
                wanted = any(cl[top] in need for need, _ in targets)
                if cl[top] == JOKER or wanted:
                    return PickDiscard()
            if PickPile() in actions:
                return PickPile()
            if options:
                return options[0].action
            return actions[0]
        non_play = tuple(a for a in actions if not isinstance(a, Play))
        if any(isinstance(a, Discard) for a in non_play):
            return self._discard(view, non_play, targets)
        if Keep() in non_play:
            return Keep()
        if PickPile() in non_play:  # took the discard under Rules.draw_after_discard_pick
            return PickPile()
        return actions[rng.randrange(len(actions))]


def _remap(
    option: MeldOption, hand: tuple[int, ...], used: set[int], cl: tuple[str, ...]
) -> Play | None:
    """``option``'s play with each hand card already in ``used`` swapped for a free hand card
    of the same letter (a joker for a free joker), or None when the hand has none left."""
    play = option.action
    hand_set = set(hand)
    mine = {c for w in (*play.new, *(w for _, w in play.changes)) for c in w if c in hand_set}
    swap: dict[int, int] = {}
    taken = used | mine
    for card in sorted(mine & used):
        free = next((c for c in hand if c not in taken and cl[c] == cl[card]), None)
        if free is None:
            return None
        swap[card] = free
        taken.add(free)
    used |= (mine - set(swap)) | set(swap.values())
    if not swap:
        return play
    return Play(
        tuple(tuple(swap.get(c, c) for c in w) for w in play.new),
        tuple((i, tuple(swap.get(c, c) for c in w)) for i, w in play.changes),
        tuple((swap.get(c, c), letter) for c, letter in play.letters),
    )


def combine(view: View, options: Sequence[MeldOption], first: MeldOption) -> Play | None:
    """One play laying ``first`` and then, greedily in the given order, every further listed
    play that still fits: it changes no table word already changed and finds hand cards of
    its letters not yet used. The rules allow several words in one play, and each common word
    sheds a card, so a combined play sheds the sum of its parts. None when nothing joins
    ``first`` or the combination is refused by the rules check."""
    hand = view.hand or ()
    cl = view.setup.deck.card_letters
    used: set[int] = set()
    play = _remap(first, hand, used, cl)
    if play is None:
        return None
    changed = {i for i, _ in play.changes}
    parts = 1
    for option in options:
        if option is first or option.wins:
            continue
        indices = {i for i, _ in option.action.changes}
        if indices & changed:
            continue
        trial = set(used)
        extra = _remap(option, hand, trial, cl)
        if extra is None:
            continue
        used = trial
        changed |= indices
        play = play + extra
        parts += 1
    if parts < 2:
        return None
    try:
        view.sample_state(random.Random(0)).play_result(play)
    except IllegalActionError:
        return None
    return play


def candidates(
    view: View, *, plays: int = 6, combined: int = 4, discards: int = 2
) -> tuple[Action, ...]:
    """The actions ``ISMCTSBot(candidates=...)`` searches in WordMeld (the arena's
    ``"ismcts"`` uses it), best first:

    - a winning listed play, alone, when there is one;
    - up to ``combined`` plays of several words (:func:`combine`, started from each of the
      best listed plays) that shed more cards than any single listed play, most cards first;
    - the ``plays`` listed plays :class:`GreedyBot` scores best;
    - at the start of a turn, every draw choice (``pick pile``, ``pick discard``, ``pass``);
      otherwise the ``discards`` cards GreedyBot would rather discard, and ``keep`` (or
      ``pick pile``) when allowed.

    Why: every listed play sheds one card (a common word draws one card fewer than it lays),
    so with listed plays alone a two-player game is a race of single cards decided by the seat
    and by the turns a player cannot play, and a search among thousands of listed plays learns
    nothing from a hundred iterations. Laying several words at once is legal and sheds a card
    per word."""
    actions = view.legal_actions()
    if not actions:
        return ()
    greedy = GreedyBot()
    targets = greedy._targets(view)
    options = view.play_options()
    out: list[Action] = []
    if options:
        winning = next((o for o in options if o.wins), None)
        if winning is not None:
            return (winning.action,)
        ranked = sorted(options, key=lambda o: (-greedy.score(o, view, targets), -o.hand_cards))
        # plays that shed the most with the fewest hand cards leave the most room for others
        packing = sorted(ranked, key=lambda o: (-o.shed, o.hand_cards))
        best_single = max(o.shed for o in options)
        probe = view.sample_state(random.Random(0))
        seen: set[Play] = set()
        multi: list[tuple[int, int, Play]] = []
        wide = max(plays, combined)
        for k, first in enumerate((*ranked[:wide], *packing[:wide])):
            combo = combine(view, packing, first)
            if combo is None or combo in seen:
                continue
            seen.add(combo)
            result = probe.play_result(combo)
            shed = len(result.added) - len(result.taken_back) - result.draws
            if shed > best_single:
                multi.append((-shed, k, combo))
        multi.sort(key=lambda m: (m[0], m[1]))
        out.extend(m[2] for m in multi[:combined])
        out.extend(o.action for o in ranked[:plays])
    if view.phase == "turn":
        out.extend(a for a in actions if isinstance(a, (PickPile, PickDiscard, Pass)))
    else:
        out.extend(greedy._discards_ranked(view, actions, targets)[:discards])
        out.extend(a for a in actions if isinstance(a, (Keep, PickPile)))
    return tuple(out) if out else actions
