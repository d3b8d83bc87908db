"""The challenge window of Wocable (``Rules.word_check="challenge"``): what a ``Challenge``
or an ``Accept`` of the pending play does, and the checks of a loaded pending play.

A placement under challenge rules stands at once but stays open (``State.pending_play``)
until the next player challenges it, accepts it or makes their own move (docs/wocable.md,
"Challenges"). The functions here are the transitions and checks of that window; the
``State`` methods call them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordgames._core.errors import InvalidStateError, ParseError, short_repr
from wordgames._core.serial import get_int, get_list, get_str
from wordgames._core.states import EndReason, derive
from wordgames.wocable._phase import Phase
from wordgames.wocable._transitions import end, next_active
from wordgames.wocable.actions import PendingPlay, Place, parse_action, split_tokens
from wordgames.wocable.engine import (
    BLANK_BIT,
    EMPTY,
    PlacementError,
    Tiles,
    decode_place,
    placed_of,
    play_words,
    score_placement,
)
from wordgames.wocable.rules import Rules

if TYPE_CHECKING:
    from wordgames.wocable.state import State

__all__ = ["apply_accept", "apply_challenge", "check_pending", "pending_from_dict"]

_BONUS = {"five_point": 5, "ten_point": 10}


def apply_accept(state: State) -> State:
    """The next player accepts the pending play: the window closes; a deferred ending (the
    play went out, or reached the scoreless-turn limit) happens now."""
    pp = state.pending_play
    assert pp is not None
    ending = state.pending_end
    st = derive(state, {"pending_play": None, "pending_drawn": (), "ply": state.ply + 1})
    if ending is not None:
        return end(st, ending, finisher=pp.player)
    return st


def apply_challenge(state: State) -> State:
    """The next player challenges the pending play: a phony is withdrawn, a valid play
    stands with the consequence of ``Rules.challenge_rule``."""
    pp = state.pending_play
    assert pp is not None
    t = state._tiles
    rules = state.rules
    if not state.pending_is_phony():
        ending = state.pending_end
        scores = list(state.scores)
        scores[pp.player] += _BONUS.get(rules.challenge_rule, 0)
        lost_turn = rules.challenge_rule == "double"
        passes = state.passes + 1 if lost_turn else state.passes
        st = derive(
            state,
            {
                "scores": tuple(scores),
                "passes": passes,
                "pending_play": None,
                "pending_drawn": (),
                "ply": state.ply + 1,
            },
        )
        if ending is EndReason.PLAYED_OUT:
            return end(st, ending, finisher=pp.player)
        if passes >= rules.pass_limit:
            return end(st, EndReason.PASSES)
        return derive(st, {"turn": next_active(st, state.turn)}) if lost_turn else st
    # a phony: the tiles go back to the rack, the draws back to the bag, 0 points
    board = list(state.board)
    rack = list(state.racks[pp.player])
    bag = list(state.bag)
    for x in state.pending_drawn:
        rack.remove(x)
        bag[x] += 1
    for sq, v in placed_of(t, pp.place):
        board[sq] = EMPTY
        rack.append(t.blank if v & BLANK_BIT else v)
    racks = list(state.racks)
    racks[pp.player] = tuple(sorted(rack))
    scores = list(state.scores)
    scores[pp.player] -= pp.score
    passes = pp.passes + 1 if rules.zero_scores_count_as_passes else 0
    st = derive(
        state,
        {
            "board": tuple(board),
            "racks": tuple(racks),
            "bag": tuple(bag),
            "scores": tuple(scores),
            "passes": passes,
            "pending_play": None,
            "pending_drawn": (),
            "ply": state.ply + 1,
        },
    )
    if passes >= rules.pass_limit:
        return end(st, EndReason.PASSES)
    return st


def pending_from_dict(raw: Any, n: int, pass_limit: int) -> PendingPlay | None:
    """The ``pending_play`` JSON field (None, or an object of player, place, score, words
    and passes), checked for its shape and ranges only."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"player", "place", "score", "words", "passes"}:
        raise InvalidStateError(
            "pending_play must be null or {player, place, score, words, passes}"
        )
    text = get_str(raw, "place")
    if len(text) > 80:
        raise InvalidStateError("pending_play.place is too long")
    try:
        place = parse_action(text)
    except ParseError:
        raise InvalidStateError("pending_play.place is not a placement") from None
    if not isinstance(place, Place):
        raise InvalidStateError("pending_play.place is not a placement")
    words = get_list(raw, "words")
    if not 1 <= len(words) <= 16 or not all(type(w) is str and 2 <= len(w) <= 64 for w in words):
        raise InvalidStateError("pending_play.words must be 1-16 words")
    return PendingPlay(
        player=get_int(raw, "player", 0, n - 1),
        place=place,
        score=get_int(raw, "score", 0, 10_000),
        words=tuple(words),
        passes=get_int(raw, "passes", 0, max(0, pass_limit - 1)),
    )


def check_pending(
    t: Tiles,
    rules: Rules,
    pp: PendingPlay,
    drawn: tuple[int, ...],
    board: tuple[int, ...],
    racks: tuple[tuple[int, ...], ...],
    phase: Phase,
    turn: int,
    drawer: int,
    aside: tuple[int, ...],
    active: list[int],
) -> None:
    """A loaded ``pending_play`` must be the last placement on this board, with its score
    and words, made by an active player whose window is open (InvalidStateError)."""
    if not rules.challenges:
        raise InvalidStateError("a pending play needs rules with challenges")
    if pp.player not in active:
        raise InvalidStateError("the pending play's player has left")
    if phase is Phase.DRAW:
        if drawer != pp.player or aside:
            raise InvalidStateError("only the pending play's player may be drawing")
    elif phase is Phase.PLAY:
        nxt = [q for q in active if q > pp.player] + [q for q in active if q < pp.player]
        if turn != nxt[0]:
            raise InvalidStateError("the next player must be on turn during a challenge window")
    else:
        raise InvalidStateError(f"no challenge window in phase {phase}")
    size = t.size
    place = pp.place
    before = list(board)
    placed = []
    try:
        toks = split_tokens(place.word)
        step = 1 if place.across else size
        if not (0 <= place.row < size and 0 <= place.col < size):
            raise ValueError("off the board")
        end = (place.col if place.across else place.row) + len(toks) - 1
        if end >= size:
            raise ValueError("off the board")
        sq = place.row * size + place.col
        for tok in toks:
            if tok != ".":
                if t.token_code.get(tok) != board[sq] or board[sq] < 0:
                    raise ValueError("the board does not hold the pending play")
                placed.append((sq, board[sq]))
                before[sq] = EMPTY
            sq += step
        got, start, last = decode_place(t, before, place)
    except (ValueError, PlacementError) as exc:
        raise InvalidStateError(f"bad pending play: {short_repr(str(exc))}") from None
    score = score_placement(t, before, got, start, last, place.across)
    words = tuple(t.lexicon.decode(w) for w in play_words(t, before, got, place.across))
    if score != pp.score or words != pp.words:
        raise InvalidStateError("the pending play's score or words do not match the board")
    rest = list(racks[pp.player])
    for x in drawn:
        if x not in rest:
            raise InvalidStateError("pending draws must be tiles of the player's rack")
        rest.remove(x)
    if len(drawn) > len(placed):
        raise InvalidStateError("more pending draws than tiles played")
