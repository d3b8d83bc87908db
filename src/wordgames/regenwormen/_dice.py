"""The dice and tile tables of Regenwormen's hot paths, built once at import: every roll of
1-8 dice with its exact probability, the samplers, the face counts and masks of every roll,
and the canonical actions."""

from __future__ import annotations

import operator
from fractions import Fraction
from typing import Final

from wordgames._core.chance import multiset_roll_outcomes
from wordgames.regenwormen.actions import FACE_POINTS, FACES, Reroll, Roll, SetAside, Take
from wordgames.regenwormen.rules import MAX_PLAYERS

__all__ = ["DICE", "TILES"]

DICE = 8
"""Number of dice."""
TILES = tuple(range(21, 37))
"""The grill tiles, 21 to 36."""

# Module constants are Final: the compiled build keeps them in C statics (a plain module name
# is a dict lookup at every use).
_ZERO6: Final = (0, 0, 0, 0, 0, 0)
_SET: Final = tuple(SetAside(f) for f in FACES)
_REROLL: Final = Reroll()
_TAKE: Final = {t: Take(t) for t in TILES}
_TO_ACT: Final = tuple(frozenset((p,)) for p in range(MAX_PLAYERS))
_NOBODY: Final[frozenset[int]] = frozenset()


_Sampler = tuple[tuple[Roll, ...], tuple[int, ...], int]  # rolls, cumulative weights, bits


def _build_rolls() -> tuple[
    dict[int, tuple[tuple[Roll, Fraction], ...]],
    tuple[_Sampler, ...],
    dict[tuple[int, ...], tuple[int, ...]],
]:
    """Per number of dice: the outcomes (canonical Roll objects, exact probabilities) and a
    sampler (cumulative integer weights over 6**n); and the face counts of every roll."""
    outcomes: dict[int, tuple[tuple[Roll, Fraction], ...]] = {}
    samplers: list[_Sampler] = [((), (), 0)]  # nothing to roll with 0 dice
    counts: dict[tuple[int, ...], tuple[int, ...]] = {}
    for n in range(1, DICE + 1):
        pairs = tuple((Roll(f), p) for f, p in multiset_roll_outcomes(n, FACES))
        outcomes[n] = pairs
        cum, acc = [], 0
        for _, p in pairs:
            acc += p.numerator * (6**n // p.denominator)
            cum.append(acc)
        samplers.append((tuple(r for r, _ in pairs), tuple(cum), (6**n - 1).bit_length()))
        for roll, _ in pairs:
            counts[roll.faces] = tuple(roll.faces.count(f) for f in FACES)
    return outcomes, tuple(samplers), counts


_ROLL_TABLES = _build_rolls()
_OUTCOMES: Final = _ROLL_TABLES[0]
_SAMPLERS: Final = _ROLL_TABLES[1]
_ROLL_COUNTS: Final = _ROLL_TABLES[2]


def _mask(counts: tuple[int, ...]) -> int:
    return sum(1 << v for v in range(6) if counts[v])


# Tables for the hot paths: the face mask of every count vector of 0-8 dice (each is the
# counts of some roll, or all zero), and the set-aside actions (in face order) for every mask
# of new values.
_FACE_MASK: Final = {c: _mask(c) for c in (_ZERO6, *_ROLL_COUNTS.values())}
_SET_BY_MASK: Final = tuple(tuple(_SET[v] for v in range(6) if m >> v & 1) for m in range(64))
# canonical Roll -> (counts, number of dice, face mask)
_ROLL_INFO: Final = {
    roll: (_ROLL_COUNTS[roll.faces], len(roll.faces), _mask(_ROLL_COUNTS[roll.faces]))
    for pairs in _OUTCOMES.values()
    for roll, _ in pairs
}
# The same keyed by the identity of the canonical Roll objects (which live as long as the
# module): sampled rolls skip hashing.
_ROLL_BY_ID: Final = {id(roll): info for roll, info in _ROLL_INFO.items()}
# kept counts -> total points
_KEPT_TOTAL: Final = {c: sum(map(operator.mul, c, FACE_POINTS)) for c in _FACE_MASK}
# kept counts -> (dice left to roll, face mask): one lookup for the roll's fast path
_KEPT_LEFT_MASK: Final = {c: (DICE - sum(c), m) for c, m in _FACE_MASK.items()}
