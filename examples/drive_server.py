"""Start examples/game_server.py and play whole games of all four games over real HTTP.

Every seat plays random legal moves through ``POST /games/<id>/actions`` quoting the ``ply`` it
was shown; along the way the driver sends the bad requests a hostile client would (a move for
another seat, an old ply, a chance outcome of its own choosing, junk text, a wrong token,
malformed and oversized bodies) and checks that each is refused with the documented error and
changes nothing. Exits non-zero on any failure. CI runs it: ``python examples/drive_server.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHANCE_TEXT = {
    "regenwormen": "roll w w w w w w w w",
    "wocable": "draw Z",
    "wommeln": "reveal 1a",
    "wordmeld": "draw 0",
}


def request(base: str, method: str, path: str, body: Any = None, raw: bytes | None = None) -> Any:
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def expect(result: tuple[int, Any], status: int, error: str | None = None) -> Any:
    got_status, body = result
    if got_status != status or (error is not None and body.get("error") != error):
        raise SystemExit(f"expected {status} {error}, got {got_status} {body}")
    return body


def play_game(base: str, game: str, seed: int, max_moves: int = 4000) -> dict[str, Any]:
    rng = random.Random(seed)
    created = expect(
        request(base, "POST", "/games", {"game": game, "players": ["ann", "bob"]}), 201
    )
    gid, tokens = created["id"], created["tokens"]
    moves = refused = 0
    while moves < max_moves:
        views = [expect(request(base, "GET", f"/games/{gid}?token={t}"), 200) for t in tokens]
        if "outcome" in views[0]:
            return {"game": game, "moves": moves, "refused": refused, **views[0]["outcome"]}
        actor = next(i for i, v in enumerate(views) if v.get("legal_actions"))
        mine, ply = views[actor], views[actor]["ply"]
        other = 1 - actor
        move = rng.choice(mine["legal_actions"])
        if moves % 7 == 0:  # the hostile client: each must be refused and change nothing
            path = f"/games/{gid}/actions"
            if other not in mine["to_act"]:
                body = {"token": tokens[other], "action": move, "ply": ply}
                expect(request(base, "POST", path, body), 400, "not_your_turn")
            body = {"token": tokens[actor], "action": move, "ply": ply - 1}
            expect(request(base, "POST", path, body), 400, "stale_state")
            body = {"token": tokens[actor], "action": CHANCE_TEXT[game], "ply": ply}
            expect(request(base, "POST", path, body), 400, "chance_outcome_from_player")
            body = {"token": tokens[actor], "action": "\u0663H CAT", "ply": ply}
            expect(request(base, "POST", path, body), 400, "parse_error")
            expect(request(base, "POST", path, {"token": "x", "action": move}), 403, "bad_token")
            expect(request(base, "POST", path, raw=b"{not json"), 400, "bad_json")
            expect(request(base, "POST", path, raw=b" " * 70_000), 413, "too_large")
            refused += 7
            again = expect(request(base, "GET", f"/games/{gid}?token={tokens[actor]}"), 200)
            if again["view"] != mine["view"]:
                raise SystemExit("a refused request changed the game")
        body = {"token": tokens[actor], "action": move, "ply": ply}
        expect(request(base, "POST", f"/games/{gid}/actions", body), 200)
        moves += 1
    raise SystemExit(f"{game}: no end after {max_moves} moves")


def main() -> None:
    server = subprocess.Popen(
        [sys.executable, str(HERE / "game_server.py"), "--port", "0", "--seed", "1"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        base = line.strip().split()[-1]
        print(f"server at {base}")
        expect(request(base, "GET", "/games/nope"), 404, "no_such_game")
        expect(request(base, "POST", "/games", {"game": "chess"}), 400, "bad_game")
        expect(request(base, "POST", "/games", {"game": "wocable", "players": 9}), 400)
        for seed, game in enumerate(("regenwormen", "wordmeld", "wocable", "wommeln")):
            start = time.perf_counter()
            result = play_game(base, game, seed)
            took = time.perf_counter() - start
            print(
                f"{game:12s} {result['moves']:4d} moves, {result['refused']:3d} hostile requests"
                f" refused, scores {result['scores']}, reason {result['reason']} ({took:.1f} s)"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("all games played over HTTP; every hostile request was refused")


if __name__ == "__main__":
    main()
