"""Fixtures for examples/app_server.py: the example modules, and a real server on 127.0.0.1
(an ephemeral port, in this process) with its SQLite file in a temporary directory."""

from __future__ import annotations

import importlib.util
import sqlite3
import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_example(name: str) -> types.ModuleType:
    """An examples/ script as a module (imported once)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


app_server = load_example("app_server")
app_load = load_example("app_load")


class Running:
    """A server in a thread: its base URL, app, database path and a client."""

    def __init__(self, db: Path, **options: Any) -> None:
        self.db = db
        self.server, self.app, self.timer = app_server.make_server(str(db), 0, **options)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.client = app_load.Client(self.base)

    def call(self, method: str, path: str, body: Any = None, raw: bytes | None = None) -> Any:
        return self.client.call(method, path, body, raw)

    def ok(self, method: str, path: str, body: Any = None, status: int = 200) -> Any:
        return self.client.ok(method, path, body, status)

    def player(self, name: str) -> dict[str, Any]:
        return app_load.register(self.client, name)

    def dump(self) -> str:
        """Every row of the database, as SQL text (a second connection; WAL lets it read)."""
        conn = sqlite3.connect(self.db)
        try:
            return "\n".join(conn.iterdump())
        finally:
            conn.close()

    def close(self) -> None:
        self.timer.stopped.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = Running(tmp_path / "app.sqlite3", seed=7)
    try:
        yield running
    finally:
        running.close()
