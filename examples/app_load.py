"""Load for examples/app_server.py: many concurrent bot games through real HTTP on 127.0.0.1.

``python examples/app_load.py --games 200`` starts the server on a fresh SQLite file in a
temporary directory (or uses ``--url http://127.0.0.1:PORT``, loopback only), registers two
bots per game, opens every room with an invite link, and plays all games at once (one thread
and one keep-alive connection per game), each seat choosing a random legal move from its own
view and quoting the ``ply`` it was shown. It prints the requests per second and the 50th and
95th percentile latencies, and exits non-zero if any request is refused. Bounded: at most
``--seconds`` of play and ``--max-actions`` moves per game.

The :class:`Client` and :func:`play_room` here are also what tests/app uses.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent


class Client:
    """A keep-alive JSON client of one server; ``latencies`` collects every request's time."""

    def __init__(self, base: str) -> None:
        self.set_base(base)
        self.latencies: list[float] = []

    def set_base(self, base: str) -> None:
        url = urlsplit(base)
        if url.hostname not in ("127.0.0.1", "localhost"):
            raise SystemExit("the load runs on 127.0.0.1 only")
        self.base, self.host, self.port = base, url.hostname, url.port or 80
        self.conn: http.client.HTTPConnection | None = None

    def call(
        self, method: str, path: str, body: Any = None, raw: bytes | None = None
    ) -> tuple[int, Any]:
        """``(status, JSON answer)``; ``ConnectionError`` (``OSError``) if the server is gone,
        in which case the request may or may not have been applied."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            start = time.perf_counter()
            try:
                self.conn.request(
                    method, path, body=data, headers={"Content-Type": "application/json"}
                )
                resp = self.conn.getresponse()
                payload = resp.read()
            except (http.client.HTTPException, OSError) as exc:
                self.conn.close()
                self.conn = None
                stale = isinstance(exc, (http.client.RemoteDisconnected, ConnectionResetError))
                if stale and not attempt and method == "GET":  # a closed keep-alive: again
                    continue
                raise ConnectionError(f"the server is unreachable: {exc!r}") from exc
            self.latencies.append(time.perf_counter() - start)
            if resp.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            return resp.status, json.loads(payload)
        raise AssertionError("unreachable")

    def ok(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        """The answer of a request that must succeed with ``status``."""
        got, data = self.call(method, path, body)
        if got != status:
            raise RuntimeError(f"{method} {path}: {got} {data}")
        return data


def register(client: Client, name: str) -> dict[str, Any]:
    """A new player ``name`` (``id``, ``name``, ``key``)."""
    return client.ok("POST", "/players", {"name": name}, 201)  # type: ignore[no-any-return]


def open_room(
    client: Client, game: str, players: list[dict[str, Any]], move_time: float = 300.0
) -> tuple[str, list[str]]:
    """A room of ``game`` for these players (the first the host, the others through the
    invite link): its id and one token per seat. It starts when the last one joins."""
    body = {"key": players[0]["key"], "game": game, "seats": len(players), "move_time": move_time}
    room = client.ok("POST", "/rooms", body, 201)
    tokens = [room["token"]]
    for p in players[1:]:
        tokens.append(
            client.ok("POST", "/join", {"key": p["key"], "invite": room["invite"]})["token"]
        )
    return room["room"], tokens


#: what play_room records of each move the server acknowledged: (ply, seat, text)
Acked = tuple[int, int, str]


def play_room(
    client: Client,
    room: str,
    tokens: list[str],
    rng: random.Random,
    *,
    max_actions: int = 400,
    acked: list[Acked] | None = None,
    on_error: Callable[[BaseException, tuple[int, int, str] | None], None] | None = None,
    stop: threading.Event | None = None,
) -> dict[str, Any]:
    """Play the room to its end (or ``max_actions`` moves, or until ``stop`` is set) with
    random legal moves; every acknowledged move is appended to ``acked``. When the server is
    unreachable ``on_error(exc, move in flight)`` is called (it may wait for a restart and
    point the client elsewhere) and the same move is sent again with the same ply."""
    pending: tuple[int, int, str] | None = None
    payload: dict[str, Any] | None = None
    actions = 0
    while actions < max_actions and not (stop is not None and stop.is_set()):
        try:
            if pending is not None:
                ply, seat, text = pending
                status, payload = client.call(
                    "POST",
                    f"/rooms/{room}/actions",
                    {"token": tokens[seat], "action": text, "ply": ply, "svg": False},
                )
                if status != 200:
                    raise RuntimeError(f"move {pending} refused: {status} {payload}")
                if acked is not None:
                    acked.append(pending)
                pending = None
                actions += 1
                assert payload is not None
            if payload is None or not payload.get("legal_actions"):
                spectator: dict[str, Any] = client.ok("GET", f"/rooms/{room}?svg=0")
                if spectator["room"]["status"] != "playing":
                    return spectator
                to_act = spectator["to_act"]
                if not to_act:
                    raise RuntimeError(f"nobody to act in a running game: {spectator}")
                seat = rng.choice(to_act)
                payload = client.ok("GET", f"/rooms/{room}?token={tokens[seat]}&svg=0")
            seat = payload["you"]
            legal = payload.get("legal_actions") or []
            if payload["room"]["status"] != "playing" or not legal:
                payload = None
                continue
            pending = (payload["ply"], seat, rng.choice(legal))
        except (ConnectionError, OSError) as exc:
            if on_error is None:
                raise
            on_error(exc, pending)
            payload = None
    final: dict[str, Any] = client.ok("GET", f"/rooms/{room}")
    return final


def start_server(db: str, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """examples/app_server.py as a subprocess on a free port: the process and its base URL."""
    proc = subprocess.Popen(
        [sys.executable, str(HERE / "app_server.py"), "--db", db, "--port", "0", *extra],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "http://" not in line:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, line.split()[1].rstrip("/")


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--game", default="regenwormen", help="comma-separated games to mix")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop playing after this")
    parser.add_argument("--max-actions", type=int, default=400, help="moves per game at most")
    parser.add_argument("--url", default=None, help="a running server (127.0.0.1 only)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = args.game.split(",")
    tmp = tempfile.TemporaryDirectory()
    proc = None
    base = args.url
    if base is None:
        proc, base = start_server(str(Path(tmp.name) / "load.sqlite3"))
    try:
        setup = Client(base)
        run = secrets.token_hex(3)
        rooms = []
        for i in range(args.games):
            players = [register(setup, f"bot{run}_{i}_{s}") for s in range(2)]
            rooms.append(open_room(setup, games[i % len(games)], players))
        clients = [Client(base) for _ in rooms]
        stop = threading.Event()
        results: list[Any] = [None] * len(rooms)
        failures: list[BaseException] = []

        def worker(i: int) -> None:
            try:
                results[i] = play_room(
                    clients[i],
                    *rooms[i],
                    random.Random(args.seed * 100003 + i),
                    max_actions=args.max_actions,
                    stop=stop,
                )
            except BaseException as exc:  # reported below
                failures.append(exc)

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(rooms))]
        start = time.perf_counter()
        for t in threads:
            t.start()
        timer = threading.Timer(args.seconds, stop.set)
        timer.start()
        for t in threads:
            t.join()
        timer.cancel()
        elapsed = time.perf_counter() - start
        lat = [x for c in clients for x in c.latencies]
        over = sum(1 for r in results if r is not None and r["room"]["status"] == "over")
        print(
            f"{len(rooms)} concurrent games ({args.game}), {over} finished, {len(lat)} requests "
            f"in {elapsed:.1f} s: {len(lat) / elapsed:.0f} requests/s, "
            f"p50 {percentile(lat, 0.5) * 1e3:.1f} ms, p95 {percentile(lat, 0.95) * 1e3:.1f} ms"
        )
        if failures:
            raise SystemExit(f"{len(failures)} games failed, e.g. {failures[0]!r}")
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()


if __name__ == "__main__":
    main()
