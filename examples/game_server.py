"""A complete JSON game server for all four games, on the standard library alone.

The server keeps every game as the JSON of its state (as a real server would keep it in a
database), trusts nothing a client sends, and sends each player only their own view:

- ``POST /games`` with ``{"game": "wocable", "players": ["ann", "bob"]}`` creates
  a game and returns its id and one secret token per seat (hand each player their own);
- ``GET /games/<id>?token=<token>`` returns that player's view (``view(p).to_dict()``), the
  ``ply`` to quote with the next move, and the player's legal actions as text when they are
  to act; without a token, the spectator's view;
- ``POST /games/<id>/actions`` with ``{"token": ..., "action": "8H CAT", "ply": 12}`` plays
  a move with ``state.apply_as(player, text, ply=ply)``; chance events (rolls, draws, deals)
  are then resolved by the server with its own RNG (``wordgames.sample_chance``), never by a
  client.

Errors come back as ``{"error": code, "message": ...}`` with status 400 (a refused move: the
``IllegalActionError`` code, e.g. ``not_your_turn`` or ``stale_state``; unparsable text:
``parse_error``), 403 (bad token), 404 (no such game) or 413 (request too large).

Run it with ``python examples/game_server.py --port 8000``; ``examples/drive_server.py`` starts it
and plays whole games through real HTTP requests (CI runs that).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import secrets
import threading
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError, RulesError

MAX_BODY = 64 * 1024


class Store:
    """Games as JSON text, with their seat tokens and the server's RNG (one lock for all)."""

    def __init__(self, seed: int | None = None) -> None:
        self.lock = threading.Lock()
        self.games: dict[str, dict[str, Any]] = {}
        self.rng = random.Random(seed)

    def create(self, game: str, players: Any) -> dict[str, Any]:
        module = wordgames.GAMES[game]
        state = self._resolve_chance(module.new_game(players))
        game_id = secrets.token_hex(8)
        tokens = [secrets.token_urlsafe(16) for _ in range(state.num_players)]
        self.games[game_id] = {"game": game, "state": json.dumps(state.to_dict()), "tokens": tokens}
        return {"id": game_id, "game": game, "players": list(state.players), "tokens": tokens}

    def load(self, game_id: str) -> tuple[Any, dict[str, Any]]:
        entry = self.games[game_id]
        module = wordgames.GAMES[entry["game"]]
        return module.State.from_dict(json.loads(entry["state"])), entry

    def _resolve_chance(self, state: Any) -> Any:
        return wordgames.resolve_chance(state, self.rng)  # the server's RNG, never a client's

    def play(self, game_id: str, player: int, action: str, ply: int | None) -> Any:
        state, entry = self.load(game_id)
        state = self._resolve_chance(state.apply_as(player, action, ply=ply))
        entry["state"] = json.dumps(state.to_dict())
        return state


def seat(entry: Mapping[str, Any], token: object) -> int | None:
    """The seat a token belongs to (constant-time comparison), or None."""
    if not isinstance(token, str):
        return None
    for i, t in enumerate(entry["tokens"]):
        if secrets.compare_digest(t, token):
            return i
    return None


def player_payload(state: Any, player: int | None) -> dict[str, Any]:
    """What one player receives: their view, the ply to quote, their legal moves as text."""
    view = state.view(player)
    out: dict[str, Any] = {"ply": state.ply, "view": view.to_dict(), "you": player}
    out["to_act"] = sorted(state.players_to_act)
    if player is not None and player in state.players_to_act:
        out["legal_actions"] = [str(a) for a in view.legal_actions()[:500]]
    if state.is_terminal:
        out["outcome"] = state.outcome.to_dict()
    svg = getattr(wordgames.GAMES[state.GAME], "svg", None)
    if svg is not None:
        out["svg"] = svg(view)
    return out


class Handler(BaseHTTPRequestHandler):
    store: Store

    def log_message(self, format: str, *args: Any) -> None:  # quiet by default
        pass

    def _send(self, status: int, body: Mapping[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, status: int, code: str, message: str) -> None:
        self._send(status, {"error": code, "message": message[:300]})

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            raise OverflowError
        return json.loads(self.rfile.read(length) or b"{}")

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        parts = url.path.strip("/").split("/")
        if len(parts) != 2 or parts[0] != "games":
            return self._error(404, "not_found", "no such resource")
        token = parse_qs(url.query).get("token", [None])[0]
        with self.store.lock:
            try:
                state, entry = self.store.load(parts[1])
            except KeyError:
                return self._error(404, "no_such_game", "no such game")
            player = seat(entry, token) if token is not None else None
            if token is not None and player is None:
                return self._error(403, "bad_token", "this token has no seat in this game")
            return self._send(200, player_payload(state, player))

    def do_POST(self) -> None:
        parts = urlsplit(self.path).path.strip("/").split("/")
        try:
            body = self._body()
        except OverflowError:
            return self._error(413, "too_large", f"requests are at most {MAX_BODY} bytes")
        except ValueError:
            return self._error(400, "bad_json", "the body is not JSON")
        if not isinstance(body, dict):
            return self._error(400, "bad_json", "the body must be a JSON object")
        with self.store.lock:
            if parts == ["games"]:
                try:
                    return self._send(201, self.store.create(body.get("game"), body.get("players")))
                except (KeyError, TypeError):
                    return self._error(400, "bad_game", f"games: {sorted(wordgames.GAMES)}")
                except RulesError as exc:
                    return self._error(400, "bad_players", str(exc))
            if len(parts) != 3 or parts[0] != "games" or parts[2] != "actions":
                return self._error(404, "not_found", "no such resource")
            try:
                _, entry = self.store.load(parts[1])
            except KeyError:
                return self._error(404, "no_such_game", "no such game")
            player = seat(entry, body.get("token"))
            if player is None:
                return self._error(403, "bad_token", "this token has no seat in this game")
            action, ply = body.get("action"), body.get("ply")
            if not isinstance(action, str) or (ply is not None and type(ply) is not int):
                return self._error(400, "bad_request", "action must be text, ply an integer")
            try:
                state = self.store.play(parts[1], player, action, ply)
            except ParseError as exc:
                return self._error(400, "parse_error", str(exc))
            except IllegalActionError as exc:
                return self._error(400, exc.code, str(exc))
            except InvalidStateError as exc:  # the stored JSON was damaged
                return self._error(500, "corrupt_state", str(exc))
            return self._send(200, player_payload(state, player))


def make_server(port: int = 0, seed: int | None = None) -> ThreadingHTTPServer:
    """A server on localhost (``port=0``: any free port; read ``server.server_port``)."""
    handler = type("BoundHandler", (Handler,), {"store": Store(seed)})
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=None, help="seed of the server's dice/draws")
    args = parser.parse_args()
    server = make_server(args.port, args.seed)
    print(f"serving on http://127.0.0.1:{server.server_port}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
