"""The built documentation site, shared by the tests that read it (built once a session)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mkdocs build --strict`` into a temporary folder (its hooks draw the pictures).

    The site is built with Python 3.11 or newer (CI's main run): on 3.10 pip resolves
    mkdocstrings 1.0.6 with pymdown-extensions 12.3, which fail together
    (``Highlight.__init__() missing 1 required positional argument: 'md'``)."""
    if sys.version_info < (3, 11):
        pytest.skip("the documentation site is built with Python 3.11+ (see the fixture)")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stderr[-3000:]}"
    return out
