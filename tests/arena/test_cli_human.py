"""``wordgames play GAME --human SEAT``: a person's game driven by scripted input, and the
``gcg`` and ``arena --backend`` commands."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import wordgames
from wordgames import Record, wocable
from wordgames.cli import main
from wordgames.regenwormen.bots import OptimalTurnBot
from wordgames.wocable.bots import GreedyBot

SRC = str(Path(__file__).resolve().parents[2] / "src")


class _Typist(io.StringIO):
    """Standard input that answers each prompt from what has been printed so far."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str]) -> None:
        super().__init__()
        self.out = out
        self.answer = answer
        self.prompts = 0

    def readline(self, size: int | None = -1) -> str:
        self.prompts += 1
        return self.answer(self.out.getvalue())


def _human(argv: list[str], lines: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", *argv], out=out, inp=io.StringIO("".join(x + "\n" for x in lines)))
    return code, out.getvalue()


def _listed(text: str) -> list[str]:
    """The actions listed by the last '?' (the text before a Wocable score)."""
    block = text.rsplit("> ?\n", 1)[1].split("\n")[:-1]  # up to the prompt after it
    return [x.strip().split("  (+")[0] for x in block if x.startswith("  ") and "more" not in x]


@contextlib.contextmanager
def _no_exit() -> Iterator[None]:
    yield


class FirstBot:
    """The first legal action (what the scripted person below plays)."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        return view.legal_actions()[0]


def test_regenwormen_errors_reprompt_and_quit_resigns() -> None:
    code, text = _human(
        ["regenwormen", "--human", "0", "--bot", "OptimalTurnBot", "--seed", "3"],
        ["take 99", "foo", "?", "", "quit"],
    )
    assert code == 0
    assert text.startswith("regenwormen: P0 you, P1 OptimalTurnBot\nyou are P0;")
    # the illegal action and the text that is no action are refused with their messages
    assert "P0> take 99\n  illegal action 'take 99' [must_set_aside]: " in text
    assert "P0> foo\n  not a Regenwormen action: 'foo'" in text
    listed = _listed(text.split("P0> \n")[0] + "\n")  # '?' lists the roll's values
    assert listed
    assert all(re.fullmatch(r"set [1-5w]", x) for x in listed)
    assert "P0 you: resign 0" in text  # the seat typed is the seat shown
    assert text.splitlines()[-1] == (
        "game over (resigned): scores P0 0, P1 0; won by P1 OptimalTurnBot"
    )


def test_regenwormen_whole_game_typed_matches_the_same_game_between_bots() -> None:
    out = io.StringIO()

    asked = [False]

    def answer(printed: str) -> str:
        # ask for the list, then type its first line
        asked[0] = not asked[0]
        return "?\n" if asked[0] else _listed(printed)[0] + "\n"

    typist = _Typist(out, answer)
    code = main(
        ["play", "regenwormen", "--human", "1", "--bot", "OptimalTurnBot", "--seed", "8"],
        out=out,
        inp=typist,
    )
    assert code == 0
    text = out.getvalue()
    assert typist.prompts > 10
    # the person (seat 1) typed the first legal action each time: a bot doing the same, with
    # the same seed, plays the same game
    record = wordgames.play(
        wordgames.GAMES["regenwormen"].new_game(2), [OptimalTurnBot(), FirstBot()], random.Random(8)
    )
    outcome = record.replay().outcome
    assert outcome is not None
    scores = ", ".join(f"P{p} {s}" for p, s in enumerate(outcome.scores))
    assert f"game over ({outcome.reason}): scores {scores}; " in text.splitlines()[-1]
    moves = [m.split(" (bust")[0] for m in re.findall(r"^  P1 you: (.*)$", text, re.M)]
    states = list(record.states())
    mine = [
        str(a)
        for a, s in zip(record.actions, states[:-1], strict=True)
        if not s.is_chance_node and 1 in s.players_to_act
    ]
    assert moves == mine


def test_wocable_view_hides_the_bots_rack_and_lists_moves_best_first() -> None:
    out = io.StringIO()
    script = iter(["?", "8H", "?"])

    def answer(printed: str) -> str:
        step = next(script, None)
        if step is not None:
            return step + "\n"
        if "P0 you: " not in printed:  # play the best listed move, then resign
            return _listed(printed)[0] + "\n"
        return "quit\n"

    code = main(
        ["play", "wocable", "--human", "0", "--bot", "GreedyBot", "--seed", "5"],
        out=out,
        inp=_Typist(out, answer),
    )
    assert code == 0
    text = out.getvalue()
    # the person's rack is shown, the bot's only as a count; its draws are redacted
    assert re.search(r"^>you: 0 \[[A-Z?]{7}\]$", text, re.M)
    assert re.search(r"^ GreedyBot: 0 7 tiles$", text, re.M)
    assert "draw *" in text
    # '?': placements best first with their scores, then exchanges and the pass
    first_list = text.split("P0> ?\n", 1)[1].split("P0> ")[0].splitlines()
    scores = [int(m.group(1)) for x in first_list if (m := re.search(r"\(\+(\d+)\)$", x))]
    assert scores
    assert scores == sorted(scores, reverse=True)
    # a placement without a word is no action: the message, and the prompt again
    assert "P0> 8H\n  " in text
    assert "P0> 8H\n  P0 you" not in text
    played = re.search(r"^  P0 you: (\S+ \S+)$", text, re.M)
    assert played is not None
    assert played.group(1) == str(wocable.parse_action(played.group(1)))
    assert "  P0 you: resign 0" in text
    assert text.splitlines()[-1].startswith("game over (resigned): scores ")
    assert text.splitlines()[-1].endswith("won by P1 GreedyBot")


def test_end_of_input_resigns() -> None:
    code, text = _human(["wocable", "--human", "1", "--bot", "GreedyBot"], [])
    assert code == 0
    assert "(end of input: you resign)" in text
    assert "won by P0 GreedyBot" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["regenwormen", "--human", "2", "--bot", "random"],
        ["regenwormen", "--human", "-1"],
        ["regenwormen", "random", "--human", "0"],
        ["regenwormen", "--human", "0", "--bot", "NoSuchBot"],
        ["regenwormen", "--human", "0", "--lang", "es"],
        ["regenwormen", "--human", "0", "--rules", "{bad json"],
    ],
)
def test_human_argument_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) if argv[2] == "-1" else _no_exit() as _:
        code, text = _human(argv, ["quit"])
        assert code == 2
        assert text == ""
    assert "error: " in capsys.readouterr().err


def test_human_game_as_a_subprocess() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.run(
        [sys.executable, "-m", "wordgames", "play", "regenwormen", "--human", "0"],
        input="?\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert "P0> ?\n  set " in proc.stdout
    assert proc.stdout.splitlines()[-1] == (
        "game over (resigned): scores P0 0, P1 0; won by P1 random"
    )


# -- gcg -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> Record[Any]:
    return wordgames.play(
        wocable.new_game(["ann", "bob"]), [GreedyBot(), GreedyBot()], random.Random(2)
    )


def _gcg(tmp_path: Path, text: str, *argv: str) -> tuple[int, str]:
    path = tmp_path / "game.gcg"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    code = main(["gcg", *[str(path) if a == "FILE" else a for a in argv]], out=out)
    return code, out.getvalue().replace(str(path), "FILE")


def test_gcg_check_reports_turns_and_scores(tmp_path: Path, game: Record[Any]) -> None:
    final = game.replay()
    code, text = _gcg(tmp_path, wocable.to_gcg(game), "check", "FILE")
    assert code == 0
    lines = text.splitlines()
    turns = sum(1 for s in list(game.states())[:-1] if not s.is_chance_node)
    assert (
        lines[0]
        == f"FILE: ok: 2 players, {turns} turns, {len(game.actions)} actions (draws included)"
    )
    assert lines[1:3] == [f"  ann: {final.scores[0]}", f"  bob: {final.scores[1]}"]
    assert lines[3].startswith(f"  over ({final.outcome.reason}); won by ")


def test_gcg_check_names_the_line_of_a_bad_turn(tmp_path: Path, game: Record[Any]) -> None:
    lines = wocable.to_gcg(game).splitlines()
    k = next(i for i, x in enumerate(lines) if x.startswith(">bob:"))  # bob's first turn
    nick, rack, square, word, score, total = lines[k].split()
    lines[k] = f"{nick} {rack} {square} {word} +{int(score) + 1} {int(total) + 1}"
    bad = "\n".join(lines) + "\n"
    # a wrong score is repaired (the computed score stands): listed, exit 0; --strict fails
    code, text = _gcg(tmp_path, bad, "check", "FILE")
    assert code == 0
    out = text.splitlines()
    assert out[0].startswith(f"FILE:{k + 1}: score_mismatch: ")
    assert out[-4].startswith("FILE: ok: 2 players, ")
    assert out[-4].endswith(" issues")
    assert _gcg(tmp_path, bad, "check", "FILE", "--strict")[0] == 1
    # a line that cannot be read: the file cannot be loaded
    code, text = _gcg(tmp_path, "#player1 a A\n#player2 b B\n>a: ABC 8H CAT\n", "check", "FILE")
    assert code == 1
    assert text.startswith("FILE:3: unreadable_line: ")
    assert text.splitlines()[-1] == "FILE: cannot be loaded"


def test_gcg_check_many_files_and_fix(
    tmp_path: Path, game: Record[Any], capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.gcg"
    good.write_text(wocable.to_gcg(game), encoding="utf-8")
    dialect = tmp_path / "dialect.gcg"
    dialect.write_text(_QUACKLE_STYLE, encoding="utf-8")
    out = io.StringIO()
    assert main(["gcg", "check", str(good), str(dialect)], out=out) == 0
    text = out.getvalue().replace(str(tmp_path) + "/", "")
    assert "dialect.gcg:4: trailing_text: " in text
    assert "dialect.gcg:5: exchange_count_only: " in text
    assert text.count(": ok: ") == 2
    # fix writes a file that reads back with no issue; the repairs are #note lines
    fixed = tmp_path / "fixed.gcg"
    assert main(["gcg", "fix", str(dialect), "-o", str(fixed)], out=io.StringIO()) == 0
    assert "dialect.gcg:4: trailing_text: " in capsys.readouterr().err
    again = wocable.from_gcg(fixed.read_text(encoding="utf-8"))
    assert again.issues == ()
    assert again == wocable.from_gcg(_QUACKLE_STYLE)
    assert "#note repaired: line 4: trailing_text: " in fixed.read_text(encoding="utf-8")
    out = io.StringIO()
    assert main(["gcg", "check", str(fixed), "--strict"], out=out) == 0


def test_gcg_check_and_fix_as_a_subprocess(tmp_path: Path) -> None:
    """As a user runs it: exit codes and the FILE:LINE: CODE: MESSAGE lines."""
    dialect = tmp_path / "old.gcg"
    dialect.write_text(_QUACKLE_STYLE, encoding="utf-8")
    broken = tmp_path / "broken.gcg"
    broken.write_text(_QUACKLE_STYLE.replace("8G CAT", "8N CAT"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": SRC}
    run = [sys.executable, "-m", "wordgames", "gcg"]
    opts: dict[str, Any] = {"capture_output": True, "text": True, "env": env, "check": False}
    proc = subprocess.run([*run, "check", str(dialect)], **opts)
    assert proc.returncode == 0
    assert f"{dialect}:4: trailing_text: " in proc.stdout
    proc = subprocess.run([*run, "check", "--strict", str(dialect)], **opts)
    assert proc.returncode == 1
    proc = subprocess.run(
        [*run, "check", str(dialect), str(broken)], capture_output=True, text=True
    )
    assert proc.returncode == 1
    assert f"{broken}:4: off_board: " in proc.stdout
    proc = subprocess.run([*run, "fix", str(dialect)], **opts)
    assert proc.returncode == 0
    assert wocable.from_gcg(proc.stdout).issues == ()
    assert f"{dialect}:5: exchange_count_only: " in proc.stderr


#: a file in an older program's dialect: cross words after the total, an exchange as a count
_QUACKLE_STYLE = """#player1 ann Ann
#player2 bob Bob
#lexicon NWL2020
>ann: ACEQTXZ 8G CAT +10 10 CAT
>bob: -3 +0 0
>ann: EIQRXZ? -QXZ +0 10
"""


def test_gcg_convert(tmp_path: Path, game: Record[Any]) -> None:
    gcg = wocable.to_gcg(game)
    code, text = _gcg(tmp_path, gcg, "convert", "FILE")
    assert code == 0
    record = Record.from_json(text)
    assert record.replay().scores == game.replay().scores
    assert json.loads(text)["kind"] == "record"
    assert _gcg(tmp_path, gcg, "convert", "FILE", "--to", "gcg") == (0, gcg)


def test_gcg_reads_stdin_and_reports_a_missing_file(
    capsys: pytest.CaptureFixture[str], game: Record[Any]
) -> None:
    out = io.StringIO()
    assert main(["gcg", "check", "-"], out=out, inp=io.StringIO(wocable.to_gcg(game))) == 0
    assert out.getvalue().startswith("-: ok: 2 players, ")
    assert main(["gcg", "check", "/no/such/file.gcg"], out=io.StringIO()) == 2
    assert "wordgames gcg: error: " in capsys.readouterr().err


# -- arena --backend -------------------------------------------------------------------------


def test_arena_backend_option(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["arena", "regenwormen", "random", "OptimalTurnBot", "-n", "3", "-q"]
    process, inline = io.StringIO(), io.StringIO()
    assert main([*argv, "-w", "2"], out=process) == 0
    assert main([*argv, "--backend", "inline"], out=inline) == 0
    assert process.getvalue() == inline.getvalue()
    assert main([*argv, "--address", "auto"], out=io.StringIO()) == 2
    assert "--address is for --backend ray" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main([*argv, "--backend", "ray"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "wordgames arena: error: backend='ray' needs Ray, the optional extra: "
        "pip install 'wordgames[ray]'\n"
    )
