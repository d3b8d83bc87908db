"""What every encoder shares: :class:`Encoder`, the index and observation helpers, and
the two kinds of word-game encoders (fixed slots then a capped list, or actions chosen
in steps). The public names are re-exported by :mod:`wordgames.rl.encoding`."""

from __future__ import annotations

import abc
import struct
from bisect import bisect_left
from typing import Any, ClassVar, Final, TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = ["MORE", "OBS_BOUND", "Encoder", "Mask", "Obs", "Steps"]


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
