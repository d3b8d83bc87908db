"""What a player may know of a Regenwormen state: everything (the game is fully open)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import attrs

from wordgames._core.errors import InvalidStateError
from wordgames._core.serial import check_header

if TYPE_CHECKING:
    from wordgames.regenwormen.actions import Action
    from wordgames.regenwormen.state import State

__all__ = ["View"]


@attrs.frozen
class View:
    """A player's (or a spectator's, ``viewer=None``) view of a state.

    Regenwormen has no hidden information, so the view carries the whole ``state``; bots read
    ``view.state`` (turn, grill, stacks, kept dice, total...). It exists so that every game is
    driven the same way.
    """

    viewer: int | None
    state: State

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions when it is the viewer's decision, else ``()``."""
        if self.viewer is None:
            return ()
        return self.state.legal_actions(self.viewer)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with the view: the state itself (nothing is hidden)."""
        return self.state

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: ``{"game", "kind": "view", "version", "viewer", "state"}``."""
        return {
            "game": "regenwormen",
            "kind": "view",
            "version": 1,
            "viewer": self.viewer,
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Inverse of :meth:`to_dict` (:class:`InvalidStateError` on bad data)."""
        from wordgames.regenwormen.state import State

        d = check_header(data, "regenwormen", "view", 1)
        state = State.from_dict(d.get("state"))
        viewer = d.get("viewer", "missing")
        if viewer is not None and (
            not isinstance(viewer, int)
            or isinstance(viewer, bool)
            or not 0 <= viewer < state.num_players
        ):
            raise InvalidStateError(f"bad viewer {viewer!r}")
        return cls(viewer, state)
