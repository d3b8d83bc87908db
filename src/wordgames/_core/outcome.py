"""The result of a finished game, shared by all games, and player-list setup helpers."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence, Sized
from typing import Any

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.states import EndReason

__all__ = ["MAX_NAME_LENGTH", "GameOutcome", "competition_ranking", "player_names"]


def competition_ranking(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places for players whose sort keys are ``keys`` (higher key = better).

    Standard competition ranking: equal keys share a place and the next place is skipped,
    e.g. keys ``(5, 9, 5, 1)`` give ``(2, 1, 2, 4)``.
    """
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


@attrs.frozen
class GameOutcome:
    """How a game ended: final ``scores``, each player's place in ``ranking`` (1 = first,
    tied players share a place), and the ``reason`` the game ended (an :class:`EndReason`, a
    ``str`` such as ``"grill_empty"``, ``"played_out"`` or ``"resigned"``)."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    reason: EndReason = attrs.field(converter=EndReason)

    @classmethod
    def from_keys(
        cls, scores: Sequence[int], keys: Sequence[Any], reason: str | EndReason
    ) -> GameOutcome:
        """An outcome ranked by ``keys`` (tuples compared lexicographically, higher is better)."""
        return cls(tuple(scores), competition_ranking(keys), reason)

    @property
    def winners(self) -> frozenset[int]:
        """The players in first place (several on a shared victory or a draw)."""
        return frozenset(i for i, r in enumerate(self.ranking) if r == 1)

    @property
    def is_draw(self) -> bool:
        """True when more than one player shares first place."""
        return len(self.winners) > 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (scores, ranking, winners, reason)."""
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": sorted(self.winners),
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameOutcome:
        """Rebuild from :meth:`to_dict` output; :class:`InvalidStateError` if it is malformed or
        inconsistent."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("outcome must be an object")
        scores, ranking, reason = data.get("scores"), data.get("ranking"), data.get("reason")
        if (
            not isinstance(scores, list)
            or not isinstance(ranking, list)
            or len(scores) != len(ranking)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores + ranking)
            or not all(1 <= r <= len(ranking) for r in ranking)
            or not isinstance(reason, str)
            or reason not in _REASONS
        ):
            raise InvalidStateError(f"malformed outcome {short_repr(data)}")
        return cls(tuple(scores), tuple(ranking), reason)


_REASONS = frozenset(r.value for r in EndReason)

MAX_NAME_LENGTH = 100
"""The longest player name accepted (names come from clients)."""


def player_names(players: int | Sequence[str], lo: int, hi: int) -> tuple[str, ...]:
    """Normalise ``new_game``'s ``players`` argument: a count (names ``P1``, ``P2``, ...) or
    a sequence of distinct non-empty names of at most :data:`MAX_NAME_LENGTH` characters;
    :class:`RulesError` outside ``[lo, hi]``."""
    if isinstance(players, bool):
        raise RulesError(f"players must be a count or a list of names, got {players!r}")
    if isinstance(players, int):
        if not lo <= players <= hi:
            raise RulesError(f"this game takes {lo} to {hi} players, got {players}")
        names = tuple(f"P{i + 1}" for i in range(players))
    elif isinstance(players, (str, bytes)):
        raise RulesError("players must be a count or a list of names, not one string")
    elif not isinstance(players, Iterable):
        raise RulesError(
            f"players must be a count (an int) or a list of names, got "
            f"{type(players).__name__} {short_repr(players)}"
        )
    else:
        if isinstance(players, Sized) and len(players) > hi:
            raise RulesError(f"this game takes {lo} to {hi} players, got {len(players)}")
        names = tuple(itertools.islice(players, hi + 1))
        if not all(isinstance(n, str) and n.strip() and len(n) <= MAX_NAME_LENGTH for n in names):
            raise RulesError(
                "player names must be non-empty strings of at most "
                f"{MAX_NAME_LENGTH} characters, got {short_repr(names)}"
            )
        if len(set(names)) != len(names):
            raise RulesError(f"player names must be distinct, got {short_repr(names)}")
    if not lo <= len(names) <= hi:
        raise RulesError(f"this game takes {lo} to {hi} players, got {len(names)}")
    return names
