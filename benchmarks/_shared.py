"""Where the benchmarks find data of other projects: the shared data folder ``../shared/data``
beside the checkout (``$WORDGAMES_SHARED_DATA`` points elsewhere), as the tests do
(tests/shared_data.py). Nothing there is copied into the repository."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def shared_data_dir() -> Path:
    """The shared data folder (it may not exist)."""
    env = os.environ.get("WORDGAMES_SHARED_DATA")
    return Path(env) if env else ROOT.parent / "shared" / "data"


#: the full English superleave table (MAGPIE's NWL20 leaves as CSV)
NWL20 = shared_data_dir() / "leaves" / "NWL20.csv"


def midgame(bot: Any, rng: random.Random, min_bag: int = 20) -> Any:
    """A Wocable position 3 to 14 plies of ``bot``'s self-play into a new two-player game,
    the chance nodes resolved with ``rng``; None when the game is over or the bag holds fewer
    than ``min_bag`` tiles (the caller draws again)."""
    from wordgames import wocable

    state = wocable.new_game(2)
    for _ in range(rng.randint(3, 14)):
        while state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        if state.is_terminal:
            break
        state = state.apply(bot.choose(state.view(state.turn), rng))
    while state.is_chance_node:
        state = state.apply(state.sample_chance(rng))
    if state.is_terminal or state.bag_size < min_bag:
        return None
    return state
