"""Wocable bots. All of them see views only.

- :class:`RandomBot` (re-exported from wordgames): uniform over ``view.legal_actions()``.
- :class:`GreedyBot`: the highest-scoring placement (ties: first in notation order); without
  a placement it exchanges its whole rack when allowed, else passes.
- :class:`EquityBot`: maximises score + :func:`leave_value` of the tiles kept (the leave is
  ignored once the bag is empty); also weighs exchanges by the value of what they keep.

Under challenge rules (``Rules.word_check="challenge"``) the greedy and equity bots never play
a phony, challenge every phony played (it is public whether a play formed a word outside the
lexicon), never challenge a valid play, and accept a valid play that ends the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from wordgames._core.bots import RandomBot
from wordgames.wocable.actions import Accept, Action, Challenge, Exchange, Pass
from wordgames.wocable.engine import BLANK_BIT, Tiles, is_phony

__all__ = [
    "LEAVE_VALUES",
    "EquityBot",
    "GreedyBot",
    "RandomBot",
    "challenge_decision",
    "leave_value",
]

#: Points a kept tile is worth (English tiles; others fall back on their face value).
LEAVE_VALUES: dict[str, float] = {
    "?": 25.0,
    "S": 8.0,
    "Z": 3.0,
    "X": 3.5,
    "E": 1.5,
    "R": 1.5,
    "A": 1.0,
    "H": 1.0,
    "N": 0.5,
    "T": 0.5,
    "D": 0.5,
    "L": 0.0,
    "C": 0.5,
    "M": 0.5,
    "I": -0.5,
    "O": -1.0,
    "P": -0.5,
    "K": -0.5,
    "Y": -0.5,
    "G": -2.0,
    "B": -2.0,
    "F": -2.0,
    "U": -3.0,
    "W": -3.5,
    "V": -5.0,
    "J": -2.5,
    "Q": -7.0,
}
_VOWELS = frozenset("AEIOU")


def leave_value(leave: Sequence[str]) -> float:
    """Documented leave heuristic for the tiles kept after a move (tokens, ``?`` = blank):
    the sum of :data:`LEAVE_VALUES` (unknown tiles: ``1 - points/2`` is not available here, so
    0), minus 3 points for every duplicate beyond the first copy of a letter (blanks and S
    excepted), minus 2 points per vowel or consonant beyond a 1-tile imbalance of the
    vowel/consonant split, and minus 5 points for a Q kept without a U."""
    total = 0.0
    counts = Counter(leave)
    for tok, n in counts.items():
        total += LEAVE_VALUES.get(tok, 0.0) * n
        if n > 1 and tok not in ("?", "S"):
            total -= 3.0 * (n - 1)
    vowels = sum(n for tok, n in counts.items() if tok in _VOWELS)
    cons = sum(n for tok, n in counts.items() if tok not in _VOWELS and tok != "?")
    total -= 2.0 * max(0, abs(vowels - cons) - 1)
    if counts.get("Q") and not counts.get("U"):
        total -= 5.0
    return total


def _kept(tiles: Tiles, rack: Sequence[int], used: Sequence[int]) -> list[str]:
    left = list(rack)
    for u in used:
        left.remove(u)
    return [tiles.tile_text(t).strip("[]") for t in left]


def challenge_decision(view: Any) -> Action | None:
    """The answer to a play that may be challenged, if one is needed: ``Challenge`` for a
    phony, ``Accept`` for a valid play that ends the game, else None (the bot's own move
    accepts the play)."""
    pp = view.pending_play
    if pp is None or view.viewer != view.turn or view.phase != "play":
        return None
    if is_phony(view.tiles, view.board, pp.place):
        return Challenge(view.viewer)
    if view.pending_end is not None:
        return Accept(view.viewer)
    return None


@attrs.frozen
class GreedyBot:
    """Plays the highest-scoring placement."""

    def choose(self, view: Any, rng: random.Random) -> Action:
        answer = challenge_decision(view)
        if answer is not None:
            return answer
        moves = view.moves()
        if moves:
            return moves[0].action  # type: ignore[no-any-return]
        legal = view.legal_actions()
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges:
            return max(exchanges, key=lambda a: len(a.tiles))
        return Pass()


@attrs.frozen
class EquityBot:
    """Maximises score + leave value (see :func:`leave_value`)."""

    #: extra equity an exchange must beat the best placement by
    exchange_margin: float = 0.0

    def choose(self, view: Any, rng: random.Random) -> Action:
        answer = challenge_decision(view)
        if answer is not None:
            return answer
        tiles: Tiles = view.tiles
        rack = view.rack
        bag_empty = view.bag_size == 0
        best: Action = Pass()
        best_eq = leave_value(_kept(tiles, rack, ())) if not bag_empty else 0.0
        cache: dict[tuple[int, ...], float] = {}
        from wordgames.wocable.movegen import raw_moves

        for place, score, placed in raw_moves(tiles, view.board, rack):
            if bag_empty:
                eq = float(score)
            else:
                used = tuple(sorted(tiles.blank if v & BLANK_BIT else v for _, v in placed))
                lv = cache.get(used)
                if lv is None:
                    lv = leave_value(_kept(tiles, rack, used))
                    cache[used] = lv
                eq = score + lv
            if eq > best_eq:
                best, best_eq = place, eq
        if not bag_empty:
            for a in view.legal_actions():
                if isinstance(a, Exchange):
                    used = tiles.parse_rack(a.tiles)
                    eq = leave_value(_kept(tiles, rack, used)) - self.exchange_margin
                    if eq > best_eq:
                        best, best_eq = a, eq
        return best
