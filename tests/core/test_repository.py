"""What the repository holds: no file taken from another project (those are read in place from
``../shared/data``, tests/shared_data.py) and no symbolic link to a path of one machine."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tracked() -> list[tuple[str, str]]:
    """(mode, path) of every tracked file, or skip outside a git checkout (an sdist)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    out = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    rows = []
    for line in out.splitlines():
        meta, path = line.split("\t", 1)
        rows.append((meta.split()[0], path))
    return rows


def test_no_symbolic_link_is_tracked() -> None:
    links = [path for mode, path in _tracked() if mode == "120000"]
    assert links == []


def test_no_file_of_another_project_is_tracked() -> None:
    foreign = [
        path
        for _, path in _tracked()
        if (
            path.endswith((".gcg", ".klv2", ".kwg", "enable1.txt"))
            and not path.startswith("tests/wocable/fixtures/")
        )  # written from the project's games
        or path.endswith(".csv")
        or "LICENSE." in path
    ]
    assert foreign == []
