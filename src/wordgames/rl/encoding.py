"""Integer action encodings and fixed-shape observation tensors, one encoder per game.

Every encoder maps the actions of one game set-up (a number of players and the rules) to the
flat index range ``0 .. num_actions - 1``:

- ``0 .. num_player_actions - 1``: the players' decisions;
- ``chance_offset .. num_actions - 1`` (``chance_offset == num_player_actions``): chance
  outcomes (rolls, draws, category cards), each its own index.

Everything is computed from a *view* (``state.view(p)``), never from a state, so an agent sees
exactly what its player may know. **Every** action of ``view.legal_actions()`` has an index
sequence, ``decode_steps(view, encode_steps(view, a)) == a``, and the masks mark exactly the
legal actions. :class:`~wordgames.Resign` and the frontend-only events (Wocable's
``Timeout``, Wömmeln's ``TimeUp``) have no index: they are not decisions a learner makes, and
the games do not list them among the legal actions (``encode`` raises ValueError for them).
Who has left shows in the observations instead: every game's has a ``departed`` flag per seat.

Regenwormen enumerates its whole action space, one index per action. Wömmeln lists its few
offered words after fixed slots, under a cap its rules prove (:class:`WommelnEncoder`). A
Wocable placement and a WordMeld play cannot have one index each in a fixed space of sane
size (tens of thousands of placements with two blanks; a play is any edit of the table), so
they are chosen **in steps** from a fixed space that covers the whole action set: a Wocable
placement is its first square, direction and number of tiles, then its tiles one by one; a
WordMeld play is its words, each a part marker and then its cards (and jokers' letters) one
by one, then "done". :meth:`Encoder.legal` and :meth:`Encoder.action_mask` take the steps
chosen so far (``prefix``) and mark the next steps that lead to at least one legal action;
a step that completes an action maps to it, the others to :data:`MORE`. See docs/rl.md.
"""

from __future__ import annotations

import abc
import struct
from bisect import bisect_left
from itertools import combinations_with_replacement
from typing import Any, ClassVar, Final, TypeAlias

import numpy as np
import numpy.typing as npt

from wordgames.rl._views import (
    RegenwormenFields,
    regenwormen_fields,
    wocable_fields,
    wommeln_fields,
    wordmeld_fields,
)

__all__ = [
    "MORE",
    "OBS_BOUND",
    "Encoder",
    "RegenwormenEncoder",
    "WocableEncoder",
    "WommelnEncoder",
    "WordMeldEncoder",
    "encoder_for",
    "wommeln_list_bound",
]

OBS_BOUND = 1000.0
"""Every observation value lies within ``[-OBS_BOUND, OBS_BOUND]`` (most within [0, 1])."""

#: An observation vector.
Obs: TypeAlias = "npt.NDArray[np.float32]"
#: An action mask (0/1).
Mask: TypeAlias = "npt.NDArray[np.int8]"
#: The steps chosen so far of an action chosen in several steps (``()`` at a decision's start).
Steps: TypeAlias = "tuple[int, ...]"


class _More:
    """The type of :data:`MORE` (one instance)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MORE"

    def __reduce__(self) -> str:
        return "MORE"

    def __copy__(self) -> _More:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _More:
        return self


MORE: Final = _More()
"""What :meth:`Encoder.legal` gives for an index that is one step of an action chosen in
several: choose it, then ask again with the index appended to the prefix."""


class _Layout:
    """Named slices of a flat observation vector, in order."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[int, tuple[int, ...]]] = {}
        self.size = 0

    def add(self, name: str, *shape: int) -> int:
        start = self.size
        n = 1
        for d in shape:
            n *= d
        self.parts[name] = (start, shape)
        self.size += n
        return start


class Encoder(abc.ABC):
    """Actions to integers and views to float32 vectors for one game set-up.

    Attributes: ``game`` (the game's name), ``num_players``, ``num_player_actions``,
    ``num_chance_outcomes``, ``chance_offset``, ``num_actions``, ``observation_shape``
    (always one dimension), ``max_steps`` (the most indices one action takes: 1 unless the
    game chooses some actions in steps) and ``layout``: for every named part of the
    observation, its start in the flat vector and its shape.

    A *prefix* is the tuple of indices chosen so far towards an action chosen in steps
    (``()`` at the start of every decision); every method that reads one defaults to ``()``.
    """

    game: ClassVar[str]
    num_players: int
    num_player_actions: int
    num_chance_outcomes: int
    max_steps: int = 1

    def __init__(self) -> None:
        self._layout = _Layout()

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoder:
        """Encoders hold only set-up facts (and a cache): copies share them."""
        return self

    @property
    def chance_offset(self) -> int:
        """Index of the first chance outcome."""
        return self.num_player_actions

    @property
    def num_actions(self) -> int:
        """Size of the whole index range (player actions, then chance outcomes)."""
        return self.num_player_actions + self.num_chance_outcomes

    @property
    def observation_shape(self) -> tuple[int]:
        """Shape of :meth:`observe`'s result."""
        return (self._layout.size,)

    @property
    def layout(self) -> dict[str, tuple[int, tuple[int, ...]]]:
        """Named parts of the observation: ``{name: (start, shape)}`` in order."""
        return dict(self._layout.parts)

    # -- actions ---------------------------------------------------------------------------

    @abc.abstractmethod
    def encode_chance(self, outcome: Any) -> int:
        """The flat index of a chance outcome (ValueError if it is not one of this set-up)."""

    @abc.abstractmethod
    def decode_chance(self, index: int) -> Any:
        """The chance outcome with flat index ``index`` (ValueError out of range)."""

    @abc.abstractmethod
    def legal(self, view: Any, prefix: Steps = ()) -> tuple[list[int], list[Any]]:
        """``(indices, choices)``, aligned: the indices the viewer may choose now (after the
        steps ``prefix``), and for each the legal action it completes, or :data:`MORE` when
        it is one step of an action chosen in several. With ``prefix=()`` every legal action
        of the view is reached: the one-step actions in the order of
        ``view.legal_actions()``, then the first steps of the others (steps in index
        order)."""

    @abc.abstractmethod
    def encode(self, view: Any, action: Any) -> int:
        """The index of ``action`` as seen in ``view``, for an action chosen in one step
        (ValueError when it has none, or takes several: see :meth:`encode_steps`)."""

    @abc.abstractmethod
    def decode(self, view: Any, index: int, prefix: Steps = ()) -> Any:
        """The action that index ``index`` completes after the steps ``prefix`` in ``view``
        (ValueError when there is none, or when the index is only one more step)."""

    def encode_steps(self, view: Any, action: Any) -> Steps:
        """The indices that choose ``action`` in ``view``, in order (one for most actions;
        ValueError when it has none)."""
        return (self.encode(view, action),)

    def decode_steps(self, view: Any, steps: Steps) -> Any:
        """The action the indices ``steps`` choose in ``view`` (ValueError if they do not
        choose one)."""
        if not steps:
            raise ValueError("no steps")
        return self.decode(view, steps[-1], tuple(steps[:-1]))

    def step_name(self, index: int) -> str:
        """What step index ``index`` chooses, in words, for an action chosen in steps
        (ValueError for an index that is not such a step)."""
        raise ValueError(f"index {index} is not a step ({self.game} has none)")

    def _legal_table(self, view: Any, prefix: Steps = ()) -> tuple[dict[int, Any], Mask]:
        """``{index: choice}`` of :meth:`legal` and its mask, built once (the mask is
        read-only: copy it to hand it out)."""
        idx, acts = self.legal(view, prefix)
        mask = np.zeros(self.num_player_actions, dtype=np.int8)
        mask[idx] = 1
        mask.flags.writeable = False
        return dict(zip(idx, acts, strict=True)), mask

    def action_mask(self, view: Any, prefix: Steps = ()) -> Mask:
        """A 0/1 vector over the player actions: 1 for the indices of :meth:`legal`."""
        mask = np.zeros(self.num_player_actions, dtype=np.int8)
        idx, _ = self.legal(view, prefix)
        mask[idx] = 1
        return mask

    # -- observations ----------------------------------------------------------------------

    @abc.abstractmethod
    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        """The view as a float32 vector of :attr:`observation_shape` (see :attr:`layout`);
        the steps ``prefix`` of an action being chosen show in its ``pending`` parts."""

    def _check_index(self, index: int) -> None:
        if not (isinstance(index, (int, np.integer)) and 0 <= index < self.num_actions):
            raise ValueError(f"action index {index!r} is outside 0..{self.num_actions - 1}")

    @staticmethod
    def _one_step(prefix: Steps) -> None:
        if prefix:
            raise ValueError(f"no action of this game is chosen in steps (prefix {prefix!r})")


def _seats(num_players: int, me: int) -> list[int]:
    """Absolute seats in the order the observation lists them: ``me`` first, then the
    following players in turn order."""
    return [(me + k) % num_players for k in range(num_players)]


# -- Regenwormen ----------------------------------------------------------------------------

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

    game = "regenwormen"

    def __init__(self, num_players: int) -> None:
        super().__init__()
        if not 1 <= num_players <= 7:
            raise ValueError("Regenwormen has 1 to 7 players")
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


# -- the word games: fixed slots, then a capped list (Wömmeln) or steps (Wocable, WordMeld) ---


class _ListEncoder(Encoder):
    """Fixed slots ``0 .. list_offset - 1``, then ``cap`` list slots: the i-th open-ended
    action of the view's legal list (in the game's order, after the fixed-slot actions are
    taken out). The subclass proves that no list is longer than ``cap``."""

    list_offset: int
    cap: int
    _last: tuple[Any, tuple[Any, ...], list[Any], dict[Any, int]] | None = None

    @abc.abstractmethod
    def _fixed_index(self, view: Any, action: Any) -> int | None:
        """The fixed slot of ``action`` in ``view``, or None if it belongs to the list."""

    @abc.abstractmethod
    def _fixed_action(self, view: Any, index: int) -> Any:
        """The action of fixed slot ``index`` (ValueError if the slot is empty here)."""

    def _lists(self, view: Any) -> tuple[tuple[Any, ...], list[Any], dict[Any, int]]:
        """The view's legal actions, the listed ones in slot order and their positions (the
        last view's are kept, so that encoding many actions of one view generates once)."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1], last[2], last[3]
        every = tuple(view.legal_actions())
        listed = [a for a in every if self._fixed_index(view, a) is None]
        if len(listed) > self.cap:  # the proven bound was wrong: never hide an action
            raise RuntimeError(f"{len(listed)} listed actions, more than the cap {self.cap}")
        where = {a: k for k, a in enumerate(listed)}
        self._last = (view, every, listed, where)
        return every, listed, where

    def legal(self, view: Any, prefix: Steps = ()) -> tuple[list[int], list[Any]]:
        self._one_step(prefix)
        every, _, where = self._lists(view)
        idx: list[int] = []
        acts: list[Any] = []
        for a in every:
            i = self._fixed_index(view, a)
            if i is None:
                i = self.list_offset + where[a]
            idx.append(i)
            acts.append(a)
        return idx, acts

    def listed(self, view: Any) -> list[Any]:
        """The open-ended legal actions, in slot order."""
        return self._lists(view)[1]

    def encode(self, view: Any, action: Any) -> int:
        try:
            return self.encode_chance(action)
        except ValueError:
            pass
        i = self._fixed_index(view, action)
        if i is not None:
            return i
        try:
            k = self._lists(view)[2].get(action)
        except TypeError:  # unhashable: not an action of this game
            k = None
        if k is not None:
            return self.list_offset + k
        raise ValueError(f"{action!s} has no index in this view (not legal)")

    def decode(self, view: Any, index: int, prefix: Steps = ()) -> Any:
        self._one_step(prefix)
        self._check_index(index)
        if index >= self.chance_offset:
            return self.decode_chance(index)
        if index < self.list_offset:
            return self._fixed_action(view, index)
        listed = self.listed(view)
        k = index - self.list_offset
        if k >= len(listed):
            raise ValueError(f"list slot {k} is empty in this view ({len(listed)} listed)")
        return listed[k]


class _StepEncoder(Encoder):
    """Fixed slots ``0 .. step_offset - 1`` (one-step actions), then the step range
    ``step_offset .. num_player_actions - 1``: the subclass spells every open-ended action as
    a sequence of step indices (:meth:`_steps_of`; no legal action's sequence may be a prefix
    of another's).

    The sequences of a view's legal actions are kept as one sorted list of byte strings
    (each step a big-endian number of ``_width`` bytes, so that byte order is step order):
    the actions that start with given steps are a range of it, found by bisection, and the
    distinct next steps are found with one bisection each. That takes a few dozen bytes an
    action (a tree of dicts took several hundred).
    """

    step_offset: int
    _width = 2  # bytes a step
    _last: tuple[Any, list[int], list[Any], list[bytes], list[Any]] | None = None

    @abc.abstractmethod
    def _fixed_index(self, view: Any, action: Any) -> int | None:
        """The fixed slot of ``action`` in ``view``, or None if it is chosen in steps."""

    @abc.abstractmethod
    def _fixed_action(self, view: Any, index: int) -> Any:
        """The action of fixed slot ``index`` (ValueError if the slot is empty here)."""

    @abc.abstractmethod
    def _steps_of(self, view: Any, action: Any) -> Steps:
        """The step indices that spell an open-ended ``action`` (ValueError if none do)."""

    def _set_width(self) -> None:
        """Call once ``num_player_actions`` is known."""
        self._width = 2 if self.num_player_actions < 0xFFFF else 4

    def _key(self, steps: Steps) -> bytes:
        try:
            return struct.pack(f">{len(steps)}{'H' if self._width == 2 else 'I'}", *steps)
        except struct.error:
            raise ValueError(f"{steps!r} are not step indices") from None

    def _tree(self, view: Any) -> tuple[list[int], list[Any], list[bytes], list[Any]]:
        """The fixed-slot legal actions (indices, actions) and the others' step sequences
        (sorted keys, and the actions aligned with them); the last view's are kept, so that
        encoding many actions of one view generates once."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1], last[2], last[3], last[4]
        idx: list[int] = []
        fixed: list[Any] = []
        unsorted: list[bytes] = []
        listed: list[Any] = []
        key, steps_of = self._key, self._steps_of
        # (no new container per action is kept: bytes and ints are not tracked by the cyclic
        # garbage collector, whose passes over a large legal list would cost more than this)
        for a in view.legal_actions():
            i = self._fixed_index(view, a)
            if i is None:
                unsorted.append(key(steps_of(view, a)))
                listed.append(a)
            else:
                idx.append(i)
                fixed.append(a)
        order = sorted(range(len(unsorted)), key=unsorted.__getitem__)
        keys = [unsorted[j] for j in order]
        acts = [listed[j] for j in order]
        for j in range(1, len(keys)):
            if keys[j].startswith(keys[j - 1]):
                raise RuntimeError(f"{acts[j - 1]} and {acts[j]} share steps")
        self._last = (view, idx, fixed, keys, acts)
        return idx, fixed, keys, acts

    def _range(self, view: Any, prefix: Steps) -> tuple[list[bytes], list[Any], bytes, int, int]:
        """The keys and actions of ``view``, the key of ``prefix`` and the range of the
        actions that start with it and go on (ValueError if none does)."""
        _, _, keys, acts = self._tree(view)
        p = self._key(prefix)
        lo = bisect_left(keys, p)
        hi = bisect_left(keys, p + b"\xff" * self._width, lo)
        if prefix and (lo == hi or len(keys[lo]) == len(p)):
            raise ValueError(f"no legal action of this view starts with steps {prefix!r}")
        return keys, acts, p, lo, hi

    def legal(self, view: Any, prefix: Steps = ()) -> tuple[list[int], list[Any]]:
        keys, acts, p, lo, hi = self._range(view, prefix)
        if prefix:
            out_idx: list[int] = []
            out: list[Any] = []
        else:
            idx, fixed = self._tree(view)[:2]
            out_idx, out = list(idx), list(fixed)
        w = self._width
        start = len(p)
        end = start + w
        top = b"\xff" * w
        i = lo
        while i < hi:
            k = keys[i]
            t = k[start:end]
            out_idx.append(int.from_bytes(t, "big"))
            if len(k) == end:  # the whole action (no other starts with it)
                out.append(acts[i])
                i += 1
            else:
                out.append(MORE)
                i = bisect_left(keys, p + t + top, i + 1, hi)
        return out_idx, out

    def encode_steps(self, view: Any, action: Any) -> Steps:
        try:
            return (self.encode_chance(action),)
        except ValueError:
            pass
        i = self._fixed_index(view, action)
        if i is not None:
            return (i,)
        try:
            steps = self._steps_of(view, action)
        except (ValueError, TypeError, AttributeError, KeyError):
            steps = ()
        if steps:
            _, _, keys, acts = self._tree(view)
            k = self._key(steps)
            j = bisect_left(keys, k)
            if j < len(keys) and keys[j] == k and acts[j] == action:
                return steps
        raise ValueError(f"{action!s} has no index in this view (not legal)")

    def encode(self, view: Any, action: Any) -> int:
        steps = self.encode_steps(view, action)
        if len(steps) != 1:
            raise ValueError(f"{action!s} is chosen in {len(steps)} steps: see encode_steps")
        return steps[0]

    def decode(self, view: Any, index: int, prefix: Steps = ()) -> Any:
        self._check_index(index)
        if index >= self.chance_offset and not prefix:
            return self.decode_chance(index)
        if index < self.step_offset and not prefix:
            return self._fixed_action(view, index)
        keys, acts, p, lo, hi = self._range(view, prefix)
        k = p + self._key((index,))
        j = bisect_left(keys, k, lo, hi)
        if j == hi or not keys[j].startswith(k):
            raise ValueError(f"step {index} leads to no legal action after {prefix!r}")
        if len(keys[j]) != len(k):
            raise ValueError(f"step {index} after {prefix!r} is one step of several (MORE)")
        return acts[j]


# -- Wocable ----------------------------------------------------------------------------------


class WocableEncoder(_StepEncoder):
    """Wocable: ``Pass``, exchanges by rack positions, challenges, and placements in steps.

    ==========================  ====================================================
    index                       action or step
    ==========================  ====================================================
    0                           ``Pass()``
    m = 1 .. 127                ``Exchange`` of the tiles at the bits of ``m`` in the
                                viewer's sorted rack (bit 0 = first tile); a multiset
                                with repeated tiles uses the lowest such positions
    128, 129                    ``Challenge(viewer)``, ``Accept(viewer)`` (challenge rules)
    130 + (2q + d)R + k - 1     first step of a placement: its first new tile goes on
                                square q = row * size + col, across (d = 0) or down
                                (d = 1), and it places k = 1 .. R tiles (R = 7)
    tile_offset + t             each further step: the next tile in reading order,
                                letter t (t < L) or a blank standing for letter
                                t - L (L <= t < 2L)
    chance_offset + t           ``Draw`` of tile id ``t`` (the letters, then the blank)
    ==========================  ====================================================

    A placement of k tiles takes k + 1 steps; the tiles go on the first k empty squares
    from its first square on, so the steps spell it exactly, and every placement of every
    position has such a sequence (``num_player_actions = 130 + 2 * size² * R + 2L``).
    """

    game = "wocable"

    def __init__(self, num_players: int, view: Any) -> None:
        super().__init__()
        from wordgames.wocable.actions import (
            Accept,
            Challenge,
            Draw,
            Exchange,
            Pass,
            Place,
            split_tokens,
        )
        from wordgames.wocable.engine import RACK_SIZE

        f = wocable_fields(view)
        self.num_players = n = num_players
        self._Challenge, self._Accept, self._Place = Challenge, Accept, Place
        self._split = split_tokens
        self._tile_texts = f.tile_texts
        self._rack_cache: tuple[Any, list[str]] | None = None
        self._L = L = len(f.alphabet)
        self._R = R = RACK_SIZE
        self.num_chance_outcomes = L + 1
        self._size = S = f.size
        self.step_offset = 130
        #: first index of the tile steps
        self.tile_offset = 130 + 2 * S * S * R
        self.num_player_actions = self.tile_offset + 2 * L
        self._set_width()
        self.max_steps = R + 1
        # a tile token of a placement (``A``, ``CH``; lowercase for a blank) -> its step
        self._tile_step = {a: self.tile_offset + i for i, a in enumerate(f.alphabet)}
        self._tile_step.update(
            {a.lower(): self.tile_offset + L + i for i, a in enumerate(f.alphabet)}
        )
        self._Draw, self._Exchange, self._Pass = Draw, Exchange, Pass
        self._draws = [Draw(f.alphabet[i] if i < L else "?") for i in range(L + 1)]
        self._draw_index = {d.tile: i for i, d in enumerate(self._draws)}
        lay = self._layout
        lay.add("board", L + 2, S, S)  # planes: letter 0..L-1, blank flag, empty square
        lay.add("rack", L + 1)  # viewer's tiles per id (letters, blank) / 7
        lay.add("unseen", L + 1)  # tiles the viewer cannot see, per id / 10
        lay.add("scores", n)  # per seat (viewer first) / 500
        lay.add("rack_sizes", n)  # per seat / 7
        lay.add("departed", n)  # per seat: resigned or timed out
        lay.add("to_act", n)  # one-hot: the seat on turn
        lay.add("phase", 4)  # deal, draw, play, over
        lay.add("counters", 2)  # bag size / 100, scoreless turns in a row / 6
        lay.add("challenge", 2)  # window open; the challengeable play's score / 100
        lay.add("pending_square", S, S)  # a placement being chosen: its first square
        lay.add("pending_direction", 2)  # across, down
        lay.add("pending_length", R)  # one-hot: it places 1..R tiles
        lay.add("pending_tiles", R, 2 * L)  # the tiles chosen so far, one-hot each

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._Draw:
            i = self._draw_index.get(outcome.tile)
            if i is not None:
                return self.chance_offset + i
        raise ValueError(f"{outcome!r} is not a draw of this tile set")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        return self._draws[index - self.chance_offset]

    def _rack_texts(self, view: Any) -> list[str]:
        """The viewer's rack in notation, sorted by tile id (kept for the last view)."""
        cached = self._rack_cache
        if cached is not None and cached[0] is view:
            return cached[1]
        texts = self._tile_texts
        out = [texts[x] for x in sorted(wocable_fields(view).rack or ())]
        self._rack_cache = (view, out)
        return out

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        if type(action) is self._Pass:
            return 0
        if type(action) in (self._Challenge, self._Accept):
            if action.player != view.viewer:
                raise ValueError(f"{action} is not the viewer's")
            return 128 if type(action) is self._Challenge else 129
        if type(action) is self._Exchange:
            rack = self._rack_texts(view)
            mask, used = 0, [False] * len(rack)
            for tok in self._split(action.tiles):
                text = tok if len(tok) == 1 else f"[{tok}]"
                for i, r in enumerate(rack):
                    if not used[i] and r == text:
                        used[i] = True
                        mask |= 1 << i
                        break
                else:
                    raise ValueError(f"{action} exchanges tiles the viewer does not hold")
            if not 1 <= mask <= 127:
                raise ValueError(f"{action} is not an exchange of rack tiles")
            return mask
        return None

    def _steps_of(self, view: Any, action: Any) -> Steps:
        if type(action) is not self._Place:
            raise ValueError(f"{action!r} is not a Wocable action")
        S, R = self._size, self._R
        step = self._tile_step
        word = action.word
        toks = word if "[" not in word else self._split(word)  # one character a tile
        first = -1
        tiles: list[int] = []
        for j, tok in enumerate(toks):
            if tok != ".":
                if first < 0:
                    first = j
                tiles.append(step[tok])
        k = len(tiles)
        across = bool(action.across)
        r = action.row + (0 if across else first)
        c = action.col + (first if across else 0)
        if not (0 < k <= R and 0 <= r < S and 0 <= c < S):
            raise ValueError(f"{action} places no tiles on the board")
        return (130 + (2 * (r * S + c) + (0 if across else 1)) * R + k - 1, *tiles)

    def step_name(self, index: int) -> str:
        """``"8H across, 3 tiles"`` for a first step, ``"tile E"`` / ``"tile e"`` (a blank)
        for a tile step."""
        R, S, L, t0 = self._R, self._size, self._L, self.tile_offset
        if 130 <= index < t0:
            sq_dir, k = divmod(index - 130, R)
            q, d = divmod(sq_dir, 2)
            r, c = divmod(q, S)
            col = chr(ord("A") + c)
            square = f"{r + 1}{col} across" if d == 0 else f"{col}{r + 1} down"
            return f"{square}, {k + 1} tile{'s' if k else ''}"
        if t0 <= index < self.num_player_actions:
            t = index - t0
            text = self._tile_texts[t % L]
            return f"tile {text if t < L else text.lower()}"
        raise ValueError(f"index {index} is not a step")

    def _fixed_action(self, view: Any, index: int) -> Any:
        if index == 0:
            return self._Pass()
        if index in (128, 129):
            if view.viewer is None:
                raise ValueError(f"slot {index} needs a player's view")
            return (self._Challenge if index == 128 else self._Accept)(view.viewer)
        rack = self._rack_texts(view)
        if index >> len(rack):
            raise ValueError(f"exchange slot {index} needs more tiles than the rack holds")
        return self._Exchange("".join(r for i, r in enumerate(rack) if index >> i & 1))

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        f = wocable_fields(view)
        n, L, S = self.num_players, self._L, self._size
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        cells = S * S
        board = np.asarray(f.board, dtype=np.int64)
        filled = board >= 0
        sq = np.nonzero(filled)[0]
        codes = board[sq]
        out[(codes & 63) * cells + sq] = 1.0
        out[L * cells + sq[(codes & 64) != 0]] = 1.0
        out[(L + 1) * cells + np.nonzero(~filled)[0]] = 1.0
        rack0 = parts["rack"][0]
        for x in f.rack or ():
            out[rack0 + x] += 1.0 / 7.0
        un0 = parts["unseen"][0]
        out[un0 : un0 + L + 1] = np.asarray(f.unseen, dtype=np.float32) / 10.0
        me = view.viewer if view.viewer is not None else f.turn
        sc0, rs0, dep0, act0 = (parts[k][0] for k in ("scores", "rack_sizes", "departed", "to_act"))
        for k, p in enumerate(_seats(n, me)):
            out[sc0 + k] = f.scores[p] / 500.0
            out[rs0 + k] = f.rack_sizes[p] / 7.0
            out[dep0 + k] = 1.0 if p in f.departed else 0.0
            if p == f.turn and f.phase == "play":
                out[act0 + k] = 1.0
        out[parts["phase"][0] + ("deal", "draw", "play", "over").index(f.phase)] = 1.0
        c0 = parts["counters"][0]
        out[c0] = f.bag_size / 100.0
        out[c0 + 1] = f.passes / 6.0
        if f.pending_score is not None:
            ch0 = parts["challenge"][0]
            out[ch0] = 1.0
            out[ch0 + 1] = f.pending_score / 100.0
        if prefix:
            self._observe_pending(out, prefix)
        return out

    def _observe_pending(self, out: Obs, prefix: Steps) -> None:
        R, t0 = self._R, self.tile_offset
        head = int(prefix[0]) - 130
        tiles = [int(t) - t0 for t in prefix[1:]]
        if not (0 <= head < t0 - 130 and len(tiles) < head % R + 1) or not all(
            0 <= t < 2 * self._L for t in tiles
        ):
            raise ValueError(f"steps {prefix!r} do not start a placement")
        sq_dir, k = divmod(head, R)
        q, d = divmod(sq_dir, 2)
        parts = self._layout.parts
        out[parts["pending_square"][0] + q] = 1.0
        out[parts["pending_direction"][0] + d] = 1.0
        out[parts["pending_length"][0] + k] = 1.0
        p0 = parts["pending_tiles"][0]
        for j, t in enumerate(tiles):
            out[p0 + 2 * self._L * j + t] = 1.0


# -- WordMeld ---------------------------------------------------------------------------------

#: Positions of the current word shown in WordMeld's ``pending_word`` part.
_PENDING_LETTERS = 16


class WordMeldEncoder(_StepEncoder):
    """WordMeld: the picks, ``Keep``, discards by card id, and plays in steps.

    ======================  ========================================================
    index                   action or step
    ======================  ========================================================
    0, 1, 2, 3              ``PickPile()``, ``PickDiscard()``, ``Pass()``, ``Keep()``
    4 + c                   ``Discard(c)`` for every card id c of the deck (D cards)
    4 + D                   step "new word": a word laid new follows
    5 + D                   step "done": the play is complete
    6 + D + i               step "change table word i" (i < D): its new cards follow
    6 + 2D + c              step "card c" (the next card of the current word)
    6 + 3D + x              step "the joker just named stands for letter x"
    chance_offset + c       ``Draw(c)``: card id c is drawn (c = 0 .. D - 1)
    ======================  ========================================================

    A ``Play`` is spelled: each change (in the play's order) as "change i" and its cards,
    each new word as "new word" and its cards, a joker's card followed by its letter,
    then "done". A table has at most D words and a play at most D cards, so every play of
    every position is spelled within this fixed range.
    """

    game = "wordmeld"

    def __init__(self, num_players: int, view: Any) -> None:
        super().__init__()
        from wordgames.wordmeld.actions import (
            Discard,
            Draw,
            Keep,
            Pass,
            PickDiscard,
            PickPile,
            Play,
        )

        f = wordmeld_fields(view)
        self.num_players = n = num_players
        self._D = D = len(f.card_letters)
        self.step_offset = 4 + D
        self._new, self._done, self._change0 = 4 + D, 5 + D, 6 + D
        self._card0, self._letter0 = 6 + 2 * D, 6 + 3 * D
        self._letter_step = {x: self._letter0 + i for i, x in enumerate(f.alphabet)}
        self.num_player_actions = self._letter0 + len(f.alphabet)
        self._set_width()
        # parts (changes + new words, at most 2D), cards (at most D), letters, done
        self.max_steps = 4 * D + 1
        self._kinds = kinds = (*f.alphabet, "*")
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._card_kind = [self._kind_index[c] for c in f.card_letters]
        self.num_chance_outcomes = D
        self._Discard, self._Draw, self._Play = Discard, Draw, Play
        self._fixed: list[Any] = [PickPile(), PickDiscard(), Pass(), Keep()]
        self._fixed_of = {a: i for i, a in enumerate(self._fixed)}
        self._draws = [Draw(c) for c in range(D)]
        K = len(kinds)
        lay = self._layout
        lay.add("hand", K)  # viewer's cards per letter (alphabet, joker) / 5
        lay.add("table", K)  # cards on the table per letter / 5
        lay.add("discard_top", K + 1)  # one-hot letter of the discard pile's top (last: none)
        lay.add("discard", K)  # the whole discard pile per letter / 5
        lay.add("drawn", K + 1)  # one-hot letter of the card just drawn (last: none)
        lay.add("unseen", K)  # cards the viewer cannot see, per letter / 10
        lay.add("known", n, K)  # per seat (viewer first): cards known to be held, per letter / 5
        lay.add("hand_sizes", n)  # per seat (viewer first) / 20
        lay.add("melded", n)  # per seat: has played a word
        lay.add("departed", n)  # per seat: resigned
        lay.add("to_act", n)  # one-hot: the seat on turn
        lay.add("phase", 5)  # draw, turn, discard, took, over
        lay.add("counters", 4)  # pile size / D, discard size / D, table words / 20, idle rounds
        lay.add("pending", 4)  # a play being chosen; current word new; changed; words so far / 4
        lay.add("pending_cards", K)  # cards chosen so far in the play, per letter / 5
        lay.add("pending_target", K)  # the table word being changed, per letter / 5
        lay.add("pending_word", _PENDING_LETTERS, K)  # the current word's letters so far

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._Draw:
            c = outcome.card
            if type(c) is int and 0 <= c < self._D:
                return self.chance_offset + c
        raise ValueError(f"{outcome!r} is not a draw of this deck")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        return self._draws[index - self.chance_offset]

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        try:
            i = self._fixed_of.get(action)
        except TypeError:  # unhashable: not an action of this game
            i = None
        if i is not None:
            return i
        if type(action) is self._Discard:
            c = action.card
            if type(c) is int and 0 <= c < self._D:
                return 4 + c
            raise ValueError(f"{action} discards a card the deck does not have")
        return None

    def _fixed_action(self, view: Any, index: int) -> Any:
        return self._fixed[index] if index < 4 else self._Discard(index - 4)

    def step_name(self, index: int) -> str:
        """``"new word"``, ``"done"``, ``"change word 2"``, ``"card 17 (E)"`` or
        ``"as E"`` (the letter of the joker just named)."""
        if index == self._new:
            return "new word"
        if index == self._done:
            return "done"
        if self._change0 <= index < self._card0:
            return f"change word {index - self._change0}"
        if self._card0 <= index < self._letter0:
            c = index - self._card0
            return f"card {c} ({self._kinds[self._card_kind[c]]})"
        if self._letter0 <= index < self.num_player_actions:
            return f"as {self._kinds[index - self._letter0]}"
        raise ValueError(f"index {index} is not a step")

    def _steps_of(self, view: Any, action: Any) -> Steps:
        if type(action) is not self._Play:
            raise ValueError(f"{action!r} is not a WordMeld action")
        D, card0 = self._D, self._card0
        letters = dict(action.letters) if action.letters else None
        parts = [(self._change0 + i, i, word) for i, word in action.changes]
        parts += [(self._new, 0, word) for word in action.new]
        out: list[int] = []
        for head, i, word in parts:
            if not 0 <= i < D:
                raise ValueError(f"{action} changes a table word that cannot exist")
            out.append(head)
            for c in word:
                if not 0 <= c < D:
                    raise ValueError(f"{action} names a card the deck does not have")
                out.append(card0 + c)
                if letters is not None:
                    x = letters.pop(c, None)
                    if x is not None:
                        out.append(self._letter_step[x])
        if letters:  # a letter for a card no word names: not spelled, not listed
            raise ValueError(f"{action} names letters of cards it does not use")
        out.append(self._done)
        return tuple(out)

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        f = wordmeld_fields(view)
        n, K, D = self.num_players, len(self._kinds), self._D
        ck = self._card_kind
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        hand0, table0, top0, dis0, drawn0, un0 = (
            parts[k][0] for k in ("hand", "table", "discard_top", "discard", "drawn", "unseen")
        )
        for c in f.hand or ():
            out[hand0 + ck[c]] += 0.2
        words = 0
        for w in f.table:
            words += 1
            for c in w:
                out[table0 + ck[c]] += 0.2
        if f.discard:
            out[top0 + ck[f.discard[-1]]] = 1.0
            for c in f.discard:
                out[dis0 + ck[c]] += 0.2
        else:
            out[top0 + K] = 1.0
        out[drawn0 + (K if f.drawn is None else ck[f.drawn])] = 1.0
        kind = self._kind_index
        for letter, count in f.unseen.items():
            out[un0 + kind[letter]] = count / 10.0
        me = view.viewer if view.viewer is not None else f.turn
        kn0, hs0, mel0, dep0, act0 = (
            parts[k][0] for k in ("known", "hand_sizes", "melded", "departed", "to_act")
        )
        acting = f.phase in ("turn", "discard", "took")
        for k, p in enumerate(_seats(n, me)):
            for c in f.known[p]:
                out[kn0 + K * k + ck[c]] += 0.2
            out[hs0 + k] = f.hand_sizes[p] / 20.0
            out[mel0 + k] = 1.0 if f.melded[p] else 0.0
            out[dep0 + k] = 1.0 if f.resigned[p] else 0.0
            if acting and p == f.turn:
                out[act0 + k] = 1.0
        out[parts["phase"][0] + ("draw", "turn", "discard", "took", "over").index(f.phase)] = 1.0
        c0 = parts["counters"][0]
        out[c0] = f.pile_size / D
        out[c0 + 1] = len(f.discard) / D
        out[c0 + 2] = words / 20.0
        out[c0 + 3] = f.idle / (f.max_idle or 10)
        if prefix:
            self._observe_pending(out, f.table, prefix)
        return out

    def _observe_pending(self, out: Obs, table: Any, prefix: Steps) -> None:
        ck = self._card_kind
        K = len(self._kinds)
        parts = self._layout.parts
        flags0, cards0, target0, word0 = (
            parts[k][0] for k in ("pending", "pending_cards", "pending_target", "pending_word")
        )
        out[flags0] = 1.0
        words = 0
        pos = 0
        for t in map(int, prefix):
            if t == self._new or self._change0 <= t < self._card0:
                words += 1
                pos = 0
                out[word0 : word0 + _PENDING_LETTERS * K] = 0.0
                out[target0 : target0 + K] = 0.0
                out[flags0 + 1] = 1.0 if t == self._new else 0.0
                out[flags0 + 2] = 0.0 if t == self._new else 1.0
                i = t - self._change0
                if t != self._new and i < len(table):
                    for c in table[i]:
                        out[target0 + ck[c]] += 0.2
            elif self._card0 <= t < self._letter0 and words:
                c = t - self._card0
                out[cards0 + ck[c]] += 0.2
                if pos < _PENDING_LETTERS:
                    out[word0 + K * pos + ck[c]] = 1.0
                pos += 1
            elif not (self._letter0 <= t < self.num_player_actions and pos):
                raise ValueError(f"steps {prefix!r} do not start a play (step {t})")
        out[flags0 + 3] = words / 4.0


# -- Wömmeln ----------------------------------------------------------------------------------

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class WommelnEncoder(_ListEncoder):
    """Wömmeln: ``Pass``, votes by seat, and a list of the offered words.

    ======================  ========================================================
    index                   action
    ======================  ========================================================
    0                       ``Pass(viewer)``
    1 + 2*(r-1) + v         ``Vote(viewer, author, accept)``: author ``r`` seats after
                            the viewer (r = 1..n-1), ``v`` = 0 accept, 1 reject
    2n - 1 + k              the k-th ``Place``/``Circle``/``Connect``/``Erase``/``Challenge`` of
                            ``view.legal_actions()`` (the category's sample answers
                            at their best placements), k < ``cap``
    chance_offset + 2(c-1)+s  ``Reveal(card c, side "a"/"b")``
    chance_offset + 59 + k    ``DealSheet(k)``: builtin sheet k is dealt (k = 1..14)
    ======================  ========================================================

    The list never holds more than :func:`wommeln_list_bound` actions (the game lists, per
    sample answer of the category, one ``Place`` and one ``Circle``, then ``Erase``; or a
    ``Connect`` and ``Erase``; or one ``Challenge`` per subset of at most three authors, or
    none, each one and all of more), so ``cap`` (at least that bound) holds every one.
    The round is simultaneous: every searching player acts on their own view. Words that a
    player invents beyond the offered ones are legal in the library but not listed by
    ``legal_actions()``, so they have no index here.
    """

    game = "wommeln"

    def __init__(self, num_players: int, view: Any, cap: int = 64) -> None:
        super().__init__()
        from wordgames.wommeln.actions import DealSheet, Pass, Reveal, Vote
        from wordgames.wommeln.categories import CARDS, SIDES
        from wordgames.wommeln.sheets import STANDARD_SHEETS

        f = wommeln_fields(view)
        self.num_players = n = num_players
        bound = wommeln_list_bound(n)
        if cap < bound:
            raise ValueError(f"cap {cap} is below the {bound} listed actions a view can have")
        self.cap = cap
        self.list_offset = 2 * n - 1
        self.num_player_actions = self.list_offset + cap
        self._Pass, self._Reveal, self._Vote = Pass, Reveal, Vote
        self._sides = SIDES
        self._reveals = [Reveal(c, s) for c in range(1, CARDS + 1) for s in SIDES]
        self._reveal_index = {(r.card, r.side): i for i, r in enumerate(self._reveals)}
        self._DealSheet = DealSheet
        self._deals = [DealSheet(k) for k in range(1, STANDARD_SHEETS + 1)]
        self.num_chance_outcomes = len(self._reveals) + len(self._deals)
        self._rows, self._cols = R, C = f.rows, f.cols
        lay = self._layout
        lay.add("grid", 28, R, C)  # planes: letter A..Z, used (circled or crossed), circled
        lay.add("category", CARDS, len(SIDES))  # one-hot: this round's card and side
        lay.add("scores", n)  # per seat (viewer first) / 100
        lay.add("done", n)  # per seat: finished this round's search
        lay.add("to_act", n)  # per seat: may act now
        lay.add("departed", n)  # per seat: left the game
        lay.add("phase", 5)  # reveal, search, challenge, review, over
        lay.add("timer", 3)  # off, running, up
        lay.add("own_entry", 4)  # none, circled, placed, passed
        lay.add("round", 1)  # rounds revealed / rounds in the game

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._DealSheet and outcome in self._deals:
            return self.chance_offset + len(self._reveals) + self._deals.index(outcome)
        if type(outcome) is self._Reveal:
            try:
                i = self._reveal_index.get((outcome.card, outcome.side))
            except TypeError:
                i = None
            if i is not None:
                return self.chance_offset + i
        raise ValueError(f"{outcome!r} is not a category card or a sheet dealt")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        i = index - self.chance_offset
        return self._reveals[i] if i < len(self._reveals) else self._deals[i - len(self._reveals)]

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        n = self.num_players
        if type(action) is self._Pass:
            return 0
        if type(action) is self._Vote:
            r = (action.author - action.player) % n
            if not 1 <= r < n:
                raise ValueError(f"{action} is not a vote on another player")
            return 1 + 2 * (r - 1) + (0 if action.accept else 1)
        return None

    def _me(self, view: Any) -> int:
        v = view.viewer
        if v is None:
            raise ValueError("a spectator takes no action")
        return int(v)

    def _fixed_action(self, view: Any, index: int) -> Any:
        me = self._me(view)
        if index == 0:
            return self._Pass(me)
        r, v = divmod(index - 1, 2)
        return self._Vote(me, (me + r + 1) % self.num_players, v == 0)

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        self._one_step(prefix)
        f = wommeln_fields(view)
        n = self.num_players
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        R, C = self._rows, self._cols
        plane = R * C
        if f.letters and f.rows == R and f.cols == C:
            for i, ch in enumerate(f.letters):
                out[_LETTERS.index(ch) * plane + i] = 1.0
            used, circled = f.used, f.circled
            while used:
                low = used & -used
                out[26 * plane + low.bit_length() - 1] = 1.0
                used ^= low
            while circled:
                low = circled & -circled
                out[27 * plane + low.bit_length() - 1] = 1.0
                circled ^= low
        if f.phase in ("search", "challenge", "review") and f.drawn:
            card, side = f.drawn[-1]
            out[parts["category"][0] + 2 * (card - 1) + self._sides.index(side)] = 1.0
        me = f.viewer if f.viewer is not None else 0
        sc0, done0, act0, dep0 = (parts[k][0] for k in ("scores", "done", "to_act", "departed"))
        for k, p in enumerate(_seats(n, me)):
            out[sc0 + k] = f.scores[p] / 100.0
            out[done0 + k] = 1.0 if f.done[p] else 0.0
            out[act0 + k] = 1.0 if p in f.to_act else 0.0
            out[dep0 + k] = 1.0 if p in f.left else 0.0
        phases = ("reveal", "search", "challenge", "review", "over")
        phase = "reveal" if f.phase == "deal" else f.phase  # both chance phases in one slot
        out[parts["phase"][0] + phases.index(phase)] = 1.0
        out[parts["timer"][0] + ("off", "running", "up").index(f.timer)] = 1.0
        status = ("none", "circled", "placed", "passed").index(f.own_status or "none")
        out[parts["own_entry"][0] + status] = 1.0
        out[parts["round"][0]] = len(f.drawn) / max(1, f.num_rounds)
        return out


def wommeln_list_bound(num_players: int) -> int:
    """The most actions a Wömmeln view lists past its fixed slots, for ``num_players``:
    ``max(2A + 1, 8, num_players + 1)`` with A the most sample answers of any category
    side in either language (12 in the packaged cards)."""
    from wordgames.wommeln.categories import CARDS, COLORS, SIDES, category
    from wordgames.wommeln.rules import LANGUAGES

    most = max(
        len(category(c, s, color).answers(lang))
        for c in range(1, CARDS + 1)
        for s in SIDES
        for color in COLORS
        for lang in LANGUAGES
    )
    return max(2 * most + 1, 8, num_players + 1)


def encoder_for(state_or_view: Any) -> Encoder:
    """The encoder of the set-up ``state_or_view`` belongs to (its game, number of players,
    rules, tile set, deck or sheet size). Only public set-up facts are read: a state is
    turned into its spectator view first."""
    view = state_or_view
    if hasattr(view, "view") and callable(view.view):
        view = view.view(None)
    game = _game_of(view)
    if game == "regenwormen":
        return RegenwormenEncoder(regenwormen_fields(view).num_players)
    if game == "wocable":
        return WocableEncoder(len(view.players), view)
    if game == "wordmeld":
        return WordMeldEncoder(len(view.players), view)
    if game == "wommeln":
        return WommelnEncoder(len(view.players), view)
    raise ValueError(f"no encoder for {type(state_or_view).__name__}")


def _game_of(view: Any) -> str:
    module = type(view).__module__
    for name in ("regenwormen", "wocable", "wordmeld", "wommeln"):
        if module.startswith(f"wordgames.{name}"):
            return name
    raise ValueError(f"not a wordgames view: {type(view).__name__}")
