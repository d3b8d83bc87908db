"""Game records: an initial state plus every action (chance outcomes included)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from wordgames._core.chance import sample_chance
from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    ParseError,
    WordgamesError,
)
from wordgames._core.protocols import Action, Bot, GameState

__all__ = ["RECORD_VERSION", "Record", "RedactedRecord", "play"]

RECORD_VERSION = 1


def _game_module(name: str) -> Any:
    from wordgames import GAMES

    try:
        return GAMES[name]
    except KeyError:
        raise InvalidStateError(f"unknown game {name!r}; known: {sorted(GAMES)}") from None


@attrs.frozen
class Record:
    """A complete, replayable game: ``initial`` and the ``actions`` applied to it in order.

    A record needs no RNG to replay; ``Record.from_dict`` re-validates every action.
    """

    initial: GameState
    actions: tuple[Action, ...] = ()

    @property
    def game(self) -> str:
        """The game's registry name (``"regenwormen"``, ``"wocable"``, ...)."""
        return self.initial.GAME

    def states(self) -> Iterator[GameState]:
        """Every state of the game, the initial one first and the final one last."""
        state = self.initial
        yield state
        for action in self.actions:
            state = state.apply(action)
            yield state

    __iter__ = states

    def replay(self) -> GameState:
        """The final state (every action re-checked against the rules)."""
        state = self.initial
        for action in self.actions:
            state = state.apply(action)
        return state

    @property
    def final(self) -> GameState:
        """Alias of :meth:`replay`."""
        return self.replay()

    def __len__(self) -> int:
        return len(self.actions)

    def redact(self, viewer: int | None) -> RedactedRecord:
        """What ``viewer`` may know of this game: a view after every action and the actions
        as that viewer saw them (hidden chance outcomes shown as the game's redacted text)."""
        views = []
        texts = []
        state = self.initial
        views.append(state.view(viewer))
        for action in self.actions:
            texts.append(_redact_action(state, action, viewer))
            state = state.apply(action)
            views.append(state.view(viewer))
        return RedactedRecord(self.game, viewer, tuple(views), tuple(texts))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": "record",
            "version": RECORD_VERSION,
            "initial": self.initial.to_dict(),
            "actions": [str(a) for a in self.actions],
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Load and replay-check a record (:class:`InvalidStateError` if it does not replay)."""
        if not isinstance(data, dict) or data.get("kind") != "record":
            raise InvalidStateError("not a record (expected an object with kind 'record')")
        if data.get("version") != RECORD_VERSION:
            raise InvalidStateError(f"unsupported record version {data.get('version')!r}")
        game = data.get("game")
        if not isinstance(game, str):
            raise InvalidStateError("record has no game name")
        module = _game_module(game)
        initial = module.State.from_dict(data.get("initial"))
        raw = data.get("actions")
        if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
            raise InvalidStateError("record actions must be a list of strings")
        actions = []
        state = initial
        for i, text in enumerate(raw):
            try:
                action = module.parse_action(text)
                state = state.apply(action)
            except (ParseError, IllegalActionError) as exc:
                raise InvalidStateError(
                    f"record action {i} ({text!r}) does not replay: {exc}"
                ) from exc
            actions.append(action)
        return cls(initial, tuple(actions))

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise InvalidStateError(f"record is not valid JSON: {exc}") from exc
        return cls.from_dict(data)


def _redact_action(state: GameState, action: Action, viewer: int | None) -> str:
    redactor = getattr(state, "redact_action", None)
    if redactor is not None:
        return str(redactor(action, viewer))
    return str(action)


@attrs.frozen
class RedactedRecord:
    """A record as one viewer saw it: ``views[i]`` is the view before ``actions[i]``."""

    game: str
    viewer: int | None
    views: tuple[Any, ...]
    actions: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "kind": "redacted_record",
            "version": RECORD_VERSION,
            "viewer": self.viewer,
            "views": [v.to_dict() for v in self.views],
            "actions": list(self.actions),
        }


def play(
    state: GameState,
    bots: Sequence[Bot] | Bot,
    rng: random.Random,
    *,
    max_actions: int | None = None,
) -> Record:
    """Play from ``state`` until the game ends (or ``max_actions`` actions were taken).

    ``bots`` is one bot per player (or a single bot for everyone). Chance nodes are resolved
    with ``rng``; each bot gets ``view(player)`` and the same ``rng``. Where several players may
    act at once (simultaneous phases), the lowest-numbered of them acts first. Same ``rng`` seed,
    same record.
    """
    if not isinstance(bots, Sequence):
        bots = [bots] * state.num_players
    if len(bots) != state.num_players:
        raise WordgamesError(f"need {state.num_players} bots, got {len(bots)}")
    initial = state
    actions: list[Action] = []
    while not state.is_terminal and (max_actions is None or len(actions) < max_actions):
        if state.is_chance_node:
            action = sample_chance(state, rng)
        else:
            acting = state.players_to_act
            if not acting:
                raise WordgamesError(f"{state.GAME}: no player to act in a non-terminal state")
            player = min(acting)
            action = bots[player].choose(state.view(player), rng)
        state = state.apply(action)
        actions.append(action)
    return Record(initial, tuple(actions))
