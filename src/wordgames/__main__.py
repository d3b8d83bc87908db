"""``python -m wordgames``: the command line (see :mod:`wordgames.cli`)."""

from __future__ import annotations

import os
import sys

from wordgames.cli import main


def _run() -> int:
    try:
        return main()
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(_run())
