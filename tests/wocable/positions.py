"""Seeded Wocable positions for tests: a bot's self-play to a given depth."""

from __future__ import annotations

import random
from typing import Any

from wordgames.wocable import Rules, State, new_game


def played(seed: str, lang: str, depth: int, bot: Any) -> State:
    """The state after ``depth`` moves of ``bot`` in a new two-player game of ``lang``'s tile
    set, the draws seeded by ``seed`` (the player on turn, or the end of the game)."""
    rng = random.Random(seed)
    state = new_game(2, rules=Rules(tiles=lang))
    moves = 0
    while not state.is_terminal and (moves < depth or state.is_chance_node):
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        state = state.apply(bot.choose(state.view(state.turn), rng))
        moves += 1
    return state
