"""Where the shared data of other projects lives (read in place, never copied into the repo).

A stand-in for ``tests/shared_data.py`` (landing on main): ``../shared/data`` from the repo
root, else ``$WORDGAMES_SHARED_DATA``; tests that need it skip without it, but fail when
``CI=true`` (CI must have the data)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

__all__ = ["shared_data"]


def shared_data() -> Path:
    """The shared data directory, or skip (fail under CI) when it is absent."""
    candidates = [Path(__file__).resolve().parents[2] / ".." / "shared" / "data"]
    env = os.environ.get("WORDGAMES_SHARED_DATA")
    if env:
        candidates.insert(0, Path(env))
    for root in candidates:
        if root.is_dir():
            return root
    if os.environ.get("CI") == "true":
        pytest.fail("the shared data directory (../shared/data) is missing under CI")
    pytest.skip("the shared data directory (../shared/data) is absent")
