"""Views leak nothing the rules keep hidden and show what the rules make public.

On tiny decks the whole chance tree of a short scripted game is enumerated with exact
probabilities. For every viewer, the histories are grouped by what that viewer observed (the
actions as ``Record.redact`` shows them). Within a group:

- every state gives the same view (no visible field differs);
- the exact posterior over the hidden assignments (who holds which card, the pile, the card
  just drawn) is uniform, and its support is exactly the set of valid states with that view:
  card ids say nothing beyond letters, and known cards (taken from the discard pile) are shown;
- ``view.sample_state`` draws those assignments with equal frequencies (fixed seed, bounds
  of five standard deviations).

The old rule (a draw takes the lowest-numbered card of its letter) fails the posterior check
right after the deal, and a view without ``known`` fails it after a ``pick discard``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import attrs
import pytest

from wordgames import InvalidStateError
from wordgames import wordmeld as wm

# a deck that can spell WORDMELD only with letters it has none of (counts 0 are allowed)
_ZERO = tuple((ch, 0) for ch in "DELMORW")


def tiny_game(players: int, letters: tuple[tuple[str, int], ...], jokers: int) -> wm.State:
    deck = wm.DeckSpec("tiny", "en", (*letters, *_ZERO), jokers)
    return wm.new_game(players, rules=wm.Rules(hand_size=2), deck=deck, lexicon=None)


Step = Callable[[wm.State], Any]
VIEWERS_OF = {2: (None, 0, 1), 3: (None, 0, 2)}


def histories(
    state: wm.State, script: tuple[Step, ...], viewers: tuple[int | None, ...]
) -> Iterator[tuple[wm.State, Fraction, dict[int | None, tuple[str, ...]]]]:
    """Every end of the script with its exact probability and each viewer's observations."""

    def seen(s: wm.State, action: Any, obs: tuple[tuple[str, ...], ...]) -> Any:
        return tuple((*o, s.redact_action(action, v)) for o, v in zip(obs, viewers, strict=True))

    def walk(
        s: wm.State, rest: tuple[Step, ...], p: Fraction, obs: tuple[tuple[str, ...], ...]
    ) -> Iterator[tuple[wm.State, Fraction, tuple[tuple[str, ...], ...]]]:
        if s.is_chance_node:
            for action, q in s.chance_outcomes():
                yield from walk(s.apply(action), rest, p * q, seen(s, action, obs))
        elif rest:
            action = rest[0](s)
            yield from walk(s.apply(action), rest[1:], p, seen(s, action, obs))
        else:
            yield s, p, obs

    for s, p, obs in walk(state, script, Fraction(1), tuple(() for _ in viewers)):
        yield s, p, dict(zip(viewers, obs, strict=True))


def hidden_key(s: wm.State, viewer: int | None) -> tuple[Any, ...]:
    """What ``viewer`` may not see of ``s``: the other hands, the pile, a drawn card."""
    others = tuple(h for i, h in enumerate(s.hands) if i != viewer)
    drawn = s.drawn if viewer != s.turn else None
    return (others, s.pile, drawn)


def consistent_states(s: wm.State, viewer: int | None) -> set[tuple[Any, ...]]:
    """The hidden assignments of every valid state whose view for ``viewer`` is ``s``'s."""
    target = s.view(viewer).to_dict()
    others = [i for i in range(s.num_players) if i != viewer]
    pool = sorted([c for i in others for c in s.hands[i]] + list(s.pile))
    sizes = [len(s.hands[i]) for i in others]
    out: set[tuple[Any, ...]] = set()

    def splits(cards: list[int], ks: list[int]) -> Iterator[list[tuple[int, ...]]]:
        if not ks:
            yield [tuple(cards)]
            return
        for part in itertools.combinations(cards, ks[0]):
            left = [c for c in cards if c not in part]
            for rest in splits(left, ks[1:]):
                yield [part, *rest]

    for parts in splits(pool, sizes):
        hands = list(s.hands)
        for i, part in zip(others, parts, strict=False):
            hands[i] = part
        pile = parts[-1]
        drawn_choices: list[int | None] = [s.drawn]
        if s.drawn is not None and viewer != s.turn:
            drawn_choices = list(hands[s.turn])
        for drawn in drawn_choices:
            cand = attrs.evolve(s, hands=tuple(hands), pile=pile, drawn=drawn)
            try:
                wm.State.from_dict(cand.to_dict())
            except InvalidStateError:
                continue
            if cand.view(viewer).to_dict() == target:
                out.add(hidden_key(cand, viewer))
    return out


def pick_pile_discard_drawn_then_take() -> tuple[Step, ...]:
    """Player 0 draws from the pile and discards the card drawn; player 1 takes it."""
    return (
        lambda s: wm.PickPile(),
        lambda s: wm.Discard(s.drawn),
        lambda s: wm.PickDiscard(),
    )


SCENARIOS: dict[str, tuple[Callable[[], wm.State], tuple[Step, ...]]] = {
    # right after the deal: which ids the others hold
    "deal": (lambda: tiny_game(2, (("A", 3), ("B", 2)), 1), ()),
    "deal-3-players": (lambda: tiny_game(3, (("A", 4), ("B", 3)), 0), ()),
    # a pile draw pending its discard: which card is the drawn one
    "drawn": (lambda: tiny_game(2, (("A", 3), ("B", 3)), 1), (lambda s: wm.PickPile(),)),
    # a card taken from the discard pile is known while it stays in the hand
    "known": (lambda: tiny_game(2, (("A", 3), ("B", 3)), 1), pick_pile_discard_drawn_then_take()),
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_views_equal_and_posterior_uniform_over_consistent_states(name: str) -> None:
    make, script = SCENARIOS[name]
    start = make()
    viewers = VIEWERS_OF[start.num_players]
    groups: dict[tuple[int | None, tuple[str, ...]], list[tuple[wm.State, Fraction]]] = defaultdict(
        list
    )
    total = Fraction(0)
    for s, p, obs in histories(start, script, viewers):
        total += p
        for v in viewers:
            groups[v, obs[v]].append((s, p))
    assert total == 1
    rng = random.Random(2024)
    sampled_groups: Counter[int | None] = Counter()
    for (viewer, _), members in groups.items():
        view = members[0][0].view(viewer)
        posterior: dict[tuple[Any, ...], Fraction] = defaultdict(Fraction)
        for s, p in members:
            # no visible field differs between states the viewer cannot tell apart
            assert s.view(viewer) == view
            posterior[hidden_key(s, viewer)] += p
        weights = set(posterior.values())
        assert len(weights) == 1, f"viewer {viewer}: hidden assignments are not equally likely"
        expected = consistent_states(members[0][0], viewer)
        assert set(posterior) == expected, (
            f"viewer {viewer}: the view allows {len(expected)} assignments, "
            f"the game reaches {len(posterior)}"
        )
        # sample_state: the same support, equal frequencies (a few groups per viewer)
        if sampled_groups[viewer] >= 3 or len(expected) < 2:
            continue
        sampled_groups[viewer] += 1
        k = len(expected)
        n = 150 * k
        counts = Counter(hidden_key(view.sample_state(rng), viewer) for _ in range(n))
        assert set(counts) <= expected
        mean = n / k
        sigma = math.sqrt(n * (1 / k) * (1 - 1 / k))
        for key in expected:
            assert abs(counts[key] - mean) <= 5 * sigma, (viewer, counts[key], mean)
    assert sampled_groups, "no group had hidden information to sample"


def test_known_cards_shown_and_kept_by_sample_state() -> None:
    make, script = SCENARIOS["known"]
    s, _, _ = next(histories(make(), script, (None,)))
    taken = s.discard[-1] if s.discard else None
    assert taken is None  # player 1 took the only discard
    (card,) = s.known[1]
    assert card in s.hands[1]
    view = s.view(0)
    assert view.known == ((), (card,))
    assert s.setup.deck.card_letters[card] not in view.unseen or view.unseen[
        s.setup.deck.card_letters[card]
    ] < s.setup.deck.count(s.setup.deck.card_letters[card])
    rng = random.Random(1)
    for _ in range(20):
        assert card in view.sample_state(rng).hands[1]
    # discarding it again makes it public on the discard pile, no longer known in a hand
    after = s.apply(wm.Discard(card))
    assert after.known == ((), ())
    assert after.view(0).discard == (card,)


def test_unseen_counts_only_hidden_cards() -> None:
    make, script = SCENARIOS["known"]
    s, _, _ = next(histories(make(), script, (None,)))
    cl = s.setup.deck.card_letters
    for viewer in (None, 0, 1):
        view = s.view(viewer)
        hidden = [c for i, h in enumerate(s.hands) if i != viewer for c in h if c not in s.known[i]]
        assert view.unseen == Counter(cl[c] for c in [*hidden, *s.pile])
        view.unseen.clear()  # a fresh Counter: clearing it changes nothing
        assert sum(view.unseen.values()) == len(hidden) + len(s.pile)
