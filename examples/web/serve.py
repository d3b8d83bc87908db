"""Serve the web page (examples/web) on localhost, with the wheels it installs into Pyodide.

Before serving it puts into ``examples/web/wheels/``: the project's wheel (``--wheel PATH``,
or built from this checkout with ``pip wheel``) and attrs's wheel (downloaded once with
``pip download``, the version installed here), and lists them in ``wheels/manifest.json``.
Pyodide itself comes from the npm package: run ``npm ci`` in examples/web first.

    python examples/web/serve.py [--port 8000] [--wheel dist/wordgames-*.whl]

prints ``serving on http://127.0.0.1:PORT/`` and serves until interrupted (only on
127.0.0.1; ``--port 0`` takes any free port).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import shutil
import subprocess
import sys
import tempfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import metadata
from pathlib import Path
from typing import Any, ClassVar

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WHEELS = HERE / "wheels"
PYODIDE = HERE / "node_modules" / "pyodide" / "pyodide.mjs"


def build_wheel() -> Path:
    """The project's wheel, built from this checkout."""
    out = Path(tempfile.mkdtemp(prefix="wordgames-web-"))
    cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)]
    subprocess.run(cmd, check=True)
    (wheel,) = out.glob("wordgames-*.whl")
    return wheel


def attrs_wheel() -> Path:
    """attrs's wheel (the one runtime dependency), the version installed in this Python."""
    version = metadata.version("attrs")
    found = sorted(WHEELS.glob(f"attrs-{version}-*.whl"))
    if found:
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:"]
    cmd += ["--dest", str(WHEELS), f"attrs=={version}"]
    subprocess.run(cmd, check=True)
    (wheel,) = WHEELS.glob(f"attrs-{version}-*.whl")
    return wheel


def prepare(wheel: Path | None) -> list[str]:
    """Fill wheels/ and write its manifest; the wheel file names, in install order."""
    if not PYODIDE.exists():
        raise SystemExit(f"{PYODIDE} is missing: run 'npm ci' in {HERE}")
    WHEELS.mkdir(exist_ok=True)
    attrs = attrs_wheel()
    for old in WHEELS.glob("wordgames-*.whl"):
        old.unlink()
    source = wheel if wheel is not None else build_wheel()
    ours = WHEELS / source.name
    shutil.copyfile(source, ours)
    names = [attrs.name, ours.name]
    (WHEELS / "manifest.json").write_text(json.dumps({"wheels": names}) + "\n")
    return names


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".py": "text/plain; charset=utf-8",
        ".whl": "application/octet-stream",
        ".zip": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def make_server(port: int = 0) -> ThreadingHTTPServer:
    handler = functools.partial(Handler, directory=str(HERE))
    return ThreadingHTTPServer(("127.0.0.1", port), handler)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--wheel", type=Path, help="the wordgames wheel (default: build one)")
    args = parser.parse_args()
    names = prepare(args.wheel)
    server = make_server(args.port)
    print(f"wheels: {', '.join(names)}", flush=True)
    print(f"serving on http://127.0.0.1:{server.server_port}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
