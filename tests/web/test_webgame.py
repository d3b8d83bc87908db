"""examples/web/webgame.py, the Python half of the web page, run in CPython.

The browser test (examples/web/test_page.mjs, run by .ci/run) drives the same file in Pyodide;
these tests pin what the page relies on: refusals come back with their code and change
nothing, whatever is typed; the bot game's record does not depend on the process it runs in;
and ``import wordgames`` pulls in nothing that Pyodide lacks (process pools, threads of its own).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames

ROOT = Path(__file__).resolve().parents[2]
WEBGAME = ROOT / "examples" / "web" / "webgame.py"
CHANCE_TEXT = {
    "regenwormen": "roll w w w w w w w w",
    "wocable": "draw Z",
    "wommeln": "reveal 1a",
    "wordmeld": "draw 0",
}


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("webgame", WEBGAME)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


webgame = _load()


def call(fn: str, *args: Any) -> dict[str, Any]:
    answer = json.loads(getattr(webgame, fn)(*args))
    assert isinstance(answer, dict)
    return answer


@pytest.mark.parametrize("game", sorted(CHANCE_TEXT))
def test_a_game_against_the_bot_to_the_end(game: str) -> None:
    answer = call("new_game", game, "4", None)
    assert answer["your_turn"]
    assert answer["legal"]
    assert answer["svg"].startswith("<svg")
    assert answer["record"] is None  # hidden tiles and cards stay hidden while the game is on
    for _ in range(400):
        if answer["outcome"] is not None:
            break
        answer = call("act", answer["legal"][0]["text"], answer["ply"])
        assert "error" not in answer, answer
    assert answer["outcome"] is not None
    record = wordgames.Record.from_json(answer["record"])  # replays, every action re-checked
    assert record.replay().outcome.to_dict() == answer["outcome"]


@pytest.mark.parametrize("game", sorted(CHANCE_TEXT))
def test_refusals_show_their_code_and_change_nothing(game: str) -> None:
    start = call("new_game", game, 9, None)
    for text, ply, code in [
        ("\u0663H CAT", start["ply"], "parse_error"),
        ("", start["ply"], "parse_error"),
        (CHANCE_TEXT[game], start["ply"], "chance_outcome_from_player"),
        ("resign 1", start["ply"], "not_your_turn"),
        (start["legal"][0]["text"], start["ply"] - 1, "stale_state"),
        (start["legal"][0]["text"], "3", "bad_request"),
        (["a list"], start["ply"], "bad_request"),
    ]:
        assert call("act", text, ply)["error"] == code, text
    assert call("new_game", game, "twelve", None)["error"] == "bad_seed"
    assert call("new_game", game, 1, "NoSuchBot")["error"] == "bad_bot"
    assert call("new_game", "chess", 1, None)["error"] == "bad_game"
    # after all that, the game goes on where it was
    again = call("act", start["legal"][0]["text"], start["ply"])
    assert "error" not in again
    assert again["ply"] > start["ply"]


@given(st.text(max_size=80))
def test_anything_typed_is_an_answer(text: str) -> None:
    start = call("new_game", "wocable", 5, "GreedyBot")
    answer = call("act", text, start["ply"])
    if "error" in answer:
        assert isinstance(answer["error"], str)
        assert answer["message"]
        assert call("act", "resign 0", start["ply"])["ply"] > start["ply"]  # still playable


@pytest.mark.parametrize("game", sorted(CHANCE_TEXT))
def test_the_bot_game_is_the_same_in_another_process(game: str) -> None:
    here = call("bot_game", game, 3, None)
    out = subprocess.run(
        [sys.executable, str(WEBGAME), "record", game, "3"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "123"},  # another hash seed for str and sets
    )
    there = json.loads(out.stdout)
    assert here["record"] == there["record"]
    assert here["svg"] == there["svg"]


def test_import_wordgames_needs_no_process_pool() -> None:
    # Pyodide has no processes: the package and its games import without multiprocessing
    code = (
        "import sys, wordgames\n"
        "for g in wordgames.GAMES: wordgames.GAMES[g].svg\n"
        "print(sorted(m for m in sys.modules if m.startswith('multiprocessing')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_session_replays_in_another_process() -> None:
    first = call("new_game", "wocable", 8, None)
    mine = call("act", first["legal"][0]["text"], first["ply"])
    out = subprocess.run(
        [sys.executable, str(WEBGAME), "session", "wocable", "8", first["legal"][0]["text"]],
        capture_output=True,
        text=True,
        check=True,
    )
    there = json.loads(out.stdout)
    assert there == {k: v for k, v in mine.items() if not k.endswith("_ms")}


def test_the_command_line_refuses_bad_usage() -> None:
    assert webgame.main(["bogus"]) == 2
    assert webgame.main(["record", "wocable", "1", "extra"]) == 2
