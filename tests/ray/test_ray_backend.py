"""``arena.run(..., backend="ray")`` on a local Ray: the same seeds give the same table, game
results and records as the process pool and the inline backend. Skipped without the extra
``wordgames[ray]``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from wordgames import arena
from wordgames.bots import ISMCTSBot

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A small local Ray for this module (stopped afterwards)."""
    if ray.is_initialized():  # pragma: no cover - another module left one running
        ray.shutdown()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def _records(result: arena.ArenaResult) -> list[dict[str, Any]]:
    return [r.to_dict() for r in result.records]


@pytest.mark.parametrize(
    ("game", "bots", "games"),
    [
        ("regenwormen", ["regenwormen:HeuristicBot", "random", "ismcts:6:4"], 6),
        ("wocable", ["random", "wocable:GreedyBot"], 2),
        ("wordmeld", ["random", "wordmeld:GreedyBot"], 2),
    ],
)
def test_ray_gives_the_same_table_and_records(
    local_ray: Any, game: str, bots: list[str], games: int
) -> None:
    on_ray = arena.run(game, bots, games, seed="ray", backend="ray", records=True)
    in_pool = arena.run(game, bots, games, seed="ray", workers=2, records=True)
    inline = arena.run(game, bots, games, seed="ray", backend="inline", records=True)
    assert on_ray.results == in_pool.results == inline.results
    assert on_ray.to_dict(games=True) == inline.to_dict(games=True)
    assert str(on_ray) == str(in_pool)
    assert _records(on_ray) == _records(inline)
    assert len(on_ray.records) == games
    # a different seed plays different games on Ray too
    other = arena.run(game, bots, games, seed="other", backend="ray")
    assert other.results != on_ray.results


def test_games_in_flight_limit_and_progress(local_ray: Any) -> None:
    calls: list[tuple[int, int]] = []
    bots = [ISMCTSBot(iterations=4, max_depth=3), "random"]
    one_at_a_time = arena.run(
        "regenwormen",
        bots,
        4,
        seed=5,
        backend="ray",
        workers=1,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(k, 4) for k in range(1, 5)]
    assert (
        one_at_a_time.results == arena.run("regenwormen", bots, 4, seed=5, backend="inline").results
    )


def test_no_games(local_ray: Any) -> None:
    result = arena.run("regenwormen", ["random", "random"], 0, backend="ray")
    assert result.results == ()


def test_run_starts_a_local_ray_when_none_is_running() -> None:
    if ray.is_initialized():
        ray.shutdown()
    try:
        result = arena.run("regenwormen", ["random", "random"], 2, seed=1, backend="ray")
        assert ray.is_initialized()
        assert result.results == arena.run("regenwormen", ["random", "random"], 2, seed=1).results
    finally:
        ray.shutdown()
