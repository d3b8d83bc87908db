"""Every legal action has an index where the action lists are longest.

Random playouts rarely reach the positions with the most legal actions, so these tests build
them: Wocable racks with two blanks on open boards (every preset, English and Spanish tiles),
WordMeld hands with many cards and jokers beside tables of several words. The pinned examples
are among the longest lists ``benchmarks/rl_actions.py`` found (``EIRST??`` on the empty
board: 89,610 placements); the generated ones vary the board, rack, preset and hand, and
``target`` steers them towards longer lists. Every legal action must round-trip and the
masks must reach exactly ``legal_actions()`` (``check_view``).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, example, given, settings, target  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import wordgames  # noqa: E402
from wordgames import wocable, wommeln  # noqa: E402
from wordgames import wordmeld as wm  # noqa: E402
from wordgames.rl.encoding import (  # noqa: E402
    MORE,
    WocableEncoder,
    WommelnEncoder,
    encoder_for,
    wommeln_list_bound,
)
from wordgames.wocable.actions import split_tokens, token_text  # noqa: E402

from .test_encoding import check_view  # noqa: E402

SLOW = settings(
    deadline=None,
    max_examples=6,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def open_wocable(rules, seed: int, placements: int):
    """A position after ``placements`` random placements (an open board), player to act."""
    rng = random.Random(seed)
    state = wocable.new_game(2, rules=rules)
    done = 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
            continue
        if done >= placements and state.phase == "play":
            return state
        legal = state.legal_actions()
        places = [a for a in legal if isinstance(a, wocable.Place)]
        state = state.apply(rng.choice(places or legal))
        done += bool(places)
    return None


def with_rack(state, letters: list[str], blanks: int):
    """``state`` with the player on turn holding ``blanks`` blanks and ``letters`` (tiles
    swapped with the bag; as many blanks as the bag and rack still hold)."""
    d = state.to_dict()
    p = d["turn"]
    pool = Counter(split_tokens(d["bag"])) + Counter(split_tokens(d["racks"][p]))
    rack = ["?"] * min(blanks, pool["?"])
    for x in letters:
        if len(rack) < 7 and pool[x] > Counter(rack)[x]:
            rack.append(x)
    pool -= Counter(rack)
    d["racks"][p] = "".join(map(token_text, rack))
    d["bag"] = "".join(map(token_text, sorted(pool.elements())))
    return wocable.State.from_dict(d)


@SLOW
@given(
    seed=st.integers(0, 2**32),
    placements=st.integers(0, 5),
    preset=st.sampled_from(["wocable", "naspa", "wespa"]),
    tiles=st.sampled_from(["en", "en", "es"]),
    blanks=st.integers(1, 2),
    pick=st.lists(st.integers(0, 99), min_size=5, max_size=5),
)
# EIRST?? on the empty board, and after two placements: among the longest lists
@example(seed=0, placements=0, preset="wocable", tiles="en", blanks=2, pick=[4, 8, 17, 18, 19])
@example(seed=7, placements=2, preset="naspa", tiles="en", blanks=2, pick=[4, 8, 17, 18, 19])
@example(seed=3, placements=3, preset="wocable", tiles="es", blanks=2, pick=[3, 4, 9, 11, 21])
def test_wocable_two_blank_racks_on_open_boards(
    seed, placements, preset, tiles, blanks, pick
) -> None:
    rules = wocable.Rules.preset(preset)
    if tiles != "en":
        rules = attrs.evolve(rules, tiles=tiles)
    state = open_wocable(rules, seed, placements)
    if state is None:
        return
    alphabet = list(state.view(None).tiles.alphabet)
    state = with_rack(state, [alphabet[i % len(alphabet)] for i in pick], blanks)
    view = state.view(state.current_player)
    enc = encoder_for(state)
    reached = check_view(enc, view)
    target(float(len(reached)), label="legal actions")
    assert enc.num_player_actions == 130 + 2 * 15 * 15 * 7 + 2 * len(alphabet)


def test_the_issue_rack_has_every_placement_indexed() -> None:
    """``DEHNV??`` on the board of a random game: thousands of placements, all reachable."""
    state = open_wocable(wocable.Rules(), 3, 4)
    state = with_rack(state, list("DEHNV"), 2)
    view = state.view(state.current_player)
    enc = WocableEncoder(2, view)
    reached = check_view(enc, view)
    assert len(reached) > 4192  # more than the old encoder's whole list
    places = [a for a in view.legal_actions() if isinstance(a, wocable.Place)]
    assert sum(len(s) > 1 for s in reached) == len(places)


def wordmeld_with_big_hand(seed: int, extra: int, min_table: int):
    """A turn of a random WordMeld game with at least ``min_table`` table words (or as many
    as the game reaches), the player on turn given both jokers and ``extra`` pile cards."""
    rng = random.Random(seed)
    state = wm.new_game(2)
    best = None
    for _ in range(400):
        if state.is_terminal:
            break
        if not state.is_chance_node and state.phase == "turn" and state.melded[state.turn]:
            best = state
            if len(state.table) >= min_table:
                break
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    if best is None:
        return None
    d = best.to_dict()
    letters = best.setup.deck.card_letters
    jokers = [c for c in d["pile"] if letters[c] == "*"]
    others = [c for c in d["pile"] if letters[c] != "*"]
    rng.shuffle(others)
    take = jokers + others[:extra]
    d["pile"] = [c for c in d["pile"] if c not in take]
    d["hands"][d["turn"]] = sorted(d["hands"][d["turn"]] + take)
    d["ply"] += len(take)  # as if drawn
    return wm.State.from_dict(d)


@SLOW
@given(
    seed=st.integers(0, 2**32),
    extra=st.integers(0, 14),
    min_table=st.integers(2, 8),
)
@example(seed=1, extra=14, min_table=8)
def test_wordmeld_big_hands_with_jokers_beside_many_words(seed, extra, min_table) -> None:
    state = wordmeld_with_big_hand(seed, extra, min_table)
    if state is None:
        return
    view = state.view(state.current_player)
    enc = encoder_for(state)
    reached = check_view(enc, view)
    target(float(len(reached)), label="legal actions")
    target(float(len(state.table)), label="table words")


def test_wordmeld_more_plays_than_the_old_cap() -> None:
    state = wordmeld_with_big_hand(0, 10, 4)
    view = state.view(state.current_player)
    reached = check_view(encoder_for(state), view)
    assert len(reached) > 2049  # the old encoder's whole range


@pytest.mark.parametrize("players", [2, 3, 6])
def test_wommeln_lists_stay_within_the_proven_bound(players) -> None:
    from wordgames.wommeln.categories import CARDS, COLORS, SIDES, category

    most = max(
        len(category(c, s, color).answers(lang))
        for c in range(1, CARDS + 1)
        for s in SIDES
        for color in COLORS
        for lang in ("de", "en")
    )
    assert wommeln_list_bound(players) == max(2 * most + 1, 8, players + 1)
    state = wommeln.new_game(players, rules=wommeln.Rules(rounds=2, intensiv=True))
    enc = encoder_for(state)
    assert enc.cap >= wommeln_list_bound(players)
    with pytest.raises(ValueError, match="below"):
        WommelnEncoder(players, state.view(None), cap=wommeln_list_bound(players) - 1)


def test_wocable_steps_show_in_the_observation() -> None:
    state = open_wocable(wocable.Rules(), 1, 2)
    view = state.view(state.current_player)
    enc = encoder_for(state)
    steps, place = next((s, a) for s, a in check_view(enc, view).items() if len(s) > 2)
    lay = enc.layout
    plain = enc.observe(view)
    for k in range(1, len(steps)):
        obs = enc.observe(view, steps[:k])
        changed = np.flatnonzero(obs != plain)
        assert len(changed) == 3 + (k - 1)  # square, direction, length, then one per tile
        start, _ = lay["pending_square"]
        first = int(np.flatnonzero(obs[start : start + 225])[0])
        r, c = divmod(first, 15)
        if not place.word.startswith("."):
            assert (r, c) == (place.row, place.col)
    idx, choices = enc.legal(view, steps[:-1])
    assert dict(zip(idx, choices, strict=True))[steps[-1]] == place
    assert all(c is MORE for c in enc.legal(view, steps[:1])[1]) == (len(steps) > 2)
