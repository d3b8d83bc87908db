"""``wordgames analyze``: the table, JSON, the picture, and files that do not load."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import wordgames
from wordgames import regenwormen as rw
from wordgames import wocable as wc
from wordgames.analysis import Analysis
from wordgames.cli import main


def _record_file(tmp_path: Path, game: str = "regenwormen") -> Path:
    if game == "regenwormen":
        record = wordgames.play(
            rw.new_game(["ann", "bob"]),
            [rw.bots.HeuristicBot(), rw.bots.OptimalTurnBot()],
            random.Random(1),
        )
    else:
        record = wordgames.play(
            wc.new_game(["ann", "bob"]),
            [wc.bots.GreedyBot(), wc.bots.EquityBot()],
            random.Random(1),
        )
    path = tmp_path / f"{game}.json"
    path.write_text(record.to_json())
    return path


def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, out=out)
    return code, out.getvalue()


def test_table_lists_every_decision_and_the_summaries(tmp_path: Path) -> None:
    path = _record_file(tmp_path)
    code, text = run(["analyze", str(path), "-q"])
    assert code == 0
    lines = text.splitlines()
    assert lines[0].split() == ["turn", "player", "played", "best", "loss", "grade"]
    _, analysis = run(["analyze", str(path), "--json", "-q"])
    a = Analysis.from_json(analysis)
    rows = lines[1 : 1 + len(a.turns)]
    assert len(rows) == len(a.turns)
    for row, t in zip(rows, a.turns, strict=True):
        assert row.split()[1] == a.players[t.player]
        assert t.played in row
        if t.grade != "none":
            assert t.grade in row
    assert any(line.startswith("ann: ") for line in lines)
    assert any(line.startswith("bob: ") and "loss 0.00 worms" in line for line in lines)


def test_svg_and_gcg(tmp_path: Path) -> None:
    record = wordgames.play(
        wc.new_game(["ann", "bob"]), [wc.bots.GreedyBot(), wc.bots.EquityBot()], random.Random(2)
    )
    gcg = tmp_path / "game.gcg"
    gcg.write_text(wc.to_gcg(record))
    out_svg = tmp_path / "game.svg"
    code, text = run(["analyze", str(gcg), "--svg", str(out_svg), "-q"])
    assert code == 0
    assert "equity" in text
    assert out_svg.read_text().startswith("<svg")
    code, text = run(["analyze", str(gcg), "--json", "--budget", "0.5", "-q"])
    assert code == 0
    assert json.loads(text)["budget"] == 0.5


def test_files_that_do_not_load_exit_1_and_print_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "record", "version": 1, "game": "regenwormen", "initial": {}}')
    code, text = run(["analyze", str(bad)])
    assert code == 1
    assert text == ""
    assert "cannot be loaded" in capsys.readouterr().err
    junk = tmp_path / "junk.gcg"
    junk.write_text(">nobody: nonsense\n")
    code, text = run(["analyze", str(junk)])
    assert code == 1
    assert text == ""
    code, text = run(["analyze", str(tmp_path / "missing.json")])
    assert code == 1
    assert text == ""


def test_bad_options_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_file(tmp_path)
    code, text = run(["analyze", str(path), "--budget", "-1"])
    assert code == 2
    assert text == ""
    assert "budget" in capsys.readouterr().err
    code, text = run(["analyze", str(path), "--leaves", "leaves.csv"])
    assert code == 2
    assert text == ""
    assert "--leaves is for Wocable" in capsys.readouterr().err
    game = _record_file(tmp_path, "wocable")
    code, text = run(["analyze", str(game), "--leaves", str(tmp_path / "absent.csv")])
    assert code == 2
    assert text == ""
    assert "absent.csv" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("AB,1\nQ,x\n")
    assert run(["analyze", str(game), "--leaves", str(bad)]) == (2, "")
    assert "line 2" in capsys.readouterr().err


def test_a_leave_table_values_the_turns(tmp_path: Path) -> None:
    """--leaves: the turns are valued with the table (here every leave is worth 0, so each
    turn's equity is its score), the same as analyze(leave=table)."""
    from wordgames.analysis import analyze

    game = _record_file(tmp_path, "wocable")
    table = tmp_path / "zero.csv"
    table.write_text("?,0\n")
    code, text = run(["analyze", str(game), "--leaves", str(table), "--json"])
    assert code == 0
    record = wordgames.Record.from_json(game.read_text())
    want = analyze(record, leave=wc.LeaveTable.from_csv(table))
    assert Analysis.from_json(text) == want
    states = {s.ply: s for s in record.states()}
    placed = 0
    for t in want.turns:
        action = wc.parse_action(t.played)
        if t.unit == "equity" and isinstance(action, wc.Place):
            s = states[t.ply]
            assert t.value == s.apply(action).scores[s.turn] - s.scores[s.turn]
            placed += 1
    assert placed


def test_progress_shows_only_after_a_second() -> None:
    from wordgames.cli import _LateBar

    quick = io.StringIO()
    bar = _LateBar(quick, after=3600)
    bar(1, 2)
    bar(2, 2)
    bar.close()
    assert quick.getvalue() == ""
    slow = io.StringIO()
    bar = _LateBar(slow, after=0)
    bar(1, 4)
    bar(4, 4)
    bar.close()
    assert "4/4 decisions" in slow.getvalue()
