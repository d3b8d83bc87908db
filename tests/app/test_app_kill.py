"""SIGKILL of the app server in the middle of bot games, restart on the same SQLite file:
every game resumes and ends, no acknowledged move is lost or applied twice (the log of every
room replays to its stored state), and the clocks go on (stored deadlines fire after the
restart)."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import wordgames

from .conftest import app_load

GAMES = ["regenwormen", "wocable", "wommeln", "wordmeld", "regenwormen", "wordmeld"]


def rows(db: Path, sql: str, *args: Any) -> list[sqlite3.Row]:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def test_a_killed_server_resumes_every_game_on_the_same_database(tmp_path: Path) -> None:
    db = tmp_path / "app.sqlite3"
    proc, base = app_load.start_server(str(db), "--seed", "5")
    current = [base]
    restarted = threading.Event()
    try:
        setup = app_load.Client(base)
        rooms = []
        for i, game in enumerate(GAMES):
            players = [app_load.register(setup, f"k{i}_{s}") for s in range(2)]
            rooms.append(app_load.open_room(setup, game, players))
        # a room where nobody moves: its deadline must fire after the restart
        idle = [app_load.register(setup, f"idle{s}") for s in range(2)]
        idle_room, _ = app_load.open_room(setup, "regenwormen", idle, move_time=4.0)

        acked: list[list[app_load.Acked]] = [[] for _ in rooms]
        failures: list[BaseException] = []

        def worker(i: int, client: app_load.Client) -> None:
            def on_error(exc: BaseException, pending: Any) -> None:
                assert restarted.wait(60), f"no restart after {exc!r}"
                client.set_base(current[0])

            try:
                app_load.play_room(
                    client,
                    *rooms[i],
                    random.Random(i),
                    max_actions=3000,
                    acked=acked[i],
                    on_error=on_error,
                )
            except BaseException as exc:
                failures.append(exc)

        threads = [
            threading.Thread(target=worker, args=(i, app_load.Client(base)))
            for i in range(len(rooms))
        ]
        for t in threads:
            t.start()
        end = time.monotonic() + 60
        while sum(map(len, acked)) < 60 and time.monotonic() < end:
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)  # in the middle of the load
        proc.wait(10)
        killed_at = sum(map(len, acked))
        assert killed_at >= 60
        deadline = rows(db, "SELECT deadline FROM rooms WHERE id = ?", idle_room)[0]["deadline"]

        proc, current[0] = app_load.start_server(str(db), "--seed", "6")
        restarted.set()
        for t in threads:
            t.join(240)
        assert not failures, failures
        assert not any(t.is_alive() for t in threads)
        # the games may end before the idle room's deadline comes: give its clock (the
        # server's own, on the wall clock) until a few seconds past the stored deadline
        while (
            time.time() < deadline + 5
            and rows(db, "SELECT deadline FROM rooms WHERE id = ?", idle_room)[0]["deadline"]
            is not None
        ):
            time.sleep(0.1)
    finally:
        proc.kill()
        proc.wait(10)
    # every game went on after the restart and ended
    assert sum(map(len, acked)) > killed_at
    for (room, _), moves in zip(rooms, acked, strict=True):
        (row,) = rows(db, "SELECT * FROM rooms WHERE id = ?", room)
        assert row["status"] == "over", row["game"]
        log = rows(db, "SELECT * FROM moves WHERE room = ? ORDER BY ply", room)
        # each acknowledged move is in the log at its ply, and nothing else a player sent is
        assert [(m["ply"], m["seat"], m["sent"]) for m in log if m["seat"] is not None] == moves
        # the log replays to the stored state: no move lost, none applied twice
        module = wordgames.GAMES[row["game"]]
        state = module.State.from_dict(json.loads(row["initial"]))
        for m in log:
            assert m["ply"] == state.ply
            state = state.apply(module.parse_action(m["action"]))
        assert state.to_dict() == json.loads(row["state"])
    # the idle room's clock went on across the restart: its stored deadline fired after it
    assert rows(db, "SELECT deadline FROM rooms WHERE id = ?", idle_room)[0]["deadline"] is None
    (timeout,) = rows(
        db,
        "SELECT * FROM moves WHERE room = ? AND seat IS NULL AND action LIKE 'resign%'",
        idle_room,
    )
    assert timeout["at"] >= deadline
