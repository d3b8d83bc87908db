"""What a player may know of a Regenwormen state: everything (the game is fully open)."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import ViewBase
from wordgames._core.errors import InvalidStateError, short_repr
from wordgames._core.serial import check_header, get_ply, guarded_loader

if TYPE_CHECKING:
    from wordgames._core.states import EndReason
    from wordgames.regenwormen.actions import Action
    from wordgames.regenwormen.state import Phase, State

__all__ = ["View"]


@attrs.frozen
class View(ViewBase):
    """A player's (or a spectator's, ``viewer=None``) view of a state.

    Regenwormen has no hidden information, so the view carries the whole ``state``; bots read
    ``view.state`` (turn, grill, stacks, kept dice, total...). It exists so that every game is
    driven the same way, and has the members every game's view has (``ply``,
    ``current_player``, ``scores``, ``unseen``).
    """

    GAME: ClassVar[str] = "regenwormen"

    viewer: int | None
    state: State

    @property
    def ply(self) -> int:
        """Actions applied since ``new_game`` (the state's ``ply``)."""
        return self.state.ply

    @property
    def current_player(self) -> int | None:
        """The player to act, ``None`` at a chance node or at the end."""
        return self.state.current_player

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's worms now."""
        return self.state.scores

    @property
    def phase(self) -> Phase:
        """The state's phase."""
        return self.state.phase

    @property
    def departed(self) -> tuple[int, ...]:
        """The players who left, in the order they left (the state's ``departed``)."""
        return self.state.departed

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended, ``None`` while it goes on (the state's ``end_reason``)."""
        return self.state.end_reason

    @property
    def unseen(self) -> Counter[str]:
        """Nothing is hidden in Regenwormen: always a fresh, empty ``Counter``."""
        return Counter()

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions when it is the viewer's decision, else ``()``."""
        if self.viewer is None:
            return ()
        return self.state.legal_actions(self.viewer)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with the view: the state itself (nothing is hidden)."""
        return self.state

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: ``{"game", "kind": "view", "version", "viewer", "ply", "state"}``."""
        return {
            "game": "regenwormen",
            "kind": "view",
            "version": 1,
            "viewer": self.viewer,
            "ply": self.state.ply,
            "state": self.state.to_dict(),
        }

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> View:
        """Inverse of :meth:`to_dict` (:class:`InvalidStateError`, and nothing else, on bad
        data)."""
        from wordgames.regenwormen.state import State

        d = check_header(data, "regenwormen", "view", 1)
        state = State.from_dict(d.get("state"))
        if get_ply(d) != state.ply:
            raise InvalidStateError(f"view ply {d['ply']} differs from its state's {state.ply}")
        viewer = d.get("viewer", "missing")
        if viewer is not None and (type(viewer) is not int or not 0 <= viewer < state.num_players):
            raise InvalidStateError(f"bad viewer {short_repr(viewer)}")
        return cls(viewer, state)
