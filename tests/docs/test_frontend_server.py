"""Every endpoint docs/frontend.md lists is served by examples/game_server.py, with the
status codes and fields the table promises (a real server on localhost)."""

from __future__ import annotations

import importlib.util
import json
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| `(GET|POST) (/[^`]*)` \|", re.MULTILINE)


def documented() -> list[tuple[str, str]]:
    return ROW.findall((ROOT / "docs/frontend.md").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    spec = importlib.util.spec_from_file_location("game_server", ROOT / "examples/game_server.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    server = module.make_server(0, seed=1)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_the_table_lists_the_endpoints() -> None:
    assert set(documented()) == {
        ("POST", "/games"),
        ("GET", "/games/<id>?token=<token>"),
        ("GET", "/games/<id>"),
        ("POST", "/games/<id>/actions"),
    }


def test_every_documented_endpoint_answers_as_documented(base: str) -> None:
    status, game = call(base, "POST", "/games", {"game": "wocable", "players": ["ann", "bob"]})
    assert status == 201
    assert {"id", "game", "players", "tokens"} <= set(game)
    gid, tokens = game["id"], game["tokens"]
    seen = {}
    for method, path in documented():
        if method == "GET":
            url = path.replace("<id>", gid).replace("<token>", tokens[0])
            status, answer = call(base, "GET", url)
            assert status == 200, (path, answer)
            assert {"view", "ply", "you", "to_act", "svg"} <= set(answer), path
            seen[path] = answer
    mine = seen["/games/<id>?token=<token>"]
    actor = 0 if mine.get("legal_actions") else 1
    status, me = call(base, "GET", f"/games/{gid}?token={tokens[actor]}")
    assert "legal_actions" in me
    assert "legal_actions" not in seen["/games/<id>"]
    body = {"token": tokens[actor], "action": me["legal_actions"][0], "ply": me["ply"]}
    status, answer = call(base, "POST", f"/games/{gid}/actions", body)
    assert status == 200, answer
    assert answer["ply"] > me["ply"]
    body["ply"] = me["ply"]
    status, answer = call(base, "POST", f"/games/{gid}/actions", body)
    assert (status, answer["error"]) == (400, "stale_state")
    assert call(base, "GET", "/games/nope")[0] == 404
    assert call(base, "GET", f"/games/{gid}?token=wrong")[1]["error"] == "bad_token"
    assert call(base, "POST", "/games", {"game": "chess"})[1]["error"] == "bad_game"
