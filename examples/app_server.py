"""The Wocable app of the rules as a reference server: rooms, invite links, random games,
per-move clocks, ratings, leaderboards and arena tournaments, for all four games, in SQLite.

``python examples/app_server.py`` serves the lobby on http://127.0.0.1:8000/ with the database
``app.sqlite3`` in the current directory (``--db PATH``, ``--port N``). Everything lives in the
database (standard ``sqlite3``, WAL, one transaction per request): a restart, even after a
SIGKILL, loses no acknowledged move, and the clocks (absolute deadlines stored with each room)
go on. The HTTP side is the standard library's ``ThreadingHTTPServer``, so the example needs
nothing beyond ``wordgames``. docs/app-server.md documents every endpoint, status and error
code; tests/app/ calls them over real HTTP.

The server trusts no client's state, clock or random numbers: the state lives in the database,
every chance outcome is drawn by the server (``wordgames.sample_chance``), and the time limit is
applied by the server's own timer thread (the game's timeout action: Wocable's ``Timeout``,
Wömmeln's ``TimeUp``, elsewhere a ``Resign`` for each player who did not act in time).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import re
import secrets
import sqlite3
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError, Resign
from wordgames.ratings import Glicko2Rating, elo_update, glicko2_update, pairwise_results

MAX_BODY = 16 * 1024
"""The largest request body accepted (413 ``too_large`` above)."""
MIN_MOVE_TIME, MAX_MOVE_TIME = 0.5, 7 * 24 * 3600.0
"""The per-move time limits a room may have, in seconds."""
DEFAULT_MOVE_TIME = 300.0
MAX_LEGAL = 200
"""The most legal actions sent with a view (Wocable has thousands; clients may type others)."""
NAME = re.compile(r"^\w[\w .-]{0,31}$")
"""Player and tournament names: letters, digits, ``_ .-`` and spaces, at most 32 characters."""
ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
TICK = 0.05
"""How often (seconds) the timer thread looks for expired deadlines and tournaments to pair."""
HERE = Path(__file__).resolve().parent

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, key_hash TEXT NOT NULL UNIQUE,
    created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, capacity INTEGER NOT NULL,
    move_time REAL NOT NULL, rated INTEGER NOT NULL, invite TEXT UNIQUE,
    status TEXT NOT NULL, initial TEXT, state TEXT, deadline REAL, outcome TEXT,
    tournament TEXT, created REAL NOT NULL, updated REAL NOT NULL);
CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (room, seat), UNIQUE (room, player));
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL, ply INTEGER NOT NULL, seat INTEGER, action TEXT NOT NULL,
    sent TEXT, at REAL NOT NULL, PRIMARY KEY (room, ply));
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL, player TEXT NOT NULL, rating REAL NOT NULL, rd REAL, volatility REAL,
    games INTEGER NOT NULL, PRIMARY KEY (game, player));
CREATE TABLE IF NOT EXISTS tickets (
    id TEXT PRIMARY KEY, player TEXT NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL,
    since REAL NOT NULL, room TEXT, seat INTEGER, status TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL,
    starts REAL NOT NULL, ends REAL NOT NULL, move_time REAL NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS entrants (
    tournament TEXT NOT NULL, player TEXT NOT NULL, points REAL NOT NULL, games INTEGER NOT NULL,
    active INTEGER NOT NULL, waiting REAL, room TEXT, PRIMARY KEY (tournament, player));
"""

#: points a tournament entrant scores per pair of a finished game (arena style: 2 a win, 1 a draw)
POINTS = {1.0: 2.0, 0.5: 1.0, 0.0: 0.0}


class AppError(Exception):
    """A refused request: HTTP ``status``, an error ``code`` and a message; nothing changed."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _str(body: Mapping[str, Any], field: str, *, required: bool = True) -> str | None:
    value = body.get(field)
    if value is None and not required:
        return None
    if value is None:
        code = {"key": "missing_key", "token": "missing_token"}.get(field, "bad_request")
        raise AppError(401 if code != "bad_request" else 400, code, f"{field} is required")
    if not isinstance(value, str) or not value or len(value) > 500:
        raise AppError(400, "bad_request", f"{field} must be a non-empty string")
    return value


def _int(body: Mapping[str, Any], field: str, lo: int, hi: int, default: int | None = None) -> int:
    value = body.get(field, default)
    if type(value) is not int or not lo <= value <= hi:
        raise AppError(400, "bad_request", f"{field} must be an integer from {lo} to {hi}")
    return value


def _move_time(body: Mapping[str, Any], default: float) -> float:
    value = body.get("move_time", default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise AppError(400, "bad_request", "move_time must be a number of seconds")
    if not MIN_MOVE_TIME <= value <= MAX_MOVE_TIME:
        raise AppError(400, "bad_request", f"move_time is {MIN_MOVE_TIME} to {MAX_MOVE_TIME} s")
    return float(value)


def _game(body: Mapping[str, Any]) -> str:
    game = body.get("game")
    if not isinstance(game, str) or game not in wordgames.GAMES:
        raise AppError(400, "bad_game", f"game must be one of {sorted(wordgames.GAMES)}")
    return game


def _seat_range(game: str) -> tuple[int, int]:
    """The seats a room of ``game`` may have: the game's own limits within the app's 2-4."""
    module = wordgames.GAMES[game]
    lo = int(getattr(module.Rules(), "min_players", 2))
    return max(2, lo), 4


def timeout_actions(state: Any) -> list[Any]:
    """What the server applies when the time is up: the game's own server event when it has
    one now (Wocable's ``Timeout`` of the player on turn, Wömmeln's ``TimeUp``), else a
    ``Resign`` for every player who was to act (the rules: "a player who does not move within
    the given time is considered to have left")."""
    events: tuple[Any, ...] = getattr(state, "frontend_actions", tuple)()
    server = [a for a in events if isinstance(a, type(state).SERVER_TYPES)]
    if server:
        return server[:1]
    return [Resign(p) for p in sorted(state.players_to_act)]


class App:
    """The app's data and rules of play over one SQLite connection (one lock, one transaction
    per request; the state of a game is never kept anywhere else)."""

    def __init__(
        self, path: str, *, seed: int | None = None, rating: str = "glicko2", memory: bool = False
    ) -> None:
        if path == ":memory:" and not memory:
            raise ValueError("an in-memory database loses everything: pass memory=True (tests)")
        if rating not in ("glicko2", "elo"):
            raise ValueError("rating is 'glicko2' or 'elo'")
        self.rating = rating
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        if path != ":memory:":
            self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
        self.conn.executescript(SCHEMA)
        self.lock = threading.RLock()
        self.rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
        self.clock: Callable[[], float] = time.time  # wall clock: deadlines outlive the process

    @contextlib.contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed when the block ends, rolled back on any exception."""
        with self.lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            self.conn.execute("COMMIT")

    # -- players ---------------------------------------------------------------------------

    def player_by_key(self, body: Mapping[str, Any]) -> sqlite3.Row:
        key = _str(body, "key")
        row: sqlite3.Row | None = self.conn.execute(
            "SELECT * FROM players WHERE key_hash = ?", (_hash(key or ""),)
        ).fetchone()
        if row is None:
            raise AppError(403, "bad_key", "no player has this key")
        return row

    def create_player(self, body: Mapping[str, Any]) -> dict[str, Any]:
        name = body.get("name")
        if not isinstance(name, str) or not NAME.match(name):
            raise AppError(400, "bad_name", "a name is 1-32 letters, digits, spaces or _ . -")
        if self.conn.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone():
            raise AppError(409, "name_taken", "another player has this name")
        pid, key = secrets.token_hex(8), secrets.token_urlsafe(24)
        self.conn.execute(
            "INSERT INTO players VALUES (?, ?, ?, ?)", (pid, name, _hash(key), self.clock())
        )
        return {"id": pid, "name": name, "key": key}

    def player_info(self, pid: str) -> dict[str, Any]:
        row = self.conn.execute("SELECT id, name FROM players WHERE id = ?", (pid,)).fetchone()
        if row is None:
            raise AppError(404, "no_such_player", "no such player")
        ratings = self.conn.execute(
            "SELECT game, rating, rd, games FROM ratings WHERE player = ? ORDER BY game", (pid,)
        ).fetchall()
        return {"id": row["id"], "name": row["name"], "ratings": [dict(r) for r in ratings]}

    # -- rooms -----------------------------------------------------------------------------

    def room(self, room_id: str) -> sqlite3.Row:
        row: sqlite3.Row | None = self.conn.execute(
            "SELECT * FROM rooms WHERE id = ?", (room_id,)
        ).fetchone()
        if row is None:
            raise AppError(404, "no_such_room", "no such room")
        return row

    def seats(self, room_id: str) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT s.seat, s.player, s.token, p.name FROM seats s JOIN players p "
            "ON p.id = s.player WHERE s.room = ? ORDER BY s.seat",
            (room_id,),
        ).fetchall()

    def seat_of(
        self, room_id: str, body: Mapping[str, Any], *, required: bool = True
    ) -> int | None:
        token = _str(body, "token", required=required)
        if token is None:
            return None
        row = self.conn.execute(
            "SELECT seat FROM seats WHERE room = ? AND token = ?", (room_id, token)
        ).fetchone()
        if row is None:
            raise AppError(403, "bad_token", "this token has no seat in this room")
        return int(row["seat"])

    def new_room(
        self,
        game: str,
        capacity: int,
        move_time: float,
        *,
        rated: bool,
        invite: bool,
        tournament: str | None = None,
    ) -> str:
        room_id = secrets.token_hex(8)
        now = self.clock()
        self.conn.execute(
            "INSERT INTO rooms (id, game, capacity, move_time, rated, invite, status, tournament,"
            " created, updated) VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?)",
            (
                room_id,
                game,
                capacity,
                move_time,
                int(rated),
                secrets.token_urlsafe(12) if invite else None,
                tournament,
                now,
                now,
            ),
        )
        return room_id

    def add_seat(self, room_id: str, player: str) -> dict[str, Any]:
        seated = self.seats(room_id)
        if any(s["player"] == player for s in seated):
            raise AppError(409, "already_seated", "this player already has a seat in this room")
        token = secrets.token_urlsafe(16)
        self.conn.execute(
            "INSERT INTO seats VALUES (?, ?, ?, ?)", (room_id, len(seated), player, token)
        )
        return {"room": room_id, "seat": len(seated), "token": token}

    def create_room(self, body: Mapping[str, Any]) -> dict[str, Any]:
        host = self.player_by_key(body)
        game = _game(body)
        lo, hi = _seat_range(game)
        capacity = _int(body, "seats", lo, hi, default=2)
        move_time = _move_time(body, DEFAULT_MOVE_TIME)
        rated = body.get("rated", True)
        if not isinstance(rated, bool):
            raise AppError(400, "bad_request", "rated must be true or false")
        room_id = self.new_room(game, capacity, move_time, rated=rated, invite=True)
        out = self.add_seat(room_id, host["id"])
        out["invite"] = self.room(room_id)["invite"]
        return out

    def join(self, body: Mapping[str, Any]) -> dict[str, Any]:
        player = self.player_by_key(body)
        invite = _str(body, "invite")
        row = self.conn.execute("SELECT * FROM rooms WHERE invite = ?", (invite,)).fetchone()
        if row is None:
            raise AppError(404, "no_such_invite", "no room has this invite")
        seated = self.seats(row["id"])
        if any(s["player"] == player["id"] for s in seated):
            raise AppError(409, "already_seated", "this player already has a seat in this room")
        if len(seated) >= row["capacity"]:
            raise AppError(409, "room_full", "every seat of this room is taken")
        if row["status"] != "open":
            raise AppError(410, "invite_used", "this room has started or closed")
        out = self.add_seat(row["id"], player["id"])
        if len(seated) + 1 == row["capacity"]:
            self.start(row["id"])
        return out

    def host_start(self, room_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        row = self.room(room_id)
        if self.seat_of(room_id, body) != 0:
            raise AppError(403, "not_host", "only the host (seat 0) starts a room")
        if row["status"] != "open":
            raise AppError(409, "already_started", "this room has started or closed")
        lo, _ = _seat_range(row["game"])
        if len(self.seats(room_id)) < lo:
            raise AppError(409, "too_few_players", f"this game needs at least {lo} players")
        self.start(room_id)
        return {"room": room_id, "status": "playing"}

    def start(self, room_id: str) -> None:
        row = self.room(room_id)
        names = [s["name"] for s in self.seats(room_id)]
        state = wordgames.GAMES[row["game"]].new_game(names)
        initial = json.dumps(state.to_dict())
        state = self.resolve_chance(room_id, state)
        self.conn.execute(
            "UPDATE rooms SET status = 'playing', initial = ? WHERE id = ?", (initial, room_id)
        )
        self.store(room_id, row, state, reset_clock=True)

    def resolve_chance(self, room_id: str, state: Any) -> Any:
        """Apply chance outcomes drawn with the server's RNG until a player is to act."""
        while state.is_chance_node:
            action = wordgames.sample_chance(state, self.rng)
            self.log(room_id, state.ply, None, action, None)
            state = state.apply(action)
        return state

    def log(self, room_id: str, ply: int, seat: int | None, action: Any, sent: str | None) -> None:
        self.conn.execute(
            "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
            (room_id, ply, seat, str(action), sent, self.clock()),
        )

    def load(self, row: sqlite3.Row) -> Any:
        try:
            return wordgames.GAMES[row["game"]].State.from_dict(json.loads(row["state"]))
        except (InvalidStateError, ValueError, TypeError) as exc:
            raise AppError(500, "corrupt_state", f"the stored game is damaged: {exc}") from exc

    def store(self, room_id: str, row: sqlite3.Row, state: Any, *, reset_clock: bool) -> None:
        """Save ``state``; a new deadline when ``reset_clock``; the end of the game if over."""
        now = self.clock()
        deadline = row["deadline"]
        if state.is_terminal:
            deadline = None
        elif reset_clock or deadline is None:
            deadline = now + row["move_time"]
        self.conn.execute(
            "UPDATE rooms SET state = ?, deadline = ?, updated = ? WHERE id = ?",
            (json.dumps(state.to_dict()), deadline, now, room_id),
        )
        if state.is_terminal:
            self.finish(room_id, state)

    def play(self, room_id: str, body: Mapping[str, Any]) -> tuple[Any, int, bool]:
        """A seat's move: the state after it, the seat, and whether it was a repeat."""
        row = self.room(room_id)
        seat = self.seat_of(room_id, body)
        action, ply = body.get("action"), body.get("ply")
        if not isinstance(action, str) or not action or len(action) > 500:
            raise AppError(400, "bad_request", "action must be non-empty text")
        if type(ply) is not int:
            raise AppError(
                400, "bad_request", "ply (the position's ply you were shown) is required"
            )
        if row["status"] == "open":
            raise AppError(409, "not_started", "this room has not started")
        state = self.load(row)
        if ply < state.ply:
            done = self.conn.execute(
                "SELECT seat, sent FROM moves WHERE room = ? AND ply = ?", (room_id, ply)
            ).fetchone()
            if done is not None and done["seat"] == seat and done["sent"] == action:
                return state, int(seat or 0), True  # the same request again: applied once
        if state.is_terminal:
            raise AppError(409, "game_over", "this game is over")
        before = state.players_to_act
        try:
            act = state.check_as(seat, action, ply=ply)
        except ParseError as exc:
            raise AppError(400, "parse_error", str(exc)) from exc
        except IllegalActionError as exc:
            raise AppError(409 if exc.code == "stale_state" else 400, exc.code, str(exc)) from exc
        self.log(room_id, state.ply, seat, act, action)
        after = self.resolve_chance(room_id, state.apply(act))
        reset = after.players_to_act != before or len(before) == 1
        self.store(room_id, row, after, reset_clock=reset)
        return after, int(seat or 0), False

    def leave(self, room_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        row = self.room(room_id)
        seat = self.seat_of(room_id, body)
        assert seat is not None
        if row["status"] == "open":
            if seat == 0:  # the host closes an open room
                self.conn.execute("UPDATE rooms SET status = 'closed' WHERE id = ?", (room_id,))
                return {"room": room_id, "status": "closed"}
            self.conn.execute("DELETE FROM seats WHERE room = ? AND seat = ?", (room_id, seat))
            self.conn.execute(
                "UPDATE seats SET seat = seat - 1 WHERE room = ? AND seat > ?", (room_id, seat)
            )
            return {"room": room_id, "status": "open"}
        if row["status"] != "playing":
            raise AppError(409, "game_over", "this game is over")
        state = self.load(row)
        try:
            action = state.check_as(seat, Resign(seat))
        except IllegalActionError as exc:
            raise AppError(409, exc.code, str(exc)) from exc
        self.log(room_id, state.ply, seat, action, None)
        before = state.players_to_act
        after = self.resolve_chance(room_id, state.apply(action))
        self.store(room_id, row, after, reset_clock=after.players_to_act != before)
        return {"room": room_id, "status": "over" if after.is_terminal else "playing"}

    def expire(self, now: float | None = None) -> int:
        """Apply the timeout action to every room whose deadline has passed (one transaction
        per room); the number of rooms timed out."""
        now = self.clock() if now is None else now
        with self.lock:
            due = [
                r["id"]
                for r in self.conn.execute(
                    "SELECT id FROM rooms WHERE status = 'playing' AND deadline <= ?", (now,)
                )
            ]
        for room_id in due:
            try:
                with self.tx():
                    self._time_out(room_id, now)
            except Exception:  # one damaged room does not stop the others' clocks
                traceback.print_exc(file=sys.stderr)
        return len(due)

    def _time_out(self, room_id: str, now: float) -> None:
        row = self.room(room_id)
        if row["status"] != "playing" or row["deadline"] is None or row["deadline"] > now:
            return
        state = self.load(row)
        for action in timeout_actions(state):
            if state.is_terminal or not state.is_legal(action):
                continue
            self.log(room_id, state.ply, None, action, None)
            state = self.resolve_chance(room_id, state.apply(action))
        self.store(room_id, row, state, reset_clock=True)

    def finish(self, room_id: str, state: Any) -> None:
        """The end of a game: the outcome, ratings (rated rooms) and tournament points."""
        row = self.room(room_id)
        outcome = state.outcome
        self.conn.execute(
            "UPDATE rooms SET status = 'over', outcome = ?, deadline = NULL WHERE id = ?",
            (json.dumps(outcome.to_dict()), room_id),
        )
        players = [s["player"] for s in self.seats(room_id)]
        pairs = pairwise_results(outcome)
        if row["rated"]:
            self.rate(row["game"], players, pairs)
        if row["tournament"] is not None:
            points = [0.0] * len(players)
            for a, b, s in pairs:
                points[a] += POINTS[s]
                points[b] += POINTS[1.0 - s]
            now = self.clock()
            for pid, pts in zip(players, points, strict=True):
                self.conn.execute(
                    "UPDATE entrants SET points = points + ?, games = games + 1, room = NULL,"
                    " waiting = CASE WHEN active THEN ? ELSE NULL END"
                    " WHERE tournament = ? AND player = ?",
                    (pts, now, row["tournament"], pid),
                )
            self.pair_tournament(row["tournament"])

    def rate(self, game: str, players: list[str], pairs: Any) -> None:
        old = [
            self.conn.execute(
                "SELECT * FROM ratings WHERE game = ? AND player = ?", (game, p)
            ).fetchone()
            for p in players
        ]
        if self.rating == "elo":
            new = elo_update([1500.0 if r is None else r["rating"] for r in old], pairs)
            rows: list[tuple[float, float | None, float | None]] = [(x, None, None) for x in new]
        else:
            before = [
                Glicko2Rating()
                if r is None or r["rd"] is None
                else Glicko2Rating(r["rating"], r["rd"], r["volatility"])
                for r in old
            ]
            rows = [(g.rating, g.rd, g.volatility) for g in glicko2_update(before, pairs)]
        for pid, (rating, rd, vol) in zip(players, rows, strict=True):
            self.conn.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (game, player) DO"
                " UPDATE SET rating = excluded.rating, rd = excluded.rd,"
                " volatility = excluded.volatility, games = games + 1",
                (game, pid, rating, rd, vol),
            )

    def leaderboard(self, game: str) -> dict[str, Any]:
        if game not in wordgames.GAMES:
            raise AppError(404, "bad_game", f"game must be one of {sorted(wordgames.GAMES)}")
        rows = self.conn.execute(
            "SELECT p.id, p.name, r.rating, r.rd, r.games FROM ratings r JOIN players p"
            " ON p.id = r.player WHERE r.game = ? ORDER BY r.rating DESC, p.name LIMIT 100",
            (game,),
        ).fetchall()
        return {"game": game, "method": self.rating, "players": [dict(r) for r in rows]}

    # -- random games ----------------------------------------------------------------------

    def enqueue(self, body: Mapping[str, Any]) -> dict[str, Any]:
        player = self.player_by_key(body)
        game = _game(body)
        lo, hi = _seat_range(game)
        n = _int(body, "players", lo, hi, default=2)
        if self.conn.execute(
            "SELECT 1 FROM tickets WHERE player = ? AND game = ? AND players = ?"
            " AND status = 'waiting'",
            (player["id"], game, n),
        ).fetchone():
            raise AppError(409, "already_queued", "this player already waits for such a game")
        ticket = secrets.token_hex(8)
        self.conn.execute(
            "INSERT INTO tickets VALUES (?, ?, ?, ?, ?, NULL, NULL, 'waiting')",
            (ticket, player["id"], game, n, self.clock()),
        )
        waiting = self.conn.execute(
            "SELECT id, player FROM tickets WHERE game = ? AND players = ? AND status = 'waiting'"
            " ORDER BY since, id LIMIT ?",
            (game, n, n),
        ).fetchall()
        if len(waiting) == n:
            room_id = self.new_room(game, n, self.random_move_time, rated=True, invite=False)
            for t in waiting:
                seat = self.add_seat(room_id, t["player"])["seat"]
                self.conn.execute(
                    "UPDATE tickets SET status = 'paired', room = ?, seat = ? WHERE id = ?",
                    (room_id, seat, t["id"]),
                )
            self.start(room_id)
        return self.ticket(ticket, body)

    random_move_time = DEFAULT_MOVE_TIME

    def ticket(self, ticket: str, body: Mapping[str, Any]) -> dict[str, Any]:
        player = self.player_by_key(body)
        row = self.conn.execute(
            "SELECT * FROM tickets WHERE id = ? AND player = ?", (ticket, player["id"])
        ).fetchone()
        if row is None:
            raise AppError(404, "no_such_ticket", "no such ticket for this player")
        out = {"ticket": ticket, "status": row["status"], "game": row["game"]}
        if row["room"] is not None:
            token = self.conn.execute(
                "SELECT token FROM seats WHERE room = ? AND seat = ?", (row["room"], row["seat"])
            ).fetchone()
            out.update(room=row["room"], seat=row["seat"], token=token["token"])
        return out

    def dequeue(self, ticket: str, body: Mapping[str, Any]) -> dict[str, Any]:
        out = self.ticket(ticket, body)
        if out["status"] != "waiting":
            raise AppError(409, "already_paired", "this ticket has its game")
        self.conn.execute("UPDATE tickets SET status = 'left' WHERE id = ?", (ticket,))
        return {"ticket": ticket, "status": "left"}

    # -- tournaments -----------------------------------------------------------------------

    def create_tournament(self, body: Mapping[str, Any]) -> dict[str, Any]:
        self.player_by_key(body)
        name = body.get("name")
        if not isinstance(name, str) or not NAME.match(name):
            raise AppError(400, "bad_name", "a name is 1-32 letters, digits, spaces or _ . -")
        game = _game(body)
        lo, hi = _seat_range(game)
        n = _int(body, "players", lo, hi, default=2)
        minutes = _int(body, "minutes", 1, 7 * 24 * 60, default=60)
        starts_in = _int(body, "starts_in", 0, 7 * 24 * 3600, default=0)
        move_time = _move_time(body, 60.0)
        tid = secrets.token_hex(8)
        starts = self.clock() + starts_in
        self.conn.execute(
            "INSERT INTO tournaments VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (tid, name, game, n, starts, starts + 60.0 * minutes, move_time, self.clock()),
        )
        return self.tournament(tid, {})

    def tournament_row(self, tid: str) -> sqlite3.Row:
        row: sqlite3.Row | None = self.conn.execute(
            "SELECT * FROM tournaments WHERE id = ?", (tid,)
        ).fetchone()
        if row is None:
            raise AppError(404, "no_such_tournament", "no such tournament")
        return row

    def tournament(self, tid: str, query: Mapping[str, Any]) -> dict[str, Any]:
        row = self.tournament_row(tid)
        now = self.clock()
        status = "upcoming" if now < row["starts"] else "running" if now < row["ends"] else "over"
        standings = self.conn.execute(
            "SELECT p.id, p.name, e.points, e.games, e.active FROM entrants e JOIN players p"
            " ON p.id = e.player WHERE e.tournament = ? ORDER BY e.points DESC, e.games, p.name",
            (tid,),
        ).fetchall()
        out: dict[str, Any] = {
            "id": tid,
            "name": row["name"],
            "game": row["game"],
            "players": row["players"],
            "starts": row["starts"],
            "ends": row["ends"],
            "move_time": row["move_time"],
            "status": status,
            "standings": [
                {**dict(s), "active": bool(s["active"]), "place": i + 1}
                for i, s in enumerate(standings)
            ],
        }
        if query.get("key") is not None:
            player = self.player_by_key(query)
            me = self.conn.execute(
                "SELECT e.room, s.seat, s.token FROM entrants e LEFT JOIN seats s ON"
                " s.room = e.room AND s.player = e.player WHERE e.tournament = ? AND e.player = ?",
                (tid, player["id"]),
            ).fetchone()
            out["you"] = None if me is None else dict(me)
        return out

    def join_tournament(self, tid: str, body: Mapping[str, Any]) -> dict[str, Any]:
        player = self.player_by_key(body)
        row = self.tournament_row(tid)
        if self.clock() >= row["ends"]:
            raise AppError(410, "tournament_over", "this tournament is over")
        entry = self.conn.execute(
            "SELECT * FROM entrants WHERE tournament = ? AND player = ?", (tid, player["id"])
        ).fetchone()
        if entry is None:
            self.conn.execute(
                "INSERT INTO entrants VALUES (?, ?, 0, 0, 1, ?, NULL)",
                (tid, player["id"], self.clock()),
            )
        elif not entry["active"]:
            waiting = None if entry["room"] is not None else self.clock()
            self.conn.execute(
                "UPDATE entrants SET active = 1, waiting = ? WHERE tournament = ? AND player = ?",
                (waiting, tid, player["id"]),
            )
        self.pair_tournament(tid)
        return self.tournament(tid, body)

    def leave_tournament(self, tid: str, body: Mapping[str, Any]) -> dict[str, Any]:
        player = self.player_by_key(body)
        self.tournament_row(tid)
        changed = self.conn.execute(
            "UPDATE entrants SET active = 0, waiting = NULL WHERE tournament = ? AND player = ?"
            " AND active = 1",
            (tid, player["id"]),
        ).rowcount
        if not changed:
            raise AppError(409, "not_entered", "this player is not in this tournament")
        return self.tournament(tid, body)

    def pair_tournament(self, tid: str) -> None:
        """Pair the tournament's waiting entrants, longest waiting first, while it runs."""
        row = self.tournament_row(tid)
        now = self.clock()
        if not row["starts"] <= now < row["ends"]:
            return
        n = row["players"]
        while True:
            waiting = self.conn.execute(
                "SELECT player FROM entrants WHERE tournament = ? AND active = 1 AND waiting"
                " IS NOT NULL ORDER BY waiting, player LIMIT ?",
                (tid, n),
            ).fetchall()
            if len(waiting) < n:
                return
            room_id = self.new_room(
                row["game"], n, row["move_time"], rated=True, invite=False, tournament=tid
            )
            for w in waiting:
                self.add_seat(room_id, w["player"])
                self.conn.execute(
                    "UPDATE entrants SET waiting = NULL, room = ? WHERE tournament = ?"
                    " AND player = ?",
                    (room_id, tid, w["player"]),
                )
            self.start(room_id)

    def pair_due_tournaments(self) -> None:
        """Pair every running tournament with enough entrants waiting (the timer thread)."""
        now = self.clock()
        with self.lock:
            due = [
                r["id"]
                for r in self.conn.execute(
                    "SELECT t.id FROM tournaments t WHERE t.starts <= ? AND ? < t.ends AND"
                    " t.players <= (SELECT count(*) FROM entrants e WHERE e.tournament = t.id"
                    " AND e.active = 1 AND e.waiting IS NOT NULL)",
                    (now, now),
                )
            ]
        for tid in due:
            with self.tx():
                self.pair_tournament(tid)

    def list_tournaments(self) -> dict[str, Any]:
        rows = self.conn.execute(
            "SELECT id FROM tournaments WHERE ends > ? ORDER BY starts LIMIT 100", (self.clock(),)
        ).fetchall()
        return {"tournaments": [self.tournament(r["id"], {}) for r in rows]}

    # -- what a client sees ----------------------------------------------------------------

    def history(self, room_id: str, query: Mapping[str, Any]) -> dict[str, Any]:
        """Every action of the game as ``seat`` (or a spectator) saw it: the log replayed from
        the initial state, each action redacted for the viewer (``state.redact_action``)."""
        row = self.room(room_id)
        seat = self.seat_of(room_id, query, required=False)
        if row["initial"] is None:
            return {"room": room_id, "moves": []}
        module = wordgames.GAMES[row["game"]]
        state = module.State.from_dict(json.loads(row["initial"]))
        out = []
        for m in self.conn.execute(
            "SELECT ply, seat, action FROM moves WHERE room = ? ORDER BY ply", (room_id,)
        ):
            action = module.parse_action(m["action"])
            out.append(
                {"ply": m["ply"], "seat": m["seat"], "action": state.redact_action(action, seat)}
            )
            state = state.apply(action)
        return {"room": room_id, "you": seat, "moves": out}

    def room_info(self, room_id: str, seat: int | None) -> tuple[dict[str, Any], Any]:
        """The room's public facts (its invite only to a seat) and its state (None if open)."""
        row = self.room(room_id)
        seats = self.seats(room_id)
        info: dict[str, Any] = {
            "id": room_id,
            "game": row["game"],
            "capacity": row["capacity"],
            "status": row["status"],
            "move_time": row["move_time"],
            "deadline": row["deadline"],
            "now": self.clock(),
            "rated": bool(row["rated"]),
            "tournament": row["tournament"],
            "seats": [{"seat": s["seat"], "name": s["name"], "player": s["player"]} for s in seats],
        }
        if seat is not None:
            info["invite"] = row["invite"]
        if row["outcome"] is not None:
            info["outcome"] = json.loads(row["outcome"])
            if row["rated"]:
                info["ratings"] = [
                    dict(r)
                    for r in (
                        self.conn.execute(
                            "SELECT rating, rd, games FROM ratings WHERE game = ? AND player = ?",
                            (row["game"], s["player"]),
                        ).fetchone()
                        for s in seats
                    )
                    if r is not None
                ]
        return info, (self.load(row) if row["state"] is not None else None)


def seat_payload(
    info: dict[str, Any], state: Any, seat: int | None, *, svg: bool = True
) -> dict[str, Any]:
    """What one seat (``None``: a spectator) receives: the room, its own view, the ply to quote,
    its legal moves as text when it may act, and (unless ``svg`` is false) the board as SVG."""
    out: dict[str, Any] = {"room": info, "you": seat}
    if state is None:
        return out
    view = state.view(seat)
    out.update(ply=state.ply, view=view.to_dict(), to_act=sorted(state.players_to_act))
    if seat is not None and seat in state.players_to_act and not state.is_terminal:
        out["legal_actions"] = [str(a) for a in view.legal_actions()[:MAX_LEGAL]]
    draw = getattr(wordgames.GAMES[state.GAME], "svg", None)
    if svg and draw is not None:
        out["svg"] = draw(view)
    return out


Route = Callable[["App", dict[str, Any], tuple[str, ...]], Any]


def _routes() -> list[tuple[str, re.Pattern[str], Route]]:
    seg = r"([A-Za-z0-9_-]{1,64})"

    def room_get(app: App, q: dict[str, Any], g: tuple[str, ...]) -> Any:
        app.room(g[0])
        seat = app.seat_of(g[0], q, required=False)
        return ("view", g[0], seat, {}, q.get("svg") != "0")

    def room_act(app: App, b: dict[str, Any], g: tuple[str, ...]) -> Any:
        _, seat, repeat = app.play(g[0], b)
        return ("view", g[0], seat, {"repeat": repeat}, b.get("svg") is not False)

    table: list[tuple[str, str, Route]] = [
        ("GET", r"/games", lambda a, q, g: {"games": _games()}),
        ("POST", r"/players", lambda a, b, g: (201, a.create_player(b))),
        ("GET", rf"/players/{seg}", lambda a, q, g: a.player_info(g[0])),
        ("POST", r"/rooms", lambda a, b, g: (201, a.create_room(b))),
        ("POST", r"/join", lambda a, b, g: a.join(b)),
        ("GET", rf"/rooms/{seg}", room_get),
        ("GET", rf"/rooms/{seg}/moves", lambda a, q, g: a.history(g[0], q)),
        ("POST", rf"/rooms/{seg}/start", lambda a, b, g: a.host_start(g[0], b)),
        ("POST", rf"/rooms/{seg}/actions", room_act),
        ("POST", rf"/rooms/{seg}/leave", lambda a, b, g: a.leave(g[0], b)),
        ("POST", r"/queue", lambda a, b, g: a.enqueue(b)),
        ("GET", rf"/queue/{seg}", lambda a, q, g: a.ticket(g[0], q)),
        ("POST", rf"/queue/{seg}/leave", lambda a, b, g: a.dequeue(g[0], b)),
        ("GET", rf"/leaderboard/{seg}", lambda a, q, g: a.leaderboard(g[0])),
        ("POST", r"/tournaments", lambda a, b, g: (201, a.create_tournament(b))),
        ("GET", r"/tournaments", lambda a, q, g: a.list_tournaments()),
        ("GET", rf"/tournaments/{seg}", lambda a, q, g: a.tournament(g[0], q)),
        ("POST", rf"/tournaments/{seg}/join", lambda a, b, g: a.join_tournament(g[0], b)),
        ("POST", rf"/tournaments/{seg}/leave", lambda a, b, g: a.leave_tournament(g[0], b)),
    ]
    return [(m, re.compile(p + "$"), f) for m, p, f in table]


def _games() -> list[dict[str, Any]]:
    return [{"game": g, "seats": list(_seat_range(g))} for g in wordgames.GAMES]


ROUTES = _routes()


class Handler(BaseHTTPRequestHandler):
    """JSON over HTTP/1.1 (keep-alive); every answer has a status and, on refusal, a code."""

    app: App
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK wait
    timeout = 60  # an idle or stalled connection is closed after a minute

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _send(self, status: int, body: bytes, ctype: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode())

    def _error(self, err: AppError) -> None:
        self._json(err.status, {"error": err.code, "message": err.message[:300]})

    def _body(self) -> dict[str, Any]:
        raw_length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            raise AppError(411, "length_required", "send a Content-Length, not chunks")
        try:
            length = int(raw_length or 0)
        except ValueError:
            self.close_connection = True
            raise AppError(400, "bad_request", "bad Content-Length") from None
        if length < 0:
            self.close_connection = True
            raise AppError(400, "bad_request", "bad Content-Length")
        if length > MAX_BODY:
            self.close_connection = True  # the body is not read: this connection is done
            raise AppError(413, "too_large", f"requests are at most {MAX_BODY} bytes")
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise AppError(400, "bad_json", "the body is not JSON") from None
        if not isinstance(body, dict):
            raise AppError(400, "bad_json", "the body must be a JSON object")
        return body

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path in ("/", "/index.html"):
            page = (HERE / "app_lobby.html").read_bytes()
            return self._send(200, page, "text/html; charset=utf-8")
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        self._dispatch("GET", url.path, query)

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        try:
            body = self._body()
        except AppError as err:
            return self._error(err)
        self._dispatch("POST", url.path, body)

    def _other(self) -> None:
        self.close_connection = True  # its body, if any, is not read
        self._error(AppError(405, "bad_method", "only GET and POST"))

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _other

    def _dispatch(self, method: str, path: str, data: dict[str, Any]) -> None:
        app = self.app
        found = [(r, m) for meth, p, r in ROUTES if (m := p.match(path)) and meth == method]
        if not found:
            known = any(p.match(path) for _, p, _ in ROUTES)
            code = (405, "bad_method") if known else (404, "not_found")
            return self._error(AppError(*code, "no such resource"))
        route, match = found[0]
        try:
            with app.tx():
                result = route(app, data, match.groups())
                if isinstance(result, tuple) and result[0] == "view":
                    info, state = app.room_info(result[1], result[2])
                    result = ("render", info, state, *result[2:])
        except AppError as err:
            return self._error(err)
        except Exception as exc:  # a bug: rolled back, answered, the server goes on
            return self._error(AppError(500, "internal_error", repr(exc)))
        if isinstance(result, tuple) and result[0] == "render":  # rendered outside the lock
            _, info, state, seat, extra, svg = result
            return self._json(200, {**seat_payload(info, state, seat, svg=svg), **extra})
        status, payload = result if isinstance(result, tuple) else (200, result)
        self._json(status, payload)


class Timer(threading.Thread):
    """The server's clock: applies timeouts when deadlines pass and pairs tournaments."""

    def __init__(self, app: App) -> None:
        super().__init__(daemon=True, name="app-timer")
        self.app, self.stopped = app, threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(TICK):
            for job in (self.app.expire, self.app.pair_due_tournaments):
                try:
                    job()
                except Exception:  # a bug or a damaged row: said, rolled back, the clock goes on
                    traceback.print_exc(file=sys.stderr)


def make_server(
    db: str,
    port: int = 0,
    *,
    seed: int | None = None,
    rating: str = "glicko2",
    memory: bool = False,
    random_move_time: float = DEFAULT_MOVE_TIME,
) -> tuple[ThreadingHTTPServer, App, Timer]:
    """A server on 127.0.0.1 (``port=0``: any free port) with its app and started timer."""
    app = App(db, seed=seed, rating=rating, memory=memory)
    app.random_move_time = random_move_time
    handler = type("BoundHandler", (Handler,), {"app": app})
    server_class = type("AppHTTPServer", (ThreadingHTTPServer,), {"request_queue_size": 1024})
    server = server_class(("127.0.0.1", port), handler)  # a backlog for hundreds of clients
    server.daemon_threads = True
    timer = Timer(app)
    timer.start()
    return server, app, timer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--db", default="app.sqlite3", help="SQLite file (default app.sqlite3)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=None, help="seed the server's RNG (tests)")
    parser.add_argument("--rating", choices=("glicko2", "elo"), default="glicko2")
    parser.add_argument(
        "--random-move-time",
        type=float,
        default=DEFAULT_MOVE_TIME,
        help="seconds per move in random games",
    )
    args = parser.parse_args()
    server, _, _ = make_server(
        args.db,
        args.port,
        seed=args.seed,
        rating=args.rating,
        random_move_time=args.random_move_time,
    )
    print(f"lobby: http://127.0.0.1:{server.server_port}/  (database {args.db})", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
