"""The command line as a newcomer meets it: one player numbering (seats from 0, as in the
notation), ``--version``, the user's own bots, every argument checked before any work,
rules options, busts shown."""

from __future__ import annotations

import io
import itertools
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import wordgames
from wordgames.cli import main

SRC = str(Path(__file__).resolve().parents[2] / "src")

BOT_SOURCE = textwrap.dedent(
    """\
    import attrs

    @attrs.frozen
    class FirstBot:
        def choose(self, view, rng):
            return view.legal_actions()[0]
    """
)


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"wordgames {wordgames.__version__}\n"


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "regenwormen", "random", "random", "-n", "0"],
        ["arena", "regenwormen", "random", "random", "-n", "-3"],
        ["arena", "regenwormen", "random", "random", "-w", "0"],
        ["anagram", "tear", "--min-length", "0"],
        ["solve", "regenwormen", "--target", "0"],
        ["play", "regenwormen", "--human", "-1"],
    ],
)
def test_counts_and_seats_are_checked_by_the_parser(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv, out=io.StringIO())
    assert done.value.code == 2
    assert "error: argument " in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "regenwormen", "--grill", "20,50"], "a grill tile is 21-36, got '20'"),
        (["solve", "regenwormen", "--grill", "21,21"], "each tile is on the grill once"),
        (["solve", "regenwormen", "--kept", "w w 5"], "--kept needs --roll"),
        (["solve", "regenwormen", "--roll", "1 2 x"], "a die is 1-5 or w"),
        (["solve", "regenwormen", "--roll", "1 2 3"], "the roll must be the other 8"),
        (["solve", "regenwormen", "--target", "25", "--roll", "1"], "--target"),
        (["arena", "regenwormen", "random", "nosuchbot", "-n", "2"], "has no bot"),
        (["arena", "regenwormen", "random", "random", "--address", "x"], "--address"),
        (["arena", "regenwormen", "random", "random", "--lang", "es"], "--lang is an option of"),
        (["play", "wocable", "--rules", '{"tiles": "xx"}'], "unknown tile set"),
        (["play", "wocable", "--preset", "scrabble"], "unknown rules preset"),
        (["play", "regenwormen", "--rules", "[1]"], "JSON object"),
        (["play", "regenwormen", "--human", "5"], "--human is a seat from 0 to 1"),
    ],
)
def test_every_argument_is_checked_before_any_output(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _run(*argv)
    assert code == 2
    assert text == ""  # nothing printed before the error (no half a table)
    err = capsys.readouterr().err
    assert message in err
    assert len(err.splitlines()) == 1


def test_one_numbering_shown_typed_and_in_the_notation() -> None:
    """Seat 0 is shown P0, played with --human 0 and resigns as 'resign 0'; the game's own
    text (Wömmeln's p0, Regenwormen's places) uses the same numbers."""
    code, text = _run("play", "wommeln", "random", "random", "--seed", "1")
    assert code == 0
    assert text.startswith("wommeln: P0 random#1, P1 random#2\n")
    for seat, notation in re.findall(r"^  P(\d) random#\d: p(\d) ", text, re.M):
        assert seat == notation
    out = io.StringIO()
    assert main(["play", "regenwormen", "--human", "1"], out=out, inp=io.StringIO("quit\n")) == 0
    shown = out.getvalue()
    assert "you are P1;" in shown
    assert "  P1 you: resign 1" in shown
    assert "won by P0 random" in shown


def test_busts_are_shown() -> None:
    code, text = _run("play", "regenwormen", "random", "random", "--seed", "2")
    assert code == 0
    busts = re.findall(r"\(bust: P(\d)[^)]*\)", text)
    assert busts
    # replaying the same game: the turns that ended without a tile are exactly the busts
    record = wordgames.play(
        wordgames.GAMES["regenwormen"].new_game(["random#1", "random#2"]),
        [wordgames.RandomBot()] * 2,
        random.Random(2),
    )
    states = list(record.states())
    ended = 0
    for before, after in itertools.pairwise(states):
        if before.turn != after.turn or (after.is_terminal and not before.is_terminal):
            took = len(after.stacks[before.turn]) > len(before.stacks[before.turn])
            ended += not took and before.turn not in after.departed
    assert len(busts) == ended


def test_rules_options_reach_the_game() -> None:
    code, spanish = _run("play", "wocable", "--lang", "es", "--seed", "1")
    assert code == 0
    code, english = _run("play", "wocable", "--seed", "1")
    assert spanish != english
    code, text = _run("play", "regenwormen", "random", "--rules", '{"allow_solo": true}')
    assert code == 2  # play still needs a bot per seat, two at least
    code, text = _run("play", "wocable", "--preset", "naspa", "--seed", "1")
    assert code == 0
    assert text != english


def test_own_bots_as_a_file_and_as_a_module(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(BOT_SOURCE)
    script = tmp_path / "elsewhere"
    script.mkdir()
    env = {"PYTHONPATH": SRC}
    cmd = [sys.executable, "-m", "wordgames", "arena", "regenwormen"]
    by_file = subprocess.run(
        [*cmd, f"{tmp_path}/mybots.py:FirstBot", "random", "-n", "4", "-w", "2", "-q"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=script,
        env=env,
    )
    assert by_file.returncode == 0, by_file.stderr
    assert re.search(r"^FirstBot +4 ", by_file.stdout, re.M)
    by_module = subprocess.run(
        [*cmd, "mybots:FirstBot", "random", "-n", "2", "-w", "1", "-q"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"PYTHONPATH": f"{SRC}:{tmp_path}"},
    )
    assert by_module.returncode == 0, by_module.stderr
    assert re.search(r"^FirstBot +2 ", by_module.stdout, re.M)
    missing = subprocess.run(
        [*cmd, f"{tmp_path}/mybots.py:NoBot", "random", "-n", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert missing.returncode == 2
    assert "has no class 'NoBot'" in missing.stderr


def test_bots_lists_everything_the_arena_accepts() -> None:
    code, text = _run("bots", "regenwormen")
    assert code == 0
    assert "module:Class" in text
    assert "path/to/file.py:Class" in text
    names = re.findall(r"regenwormen:(\w+)", text)
    assert "RandomBot" in names
    for name in names:  # every name listed is one the arena takes
        assert wordgames.arena.make_bot(f"regenwormen:{name}", "regenwormen") is not None


def test_language_options_reach_every_game_that_has_one() -> None:
    code, default = _run("play", "wommeln", "--seed", "3")
    assert code == 0
    code, german = _run("play", "wommeln", "--lang", "de", "--seed", "3")
    assert code == 0
    assert default == german  # Wömmeln plays in German by default
    code, chosen = _run("play", "wommeln", "--lang", "en", "--seed", "3")
    assert code == 0
    assert chosen != german
