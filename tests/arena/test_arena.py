"""The arena: same table whatever the workers or backend, seat rotation, records, bot names."""

from __future__ import annotations

import pytest

from wordgames import Bot, RandomBot
from wordgames.arena import make_bot, register_bot, run
from wordgames.bots import ISMCTSBot
from wordgames.regenwormen.bots import HeuristicBot, OptimalTurnBot


def test_same_results_with_one_or_two_workers() -> None:
    bots = ["regenwormen:HeuristicBot", "random"]
    one = run("regenwormen", bots, 6, seed=11, workers=1)
    two = run("regenwormen", bots, 6, seed=11, workers=2)
    inline = run("regenwormen", bots, 6, seed=11, backend="inline", workers=4)
    assert one.results == two.results == inline.results
    assert one.to_dict(games=True) == two.to_dict(games=True)
    assert str(one) == str(two)


def test_ismcts_in_a_process_pool_matches_inline() -> None:
    bots: list[Bot] = [ISMCTSBot(iterations=5, max_depth=4), RandomBot()]
    pooled = run("regenwormen", bots, 3, seed="pool", workers=2)
    inline = run("regenwormen", bots, 3, seed="pool", backend="inline")
    assert pooled.results == inline.results


def test_seed_changes_the_games() -> None:
    a = run("regenwormen", ["random", "random"], 4, seed=1, workers=1)
    b = run("regenwormen", ["random", "random"], 4, seed=2, workers=1)
    assert [r.scores for r in a.results] != [r.scores for r in b.results]


def test_seats_rotate() -> None:
    table = run("regenwormen", ["random", "random", "random"], 6, seed=0, workers=1)
    assert [r.seats for r in table.results[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert table.entrants == ("random#1", "random#2", "random#3")
    fixed = run("regenwormen", ["random", "random"], 3, workers=1, rotate=False)
    assert all(r.seats == (0, 1) for r in fixed.results)


def test_records_on_request_replay_to_the_results() -> None:
    table = run("regenwormen", ["OptimalTurnBot", "random"], 2, seed=5, workers=1, records=True)
    assert len(table.records) == 2
    for result, record in zip(table.results, table.records, strict=True):
        final = record.replay()
        assert final.outcome is not None
        assert tuple(final.outcome.scores) == result.scores
        assert len(record.actions) == result.actions
    plain = run("regenwormen", ["OptimalTurnBot", "random"], 2, seed=5, workers=1)
    assert plain.records == ()
    assert plain.results == table.results  # records are not part of equality
    assert "record" in table.to_dict(games=True)["results"][0]


def test_progress_is_reported_for_every_game() -> None:
    seen: list[tuple[int, int]] = []
    run(
        "regenwormen", ["random", "random"], 3, workers=1, progress=lambda d, n: seen.append((d, n))
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_bot_names() -> None:
    assert make_bot("random") == RandomBot()
    assert make_bot("ismcts:50") == ISMCTSBot(iterations=50)
    assert make_bot("ISMCTS:50:8") == ISMCTSBot(iterations=50, max_depth=8)
    assert make_bot("ismcts", "wocable") == ISMCTSBot(iterations=16, max_depth=1)
    assert make_bot("ismcts:4", "wommeln") == ISMCTSBot(iterations=4, max_depth=2)
    assert make_bot("ismcts:4:0", "regenwormen") == ISMCTSBot(iterations=4, max_depth=0)
    assert make_bot("regenwormen:OptimalTurnBot") == OptimalTurnBot()
    assert make_bot("HeuristicBot", "regenwormen") == HeuristicBot()
    bot = HeuristicBot(good_worms=3)
    assert make_bot(bot) is bot
    with pytest.raises(ValueError, match="no bot 'Nope'"):
        make_bot("regenwormen:Nope")
    with pytest.raises(ValueError, match="is for regenwormen"):
        make_bot("regenwormen:OptimalTurnBot", "wocable")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nope")
    with pytest.raises(ValueError, match="ismcts takes"):
        make_bot("ismcts:many")
    with pytest.raises(TypeError):
        make_bot(object())  # type: ignore[arg-type]


def test_registered_names() -> None:
    register_bot("heuristic3", lambda args, game: HeuristicBot(good_worms=3))
    assert make_bot("heuristic3") == HeuristicBot(good_worms=3)
    with pytest.raises(ValueError, match="no ':'"):
        register_bot("a:b", lambda args, game: RandomBot())


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        run("chess", ["random", "random"], 1)
    with pytest.raises(ValueError, match="unknown backend 'dask'"):
        run("regenwormen", ["random", "random"], 1, backend="dask")
    with pytest.raises(ValueError, match="2 bots but 1 names"):
        run("regenwormen", ["random", "random"], 1, names=["a"])


def test_ray_backend_without_the_extra_is_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from wordgames import WordgamesError
    from wordgames.arena import ExtraNotInstalledError

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    with pytest.raises(ExtraNotInstalledError, match=r"pip install 'wordgames\[ray\]'") as info:
        run("regenwormen", ["random", "random"], 2, backend="ray")
    assert isinstance(info.value, WordgamesError)
    assert isinstance(info.value, ImportError)
    assert info.value.__cause__ is None


def test_address_is_only_for_ray() -> None:
    with pytest.raises(ValueError, match="address is for backend='ray'"):
        run("regenwormen", ["random", "random"], 2, address="auto")
