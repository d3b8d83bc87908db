"""Small set-ups and seeded playouts shared by the RL adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import wordgames
from wordgames import GAMES

GAME_NAMES = ("regenwormen", "wocable", "wordmeld", "wommeln")


def small_kwargs(game: str) -> dict[str, Any]:
    """``new_game`` keywords of a quick set-up of ``game``."""
    if game == "wommeln":
        return {"rules": GAMES["wommeln"].Rules(rounds=2, intensiv=True)}
    return {}


def new_game(game: str, players: int = 2) -> Any:
    """A quick set-up of ``game``."""
    return GAMES[game].new_game(players, **small_kwargs(game))


def playout(game: str, seed: int, steps: int, players: int = 2) -> Iterator[Any]:
    """The states of a seeded random playout (at most ``steps`` actions after the first)."""
    rng = random.Random(seed)
    state = new_game(game, players)
    yield state
    for _ in range(steps):
        if state.is_terminal:
            return
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
        else:
            p = rng.choice(sorted(state.players_to_act))
            state = state.apply(rng.choice(state.legal_actions(p)))
        yield state
