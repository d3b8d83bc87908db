"""Checking actions against a Wocable state: the game's own rules behind ``State.check`` and
the slow path of ``State.apply`` (:func:`examine`), and the frontends' ways of writing a
placement (``State.normalize``, ``State.place_tiles``). The fast path of ``apply`` and the
placement, draw and exchange checks it shares stay on ``State``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any

from wordgames._core.contract import INVALID_PLAYER, NOT_AN_ACTION, well_typed
from wordgames._core.errors import IllegalActionError, short_repr
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import (
    MAX_PENALTY,
    Accept,
    Challenge,
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Timeout,
    TimePenalty,
    split_tokens,
)
from wordgames.wocable.engine import PlacementError, canonical_place

if TYPE_CHECKING:
    from wordgames.wocable.state import State

__all__ = ["MAX_SCORE", "SQUARE", "check_player", "examine", "normalize", "place_tiles"]

MAX_SCORE = 100_000
"""The largest score a player may have, either sign (a bound on loaded and penalised scores)."""
SQUARE = re.compile(r"^([A-Za-z])([0-9]{1,2})$")
"""A square in notation (``H8``, either case)."""


def examine(state: State, action: Any) -> Any:
    """The game's own rules for a well-typed action in a fitting phase (``StateBase.check``
    has refused foreign objects, finished games and chance/player mix-ups): raises the
    game's IllegalActionError, or returns what ``apply`` needs (draw code, placed tiles
    and score, exchanged tiles)."""
    if isinstance(action, Draw):
        return state._draw_code(action)
    if isinstance(action, (Place, Exchange, Pass)) and state.pending_end is not None:
        raise IllegalActionError(
            "must_challenge_or_accept",
            action,
            f"the last play ends the game if it stands: challenge {state.turn} or"
            f" accept {state.turn}",
        )
    if isinstance(action, Place):
        return state._place_info(action)
    if isinstance(action, Exchange):
        return state._exchange_info(action)
    if isinstance(action, (Challenge, Accept)):
        check_player(state, action)
        pp = state.pending_play
        if pp is None or state.phase is not Phase.PLAY:
            raise IllegalActionError(
                "no_challenge_window", action, "no play can be challenged or accepted now"
            )
        if action.player == pp.player:
            raise IllegalActionError(
                "own_play", action, "a player cannot challenge or accept their own play"
            )
        if action.player != state.turn:
            raise IllegalActionError(
                "not_your_turn",
                action,
                f"only the next player ({state.turn}) may challenge or accept the play",
            )
        return None
    if isinstance(action, TimePenalty):
        check_player(state, action)
        pts = action.points
        if not 1 <= pts <= MAX_PENALTY or state.scores[action.player] - pts < -MAX_SCORE:
            raise IllegalActionError(
                "bad_penalty", action, f"a time penalty takes 1..{MAX_PENALTY} points"
            )
        return None
    if isinstance(action, (Resign, Timeout)):
        p = action.player
        if not 0 <= p < len(state.players):
            raise IllegalActionError(
                INVALID_PLAYER, action, f"there are {len(state.players)} players"
            )
        if p in state.departed:
            raise IllegalActionError("player_departed", action, f"player {p} has already left")
        if state.is_chance_node:
            raise IllegalActionError(
                "chance_pending", action, f"player {state.drawer} must draw tiles first"
            )
        if isinstance(action, Timeout) and p != state.turn:
            raise IllegalActionError(
                "not_your_turn", action, f"only the player on turn ({state.turn}) can time out"
            )
    return None


def check_player(state: State, action: Challenge | Accept | TimePenalty) -> None:
    p = action.player
    if not 0 <= p < len(state.players):
        raise IllegalActionError(INVALID_PLAYER, action, f"there are {len(state.players)} players")
    if p in state.departed:
        raise IllegalActionError("player_departed", action, f"player {p} has already left")


def normalize(state: State, action: Place) -> Place:
    if not isinstance(action, Place) or not well_typed(action):
        raise IllegalActionError(NOT_AN_ACTION, action, "not a well-formed Place")
    t = state.tiles
    size = t.size
    if len(action.word) > 4 * size:
        raise IllegalActionError("malformed_word", action, "the word is too long")
    try:
        toks = split_tokens(action.word)
        step = 1 if action.across else size
        placed = []
        sq = action.row * size + action.col
        for i, tok in enumerate(toks):
            r, c = (action.row, action.col + i) if action.across else (action.row + i, action.col)
            if not (0 <= r < size and 0 <= c < size):
                raise PlacementError("off_board", "the word runs off the board")
            if tok != ".":
                code = t.token_code.get(tok)
                if code is None or code == t.blank:
                    raise PlacementError("unknown_tile", f"{short_repr(tok)} is not a tile")
                placed.append((sq, code))
            sq += step
        return canonical_place(t, state.board, placed)
    except PlacementError as exc:
        raise IllegalActionError(exc.code, action, exc.message) from None
    except ValueError as exc:
        raise IllegalActionError("malformed_word", action, str(exc)) from None


def place_tiles(state: State, tiles: Iterable[tuple[str, str]]) -> Place:
    t = state.tiles
    size = t.size
    placed = []
    pairs = list(islice(tiles, size + 1))
    if len(pairs) > size:
        raise IllegalActionError("not_in_one_line", pairs, f"more than {size} tiles")
    for pair in pairs:
        sq_name, letter = pair if isinstance(pair, tuple) and len(pair) == 2 else ("", "")
        m = SQUARE.match(sq_name) if isinstance(sq_name, str) else None
        if m is None:
            raise IllegalActionError("off_board", pairs, f"bad square {short_repr(sq_name)}")
        col = ord(m.group(1).upper()) - ord("A")
        row = int(m.group(2)) - 1
        if not (0 <= row < size and 0 <= col < size):
            raise IllegalActionError("off_board", pairs, f"{sq_name} is off the board")
        code = t.token_code.get(letter) if isinstance(letter, str) else None
        if code is None or code == t.blank:
            raise IllegalActionError("unknown_tile", pairs, f"{short_repr(letter)} is not a tile")
        placed.append((row * size + col, code))
    try:
        return canonical_place(t, state.board, placed)
    except PlacementError as exc:
        raise IllegalActionError(exc.code, pairs, exc.message) from None
