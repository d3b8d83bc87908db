"""The command line, called as ``main(argv)`` and once as ``python -m wordgames``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordgames.cli import main

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_arena_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run("arena", "regenwormen", "OptimalTurnBot", "random", "-n", "4", "-w", "1")
    assert code == 0
    # not a terminal: a progress line per tenth of the games on stderr
    assert capsys.readouterr().err.splitlines() == [f"{k}/4 games" for k in (1, 2, 3, 4)]
    lines = text.splitlines()
    assert lines[0] == "regenwormen: 4 games, 2 players a game, seed 0"
    assert lines[3].split()[:2] == ["OptimalTurnBot", "4"]
    assert lines[4].split()[:2] == ["random", "4"]


def test_arena_json() -> None:
    code, text = _run("arena", "regenwormen", "random", "random", "-n", "2", "-w", "1", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["games"] == 2
    assert [row["name"] for row in data["table"]] == ["random#1", "random#2"]


def test_play_shows_the_game_and_its_end() -> None:
    code, text = _run("play", "regenwormen", "HeuristicBot", "random", "--seed", "4")
    assert code == 0
    assert text.startswith("regenwormen: P0 HeuristicBot, P1 random\n")
    assert "  P0 HeuristicBot: " in text
    assert "  chance: roll " in text
    assert "grill:" in text  # the state's ASCII picture
    assert text.splitlines()[-1].startswith("game over (")
    assert text.isascii()


def test_anagram() -> None:
    assert _run("anagram", "tear") == (0, " 4: RATE TARE TEAR\n")
    code, text = _run("anagram", "qi?", "--sub")
    assert code == 0
    assert "QI" in text.split()
    assert _run("anagram", "qqq")[0] == 1


def test_solve_regenwormen() -> None:
    code, text = _run("solve", "regenwormen", "--target", "30")
    assert (code, text) == (0, "P(a fresh turn ends with total >= 30 and a worm) = 0.2638\n")
    code, text = _run("solve", "regenwormen")
    assert code == 0
    assert ">=21: 0.8930" in text
    assert "1.6447" in text
    code, text = _run("solve", "regenwormen", "--kept", "w w w 5 5 5 5", "--roll", "4")
    assert code == 0
    assert text.splitlines()[-1] == "set aside 1 4, then stop and take 4 worms"


def test_bots_lists_names() -> None:
    code, text = _run("bots", "regenwormen")
    assert code == 0
    assert "regenwormen:OptimalTurnBot" in text


def test_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run("arena", "regenwormen", "random", "nobot", "-n", "1")[0] == 2
    assert "no bot 'nobot'" in capsys.readouterr().err
    assert _run("solve", "regenwormen", "--roll", "1 2")[0] == 2
    assert "8 dice" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "chess", "random", "random"])


def test_python_dash_m() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(
        [sys.executable, "-m", "wordgames", "anagram", "listen"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "ENLIST" in done.stdout
    assert "SILENT" in done.stdout
