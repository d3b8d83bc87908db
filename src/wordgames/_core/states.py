"""What every game's state shares in its insides: the one attrs policy, the one fast derivation
helper, the closed sets as ``str`` enums, and the game facts each game declares once.

- :func:`state_class` is the attrs decorator of every public ``State`` (frozen, ``__dict__``
  based so :func:`derive` can copy it in one step, no cached hash).
- :func:`derive` is the one replacement for ``attrs.evolve`` on transition paths: a copy of the
  field dict with the changes, without running ``__init__`` (a transition's result is valid by
  construction; ``from_dict`` and ``new_game`` go through ``__init__`` and validate).
- :class:`StrEnum` is the base of every closed set of names (each game's ``Phase``, the shared
  :class:`EndReason`): members are ``str``, so they compare equal to, hash like and serialise as
  their values, and a JSON document keeps its strings.
- :class:`GameInfo` is the facts of a game (players, information, chance, bounds, notation)
  that every layer above reads instead of switching on the game's name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

__all__ = [
    "EndReason",
    "GameInfo",
    "Information",
    "StrEnum",
    "deprecated_alias",
    "derive",
    "state_class",
    "warn_deprecated",
]

T = TypeVar("T")

_new: Final = object.__new__
_setattr: Final = object.__setattr__


class StrEnum(str, enum.Enum):
    """A closed set of names whose members are their ``str`` values (``enum.StrEnum`` of
    Python 3.11, here for 3.10 too): ``Phase.ROLL == "roll"``, ``str(Phase.ROLL) == "roll"``,
    ``json.dumps(Phase.ROLL) == '"roll"'``."""

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, format_spec: str) -> str:
        return str.__format__(self, format_spec)


class EndReason(StrEnum):
    """Why a game ended (``GameOutcome.reason``, and the state fields that hold it). One set for
    all four games; each game uses the members its rules give."""

    GRILL_EMPTY = "grill_empty"
    """Regenwormen: the last worm was taken off (or turned over on) the grill."""
    PLAYED_OUT = "played_out"
    """Wocable: a player placed the last tiles of the rack with the bag empty."""
    PASSES = "passes"
    """Wocable: the pass limit was reached (consecutive scoreless turns)."""
    TIMEOUT = "timeout"
    """Wocable: the game clock ran out (a ``Timeout`` action)."""
    ROUNDS_PLAYED = "rounds_played"
    """Wömmeln: the last round was scored."""
    WINNING_WORD = "winning_word"
    """WordMeld: a player laid down the winning word."""
    EMPTY_HAND = "empty_hand"
    """WordMeld: a player emptied the hand."""
    BLOCKED = "blocked"
    """WordMeld: the idle-round limit was reached (rounds in which nobody laid a card)."""
    RESIGNED = "resigned"
    """Any game: players left (``departed``) until too few were left to go on."""


class Information(StrEnum):
    """Whether every player sees the whole state."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@attrs.frozen(kw_only=True)
class GameInfo:
    """The facts of one game, declared once in its package (``<game>.GAME_INFO``) and read by
    the registry, ``rl/``, the CLI, the interactive loop, the arena and the schemas."""

    name: str
    """The registry name (``state.GAME``)."""
    title: str
    """The display name."""
    min_players: int
    max_players: int
    information: Information
    chance: bool
    """True when the game has chance nodes (rolls, draws, deals)."""
    simultaneous: bool
    """True when several players act in the same phase (each in their own order)."""
    max_game_length: int
    """An upper bound on the number of actions of a game (chance outcomes included) under the
    default rules."""
    min_utility: float
    max_utility: float
    """Bounds of a player's utility (the RL reward at the end), under the default rules."""
    notation: str
    """How an action is written in the game's notation (a short grammar, docs/notation.md)."""


S = TypeVar("S")


if TYPE_CHECKING:  # mypy's attrs plugin knows attrs.frozen by name, so it reads the policy as that
    from attrs import frozen as state_class
else:

    def state_class(cls: type[S] | None = None, *, repr: bool = True) -> Any:
        """The attrs decorator of every game's ``State``: ``attrs.frozen`` with a ``__dict__`` (so
        :func:`derive` copies it in one step), equality and hash over the fields (a cache field is
        declared with ``eq=False``), no cached hash (a derived copy would carry a stale one).
        ``repr=False`` when the class writes its own ``__repr__``."""

        def wrap(c: type[S]) -> type[S]:
            return attrs.frozen(c, slots=False, repr=repr)

        return wrap if cls is None else wrap(cls)


def derive(state: T, changes: dict[str, Any]) -> T:
    """``attrs.evolve(state, **changes)`` without running ``__init__`` (about twice as fast):
    a copy of the instance dict with ``changes`` applied and a fresh ``_cache`` where the class
    keeps one. For transitions only, whose results are valid by construction."""
    new = _new(type(state))
    d = state.__dict__.copy()
    d.update(changes)
    if "_cache" in d:
        d["_cache"] = {}
    _setattr(new, "__dict__", d)
    return new


def warn_deprecated(old: str, new: str, stacklevel: int = 2) -> None:
    """Warn ``DeprecationWarning`` that ``old`` goes in 0.3.0 and ``new`` replaces it
    (``stacklevel`` as for ``warnings.warn``, counted from the caller of this function)."""
    import warnings

    warnings.warn(
        f"{old} is deprecated and will be removed in 0.3.0; use {new}",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def deprecated_alias(old: str, new: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Mark a renamed public name: calling it warns ``DeprecationWarning`` naming ``new``."""
    import functools

    def wrap(f: Callable[..., T]) -> Callable[..., T]:
        @functools.wraps(f)
        def inner(*args: Any, **kwargs: Any) -> T:
            warn_deprecated(old, new)
            return f(*args, **kwargs)

        return inner

    return wrap
