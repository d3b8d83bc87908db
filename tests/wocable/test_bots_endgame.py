"""SimBot's endgame search once the bag is empty: it finds better moves than the top score
(checked against an exact solver), falls back on EquityBot's play where it does not apply,
and always plays a legal move."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.wocable import Pass, Place, Rules, State, bots, new_game
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


@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_simbot_searches_reached_bag_empty_positions(seed: str) -> None:
    state = _bag_empty(f"endgame:{seed}")
    assert state is not None
    view = state.view(state.turn)
    bot = bots.SimBot(endgame_moves=6, endgame_depth=2)
    act = bot.choose(view, random.Random(1))
    # the sampled state is the real one: the unseen tiles are the other rack
    assert act == bots.endgame_search(state, moves=6, depth=2)[0]
    assert bot.choose(view, random.Random(2)) == act
    assert state.is_legal(act)
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
def test_simbot_falls_back_under_challenge_rules(rule: str) -> None:
    rules = attrs.evolve(Rules(), word_check="challenge", challenge_rule=rule)
    state = _bag_empty(f"endgame:challenge:{rule}", rules=rules)
    assert state is not None
    assert state.bag_size == 0
    assert (state.pending_play is None) == (rule == "void")
    view = state.view(state.turn)
    act = bots.SimBot().choose(view, random.Random(1))
    assert act == bots.EquityBot().choose(view, random.Random(1))
    assert state.is_legal(act)
    # the same position under the default rules is searched
    if rule == "void":
        plain = attrs.evolve(state, rules=Rules())
        searched = bots.SimBot().choose(plain.view(plain.turn), random.Random(1))
        assert searched == bots.endgame_search(plain)[0]


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
def test_endgame_choices_are_legal_and_no_worse_by_the_search(
    seed: int, depth: int, moves: int
) -> None:
    state = _bag_empty(f"endgame:prop:{seed}")
    if state is None:
        return
    view = state.view(state.turn)
    act = bots.SimBot(endgame_moves=moves, endgame_depth=depth).choose(view, random.Random(seed))
    assert state.is_legal(act)
    assert act in view.legal_actions()
    # the search's value is at least that of the first move it tries (the top score)
    value = bots.endgame_search(state, moves=moves, depth=depth)[1]
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
    # and playing on from the chosen move finishes the game
    nxt = state.apply(act)
    rng = random.Random(seed)
    while not nxt.is_terminal:
        nxt = nxt.apply(
            bots.SimBot(endgame_moves=moves, endgame_depth=depth).choose(nxt.view(nxt.turn), rng)
        )
    assert nxt.outcome is not None
