"""A mutable two-player Wocable position for search: play and unplay, a Zobrist hash.

The public model stays the immutable :class:`~wordgames.wocable.state.State`; this board is
the endgame solver's working copy (:mod:`wordgames.wocable.endgame`). It holds the board as a
list, each side's rack as tile-id counts, at most one known tile in the bag (the one-tile
pre-endgame), the consecutive-pass count and the side to move, and keeps a 64-bit
Zobrist-style hash of all of them up to date on every :meth:`SearchBoard.play` and
:meth:`SearchBoard.unplay`. Its transitions are the engine's for two players (tested
against ``State.apply`` move for move): a placement scores, resets or counts the passes
(``Rules.zero_scores_count_as_passes``) and draws the bag tile; a pass counts; the game ends
when a player goes out with the bag empty or the passes reach ``Rules.pass_limit``.
"""

from __future__ import annotations

import random
from typing import Final

from wordgames.wocable.engine import BLANK_BIT, Tiles
from wordgames.wocable.movegen import RawMove, raw_moves
from wordgames.wocable.rules import Rules

__all__ = ["NO_TILE", "SearchBoard"]

NO_TILE: Final = -1
"""``SearchBoard.bag_tile`` when the bag is empty."""

_MASK64: Final = (1 << 64) - 1
#: random keys by (kind, index), drawn once per process from a fixed seed
_KEYS: dict[tuple[int, int], list[int]] = {}


def _keys(kind: int, n: int) -> list[int]:
    got = _KEYS.get((kind, n))
    if got is None:
        rng = random.Random(f"wordgames.searchboard:{kind}:{n}")
        got = [rng.getrandbits(64) for _ in range(n)]
        _KEYS[(kind, n)] = got
    return got


class SearchBoard:
    """A mutable two-player position: ``board`` (cell values, ``-1`` empty), ``racks``
    (two count lists by tile id, side 0 and side 1), ``bag_tile`` (the one tile in the bag,
    or :data:`NO_TILE`), ``passes`` (consecutive scoreless turns counted towards the pass
    limit), ``side`` (0 or 1, to move) and ``hash`` (of all of these).

    :meth:`play` applies a placement (a raw move of :meth:`moves`, or None for a pass) and
    returns its points for the mover and whether the game ended; :meth:`unplay` takes the
    last one back exactly. Values are never kept on the board: the caller adds the points.
    """

    __slots__ = (
        "_bag_keys",
        "_board_keys",
        "_ncell",
        "_pass_keys",
        "_rack_keys",
        "_side_key",
        "_undo",
        "bag_tile",
        "bhash",
        "board",
        "hash",
        "pass_limit",
        "passes",
        "racks",
        "side",
        "subtract",
        "tiles",
        "values",
        "zero_counts",
    )

    def __init__(
        self,
        tiles: Tiles,
        rules: Rules,
        board: list[int],
        racks: tuple[list[int], list[int]],
        side: int,
        passes: int = 0,
        bag_tile: int = NO_TILE,
    ) -> None:
        self.tiles = tiles
        self.values = tiles.values
        self.board = board
        self.racks = racks
        self.side = side
        self.passes = passes
        self.bag_tile = bag_tile
        self.pass_limit = rules.pass_limit
        self.zero_counts = rules.zero_scores_count_as_passes
        self.subtract = rules.pass_end_subtract
        ntile = tiles.blank + 1
        self._ncell = BLANK_BIT + ntile
        nsq = len(board)
        self._board_keys = _keys(0, nsq * self._ncell)
        # rack key of (side, tile, count): count 0 is key 0
        self._rack_keys = _keys(1, 2 * ntile * 8)
        for i in range(0, len(self._rack_keys), 8):
            self._rack_keys[i] = 0
        self._pass_keys = _keys(2, 101)
        self._bag_keys = _keys(3, ntile + 1)
        self._side_key = _keys(4, 1)[0]
        self._undo: list[tuple[tuple[tuple[int, int], ...] | None, int, int, bool]] = []
        self.bhash = 0
        nc = self._ncell
        bk = self._board_keys
        for sq, v in enumerate(self.board):
            if v >= 0:
                self.bhash ^= bk[sq * nc + v]
        self.hash = self._full_hash()

    def _full_hash(self) -> int:
        """The hash computed from scratch (``hash`` is kept equal to it)."""
        h = self.bhash
        for s in (0, 1):
            for t, k in enumerate(self.racks[s]):
                h ^= self._rack_key(s, t, k)
        h ^= self._pass_keys[self.passes]
        h ^= self._bag_keys[self.bag_tile + 1]
        if self.side:
            h ^= self._side_key
        return h

    def _rack_key(self, s: int, t: int, k: int) -> int:
        if k >= 8:  # more than 7 of a tile cannot be on a rack; keep the hash defined anyway
            return (self._rack_keys[(s * (self.tiles.blank + 1) + t) * 8 + 7] * (k + 1)) & _MASK64
        return self._rack_keys[(s * (self.tiles.blank + 1) + t) * 8 + k]

    @property
    def undo_depth(self) -> int:
        """How many plays :meth:`unplay` can take back."""
        return len(self._undo)

    def rack(self, s: int) -> list[int]:
        """Side ``s``'s rack as sorted tile ids."""
        out: list[int] = []
        for t, k in enumerate(self.racks[s]):
            out.extend([t] * k)
        return out

    def rack_value(self, s: int) -> int:
        """The points of side ``s``'s tiles (blanks 0)."""
        vals = self.values
        return sum(vals[t] * k for t, k in enumerate(self.racks[s]) if k)

    def rack_size(self, s: int) -> int:
        """How many tiles side ``s`` holds."""
        return sum(self.racks[s])

    def moves(self) -> list[RawMove]:
        """Every placement of the side to move (the move generator's raw moves)."""
        return raw_moves(self.tiles, self.board, self.rack(self.side))

    def end_value(self, went_out: bool) -> int:
        """The end-of-game points for the side that just moved (``self.side`` before the
        turn passed), relative to the other side: twice the other rack when it went out
        (both going-out rules give the same spread with two players), else, on the passes
        ending, the racks subtracted when ``Rules.pass_end_subtract``."""
        me = self.side
        if went_out:
            return 2 * self.rack_value(1 - me)
        if self.subtract:
            return self.rack_value(1 - me) - self.rack_value(me)
        return 0

    def play(self, move: RawMove | None) -> tuple[int, bool]:
        """Apply ``move`` for the side to move (None: a pass). Returns the points it scores
        for the mover, the end-of-game adjustment included when it ends the game, and whether
        it did. When the game ends the side to move does not change (so that
        :meth:`end_value` could be read) but :meth:`unplay` still restores everything."""
        me = self.side
        old_passes = self.passes
        old_bag = self.bag_tile
        h = self.hash ^ self._pass_keys[old_passes]
        if move is None:
            passes = old_passes + 1
            self.passes = passes
            if passes >= self.pass_limit:
                self._undo.append((None, old_passes, old_bag, True))
                self.hash = h ^ self._pass_keys[passes]
                return self.end_value(False), True
            self._undo.append((None, old_passes, old_bag, False))
            self.side = 1 - me
            self.hash = h ^ self._pass_keys[passes] ^ self._side_key
            return 0, False
        score = move[1]
        placed = move[2]
        board = self.board
        rack = self.racks[me]
        nc = self._ncell
        bk = self._board_keys
        rk = self._rack_key
        blank = self.tiles.blank
        d = 0  # the board's part of the hash
        for sq, v in placed:
            board[sq] = v
            d ^= bk[sq * nc + v]
            t = blank if v & BLANK_BIT else v
            k = rack[t]
            h ^= rk(me, t, k) ^ rk(me, t, k - 1)
            rack[t] = k - 1
        self.bhash ^= d
        h ^= d
        if old_bag != NO_TILE:  # the mover draws the bag's tile
            k = rack[old_bag]
            h ^= rk(me, old_bag, k) ^ rk(me, old_bag, k + 1)
            rack[old_bag] = k + 1
            self.bag_tile = NO_TILE
            h ^= self._bag_keys[old_bag + 1] ^ self._bag_keys[0]
        passes = old_passes + 1 if score == 0 and self.zero_counts else 0
        self.passes = passes
        h ^= self._pass_keys[passes]
        if old_bag == NO_TILE and not any(rack):
            self._undo.append((placed, old_passes, old_bag, True))
            self.hash = h
            return score + self.end_value(True), True
        if passes >= self.pass_limit:
            self._undo.append((placed, old_passes, old_bag, True))
            self.hash = h
            return score + self.end_value(False), True
        self._undo.append((placed, old_passes, old_bag, False))
        self.side = 1 - me
        self.hash = h ^ self._side_key
        return score, False

    def unplay(self) -> None:
        """Take back the last :meth:`play`."""
        placed, old_passes, old_bag, ended = self._undo.pop()
        h = self.hash ^ self._pass_keys[self.passes] ^ self._pass_keys[old_passes]
        # the mover: the side to move now, unless the move ended the game (side unchanged)
        if not ended:
            self.side = 1 - self.side
            h ^= self._side_key
        me = self.side
        self.passes = old_passes
        if placed is not None:
            rack = self.racks[me]
            rk = self._rack_key
            if old_bag != NO_TILE:
                k = rack[old_bag]
                h ^= rk(me, old_bag, k) ^ rk(me, old_bag, k - 1)
                rack[old_bag] = k - 1
                self.bag_tile = old_bag
                h ^= self._bag_keys[old_bag + 1] ^ self._bag_keys[0]
            board = self.board
            nc = self._ncell
            bk = self._board_keys
            blank = self.tiles.blank
            d = 0
            for sq, v in placed:
                board[sq] = -1
                d ^= bk[sq * nc + v]
                t = blank if v & BLANK_BIT else v
                k = rack[t]
                h ^= rk(me, t, k) ^ rk(me, t, k + 1)
                rack[t] = k + 1
            self.bhash ^= d
            h ^= d
        self.hash = h
