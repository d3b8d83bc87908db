"""Shared helpers for the Regenwormen tests: build positions straight from the rules text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordgames import regenwormen as rw
from wordgames.regenwormen.state import min_ply


def kept_counts(faces: str) -> list[int]:
    """Counts per face from text such as ``"w w 5 5 3"``."""
    counts = [0] * 6
    for tok in faces.split():
        counts[(6 if tok == "w" else int(tok)) - 1] += 1
    return counts


def position(
    *,
    stacks: Sequence[Sequence[int]] = ((), ()),
    flipped: Sequence[int] = (),
    turn: int = 0,
    phase: str = "roll",
    kept: str | Sequence[int] = "",
    roll: str | None = None,
    rules: rw.Rules | None = None,
    departed: Sequence[int] = (),
    ply: int | None = None,
) -> rw.State:
    """A validated state: every tile not in a stack or ``flipped`` is face up on the grill;
    ``ply`` defaults to the smallest the position allows (``state.min_ply``)."""
    used = {t for s in stacks for t in s} | set(flipped)
    d: dict[str, Any] = {
        "game": "regenwormen",
        "kind": "state",
        "version": 1,
        "rules": (rules or rw.Rules()).to_dict(),
        "players": [f"P{i + 1}" for i in range(len(stacks))],
        "turn": turn,
        "phase": phase,
        "grill": [t for t in rw.TILES if t not in used],
        "flipped": sorted(flipped),
        "stacks": [list(s) for s in stacks],
        "kept": kept_counts(kept) if isinstance(kept, str) else list(kept),
        "roll": kept_counts(roll) if roll is not None else [],
        "ply": 10**6 if ply is None else ply,
        "departed": list(departed),
    }
    if ply is None:
        d["ply"] = min_ply(rw.State.from_dict(d))
    return rw.State.from_dict(d)


def roll(text: str) -> rw.Roll:
    """``roll("1 2 w")`` -> ``Roll((1, 2, 6))``."""
    action = rw.parse_action("roll " + text)
    assert isinstance(action, rw.Roll)
    return action
