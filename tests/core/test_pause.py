"""The cyclic garbage collector is paused while move lists and play searches are built, and
left as it was found afterwards, whatever happens inside."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from wordgames import GAMES, wocable
from wordgames._core.chance import sample_chance
from wordgames._core.pause import paused_gc
from wordgames.lexicon import Lexicon
from wordgames.wocable import movegen
from wordgames.wocable.engine import tiles_for


@pytest.fixture
def collector() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.parametrize("enabled", [True, False])
def test_paused_inside_and_restored_after(collector: None, enabled: bool) -> None:
    (gc.enable if enabled else gc.disable)()
    seen: list[bool] = []

    def inner(x: int, *, y: int) -> int:
        seen.append(gc.isenabled())
        return x + y

    def outer(x: int) -> int:
        seen.append(gc.isenabled())
        got = paused_gc(inner, x, y=2)  # nested: the outer call stays paused
        seen.append(gc.isenabled())
        return got

    assert paused_gc(outer, 1) == 3
    assert seen == [False, False, False]
    assert gc.isenabled() is enabled


@pytest.mark.parametrize("enabled", [True, False])
def test_restored_after_an_exception(collector: None, enabled: bool) -> None:
    (gc.enable if enabled else gc.disable)()
    with pytest.raises(ZeroDivisionError):
        paused_gc(divmod, 1, 0)
    assert gc.isenabled() is enabled


def _after_the_deal(name: str) -> Any:
    """A new 2-player game of ``name`` past its chance nodes, seed 3."""
    rng = random.Random(3)
    state = GAMES[name].new_game(players=2)
    while state.is_chance_node:
        state = state.apply(sample_chance(state, rng))
    return state


def _wocable_moves() -> object:
    return _after_the_deal("wocable").legal_actions()


def _wordmeld_actions() -> object:
    return _after_the_deal("wordmeld").legal_actions()


@pytest.mark.parametrize("build", [_wocable_moves, _wordmeld_actions])
@pytest.mark.parametrize("enabled", [True, False])
def test_move_lists_leave_the_collector_as_found(
    collector: None, build: Callable[[], object], enabled: bool
) -> None:
    (gc.enable if enabled else gc.disable)()
    assert build()
    assert gc.isenabled() is enabled


def _empty_board_job() -> tuple[Any, list[int], list[int]]:
    tiles = tiles_for(wocable.Rules(), Lexicon.builtin("en"))
    return tiles, [-1] * (tiles.size * tiles.size), list(range(7))


def test_restored_when_generation_fails(collector: None) -> None:
    tiles, board, _ = _empty_board_job()
    gc.enable()
    with pytest.raises(IndexError):
        movegen.raw_moves(tiles, board, [10_000])  # not a tile id: fails inside the pause
    assert gc.isenabled()


def test_no_collection_runs_during_generation(collector: None) -> None:
    tiles, board, rack = _empty_board_job()
    runs: list[str] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(phase)

    threshold = gc.get_threshold()
    gc.enable()
    gc.set_threshold(1)  # without the pause, nearly every allocation would start a collection
    gc.callbacks.append(count)
    try:
        moves = movegen.raw_moves(tiles, board, rack)
        during = len(runs)
        _ = [[i] for i in range(100)]  # the collector runs again afterwards
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)
    assert moves
    assert during <= 3  # entering the block may start one or two
    assert len(runs) > during
    assert gc.isenabled()
