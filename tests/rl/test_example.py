"""examples/rl_train.py stays runnable (a one-second training run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parents[2]


def test_training_example_runs() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "rl_train.py"),
            "--seconds",
            "1",
            "--eval-games",
            "5",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    ).stdout
    assert "before training: wins" in out
    assert "training games: wins" in out
