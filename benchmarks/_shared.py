"""Where the benchmarks find data of other projects: the shared data folder ``../shared/data``
beside the checkout (``$WORDGAMES_SHARED_DATA`` points elsewhere), as the tests do
(tests/shared_data.py). Nothing there is copied into the repository."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def shared_data_dir() -> Path:
    """The shared data folder (it may not exist)."""
    env = os.environ.get("WORDGAMES_SHARED_DATA")
    return Path(env) if env else ROOT.parent / "shared" / "data"


#: the full English superleave table (MAGPIE's NWL20 leaves as CSV)
NWL20 = shared_data_dir() / "leaves" / "NWL20.csv"
