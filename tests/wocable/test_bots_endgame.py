"""The bounded endgame search (``bots.endgame_search``) once the bag is empty: it finds better
moves than the top score (checked against an exact minimax); and SimBot with at most one tile
in the bag: the endgame solver's move (``wocable.endgame``), EquityBot's play where neither
applies, and always a legal move."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.wocable import (
    Accept,
    Pass,
    Place,
    Rules,
    State,
    bots,
    endgame,
    new_game,
    solve_endgame,
)
from wordgames.wocable.actions import Action
from wordgames.wocable.engine import parse_board, tiles_for
from wordgames.wocable.state import default_lexicon


def _bag_empty(seed: str, players: int = 2, rules: Rules | None = None) -> State | None:
    """EquityBot self-play until the bag is empty on a player's turn (None: over before)."""
    rng = random.Random(seed)
    state = new_game(players, rules=rules)
    equity = bots.EquityBot()
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        elif state.bag_size == 0:
            return state
        else:
            state = state.apply(equity.choose(state.view(state.turn), rng))
    return None


def _exact(state: State) -> int:
    """The exact minimax value of ``state`` for the player on turn: every placement and
    Pass, to the end of the game (only for tiny racks)."""
    me, opp = state.turn, 1 - state.turn
    best: int | None = None
    for act in [*(state.action_of(m) for m in state.raw_moves()), Pass()]:
        child = state.apply(act)
        v = child.scores[me] - child.scores[opp] if child.is_terminal else -_exact(child)
        best = v if best is None else max(best, v)
    assert best is not None
    return best


def _value_after(state: State, act: Action) -> int:
    me, opp = state.turn, 1 - state.turn
    child = state.apply(act)
    return child.scores[me] - child.scores[opp] if child.is_terminal else -_exact(child)


#: a reached board (EquityBot self-play); P2 to move with PR, P1 holding EQ, the bag empty
#: and the rest of the tiles put out of play, so the search runs on the state directly
_BOARD = (
    "ANODIzED...MABE",
    "RAW....O..W..U.",
    "O.LIFT.U.YACHT.",
    "Y......SOUP..E.",
    "N..GALLETAS..OF",
    "t...XI.SIN....A",
    "E..M..R.O.....V",
    "D..OUZELS.....O",
    "...D.ER.ET....R",
    "...E.KI..H.....",
    "...R..G..E.....",
    "...N.....T.....",
    "JIVE.....I.....",
    "I........C.....",
    "G..............",
)


def _constructed() -> State:
    rules = Rules()
    lex = default_lexicon(rules)
    t = tiles_for(rules, lex)
    board = parse_board(t, list(_BOARD))
    counts = list(t.counts)
    for v in board:
        if v >= 0:
            counts[t.blank if v >= t.blank else v] -= 1
    racks = (t.parse_rack("EQ"), t.parse_rack("PR"))
    for rack in racks:
        for x in rack:
            counts[x] -= 1
    assert min(counts) >= 0
    removed = tuple(i for i, k in enumerate(counts) for _ in range(k))
    return State(
        rules=rules,
        lexicon=lex,
        players=("P1", "P2"),
        board=board,
        racks=racks,
        bag=(0,) * len(t.counts),
        scores=(300, 310),
        turn=1,
        phase="play",
        drawer=-1,
        to_draw=0,
        aside=(),
        passes=0,
        departed=(),
        removed=removed,
        end_reason=None,
        ply=80,
    )


def test_going_out_beats_the_higher_scoring_play() -> None:
    state = _constructed()
    top = state.best_moves(1)[0]
    assert str(top.action) == "13A ....R"
    assert top.score == 15
    best = _exact(state)
    assert _value_after(state, top.action) < best
    for depth in (2, 3, 4):
        act, value = bots.endgame_search(state, moves=8, depth=depth)
        assert isinstance(act, Place)
        assert len(state.tiles.parse_rack(act.word.replace(".", ""))) == 2  # goes out
        assert _value_after(state, act) == best
        # the out-play ends the game: its value is the final spread, exactly
        assert value == best
    # with only the top move and Pass in its list, the out-play is still tried
    act, _ = bots.endgame_search(state, moves=1, depth=3)
    assert _value_after(state, act) == best


def test_one_ply_sees_the_final_spread_of_going_out() -> None:
    state = _constructed()
    # one ply: the top move's immediate value (15 now, the P left) is compared with the
    # out-play's final spread (10 + twice EQ's 11); a tie would keep the top move
    act, value = bots.endgame_search(state, moves=8, depth=1)
    assert str(act) == "11I P.R"
    assert value == 10 + 10 + 2 * 11


def test_simbot_falls_back_when_the_opponents_rack_is_not_forced() -> None:
    # the constructed position has tiles out of play: the view cannot know the other rack
    state = _constructed()
    view = state.view(state.turn)
    assert bots.SimBot().choose(view, random.Random(1)) == state.best_moves(1)[0].action


def _late(
    seed: str, rules: Rules | None = None, tiles: int = 6, pending: bool = False
) -> State | None:
    """EquityBot self-play on past the emptying of the bag until the two racks hold at most
    ``tiles`` tiles together, on a player's turn (None: over before); small enough to solve
    exactly in well under a second. With ``pending``, a turn where the opponent's play waits
    for the challenge decision (and does not end the game)."""
    rng = random.Random(seed)
    state = new_game(2, rules=rules)
    equity = bots.EquityBot()
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        elif (
            state.bag_size == 0
            and (
                state.pending_play is not None and state.pending_end is None
                if pending
                else state.pending_play is None
            )
            and sum(len(r) for r in state.racks) <= tiles
        ):
            return state
        else:
            state = state.apply(equity.choose(state.view(state.turn), rng))
    return None


def _value_of(state: State, act: Action) -> int:
    """The exact value for the player on turn of playing ``act``, then best play by both
    (under challenge rules the opponent accepts the play, as the solver assumes)."""
    me, opp = state.turn, 1 - state.turn
    child = state.apply(act)
    if child.pending_play is not None:
        child = child.apply(Accept(child.turn))
    gained = (child.scores[me] - state.scores[me]) - (child.scores[opp] - state.scores[opp])
    if child.is_terminal:
        return gained
    rest = solve_endgame(child)
    return gained + (rest.value if child.turn == me else -rest.value)


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_simbot_plays_the_solved_move_once_the_bag_is_empty(seed: str) -> None:
    state = _late(f"endgame:{seed}")
    if state is None:
        state = _late(f"endgame:{seed}:2")
    assert state is not None
    view = state.view(state.turn)
    bot = bots.SimBot(endgame_time=None)  # solve exactly
    act = bot.choose(view, random.Random(1))
    assert state.is_legal(act)
    assert bot.choose(view, random.Random(2)) == act
    # the sampled state is the real one (the unseen tiles are the other rack): the move is
    # worth the solution's value
    assert _value_of(state, act) == solve_endgame(state).value
    old = bots.SimBot(endgame_depth=0).choose(view, random.Random(1))
    assert old == bots.EquityBot().choose(view, random.Random(1))


def test_simbot_falls_back_with_three_players() -> None:
    state = _bag_empty("endgame:three", players=3)
    assert state is not None
    assert state.bag_size == 0
    view = state.view(state.turn)
    assert bots.SimBot().choose(view, random.Random(1)) == bots.EquityBot().choose(
        view, random.Random(1)
    )


@pytest.mark.parametrize("rule", ["void", "double"])
def test_simbot_under_challenge_rules(rule: str) -> None:
    """Under challenge rules the solver applies too (a line that goes out ends with the
    opponent's acceptance); a play waiting for the challenge decision is answered as
    EquityBot answers it."""
    rules = attrs.evolve(Rules(), word_check="challenge", challenge_rule=rule)
    state = _bag_empty(f"endgame:challenge:{rule}", rules=rules)
    assert state is not None
    assert state.bag_size == 0
    assert (state.pending_play is None) == (rule == "void")
    view = state.view(state.turn)
    act = bots.SimBot(endgame_time=0.5).choose(view, random.Random(1))
    assert state.is_legal(act)
    if rule == "double":  # a play waits for the decision: the move accepts it, exactly solved
        small = _late(f"endgame:challenge:{rule}:small", rules=rules, pending=True)
        assert small is not None
        assert small.pending_play is not None
        act = bots.SimBot(endgame_time=None).choose(small.view(small.turn), random.Random(1))
        assert small.is_legal(act)
        stands = endgame._accepted(small)  # the play stands, the same player on turn
        assert _value_of(stands, act) == solve_endgame(stands).value
    else:
        small = _late(f"endgame:challenge:{rule}:small", rules=rules)
        assert small is not None
        act = bots.SimBot(endgame_time=None).choose(small.view(small.turn), random.Random(1))
        assert _value_of(small, act) == solve_endgame(small).value


def test_the_search_is_off_while_tiles_remain_in_the_bag() -> None:
    rng = random.Random(4)
    state = new_game(2)
    while state.is_chance_node or state.ply < 40:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(bots.EquityBot().choose(state.view(state.turn), rng))
    assert state.bag_size > 0
    view = state.view(state.turn)
    with_search = bots.SimBot(candidates=3, iterations=2).choose(view, random.Random(5))
    without = bots.SimBot(candidates=3, iterations=2, endgame_depth=0).choose(
        view, random.Random(5)
    )
    assert with_search == without
    with pytest.raises(ValueError, match="bag empty"):
        bots.endgame_search(state)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 6))
def test_endgame_search_is_no_worse_than_the_top_score(seed: int, depth: int, moves: int) -> None:
    state = _bag_empty(f"endgame:prop:{seed}")
    if state is None:
        return
    act, value = bots.endgame_search(state, moves=moves, depth=depth)
    assert state.is_legal(act)
    # the search's value is at least that of the first move it tries (the top score)
    top = state.best_moves(1)
    first: Action = top[0].action if top else Pass()
    child = state.apply(first)
    me, opp = state.turn, 1 - state.turn
    if child.is_terminal:
        first_value = float(child.scores[me] - child.scores[opp])
    elif depth == 1:
        first_value = -bots._endgame_leaf(child)
    else:
        first_value = -bots.endgame_search(child, moves=moves, depth=depth - 1)[1]
    # ties go to the top score: another move only when strictly better
    assert value >= first_value
    if act != first:
        assert value > first_value


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6))
def test_simbot_endgame_choices_are_legal_and_finish_the_game(seed: int) -> None:
    state = _late(f"endgame:prop:{seed}", tiles=9)
    if state is None:
        return
    bot = bots.SimBot(endgame_time=0.2)
    rng = random.Random(seed)
    nxt = state
    while not nxt.is_terminal:
        view = nxt.view(nxt.turn)
        act = bot.choose(view, rng)
        assert act in view.legal_actions()
        nxt = nxt.apply(act)
    assert nxt.outcome is not None
