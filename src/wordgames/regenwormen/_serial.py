"""Loading a Regenwormen state from JSON: the checks of ``State.from_dict`` (every field's
type and range, then that the position is reachable: tiles conserved, dice adding up, the
phase consistent, ``ply`` large enough)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import player_names
from wordgames._core.serial import check_header, get_int, get_list, get_ply, get_str
from wordgames.regenwormen._dice import _ZERO6, DICE, TILES
from wordgames.regenwormen.rules import MAX_PLAYERS, Rules
from wordgames.regenwormen.state import (
    _VERSION,
    Phase,
    State,
    min_ply,
)

__all__: list[str] = []

_NAMES = {p.value: p for p in Phase}
ROLL, SET_ASIDE, DECIDE, OVER = Phase.ROLL, Phase.SET_ASIDE, Phase.DECIDE, Phase.OVER


def state_from_dict(cls: type[State], data: Any) -> State:
    """``State.from_dict`` (under its ``guarded_loader``)."""
    d = check_header(data, cls.GAME, "state", _VERSION)
    rules = Rules.from_dict(d.get("rules"))
    raw_players = get_list(d, "players")
    if len(raw_players) > MAX_PLAYERS:
        raise InvalidStateError(f"{len(raw_players)} players (at most {MAX_PLAYERS})")
    try:
        players = player_names(raw_players, rules.min_players, MAX_PLAYERS)
    except RulesError as exc:
        raise InvalidStateError(f"bad players: {short_repr(str(exc), 120)}") from None
    n = len(players)
    turn = get_int(d, "turn", 0, n - 1)
    phase_name = get_str(d, "phase")
    phase = _NAMES.get(phase_name)
    if phase is None:
        raise InvalidStateError(f"unknown phase {short_repr(phase_name)}")
    grill = _int_list(d, "grill", 21, 36)
    flipped = _int_list(d, "flipped", 21, 36)
    raw_stacks = get_list(d, "stacks")
    if len(raw_stacks) != n:
        raise InvalidStateError(f"{len(raw_stacks)} stacks for {n} players")
    stacks = tuple(_int_list({"stack": s}, "stack", 21, 36) for s in raw_stacks)
    kept = _int_list(d, "kept", 0, DICE, 6)
    roll = _int_list(d, "roll", 0, DICE, 6)
    ply = get_ply(d)
    departed = _int_list(d, "departed", 0, n - 1, n)
    if list(grill) != sorted(set(grill)) or list(flipped) != sorted(set(flipped)):
        raise InvalidStateError("grill and flipped must list distinct tiles ascending")
    every = [*grill, *flipped, *(t for s in stacks for t in s)]
    if sorted(every) != list(TILES):
        raise InvalidStateError("the 16 tiles 21-36 must each be exactly once somewhere")
    if len(kept) != 6 or sum(kept) > DICE:
        raise InvalidStateError("kept must be 6 counts adding up to at most 8 dice")
    _check_departed(departed, n, phase, grill, turn)
    if phase is OVER:
        if kept != _ZERO6 or roll:
            raise InvalidStateError("a finished game has no dice out")
    elif not grill:
        raise InvalidStateError("a game with no face-up tile is over")
    if phase is SET_ASIDE:
        if len(roll) != 6 or sum(roll) != DICE - sum(kept):
            raise InvalidStateError("the roll must count exactly the dice not set aside")
        if not any(roll[v] and not kept[v] for v in range(6)):
            raise InvalidStateError("a roll with no new value is a bust, not a choice")
    elif roll:
        raise InvalidStateError("a roll is only held while a value is to be set aside")
    if phase is ROLL and sum(kept) == DICE:
        raise InvalidStateError("no dice left to roll")
    if phase is DECIDE and sum(kept) == 0:
        raise InvalidStateError("the decision comes after setting dice aside")
    state = cls(rules, players, turn, phase, grill, flipped, stacks, kept, roll, ply, departed)
    if phase is DECIDE and not state.take_options():
        # with no tile to take, rolling on (or the bust) happens at once
        raise InvalidStateError("a decision is only held when a tile can be taken")
    least = min_ply(state)
    if ply < least:
        raise InvalidStateError(f"ply {ply} is too small: this position needs {least}")
    return state


def _check_departed(
    departed: tuple[int, ...], n: int, phase: Phase, grill: tuple[int, ...], turn: int
) -> None:
    """Who left, and how that fits the phase: the game ends when one player is left (none in
    a solo game), and a player who left never has the turn."""
    if len(set(departed)) != len(departed):
        raise InvalidStateError("departed must list distinct players")
    stay = n - len(departed)
    need = min(2, n)
    if phase is OVER and grill:  # ended by resignations
        if stay != need - 1:
            raise InvalidStateError("a game ends with tiles face up only when one player is left")
    elif stay < need:
        raise InvalidStateError("a game with one player left is over")
    if phase is not OVER and turn in departed:
        raise InvalidStateError(f"player {turn} has left but has the turn")


def _int_list(
    d: Mapping[str, Any], key: str, lo: int, hi: int, most: int = len(TILES)
) -> tuple[int, ...]:
    raw = get_list(d, key)
    if len(raw) > most:
        raise InvalidStateError(f"{key} has {len(raw)} entries (at most {most})")
    for x in raw:
        if type(x) is not int or not lo <= x <= hi:
            raise InvalidStateError(f"{key} must hold integers {lo}-{hi}, got {short_repr(x)}")
    return tuple(raw)
