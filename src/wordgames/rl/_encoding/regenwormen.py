"""The Regenwormen encoder (re-exported by :mod:`wordgames.rl.encoding`)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from wordgames.regenwormen.info import GAME_INFO
from wordgames.rl._encoding.base import Encoder, Mask, Obs, Steps, _seats
from wordgames.rl._views import RegenwormenFields, regenwormen_fields

__all__ = ["RegenwormenEncoder"]


_TILES = tuple(range(21, 37))
_ROLLS: tuple[tuple[int, ...], ...] = tuple(
    faces for n in range(1, 9) for faces in combinations_with_replacement(range(1, 7), n)
)
_ROLL_INDEX = {faces: i for i, faces in enumerate(_ROLLS)}
_WORMS = {t: (t - 17) // 4 for t in _TILES}
# The turn parts of the observation, the same for every number of players (filled by the
# first encoder): (phase, kept counts) -> the phase..totals slice (19 values, no roll);
# roll counts -> the roll slice (6 values).
_TAILS: dict[tuple[int, tuple[int, ...]], Obs] = {}
_ROLLED: dict[tuple[int, ...], Obs] = {}


def _fill_turn_parts() -> None:
    """Every phase and kept count (at most 8 dice) into _TAILS, every roll into _ROLLED."""
    counts = [
        tuple(faces.count(f) for f in range(1, 7))
        for n in range(9)
        for faces in combinations_with_replacement(range(1, 7), n)
    ]
    k = np.array(counts, dtype=np.float64)
    rows = np.zeros((len(counts), 19), dtype=np.float64)
    rows[:, 4:10] = k / 8.0
    rows[:, 16] = (k @ np.array([1.0, 2.0, 3.0, 4.0, 5.0, 5.0])) / 40.0
    rows[:, 17] = k[:, 5] > 0
    rows[:, 18] = (8.0 - k.sum(axis=1)) / 8.0
    for phase in range(4):
        block = rows.copy()
        block[:, phase] = 1.0
        block32 = block.astype(np.float32)
        block32.flags.writeable = False
        _TAILS.update({(phase, c): block32[i] for i, c in enumerate(counts)})
    rolls32 = (k / 8.0).astype(np.float32)
    rolls32.flags.writeable = False
    _ROLLED.update({c: rolls32[i] for i, c in enumerate(counts) if any(c)})


class RegenwormenEncoder(Encoder):
    """The whole Regenwormen action space, for ``num_players`` players.

    ============================  ==========================================================
    index                         action
    ============================  ==========================================================
    0 .. 5                        ``SetAside(face)`` for faces 1..5 and the worm (6)
    6                             ``Reroll()``
    7 .. 22                       ``Take(tile)`` for tiles 21..36
    23 + (tile-21)*(n-1) + r - 1  ``Steal(tile, victim)``, victim ``r`` seats after the
                                  player on turn (r = 1..n-1)
    chance_offset + k             ``Roll(faces)``: the k-th sorted multiset of 1..8 faces,
                                  by number of dice then lexicographically (3002 rolls)
    ============================  ==========================================================

    The observation lists seats from the viewer's (a spectator: the player on turn), so one
    policy plays every seat.
    """

    game = GAME_INFO.name

    def __init__(self, num_players: int) -> None:
        super().__init__()
        most = GAME_INFO.max_players
        if not 1 <= num_players <= most:  # 1: a solo game (``Rules(allow_solo=True)``)
            raise ValueError(f"Regenwormen has 1 to {most} players")
        self.num_players = n = num_players
        self.num_player_actions = 23 + 16 * (n - 1)
        self.num_chance_outcomes = len(_ROLLS)
        lay = self._layout
        lay.add("grill", 16)  # 1 where tile 21+i lies face up
        lay.add("flipped", 16)  # 1 where tile 21+i was turned face down
        lay.add("top_tile", n, 17)  # per seat: one-hot top tile (0 = no tile, k = tile 20+k)
        lay.add("worms", n)  # per seat: worms held / 40
        lay.add("stack_size", n)  # per seat: tiles held / 16
        lay.add("to_act", n)  # one-hot: the seat whose turn it is
        lay.add("phase", 4)  # roll pending, set aside, decide, over
        lay.add("kept", 6)  # dice set aside per face (1..5, worm) / 8
        lay.add("roll", 6)  # the roll waiting for a set-aside, per face / 8
        lay.add("totals", 3)  # points kept / 40, worm kept, dice left / 8
        lay.add("departed", n)  # per seat: resigned
        from wordgames.regenwormen.actions import Reroll, Roll, SetAside, Steal, Take

        self._Roll, self._Steal = Roll, Steal
        self._fixed: list[Any] = [SetAside(f) for f in range(1, 7)]
        self._fixed.append(Reroll())
        self._fixed.extend(Take(t) for t in _TILES)
        self._fixed_index = {a: i for i, a in enumerate(self._fixed)}
        self._rolls = [Roll(f) for f in _ROLLS]
        names = (
            *("top_tile", "worms", "stack_size", "to_act", "phase", "kept", "roll", "totals"),
            "departed",
        )
        self._starts = tuple(lay.parts[k][0] for k in names)
        # caches of the fast paths (every value they hold is immutable, and kept alive with
        # the key it was found by, so an ``id`` is never reused while it is cached):
        # id(legal tuple) -> (that tuple, table); (turn, legal tuple) -> table
        self._tables_by_id: dict[int, tuple[Any, tuple[dict[int, Any], Mask]]] = {}
        self._tables: dict[tuple[int, Any], tuple[dict[int, Any], Mask]] = {}
        # viewer seat -> (grill, flipped, stacks, departed, turn, over, vector): the last
        # board seen from that seat (the turn parts are in _TAILS and _ROLLED)
        self._boards: dict[int, tuple[Any, Any, Any, Any, int, bool, Obs]] = {}
        self._tail = slice(self._starts[4], self._starts[8])  # phase, kept, roll, totals
        if not _TAILS:
            _fill_turn_parts()
        self._roll = slice(self._starts[6], self._starts[6] + 6)

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._Roll:
            i = _ROLL_INDEX.get(outcome.faces)
            if i is not None:
                return self.chance_offset + i
        raise ValueError(f"{outcome!r} is not a Regenwormen roll")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        return self._rolls[index - self.chance_offset]

    def _encode(self, turn: int, action: Any) -> int:
        try:
            i = self._fixed_index.get(action)
        except TypeError:
            i = None
        if i is not None:
            return i
        if type(action) is self._Steal:
            n = self.num_players
            r = (action.victim - turn) % n if type(action.victim) is int else 0
            if action.tile in _TILES and 1 <= r < n and 0 <= action.victim < n:
                return 23 + (action.tile - 21) * (n - 1) + r - 1
        return self.encode_chance(action)

    def encode(self, view: Any, action: Any) -> int:
        return self._encode(regenwormen_fields(view).turn, action)

    def decode(self, view: Any, index: int, prefix: Steps = ()) -> Any:
        self._one_step(prefix)
        self._check_index(index)
        if index >= self.chance_offset:
            return self.decode_chance(index)
        if index < 23:
            return self._fixed[index]
        n = self.num_players
        k, r = divmod(index - 23, n - 1)
        turn = regenwormen_fields(view).turn
        return self._Steal(21 + k, (turn + r + 1) % n)

    def legal(self, view: Any, prefix: Steps = ()) -> tuple[list[int], list[Any]]:
        self._one_step(prefix)
        acts = list(view.legal_actions())
        if not acts:
            return [], []
        turn = regenwormen_fields(view).turn
        return [self._encode(turn, a) for a in acts], acts

    def _legal_table(self, view: Any, prefix: Steps = ()) -> tuple[dict[int, Any], Mask]:
        self._one_step(prefix)
        # The game hands out the same legal tuples again (set-asides) or equal ones (the
        # decisions): a table is built once per tuple, and per turn for equal tuples (a
        # steal's index is relative to the player on turn).
        acts = view.legal_actions()
        hit = self._tables_by_id.get(id(acts))
        if hit is not None and hit[0] is acts:
            return hit[1]
        key = (regenwormen_fields(view).turn if acts else 0, acts)
        table = self._tables.get(key)
        if table is None:
            table = super()._legal_table(view)
            if len(self._tables) >= 4096:
                self._tables.clear()
            self._tables[key] = table
        if len(self._tables_by_id) >= 256:
            self._tables_by_id.clear()
        self._tables_by_id[id(acts)] = (acts, table)
        return table

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        self._one_step(prefix)
        # The board parts change once a turn (computed by :meth:`_observe_plain`, kept per
        # seat); the turn parts (phase, kept, roll, totals) come from the tables.
        f = regenwormen_fields(view)
        me = view.viewer
        if me is None:
            me = f.turn
        over = f.phase == 3
        b = self._boards.get(me)
        if b is None or not (
            b[0] is f.grill
            and b[1] is f.flipped
            and b[2] is f.stacks
            and b[3] is f.departed
            and b[4] == f.turn
            and b[5] == over
        ):
            vec = self._observe_plain(f, me, turn_parts=False)
            vec.flags.writeable = False
            b = (f.grill, f.flipped, f.stacks, f.departed, f.turn, over, vec)
            self._boards[me] = b
        tail = _TAILS.get((f.phase, f.kept))
        if tail is None:  # not a state of the game's rules: computed, not kept
            tail = self._observe_plain(f._replace(roll=()), me)[self._tail]
        out: Obs = b[6].copy()
        out[self._tail] = tail
        if f.roll:
            rolled = _ROLLED.get(f.roll)
            if rolled is None:
                rolled = self._observe_plain(f, me)[self._roll]
            out[self._roll] = rolled
        return out

    def _observe_plain(self, f: RegenwormenFields, me: int, turn_parts: bool = True) -> Obs:
        """The observation of fields ``f`` seen from seat ``me``, computed from scratch
        (``turn_parts=False``: phase, kept, roll and totals are left at 0)."""
        n = self.num_players
        out = np.zeros(self._layout.size, dtype=np.float32)  # scalar writes: no list to convert
        for t in f.grill:
            out[t - 21] = 1.0
        for t in f.flipped:
            out[t - 5] = 1.0
        top0, worms0, size0, act0, phase0, kept0, roll0, tot0, dep0 = self._starts
        over = f.phase == 3
        for k, p in enumerate(_seats(n, me)):
            stack = f.stacks[p]
            if stack:
                out[top0 + 17 * k + stack[-1] - 20] = 1.0
                out[worms0 + k] = sum(map(_WORMS.__getitem__, stack)) / 40.0
                out[size0 + k] = len(stack) / 16.0
            else:
                out[top0 + 17 * k] = 1.0
            if p == f.turn and not over:
                out[act0 + k] = 1.0
            if p in f.departed:
                out[dep0 + k] = 1.0
        if not turn_parts:
            return out
        out[phase0 + f.phase] = 1.0
        kept = f.kept
        for i, c in enumerate(kept):
            if c:
                out[kept0 + i] = c / 8.0
        for i, c in enumerate(f.roll):
            if c:
                out[roll0 + i] = c / 8.0
        total = kept[0] + 2 * kept[1] + 3 * kept[2] + 4 * kept[3] + 5 * (kept[4] + kept[5])
        out[tot0] = total / 40.0
        out[tot0 + 1] = 1.0 if kept[5] else 0.0
        out[tot0 + 2] = (8 - sum(kept)) / 8.0
        return out
