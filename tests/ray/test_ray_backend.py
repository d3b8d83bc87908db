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
def local_ray() -> Iterator[list[dict[str, Any]]]:
    """A local Ray for this module, started by the first ``arena.run`` (as a user's first call
    does) with two CPUs added to its ``ray.init`` call; yields the keyword arguments of the
    ``ray.init`` calls the arena made. Ray stops afterwards."""
    if ray.is_initialized():  # pragma: no cover - another module left one running
        ray.shutdown()
    calls: list[dict[str, Any]] = []
    real_init = ray.init

    def small_init(**kwargs: Any) -> Any:
        calls.append(kwargs)
        return real_init(num_cpus=2, log_to_driver=False, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ray, "init", small_init)
        arena.run("regenwormen", ["random", "random"], 1, backend="ray")
        assert ray.is_initialized()
        yield calls
    ray.shutdown()


def test_the_first_run_starts_a_local_ray_and_later_runs_reuse_it(
    local_ray: list[dict[str, Any]],
) -> None:
    assert [c["address"] for c in local_ray] == [None]
    assert local_ray[0]["include_dashboard"] is False
    bots = ["random", "regenwormen:OptimalTurnBot"]
    on_ray = arena.run("regenwormen", bots, 2, seed=1, backend="ray", address="auto")
    assert len(local_ray) == 1  # Ray was up: used as it is
    assert on_ray.results == arena.run("regenwormen", bots, 2, seed=1, backend="inline").results


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
    inline = arena.run(game, bots, games, seed="ray", backend="inline", records=True)
    assert on_ray.results == inline.results  # tests/arena: inline == the process pool
    assert on_ray.to_dict(games=True) == inline.to_dict(games=True)
    assert str(on_ray) == str(inline)
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
    in_pool = arena.run("regenwormen", bots, 4, seed=5, backend="process", workers=2)
    assert one_at_a_time.results == in_pool.results


def test_no_games(local_ray: Any) -> None:
    result = arena.run("regenwormen", ["random", "random"], 0, backend="ray")
    assert result.results == ()
