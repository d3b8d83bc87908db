"""The closed sets of names a Wömmeln state holds: its :class:`Phase`, its :class:`Timer` and
the :class:`Status` of a player's entry. Members are ``str`` (:class:`~wordgames.StrEnum`), so
``state.phase == "search"`` holds and the JSON keeps its strings."""

from __future__ import annotations

from wordgames._core.states import StrEnum

__all__ = ["Phase", "Status", "Timer"]


class Phase(StrEnum):
    """Where a Wömmeln game stands (``State.phase``, ``View.phase``)."""

    DEAL = "deal"
    """Chance: the builtin sheets are dealt, one seat at a time (``DealSheet``); only a game
    started without explicit ``sheets`` begins here."""
    REVEAL = "reveal"
    """Chance: the next category card is to be revealed (``Reveal``)."""
    SEARCH = "search"
    """Every player still searching finds, circles and connects a word at the same time."""
    CHALLENGE = "challenge"
    """Each player challenges other players' words or lets them stand (``Rules.review`` is
    ``"challenge"``)."""
    REVIEW = "review"
    """The words under review are voted on (``Vote``)."""
    OVER = "over"
    """The last round was scored, or too few players are left."""


class Timer(StrEnum):
    """The countdown of the search (``State.timer``)."""

    OFF = "off"
    """No countdown runs (outside the search, or before the first word is finished)."""
    RUNNING = "running"
    """The countdown runs: the first word was finished (solo: the time limit runs)."""
    UP = "up"
    """The time is up (``TimeUp``): no new letters may be circled."""


class Status(StrEnum):
    """A player's entry in the current round (``Entry.status``)."""

    CIRCLED = "circled"
    """Letters circled, not yet connected."""
    PLACED = "placed"
    """A word circled and connected: the player is done."""
    PASSED = "passed"
    """No word this round (or the player gave up connecting): done."""
