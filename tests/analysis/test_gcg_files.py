"""Real games: every GCG file of the shared data that loads is analysed statically, and each
turn's best is ``best_moves(1)`` with the same leave function (or an exchange or pass worth
more); the GCG reader's challenge bonuses after a game's last play."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import attrs
import pytest

from tests.shared_data import available, shared_path
from wordgames import wocable as wc
from wordgames.analysis import analyze
from wordgames.wocable.engine import BLANK_BIT, check_placement, exchanges
from wordgames.wocable.gcg.replay import FILE_LEXICON


def shared_data() -> Path:
    """The shared data folder, or skip (fail under ``CI=true``)."""
    return shared_path()


def _names() -> list[str]:
    """The GCG files by folder/name (collected without skipping: the test skips)."""
    if not available("gcg"):
        return ["<shared data absent>"]
    root = shared_data()
    return sorted(str(p.relative_to(root / "gcg")) for p in root.glob("gcg/*/*.gcg"))


def _equity(state: Any, action: Any, leave: Any) -> float:
    rack = list(state.racks[state.turn])
    if isinstance(action, wc.Place):
        placed, score = check_placement(state.tiles, state.board, rack, action, phonies=True)
        used = [state.tiles.blank if v & BLANK_BIT else v for _, v in placed]
    elif isinstance(action, wc.Exchange):
        score, used = 0, list(state.tiles.parse_rack(action.tiles))
    else:
        score, used = 0, []
    if leave is None:
        return float(score)
    for t in used:
        rack.remove(t)
    return score + leave(tuple(sorted(rack)))


@pytest.mark.parametrize("name", _names())
def test_every_loadable_gcg_file_is_analysed_and_matches_best_moves(name: str) -> None:
    path = shared_data() / "gcg" / name
    try:
        record = wc.from_gcg(path.read_text(encoding="utf-8", errors="replace"))
    except wc.GcgError as exc:
        pytest.skip(f"does not load: {exc.code}")
    a = analyze(record)
    turns = 0
    for _ in (0,):
        lexicon = record.initial.lexicon
        if lexicon.name.endswith(FILE_LEXICON):  # the builtin lexicon plus the file's words
            assert any("the builtin lexicon plus" in n for n in a.notes)
        leave = wc.bots._leave_fn(record.initial)
        states = {s.ply: s for s in record.states()}
        for t in a.turns:
            assert t.method == "static", path.name
            s = attrs.evolve(states[t.ply], lexicon=lexicon)
            lv = leave if s.bag_size else None
            top = s.best_moves(1, leave=lv)
            options = [(m.action, _equity(s, m.action, lv)) for m in top]
            if lv is not None:
                options += [
                    (e, _equity(s, e, lv))
                    for e in exchanges(s.tiles, s.racks[s.turn], s.bag_size, s.rules)
                ]
            options.append((wc.Pass(), _equity(s, wc.Pass(), lv)))
            best = max(v for _, v in options)
            assert math.isclose(t.best_value, max(best, t.value), abs_tol=1e-9), (path.name, t)
            if t.best != t.played and top and math.isclose(options[0][1], best, abs_tol=1e-9):
                assert t.best == str(top[0].action), (path.name, t)
            turns += 1
    moves = sum(1 for x in record.actions if isinstance(x, wc.Place | wc.Exchange | wc.Pass))
    assert turns == len(a.turns) <= moves
    assert turns >= moves - 2  # a lost turn (written as a pass) is not a decision


# -- challenge bonuses -------------------------------------------------------------------------


def _final_totals(path: Path) -> dict[str, int]:
    """Each nickname's last written total in the file."""
    totals = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(">") and ":" in line:
            nick, rest = line[1:].split(":", 1)
            fields = rest.split()
            if fields and fields[-1].lstrip("-").isdigit():
                totals[nick] = int(fields[-1])
    return totals


@pytest.mark.parametrize(
    "name",
    [
        "magpie-data_testdata_gcgs_no_challenge_rack.gcg",
        "magpie-data_testdata_gcgs_incomplete_after_five_point_challenge.gcg",
        "magpie-data_testdata_gcgs_outplay_challenge_bonus.gcg",
    ],
)
def test_a_challenge_bonus_after_the_last_play_is_scored(name: str) -> None:
    path = shared_data() / "gcg" / "engine-tests" / name
    record = wc.from_gcg(path.read_text(encoding="utf-8"))
    final = record.replay()
    assert not [i for i in record.issues if i.code in ("score_mismatch", "total_mismatch")]
    totals = _final_totals(path)
    assert dict(zip(final.players, final.scores, strict=True)) == totals


def test_the_woogles_file_five_points_short_lists_its_issue() -> None:
    """``many_challenges.gcg`` ends 472 for jvc where the file says 477: its final
    ``(challenge) +5`` is scored; the 5 points are the file's earlier ``(challenge) +10``
    (line 9) under a five-point rule, listed as ``score_mismatch`` on that line."""
    path = shared_data() / "gcg" / "engine-tests" / "liwords_pkg_stats_testdata_many_challenges.gcg"
    record = wc.from_gcg(path.read_text(encoding="utf-8"))
    final = record.replay()
    scores = dict(zip(final.players, final.scores, strict=True))
    assert _final_totals(path)["jvc"] - scores["jvc"] == 5
    (issue,) = [i for i in record.issues if i.code == "score_mismatch"]
    assert issue.line == 9
    assert "+5" in issue.message
    assert "+10" in issue.message
    challenges = [a for a in record.actions if isinstance(a, wc.Challenge)]
    assert len(challenges) >= 3  # the last bonus, after SANTI, is a challenge replayed
