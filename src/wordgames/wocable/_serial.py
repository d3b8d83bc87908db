"""Reading Wocable states and views from JSON: ``State.from_dict`` and ``View.from_dict``
check every field (sizes before parsing, then ranges, then the invariants: tiles conserved,
phases consistent, a pending play that matches the board) and raise
:class:`~wordgames.InvalidStateError`, and only that, on anything else."""

from __future__ import annotations

from typing import Any

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import player_names
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_opt_int,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames._core.states import EndReason
from wordgames.lexicon import Lexicon
from wordgames.wocable._challenge import check_pending, pending_from_dict
from wordgames.wocable._checks import MAX_SCORE
from wordgames.wocable._phase import REASONS, Phase
from wordgames.wocable.engine import (
    BLANK_BIT,
    RACK_SIZE,
    SplitLexiconError,
    Tiles,
    parse_board,
    tiles_for,
)
from wordgames.wocable.info import GAME_INFO
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import VERSION, State
from wordgames.wocable.view import VIEW_VERSION, View

__all__ = ["state_from_dict", "view_from_dict"]

_PHASES = {p.value: p for p in Phase}
_REASONS = {r.value: r for r in REASONS}


def loaded_tiles(rules: Rules, lex: Lexicon) -> Tiles:
    """``tiles_for(rules, lex)`` for a document being loaded: its refusals as
    :class:`InvalidStateError` (a split lexicon's message names the house-rule flag)."""
    try:
        return tiles_for(rules, lex)
    except SplitLexiconError as exc:  # our own message, bounded
        raise InvalidStateError(str(exc)) from None
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None


def _phase(text: str) -> Phase:
    phase = _PHASES.get(text)
    if phase is None:
        raise InvalidStateError(f"unknown phase {short_repr(text)}")
    return phase


def _end_reason(x: Any) -> EndReason | None:
    if x is None:
        return None
    reason = _REASONS.get(x) if isinstance(x, str) else None
    if reason is None:
        raise InvalidStateError(f"unknown end reason {short_repr(x)}")
    return reason


def _tiles_field(t: Tiles, x: Any, what: str, limit: int) -> tuple[int, ...]:
    """A tile string of at most ``limit`` tiles (checked on its length before parsing)."""
    if not isinstance(x, str):
        raise InvalidStateError(f"{what} must be a string")
    if len(x) > 4 * limit:
        raise InvalidStateError(f"{what} is too long ({len(x)} characters)")
    try:
        tiles = t.parse_rack(x)
    except ValueError as exc:
        raise InvalidStateError(f"bad {what}: {short_repr(str(exc))}") from None
    if len(tiles) > limit:
        raise InvalidStateError(f"{what} holds more than {limit} tiles")
    return tiles


@guarded_loader
def state_from_dict(data: Any) -> State:
    """``State.from_dict``: the checks of a state's JSON, then the state."""
    d = check_header(data, "wocable", "state", VERSION)
    try:
        rules = Rules.from_dict(get_map(d, "rules"))
    except RulesError as exc:
        raise InvalidStateError(f"bad rules: {short_repr(str(exc))}") from None
    lexd = get_map(d, "lexicon")
    digest = get_str(lexd, "digest")
    get_str(lexd, "name")
    lex = Lexicon.by_digest(digest)
    if lex is None:
        raise InvalidStateError(f"lexicon {digest[:12]!r}... is not loaded in this process")
    t = loaded_tiles(rules, lex)
    names = get_list(d, "players")
    lo, hi = GAME_INFO.min_players, GAME_INFO.max_players
    if not lo <= len(names) <= hi or not all(isinstance(x, str) for x in names):
        raise InvalidStateError(f"a game has {lo}-{hi} players, named by strings")
    try:
        players = player_names(names, lo, hi)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
    n = len(players)
    rows = get_list(d, "board")
    try:
        board = parse_board(t, rows)
    except ValueError as exc:
        raise InvalidStateError(f"bad board: {short_repr(str(exc))}") from None
    racks_raw = get_list(d, "racks")
    if len(racks_raw) != n:
        raise InvalidStateError("one rack per player is needed")
    racks = tuple(_tiles_field(t, r, "rack", RACK_SIZE) for r in racks_raw)
    bag_tiles = _tiles_field(t, d["bag"], "bag", t.total)
    bag = [0] * (t.blank + 1)
    for x in bag_tiles:
        bag[x] += 1
    aside = _tiles_field(t, d["aside"], "aside", RACK_SIZE)
    removed = _tiles_field(t, d["removed"], "removed", t.total)
    scores_raw = get_list(d, "scores")
    if len(scores_raw) != n or not all(
        isinstance(s, int) and not isinstance(s, bool) and abs(s) <= MAX_SCORE for s in scores_raw
    ):
        raise InvalidStateError("scores must be one integer per player")
    turn = get_int(d, "turn", 0, n - 1)
    phase = _phase(get_str(d, "phase"))
    drawer = get_int(d, "drawer", -1, n - 1)
    to_draw = get_int(d, "to_draw", 0, RACK_SIZE)
    passes = get_int(d, "passes", 0, rules.pass_limit)
    dep_raw = get_list(d, "departed")
    if len(dep_raw) > n or not all(type(x) is int and 0 <= x < n for x in dep_raw):
        raise InvalidStateError("departed must list player indexes")
    departed = tuple(dep_raw)
    if len(set(departed)) != len(departed):
        raise InvalidStateError("a player departed twice")
    end_reason = _end_reason(d["end_reason"])
    # conservation of tiles
    total = [0] * (t.blank + 1)
    for v in board:
        if v >= 0:
            total[t.blank if v & BLANK_BIT else v] += 1
    for r in racks:
        for x in r:
            total[x] += 1
    for x in (*aside, *removed):
        total[x] += 1
    for i in range(t.blank + 1):
        total[i] += bag[i]
    if tuple(total) != t.counts:
        raise InvalidStateError("tiles are not conserved (board + racks + bag != the tile set)")
    # ``removed``: tiles out of play, from a player who left (departed_tiles_to_bag=False) or
    # left out of a set-up position (``from_position``, ``from_cgp``)
    for p in departed:
        if racks[p]:
            raise InvalidStateError(f"departed player {p} still holds tiles")
    active = [p for p in range(n) if p not in departed]
    board_empty = all(v < 0 for v in board)
    pending = pending_from_dict(d.get("pending_play"), n, rules.pass_limit)
    drawn = _tiles_field(t, d.get("pending_drawn", ""), "pending_drawn", RACK_SIZE)
    going_out = False
    if pending is None:
        if drawn:
            raise InvalidStateError("pending draws without a pending play")
    else:
        check_pending(t, rules, pending, drawn, board, racks, phase, turn, drawer, aside, active)
        going_out = not racks[pending.player] and not any(bag)
    if phase is Phase.OVER:
        if end_reason is None:
            raise InvalidStateError("a finished game needs an end reason")
        if drawer != -1 or to_draw or aside:
            raise InvalidStateError("no draw can be pending in a finished game")
    else:
        if end_reason is not None:
            raise InvalidStateError("an end reason on a running game")
        if len(active) < 2:
            raise InvalidStateError("a running game needs at least 2 active players")
        if turn in departed:
            raise InvalidStateError("the player on turn has left")
        # the limit may be reached by a zero-score play whose window is open, or by an
        # exchange whose draws are pending (the game ends when they are done)
        exchange_ends = phase is Phase.DRAW and bool(aside) and rules.exchanges_count_as_passes
        if passes >= rules.pass_limit and pending is None and not exchange_ends:
            raise InvalidStateError("the pass limit was reached but the game runs on")
    if phase is Phase.DEAL:
        if not board_empty or any(scores_raw) or turn != 0 or aside or departed or passes:
            raise InvalidStateError("inconsistent deal phase")
        if not (0 <= drawer < n and 1 <= to_draw <= RACK_SIZE):
            raise InvalidStateError("the deal needs a drawer and tiles to draw")
        for p in range(n):
            want = RACK_SIZE if p < drawer else (RACK_SIZE - to_draw if p == drawer else 0)
            if len(racks[p]) != want:
                raise InvalidStateError(f"player {p} holds {len(racks[p])} tiles during the deal")
    elif phase is Phase.DRAW:
        if drawer != turn or to_draw < 1:
            raise InvalidStateError("a refill needs the player on turn as drawer")
        if len(racks[drawer]) + to_draw > RACK_SIZE or to_draw > sum(bag):
            raise InvalidStateError("too many tiles to draw")
        if aside and len(aside) < to_draw:
            raise InvalidStateError("an exchange draws at most as many tiles as it put aside")
    elif phase is Phase.PLAY:
        if drawer != -1 or to_draw or aside:
            raise InvalidStateError("no draw can be pending on a player's turn")
        bag_empty = not any(bag)
        for p in active:
            # an empty rack beside an empty bag: a set-up end-game position whose other rack
            # was left empty (``from_position``); that player can only pass
            if (
                not racks[p]
                and not (going_out and pending and p == pending.player)
                and not bag_empty
            ):
                raise InvalidStateError(f"active player {p} has no tiles on a running game")
    ply = get_ply(d)
    # every tile outside the bag was drawn, every leaver resigned, a tile on the board was placed
    # every tile out of the bag was drawn, but the ``removed`` ones may never have been (a
    # set-up position leaves tiles out of play)
    least = t.total - sum(bag) - len(removed) + len(departed) + (0 if board_empty else 1)
    if ply < least:
        raise InvalidStateError(f"ply {ply} is too small: this position takes {least} actions")
    return State(
        rules=rules,
        lexicon=lex,
        players=players,
        board=board,
        racks=racks,
        bag=tuple(bag),
        scores=tuple(scores_raw),
        turn=turn,
        phase=phase,
        drawer=drawer,
        to_draw=to_draw,
        aside=aside,
        passes=passes,
        departed=departed,
        removed=removed,
        end_reason=end_reason,
        ply=ply,
        pending_play=pending,
        pending_drawn=drawn,
    )


def _tiles_text(t: Tiles, d: Any, key: str, limit: int) -> tuple[int, ...]:
    text = get_str(d, key)
    if len(text) > limit:
        raise InvalidStateError(f"field {key!r} is too long ({len(text)} characters)")
    try:
        return t.parse_rack(text)
    except ValueError as exc:
        raise InvalidStateError(f"bad {key}: {exc}") from None


def _small_ints(d: Any, key: str, n_max: int, lo: int, hi: int) -> tuple[int, ...]:
    raw = get_list(d, key)
    if len(raw) > n_max:
        raise InvalidStateError(f"field {key!r} has more than {n_max} entries")
    if not all(type(x) is int and lo <= x <= hi for x in raw):
        raise InvalidStateError(f"field {key!r} must hold integers in [{lo}, {hi}]")
    return tuple(raw)


@guarded_loader
def view_from_dict(data: Any) -> View:
    """``View.from_dict``: the checks of a view's JSON, then the view."""
    d = check_header(data, "wocable", "view", VIEW_VERSION)
    try:
        rules = Rules.from_dict(get_map(d, "rules"))
    except RulesError as exc:
        raise InvalidStateError(f"bad rules: {str(exc)[:80]}") from None
    lex = Lexicon.by_digest(get_str(get_map(d, "lexicon"), "digest"))
    if lex is None:
        raise InvalidStateError("the view's lexicon is not loaded")
    try:
        t = tiles_for(rules, lex)
    except RulesError as exc:
        raise InvalidStateError(str(exc)[:80]) from None
    names = get_list(d, "players")
    lo, hi = GAME_INFO.min_players, GAME_INFO.max_players
    if not lo <= len(names) <= hi or not all(type(x) is str for x in names):
        raise InvalidStateError(f"a view needs {lo}-{hi} player names")
    n = len(names)
    viewer = get_opt_int(d, "viewer", 0, n - 1)
    rack = None if d["rack"] is None else _tiles_text(t, d, "rack", 4 * RACK_SIZE)
    unseen = [0] * (t.blank + 1)
    for x in _tiles_text(t, d, "unseen", 4 * t.total):
        unseen[x] += 1
    phase = _phase(get_str(d, "phase"))
    end_reason = _end_reason(d["end_reason"])
    pending = pending_from_dict(d.get("pending_play"), n, rules.pass_limit)
    own_drawn = _tiles_text(t, {"x": d.get("own_pending_drawn", "")}, "x", 4 * RACK_SIZE)
    drawn_size = get_int({"x": d.get("pending_drawn_size", 0)}, "x", 0, RACK_SIZE)
    if pending is None and (drawn_size or own_drawn):
        raise InvalidStateError("pending draws without a pending play")
    return View(
        viewer=viewer,
        rules=rules,
        lexicon=lex,
        players=tuple(names),
        board=parse_board(t, get_list(d, "board")),
        rack=rack,
        rack_sizes=_small_ints(d, "rack_sizes", n, 0, RACK_SIZE),
        scores=_small_ints(d, "scores", n, -(10**9), 10**9),
        bag_size=get_int(d, "bag_size", 0, t.total),
        unseen_counts=tuple(unseen),
        turn=get_int(d, "turn", 0, n - 1),
        phase=phase,
        drawer=get_int(d, "drawer", -1, n - 1),
        to_draw=get_int(d, "to_draw", 0, RACK_SIZE),
        aside_size=get_int(d, "aside_size", 0, RACK_SIZE),
        own_aside=_tiles_text(t, d, "own_aside", 4 * RACK_SIZE),
        passes=get_int(d, "passes", 0, 10**6),
        departed=_small_ints(d, "departed", n, 0, n - 1),
        removed_size=get_int(d, "removed_size", 0, t.total),
        end_reason=end_reason,
        ply=get_ply(d),
        pending_play=pending,
        pending_drawn_size=drawn_size,
        own_pending_drawn=own_drawn,
    )
