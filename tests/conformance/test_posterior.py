"""Views and determinisation: ``view.sample_state`` draws the posterior the rules imply.

For small hidden pools every hidden assignment consistent with a view is enumerated; each must
give exactly the same view (no visible field tells them apart), and ``sample_state`` must draw
them with the exact posterior: tiles are dealt uniformly, so an assignment of tile *types* to
the hidden places (other racks, a hidden exchange, removed tiles, the bag) has a probability
proportional to the number of ways of dealing the individual tiles. WordMeld has its own
enumeration over whole chance trees (tests/wordmeld/test_hidden.py); Regenwormen hides
nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import factorial, prod, sqrt
from typing import Any

import attrs
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import regenwormen as rw
from wordgames import wocable


def _canon(d: Any) -> str:
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def _splits(pool: Counter[int], sizes: Sequence[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way of dealing the multiset ``pool`` into places of the given sizes (as sorted
    tuples of tile ids); the last place takes what is left."""
    if not sizes:
        yield ()
        return
    first, rest = sizes[0], sizes[1:]
    for part in _sub_multisets(sorted(pool.items()), first):
        left = pool - Counter(part)
        for tail in _splits(left, rest):
            yield (part, *tail)


def _sub_multisets(items: list[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    if not items:
        return
    (tile, n), rest = items[0], items[1:]
    for take in range(min(n, k), -1, -1):
        for tail in _sub_multisets(rest, k - take):
            yield (tile,) * take + tail


def _ways(parts: Sequence[Sequence[int]]) -> int:
    """Deals of individual tiles that give these multisets: prod over places of 1/∏ r_t!
    times ∏ u_t! (the common factor cancels in the posterior, kept for clarity)."""
    total = Counter(t for part in parts for t in part)
    return prod(factorial(n) for n in total.values()) // prod(
        factorial(n) for part in parts for n in Counter(part).values()
    )


def _late_wocable_state(seed: int) -> wocable.State | None:
    """A seeded greedy game stopped once at most 9 tiles are hidden from player 0."""
    rng = random.Random(seed)
    state = wocable.new_game(2)
    bot = wocable.bots.GreedyBot()
    for _ in range(400):
        if state.is_terminal:
            return None
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
            continue
        view = state.view(0)
        if state.current_player == 0 and sum(view.unseen.values()) <= 9:
            return state
        state = state.apply(bot.choose(state.view(state.current_player), rng))
    return None


@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
def test_wocable_sample_state_draws_the_exact_posterior(seed: int) -> None:
    state = _late_wocable_state(seed)
    assume(state is not None)
    assert state is not None
    view = state.view(0)
    pool = Counter({i: n for i, n in enumerate(view.unseen_counts) if n})
    sizes = [view.rack_sizes[1], view.aside_size, view.removed_size]
    truth = _canon(view.to_dict())
    weights: dict[str, int] = {}
    for parts in _splits(pool, [*sizes, sum(pool.values()) - sum(sizes)]):
        rack1, aside, removed, bag_tiles = parts
        bag = [0] * len(view.unseen_counts)
        for t in bag_tiles:
            bag[t] += 1
        candidate = attrs.evolve(
            state,
            racks=(state.racks[0], rack1),
            aside=aside if not view.own_aside else state.aside,
            removed=removed,
            bag=tuple(bag),
        )
        assert _canon(candidate.view(0).to_dict()) == truth, "a hidden assignment shows"
        key = _canon(candidate.to_dict())
        weights[key] = _ways(parts)
    total = sum(weights.values())
    posterior = {k: Fraction(w, total) for k, w in weights.items()}
    assert _canon(state.to_dict()) in posterior
    n = 3000
    rng = random.Random(seed)
    seen = Counter(_canon(view.sample_state(rng).to_dict()) for _ in range(n))
    assert set(seen) <= set(posterior), "sample_state drew a state the view rules out"
    for key, p in posterior.items():
        expected = n * float(p)
        tolerance = 5 * sqrt(expected * (1 - float(p))) + 2
        assert abs(seen[key] - expected) <= tolerance, (seen[key], expected, len(posterior))


@settings(max_examples=5)
@given(seed=st.integers(0, 10_000))
def test_regenwormen_views_hide_nothing(seed: int) -> None:
    rng = random.Random(seed)
    record = wordgames.play(rw.new_game(3), rw.bots.HeuristicBot(), rng)
    for state in list(record.states())[::7]:
        for viewer in (None, 0, 1, 2):
            view = state.view(viewer)
            assert view.unseen == Counter()
            assert view.sample_state(rng) == state
