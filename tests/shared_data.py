"""Where the tests find data of other projects: ``../shared/data`` beside the repository.

Real files taken from other repositories (GCG records of other engines, the ENABLE source list,
a full superleave table) are never committed here; every developer machine and CI have them in
``../shared/data`` next to the checkout. ``WORDGAMES_SHARED_DATA`` points elsewhere. When the
folder (or a file in it) is absent, the tests that need it are skipped with a reason that names
the variable, except under ``CI=true``, where an absent corpus fails the run.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: the environment variable that points at the shared data folder
ENV = "WORDGAMES_SHARED_DATA"
ROOT = Path(__file__).resolve().parents[1]


def shared_data_dir() -> Path:
    """The shared data folder (it may not exist): ``$WORDGAMES_SHARED_DATA`` or
    ``../shared/data`` from the repository root."""
    env = os.environ.get(ENV)
    return Path(env) if env else ROOT.parent / "shared" / "data"


def available(*parts: str) -> bool:
    """Whether ``shared_data_dir() / parts`` exists."""
    return shared_data_dir().joinpath(*parts).exists()


def shared_path(*parts: str) -> Path:
    """``shared_data_dir() / parts``, or skip the calling test (fail it under ``CI=true``)."""
    path = shared_data_dir().joinpath(*parts)
    if not path.exists():
        reason = f"{path} is absent: set {ENV} to the folder that holds shared/data"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs the shared data: {reason}", pytrace=False)
        pytest.skip(reason)
    return path
