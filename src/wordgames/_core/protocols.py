"""Structural types of the common game contract (docs/contract.md).

Every game's ``State`` and ``View`` satisfy these protocols, so generic code (``play``,
``Record``, the conformance tests, bots) works with all four games.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections import Counter

    from typing_extensions import Self

    from wordgames._core.states import EndReason, StrEnum

__all__ = ["Action", "Bot", "GameState", "Outcome", "PlayerView"]

Action = Hashable
"""An action is a hashable, immutable value object whose ``str`` is its notation and which the
game module's ``parse_action`` turns back into an equal object."""


@runtime_checkable
class Outcome(Protocol):
    """The result of a finished game (each game has a concrete ``Outcome`` class)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's final score."""
        ...

    @property
    def ranking(self) -> tuple[int, ...]:
        """Players' places, 1 = first; tied players share a place."""
        ...

    @property
    def winners(self) -> frozenset[int]:
        """The players in first place."""
        ...

    @property
    def reason(self) -> str:
        """Why the game ended, a snake_case code (``grill_empty``, ``played_out``, ...)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        ...


@runtime_checkable
class _SharedNames(Protocol):
    """The names every game's states and views share (docs/contract.md, "Shared names")."""

    @property
    def phase(self) -> StrEnum:
        """The game's phase, a member of its ``Phase`` (a ``str`` enum)."""
        ...

    @property
    def departed(self) -> tuple[int, ...]:
        """The players who left (resigned, removed, timed out), in the order they left."""
        ...

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, ``None`` while it goes on."""
        ...


class PlayerView(_SharedNames, Protocol):
    """What one player (or a spectator, ``viewer is None``) may know of a state."""

    @property
    def viewer(self) -> int | None:
        """The player the view was made for, or ``None`` for a spectator."""
        ...

    @property
    def ply(self) -> int:
        """Actions applied since ``new_game`` (the state's ``ply``)."""
        ...

    @property
    def current_player(self) -> int | None:
        """The player who must act, as on the state (``None`` at chance nodes, at the end and in
        simultaneous phases)."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score now, as the rules count it."""
        ...

    @property
    def unseen(self) -> Counter[str]:
        """The multiset of things hidden from the viewer (tiles, cards, category cards),
        by their notation; empty where nothing is hidden."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """The viewer's legal actions if the viewer may act now, else ``()``."""
        ...

    def sample_state(self, rng: random.Random) -> GameState:
        """A full state consistent with this view (determinisation)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form with a top-level ``"ply"``; ``View.from_dict`` reads it back."""
        ...


@runtime_checkable
class GameState(_SharedNames, Protocol):
    """The state contract shared by all four games."""

    GAME: ClassVar[str]

    @property
    def rules(self) -> Any:
        """The frozen ``Rules`` this game is played under."""
        ...

    @property
    def num_players(self) -> int:
        """How many players the game started with."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def ply(self) -> int:
        """Actions applied since ``new_game``, chance outcomes included."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score now, as the rules count it."""
        ...

    @property
    def current_player(self) -> int | None:
        """The player who must act; ``None`` at chance nodes, at the end and in simultaneous
        phases."""
        ...

    @property
    def players_to_act(self) -> frozenset[int]:
        """The players who may act now (several in simultaneous phases)."""
        ...

    @property
    def is_chance_node(self) -> bool:
        """Whether nature acts next (a roll, draw or deal is pending)."""
        ...

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance node, every outcome with its exact probability (summing to 1); ``()``
        elsewhere."""
        ...

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng`` (the fast path behind
        :func:`wordgames.sample_chance`)."""
        ...

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal decision (of ``player``, if given) in a fixed order."""
        ...

    def is_legal(self, action: Any) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        ...

    def check(self, action: Any) -> None:
        """Raise the :class:`IllegalActionError` that :meth:`apply` would raise, or return."""
        ...

    def apply(self, action: Any) -> Self:
        """The state after ``action``; this state never changes. :class:`IllegalActionError` (with
        its ``code``) if it is illegal."""
        ...

    def check_as(self, player: int, action: Any, *, ply: int | None = None) -> Action:
        """Check ``action`` (an action or its text) on behalf of ``player`` and return it: refuses
        other players' moves (``not_your_turn``), chance outcomes and server events from players
        and, when ``ply`` is given, a stale position (``stale_state``); :class:`ParseError` for text
        that is not an action. For servers taking moves from untrusted clients (docs/contract.md,
        "The server loop")."""
        ...

    def apply_as(self, player: int, action: Any, *, ply: int | None = None) -> Self:
        """:meth:`apply` after :meth:`check_as`, with the same errors: ``state.apply_as(seat, "8H
        CAT", ply=12)``."""
        ...

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """``None`` until the end, then scores, ranking, winners and the reason."""
        ...

    def view(self, player: int | None) -> PlayerView:
        """What ``player`` may know (``None``: a spectator), as a frozen view."""
        ...

    def actor(self, action: Any) -> int | None:
        """The player who takes ``action`` here (``None`` for chance outcomes)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, versioned form; ``State.from_dict`` validates and reads it back."""
        ...


class Bot(Protocol):
    """A player program. Bots see views, never full states."""

    def choose(self, view: Any, rng: random.Random) -> Action:
        """A legal action for the player ``view`` was made for; ``rng`` is the only
        randomness a bot may use, so the same seed gives the same game."""
        ...


def check_dict(obj: object, what: str) -> Mapping[str, Any]:
    """Narrow untrusted JSON to a mapping (shared by the games' ``from_dict``)."""
    from wordgames._core.errors import InvalidStateError

    if not isinstance(obj, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object, got {type(obj).__name__}")
    return obj
