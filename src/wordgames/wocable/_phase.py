"""The stages of a Wocable game (:class:`Phase`) and the reasons one ends (the members of the
shared :class:`~wordgames.EndReason` that Wocable uses)."""

from __future__ import annotations

from typing import Final

from wordgames._core.states import EndReason, StrEnum

__all__ = ["REASONS", "Phase"]


class Phase(StrEnum):
    """What a Wocable state waits for (``State.phase``, ``View.phase``). A ``str``: it compares
    equal to its value (``Phase.PLAY == "play"``) and the JSON holds the value."""

    DEAL = "deal"
    """A chance node of the opening deal: ``drawer`` receives tiles one at a time (7 each,
    player 0 first)."""
    DRAW = "draw"
    """A chance node after a placement or an exchange: ``drawer`` (the player on turn)
    refills the rack, ``to_draw`` tiles to go."""
    PLAY = "play"
    """``turn`` must act: place, exchange, pass, or challenge or accept the pending play."""
    OVER = "over"
    """The game has ended; ``end_reason`` says why."""


REASONS: Final[tuple[EndReason, ...]] = (
    EndReason.PLAYED_OUT,
    EndReason.PASSES,
    EndReason.RESIGNED,
    EndReason.TIMEOUT,
)
"""The reasons a Wocable game ends (``State.end_reason``): what ``from_dict`` accepts."""
