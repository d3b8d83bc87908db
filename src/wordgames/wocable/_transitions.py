"""What each Wocable action does to a state: the transitions behind ``State.apply`` (the
challenge window's own are in :mod:`wordgames.wocable._challenge`).

Each function takes a state the action is legal on (``apply`` has checked it) and returns
the next one, made with :func:`~wordgames._core.states.derive`: one copy of the fields per
action where the rules allow (``ply + 1`` included), a second only when the game ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from wordgames._core.states import EndReason, derive
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import PendingPlay, Place
from wordgames.wocable.engine import BLANK_BIT, RACK_SIZE, play_words

if TYPE_CHECKING:
    from wordgames.wocable.state import State

__all__ = [
    "apply_depart",
    "apply_draw",
    "apply_exchange",
    "apply_pass",
    "apply_place",
    "end",
    "next_active",
]

# the members as module globals (see state.py)
_DEAL, _DRAW, _PLAY, _OVER = Phase
_PLAYED_OUT, _PASSES = EndReason.PLAYED_OUT, EndReason.PASSES


def _remove(rack: Sequence[int], used: Iterable[int]) -> tuple[int, ...]:
    lst = list(rack)
    for t in used:
        lst.remove(t)
    return tuple(lst)


def next_active(state: State, p: int) -> int:
    """The first player after ``p`` who has not left (``p`` itself if nobody else is left)."""
    n = len(state.players)
    departed = state.departed
    for k in range(1, n + 1):
        q = (p + k) % n
        if q not in departed:
            return q
    return p


def apply_pass(state: State) -> State:
    passes = state.passes + 1
    if passes >= state.rules.pass_limit:
        return end(derive(state, {"passes": passes, "ply": state.ply + 1}), _PASSES)
    return derive(
        state, {"passes": passes, "turn": next_active(state, state.turn), "ply": state.ply + 1}
    )


def apply_draw(state: State, code: int) -> State:
    """Tile ``code`` from the bag onto the drawer's rack; the deal or the refill goes on, or
    the turn passes on (an exchange's tiles go back to the bag when its refill is done)."""
    d = state.drawer
    rack = list(state.racks[d])
    rack.append(code)
    rack.sort()
    racks = list(state.racks)
    racks[d] = tuple(rack)
    bag = list(state.bag)
    bag[code] -= 1
    left = state.to_draw - 1
    phase = state.phase
    drawn = state.pending_drawn
    if state.pending_play is not None and phase is _DRAW:
        drawn = tuple(sorted((*drawn, code)))
    ply = state.ply + 1
    if left:
        return derive(
            state,
            {
                "racks": tuple(racks),
                "bag": tuple(bag),
                "to_draw": left,
                "pending_drawn": drawn,
                "ply": ply,
            },
        )
    if phase is _DEAL:
        if d + 1 < len(state.players):
            return derive(
                state,
                {
                    "racks": tuple(racks),
                    "bag": tuple(bag),
                    "drawer": d + 1,
                    "to_draw": min(RACK_SIZE, sum(bag)),
                    "ply": ply,
                },
            )
        return derive(
            state,
            {
                "racks": tuple(racks),
                "bag": tuple(bag),
                "drawer": -1,
                "to_draw": 0,
                "phase": _PLAY,
                "ply": ply,
            },
        )
    # refill done: exchanged tiles go back now, then the next player's turn
    for t in state.aside:
        bag[t] += 1
    changes = {
        "racks": tuple(racks),
        "bag": tuple(bag),
        "drawer": -1,
        "to_draw": 0,
        "aside": (),
        "phase": _PLAY,
        "pending_drawn": drawn,
        "ply": ply,
    }
    if state.passes >= state.rules.pass_limit and state.pending_play is None:
        return end(derive(state, changes), _PASSES)
    changes["turn"] = next_active(state, state.turn)
    return derive(state, changes)


def apply_place(state: State, placed: list[tuple[int, int]], score: int, action: Place) -> State:
    """The checked placement ``action`` (``placed``: its (square, cell) pairs) scoring
    ``score``; then the refill, or the end (a challengeable play defers the end)."""
    p = state.turn
    t = state._tiles
    rules = state.rules
    board = list(state.board)
    used = []
    for sq, v in placed:
        board[sq] = v
        used.append(t.blank if v & BLANK_BIT else v)
    racks = list(state.racks)
    rack = racks[p] = _remove(racks[p], used)
    scores = list(state.scores)
    scores[p] += score
    passes = state.passes + 1 if (score == 0 and rules.zero_scores_count_as_passes) else 0
    changes = {
        "board": tuple(board),
        "racks": tuple(racks),
        "scores": tuple(scores),
        "passes": passes,
        "ply": state.ply + 1,
    }
    bag = sum(state.bag)
    if rules.challenges:
        # the window opens: endings wait until it closes (see _challenge.apply_accept)
        words = tuple(
            t.lexicon.decode(w) for w in play_words(t, state.board, placed, action.across)
        )
        changes["pending_play"] = PendingPlay(p, action, score, words, state.passes)
        changes["pending_drawn"] = ()
    elif not rack and bag == 0:
        return end(derive(state, changes), _PLAYED_OUT, finisher=p)
    elif passes >= rules.pass_limit:
        return end(derive(state, changes), _PASSES)
    # the refill of the player's rack, or the next player's turn if nothing is to be drawn
    n = min(RACK_SIZE - len(rack), bag)
    if n > 0:
        changes["phase"] = _DRAW
        changes["drawer"] = p
        changes["to_draw"] = n
    else:
        changes["turn"] = next_active(state, p)
    return derive(state, changes)


def apply_exchange(state: State, used: tuple[int, ...]) -> State:
    """The checked exchange of ``used``: the tiles go aside until the refill is done."""
    p = state.turn
    racks = list(state.racks)
    racks[p] = _remove(racks[p], used)
    passes = state.passes + 1 if state.rules.exchanges_count_as_passes else 0
    return derive(
        state,
        {
            "racks": tuple(racks),
            "aside": tuple(sorted(used)),
            "passes": passes,
            "phase": _DRAW,
            "drawer": p,
            "to_draw": len(used),
            "ply": state.ply + 1,
        },
    )


def apply_depart(state: State, p: int, timeout: bool) -> State:
    """Player ``p`` resigns (or times out): the rack leaves the game; a challengeable play
    stands (a departure closes the window, with the ending it deferred)."""
    pp = state.pending_play
    if pp is None:
        return _depart(state, p, timeout)
    ending = state.pending_end
    st = _depart(derive(state, {"pending_play": None, "pending_drawn": ()}), p, timeout)
    if st.phase is not _OVER and ending is not None and pp.player in st.active_players:
        return end(st, ending, finisher=pp.player)
    if st.phase is not _OVER and ending is _PASSES:
        return end(st, ending)
    return st


def _depart(state: State, p: int, timeout: bool) -> State:
    racks = list(state.racks)
    rack = racks[p]
    racks[p] = ()
    bag, removed = state.bag, state.removed
    if state.rules.departed_tiles_to_bag:
        counts = list(bag)
        for x in rack:
            counts[x] += 1
        bag = tuple(counts)
    else:
        removed = tuple(sorted(removed + rack))
    st = derive(
        state,
        {
            "racks": tuple(racks),
            "bag": bag,
            "removed": removed,
            "departed": (*state.departed, p),
            "ply": state.ply + 1,
        },
    )
    if len(st.active_players) <= 1:
        return end(st, EndReason.TIMEOUT if timeout else EndReason.RESIGNED)
    if p == state.turn:
        st = derive(st, {"turn": next_active(st, p)})
    return st


def end(state: State, reason: EndReason, *, finisher: int | None = None) -> State:
    """The finished game, with the rack values settled (called on the state the transition
    has already made: ``ply`` is counted there)."""
    t = state._tiles
    rules = state.rules
    scores = list(state.scores)
    active = state.active_players
    if reason is _PLAYED_OUT and finisher is not None:
        double = rules.going_out == "double"
        for q in active:
            if q != finisher:
                v = t.rack_value(state.racks[q])
                if double:
                    scores[finisher] += 2 * v
                else:
                    scores[q] -= v
                    scores[finisher] += v
    elif reason is _PASSES and rules.pass_end_subtract:
        for q in active:
            scores[q] -= t.rack_value(state.racks[q])
    return derive(
        state,
        {
            "scores": tuple(scores),
            "phase": _OVER,
            "drawer": -1,
            "to_draw": 0,
            "end_reason": reason,
            "pending_play": None,
            "pending_drawn": (),
        },
    )
