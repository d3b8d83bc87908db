"""Game records: an initial state plus every action (chance outcomes included)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

import attrs

from wordgames._core.chance import sample_chance
from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    ParseError,
    WordgamesError,
    short_repr,
)
from wordgames._core.protocols import Action, Bot, GameState
from wordgames._core.registry import GAMES
from wordgames._core.serial import guarded_loader

__all__ = ["RECORD_VERSION", "Record", "RedactedRecord", "play"]

RECORD_VERSION = 1

S = TypeVar("S", bound=GameState)


def _game_module(name: str) -> Any:
    try:
        return GAMES[name]
    except KeyError:
        raise InvalidStateError(
            f"unknown game {short_repr(name)}; known: {sorted(GAMES)}"
        ) from None


@attrs.frozen
class Record(Generic[S]):
    """A complete, replayable game: ``initial`` and the ``actions`` applied to it in order.

    A record needs no RNG to replay; ``Record.from_dict`` re-validates every action and
    checks that every state's ``ply`` counts the actions.
    """

    initial: S
    """The state the game starts from (``new_game(...)``, or any state ``play`` started at)."""
    actions: tuple[Action, ...] = ()
    """Every action applied to ``initial``, in order: the players' decisions and the chance
    outcomes (rolls, draws, deals) alike, so the record replays without an RNG; ``len`` of
    it is the number of plies the game took."""

    @property
    def final_ply(self) -> int:
        """The ``ply`` of the final state (the initial ply plus one per action)."""
        return self.initial.ply + len(self.actions)

    @property
    def game(self) -> str:
        """The game's registry name (``"regenwormen"``, ``"wocable"``, ...)."""
        return self.initial.GAME

    def states(self) -> Iterator[S]:
        """Every state of the game, the initial one first and the final one last."""
        state = self.initial
        yield state
        for action in self.actions:
            state = state.apply(action)
            yield state

    __iter__ = states

    def replay(self) -> S:
        """The final state (every action re-checked against the rules)."""
        state = self.initial
        for action in self.actions:
            state = state.apply(action)
        return state

    @property
    def final(self) -> S:
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
        """JSON-safe form: the initial state's ``to_dict()``, every action as text, the final
        ``ply``."""
        return {
            "game": self.game,
            "kind": "record",
            "version": RECORD_VERSION,
            "initial": self.initial.to_dict(),
            "actions": [str(a) for a in self.actions],
            "ply": self.final_ply,
        }

    def to_json(self, **kwargs: Any) -> str:
        """``json.dumps(self.to_dict(), **kwargs)``."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> Record[Any]:
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
                after = state.apply(action)
            except (ParseError, IllegalActionError) as exc:
                raise InvalidStateError(
                    f"record action {i} ({short_repr(text)}) does not replay: {exc}"
                ) from exc
            if after.ply != state.ply + 1:
                raise InvalidStateError(f"record action {i}: ply {after.ply} after {state.ply}")
            state = after
            actions.append(action)
        final = data.get("ply", state.ply)
        if final != state.ply:
            raise InvalidStateError(
                f"record says it ends at ply {short_repr(final)}, its replay ends at {state.ply}"
            )
        return cls(initial, tuple(actions))

    @classmethod
    def from_json(cls, text: str | bytes) -> Record[Any]:
        """Load :meth:`to_json` output and replay-check it; :class:`InvalidStateError` if the
        text is not JSON or does not replay."""
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
    """The game's registry name (``"wocable"``, ...)."""
    viewer: int | None
    """The seat the record was redacted for (``None``: a spectator)."""
    views: tuple[Any, ...]
    """The viewer's view before each action, and the final view last (one more than
    ``actions``)."""
    actions: tuple[str, ...]
    """Each action's text as the viewer saw it (``draw ?`` for another player's hidden draw)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: the viewer, its views before and after every action, and each action
        as the viewer saw it."""
        return {
            "game": self.game,
            "kind": "redacted_record",
            "version": RECORD_VERSION,
            "viewer": self.viewer,
            "views": [v.to_dict() for v in self.views],
            "actions": list(self.actions),
        }


def play(
    state: S,
    bots: Sequence[Bot] | Bot,
    rng: random.Random,
    *,
    max_actions: int | None = None,
) -> Record[S]:
    """Play from ``state`` until the game ends (or ``max_actions`` actions were taken).

    ``bots`` is one bot per player (or a single bot for everyone). Chance nodes are resolved
    with ``rng``; each bot gets ``view(player)`` and the same ``rng``. Where several players may
    act at once (simultaneous phases), the lowest-numbered of them acts first. Same ``rng`` seed,
    same record.

    >>> import random, wordgames
    >>> from wordgames import regenwormen as rw
    >>> record = wordgames.play(rw.new_game(2), rw.bots.OptimalTurnBot(), random.Random(7))
    >>> record.replay().is_terminal, record == wordgames.Record.from_json(record.to_json())
    (True, True)
    """
    if not callable(getattr(state, "apply", None)) or not hasattr(state, "GAME"):
        raise TypeError(f"state must be a game state (new_game(...)), got {short_repr(state)}")
    if not isinstance(bots, Sequence):
        bots = [bots] * state.num_players
    if len(bots) != state.num_players:
        raise WordgamesError(f"need {state.num_players} bots, got {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "choose", None)):
            raise TypeError(
                f"bots[{seat}] must be a bot (an object with choose(view, rng)), got "
                f"{short_repr(bot)}"
            )
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"rng must be a random.Random (e.g. random.Random(7)), got {short_repr(rng)}"
        )
    if max_actions is not None and (type(max_actions) is not int or max_actions < 0):
        raise ValueError(f"max_actions must be an int >= 0 or None, got {short_repr(max_actions)}")
    initial = state
    actions: list[Action] = []
    while not state.is_terminal and (max_actions is None or len(actions) < max_actions):
        if state.is_chance_node:
            action = sample_chance(state, rng)
            state = state.apply(action)
        else:
            acting = state.players_to_act
            if not acting:
                raise WordgamesError(f"{state.GAME}: no player to act in a non-terminal state")
            player = min(acting)
            bot = bots[player]
            action = bot.choose(state.view(player), rng)
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                raise bot_error(exc, bot, player, len(actions)) from exc
        actions.append(action)
    return Record(initial, tuple(actions))


def bot_error(exc: IllegalActionError, bot: object, seat: int, index: int) -> IllegalActionError:
    """``exc`` (a bot's illegal choice) again, with the same code, naming the seat and the
    bot: ``seat 1 (GreedyBot) chose an illegal action at action 12: ...``."""
    reason = str(exc).partition(": ")[2] or str(exc)
    return IllegalActionError(
        exc.code,
        exc.action,
        f"the bot of seat {seat} ({type(bot).__name__}) chose it at action {index}: {reason}",
    )
