"""The exact endgame solver (``wordgames.wocable.endgame``): it agrees with a brute-force
minimax over the engine's own transitions on tiny positions (a reached board, one or two
tiles a rack, the other tiles out of play) under every preset, its principal variation
replays to its value, the pre-endgame agrees with brute force per candidate and tile, time
limits hold, and bad positions are refused with a code before anything is computed."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.wocable import Accept, Exchange, Pass, Rules, State, bots, new_game
from wordgames.wocable.endgame import (
    ENDGAME_ERROR_CODES,
    EndgameError,
    endgame_action,
    solve_endgame,
    solve_preendgame,
)
from wordgames.wocable.engine import BLANK_BIT, parse_board, tiles_for
from wordgames.wocable.state import default_lexicon

#: a reached board (EquityBot self-play)
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

_RULES = {
    "wocable": Rules(),
    "naspa": Rules.preset("naspa"),
    "wespa": Rules.preset("wespa"),
    "subtract2": Rules(pass_end_subtract=True, pass_limit=2),
    "zero3": Rules(zero_scores_count_as_passes=True, pass_limit=3),
    "naspa_single": attrs.evolve(Rules.preset("naspa"), challenge_rule="single"),
}


def _bag_empty(seed: str, rules: Rules | None = None, bag: int = 0) -> State | None:
    """EquityBot self-play until ``bag`` tiles are left on a player's turn (the first of
    the games seeded ``seed``, ``seed:1``, ... that has such a turn)."""
    for k in range(20):
        state = _self_play(seed if k == 0 else f"{seed}:{k}", rules, bag)
        if state is not None:
            return state
    return None


def _self_play(seed: str, rules: Rules | None, bag: int) -> State | None:
    rng = random.Random(seed)
    state = new_game(2, rules=rules)
    equity = bots.EquityBot()
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        elif state.bag_size <= bag:
            return state if state.bag_size == bag else None
        else:
            state = state.apply(equity.choose(state.view(state.turn), rng))
    return None


@cache
def _board(rules: Rules) -> tuple[int, ...]:
    t = tiles_for(rules, default_lexicon(rules))
    return parse_board(t, list(_BOARD))


def _pool(rules: Rules) -> list[int]:
    """The tiles not on the board (tile ids)."""
    t = tiles_for(rules, default_lexicon(rules))
    counts = list(t.counts)
    for v in _board(rules):
        if v >= 0:
            counts[t.blank if v & BLANK_BIT else v] -= 1
    return [i for i, k in enumerate(counts) for _ in range(k)]


def _tiny(
    rules: Rules,
    mover: list[int],
    other: list[int],
    *,
    bag: tuple[int, ...] = (),
    scores: tuple[int, int] = (300, 310),
    passes: int = 0,
    turn: int = 1,
) -> State:
    """The board of ``_BOARD``, ``mover`` on turn, ``other`` for the opponent, ``bag`` in the
    bag, every other tile out of play."""
    lex = default_lexicon(rules)
    t = tiles_for(rules, lex)
    board = _board(rules)
    pool = _pool(rules)
    for x in (*mover, *other, *bag):
        pool.remove(x)
    racks = [(), ()]
    racks[turn] = tuple(sorted(mover))
    racks[1 - turn] = tuple(sorted(other))
    bag_counts = [0] * (t.blank + 1)
    for x in bag:
        bag_counts[x] += 1
    return State(
        rules=rules,
        lexicon=lex,
        players=("P1", "P2"),
        board=board,
        racks=(racks[0], racks[1]),
        bag=tuple(bag_counts),
        scores=scores,
        turn=turn,
        phase="play",
        drawer=-1,
        to_draw=0,
        aside=(),
        passes=passes,
        departed=(),
        removed=tuple(sorted(pool)),
        end_reason=None,
        ply=100,
    )


def _brute(state: State, memo: dict[Any, int]) -> int:
    """Seat 0's final spread minus its spread now, under best play by both: every legal
    action (placements, Pass, and Challenge/Accept while a play may be challenged; no
    exchange), through ``State.apply``, with draws from a bag known to both."""
    if state.is_terminal:
        return 0
    if state.is_chance_node:  # the bag's one tile, known
        (draw, _), *_ = state.chance_outcomes()
        child = state.apply(draw)
        return (
            child.scores[0]
            - child.scores[1]
            - (state.scores[0] - state.scores[1])
            + _brute(child, memo)
        )
    key = (state.board, state.racks, state.bag, state.turn, state.passes, state.pending_play)
    got = memo.get(key)
    if got is not None:
        return got
    now = state.scores[0] - state.scores[1]
    vals = []
    for act in state.legal_actions():
        if isinstance(act, Exchange):  # only with a tile in the bag; the solver has none
            continue
        child = state.apply(act)
        vals.append(child.scores[0] - child.scores[1] - now + _brute(child, memo))
    v = max(vals) if state.turn == 0 else min(vals)
    memo[key] = v
    return v


def _replay(state: State, moves: tuple[Any, ...]) -> State:
    for act in moves:
        state = state.apply(act)
    return state


def _spread(state: State, player: int) -> int:
    return state.scores[player] - state.scores[1 - player]


@st.composite
def _tiny_positions(draw: st.DrawFn) -> State:
    name = draw(st.sampled_from(sorted(_RULES)))
    rules = _RULES[name]
    pool = _pool(rules)
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(pool)
    a = draw(st.integers(1, 2))
    b = draw(st.integers(0, 2))
    passes = draw(st.integers(0, rules.pass_limit - 1))
    scores = (draw(st.integers(250, 350)), draw(st.integers(250, 350)))
    return _tiny(
        rules,
        pool[:a],
        pool[a : a + b],
        passes=passes,
        scores=scores,
        turn=draw(st.integers(0, 1)),
    )


@settings(max_examples=max(8, settings().max_examples // 4), deadline=None)
@given(_tiny_positions())
def test_the_solver_agrees_with_brute_force(state: State) -> None:
    sol = solve_endgame(state)
    assert sol.exact
    sign = 1 if state.turn == 0 else -1
    assert sol.value == sign * _brute(state, {})
    # the principal variation replays through the engine to the value, to the end
    end = _replay(state, sol.moves)
    assert end.is_terminal
    assert _spread(end, state.turn) - _spread(state, state.turn) == sol.value
    # a view of either player gives the same value (the unseen tiles are the other rack
    # only without tiles out of play: these positions have some, so the state is needed)
    with pytest.raises(EndgameError) as err:
        solve_endgame(state.view(state.turn))
    assert err.value.code == "racks_unknown"


def test_going_out_under_naspa_is_accepted_in_the_line() -> None:
    rules = attrs.evolve(Rules.preset("naspa"), pass_limit=2)
    t = tiles_for(rules, default_lexicon(rules))
    state = _tiny(rules, list(t.parse_rack("PR")), list(t.parse_rack("EQ")))
    sol = solve_endgame(state)
    assert sol.exact
    assert sol.value == _brute(state, {}) * (1 if state.turn == 0 else -1)
    assert isinstance(sol.moves[-1], Accept)
    assert _replay(state, sol.moves).is_terminal
    # the old depth-limited search fails on this position; endgame_action does not
    assert endgame_action(state) == sol.moves[0]


def test_the_search_board_follows_state_apply() -> None:
    from wordgames.wocable.searchboard import NO_TILE, SearchBoard

    for seed, bag in (("sb:a", 0), ("sb:b", 1), ("sb:c", 0)):
        state = _bag_empty(seed, bag=bag)
        assert state is not None
        t = state.tiles
        n = t.blank + 1
        me = state.turn
        counts = []
        for p in (me, 1 - me):
            c = [0] * n
            for x in state.racks[p]:
                c[x] += 1
            counts.append(c)
        bag_tile = next((i for i, k in enumerate(state.bag) if k), NO_TILE)
        sb = SearchBoard(
            t, state.rules, list(state.board), (counts[0], counts[1]), 0, state.passes, bag_tile
        )
        start_hash = sb.hash
        rng = random.Random(seed)
        cur = state
        while True:
            moves = sb.moves()
            assert sorted(moves) == sorted(cur.raw_moves())
            m = rng.choice([*moves, None, None]) if moves else None
            act = Pass() if m is None else cur.action_of(m)
            points, over = sb.play(m)
            before = _spread(cur, cur.turn)
            mover = cur.turn
            cur = cur.apply(act)
            while cur.is_chance_node:
                cur = cur.apply(cur.chance_outcomes()[0][0])
            assert _spread(cur, mover) - before == points
            assert over == cur.is_terminal
            assert sb.hash == sb._full_hash()
            assert tuple(sb.board) == cur.board
            for side, p in ((0, me), (1, 1 - me)):
                assert sb.rack(side) == list(cur.racks[p])
            if over:
                break
            assert sb.passes == cur.passes
            assert (me if sb.side == 0 else 1 - me) == cur.turn
        while sb.undo_depth:
            sb.unplay()
        assert sb.hash == start_hash == sb._full_hash()
        assert tuple(sb.board) == state.board
        assert sb.bag_tile == bag_tile
        assert sb.rack(0) == list(state.racks[me])


def test_preendgame_needs_the_unseen_tiles_to_be_the_rack_and_bag() -> None:
    rules = Rules()
    t = tiles_for(rules, default_lexicon(rules))
    state = _tiny(rules, list(t.parse_rack("PR")), list(t.parse_rack("EQ")), bag=t.parse_rack("A"))
    # tiles out of play: the mover's unseen tiles are more than the other rack and the bag
    with pytest.raises(EndgameError) as err:
        solve_preendgame(state)
    assert err.value.code == "racks_unknown"


def test_preendgame_agrees_with_brute_force() -> None:
    seed = 7
    rules = Rules()
    t = tiles_for(rules, default_lexicon(rules))
    pool = _pool(rules)
    rng = random.Random(seed)
    rng.shuffle(pool)
    mover, hidden = pool[:1], pool[1:3]
    # every candidate's outcome per tile checked with brute force on the scenario's state
    sol = _preendgame_of(rules, mover, hidden)
    assert sol.candidates
    weights: dict[int, int] = {}
    for x in hidden:
        weights[x] = weights.get(x, 0) + 1
    best = None
    ranked = list(sol.candidates)
    checked = {id(c) for c in [*ranked[:4], *(c for c in ranked if c.action == Pass())]}
    for cand in ranked:
        assert cand.complete or best is not None
        if id(cand) not in checked:
            continue
        wins = draws = losses = 0
        total = 0
        for tok, w, final in cand.outcomes:
            x = t.parse_rack(tok)[0]
            opp = list(hidden)
            opp.remove(x)
            scen = _tiny(rules, mover, opp, bag=(x,))
            child = scen.apply(cand.action)
            while child.is_chance_node:
                child = child.apply(child.chance_outcomes()[0][0])
            brute = (
                _spread(child, 0) + _brute(child, {})
                if not child.is_terminal
                else _spread(child, 0)
            )
            assert final == (brute if scen.turn == 0 else -brute)
            assert w == weights[x]
            total += w * final
            wins += w * (final > 0)
            draws += w * (final == 0)
            losses += w * (final < 0)
        assert (cand.wins, cand.draws, cand.losses) == (wins, draws, losses)
        if cand.complete:
            assert wins + draws + losses == cand.weight == len(hidden)
            assert cand.spread == pytest.approx(total / len(hidden))
            key = (wins, draws, cand.spread)
            assert best is None or key <= best
            best = key if best is None else best
    # ranked best first: most wins, then draws, then the mean spread
    keys = [(c.wins, c.draws, c.spread) for c in ranked if c.complete]
    assert keys == sorted(keys, reverse=True)


def _preendgame_of(rules: Rules, mover: list[int], hidden: list[int]) -> Any:
    """solve_preendgame on a view whose unseen tiles are ``hidden`` (the other rack and the
    one tile in the bag): the tiny state's view, its out-of-play tiles dropped from the
    view's unseen count (what a View built by a program that knows them would say)."""
    state = _tiny(rules, mover, hidden[:-1], bag=(hidden[-1],))
    view = state.view(state.turn)
    counts = [0] * len(view.unseen_counts)
    for x in hidden:
        counts[x] += 1
    view = attrs.evolve(view, unseen_counts=tuple(counts), removed_size=0)
    return solve_preendgame(view)


def test_reached_positions_solve_with_limits() -> None:
    state = _bag_empty("endgame:0")
    assert state is not None
    sol = solve_endgame(state, max_plies=1)
    assert sol.plies == 1
    assert not sol.exact
    end = _replay(state, sol.moves)
    assert end.is_terminal
    # the view of either player knows the other rack: the same answer
    for p in (0, 1):
        assert solve_endgame(state.view(p), max_plies=1).moves == sol.moves
    limit = 0.4
    timed = solve_endgame(state, time_limit=limit)
    assert timed.seconds <= limit * 1.1 + 0.05
    assert _replay(state, timed.moves).is_terminal


@pytest.mark.parametrize("preset", ["naspa", "wespa"])
def test_reached_challenge_positions_work(preset: str) -> None:
    state = _bag_empty(f"endgame:{preset}", rules=Rules.preset(preset))
    assert state is not None
    if state.pending_play is not None:  # the last play waits: the solver refuses it
        with pytest.raises(EndgameError) as err:
            solve_endgame(state)
        assert err.value.code == "pending_challenge"
        act = endgame_action(state, time_limit=0.3)
        if state.pending_end is None:
            assert act is not None
            assert state.is_legal(act)
        state = state.apply(Accept(state.turn))
        if state.is_terminal:
            return
    sol = solve_endgame(state, max_plies=2)
    assert _replay(state, sol.moves).is_terminal


def test_spanish_positions_work() -> None:
    rules = Rules(tiles="es")
    state = _bag_empty("endgame:es", rules=rules)
    assert state is not None
    sol = solve_endgame(state, max_plies=1)
    assert _replay(state, sol.moves).is_terminal


def test_bad_positions_are_refused_with_a_code() -> None:
    assert len(set(ENDGAME_ERROR_CODES)) == len(ENDGAME_ERROR_CODES)
    fresh = new_game(2)
    with pytest.raises(EndgameError) as err:
        solve_endgame(fresh)
    assert err.value.code == "no_turn"
    mid = _bag_empty("bad:mid", bag=20)
    assert mid is not None
    for fn, code in ((solve_endgame, "bag_not_empty"), (solve_preendgame, "bag_not_one_tile")):
        with pytest.raises(EndgameError) as err:
            fn(mid)
        assert err.value.code == code
    empty = _bag_empty("bad:empty")
    assert empty is not None
    with pytest.raises(EndgameError) as err:
        solve_preendgame(empty)
    assert err.value.code == "bag_not_one_tile"
    with pytest.raises(EndgameError) as err:
        solve_endgame("a position")
    assert err.value.code == "not_a_position"
    for bad in (-1, "1", float("nan")):
        with pytest.raises(EndgameError) as err:
            solve_endgame(empty, time_limit=bad)
        assert err.value.code == "bad_limit"
    rng = random.Random(3)
    st3 = new_game(3)
    while st3.is_chance_node or st3.bag_size > 0:
        if st3.is_terminal:
            break
        if st3.is_chance_node:
            st3 = st3.apply(st3.sample_chance(rng))
        else:
            st3 = st3.apply(bots.EquityBot().choose(st3.view(st3.turn), rng))
    with pytest.raises(EndgameError) as err:
        solve_endgame(st3)
    assert err.value.code in ("not_two_players", "no_turn")
    assert endgame_action(st3) is None
    # an error is a ValueError and survives pickling
    import pickle

    again = pickle.loads(pickle.dumps(err.value))
    assert isinstance(again, ValueError)
    assert again.code == err.value.code


def test_equitybot_plays_the_solved_move_behind_its_flag() -> None:
    rules = Rules()
    t = tiles_for(rules, default_lexicon(rules))
    state = _tiny(rules, list(t.parse_rack("PR")), list(t.parse_rack("EQ")))
    # the view cannot know the other rack here (tiles out of play): the bot falls back
    view = state.view(state.turn)
    plain = bots.EquityBot().choose(view, random.Random(1))
    assert bots.EquityBot(endgame=True).choose(view, random.Random(1)) == plain
    reached = _bag_empty("endgame:bot")
    assert reached is not None
    v = reached.view(reached.turn)
    act = bots.EquityBot(endgame=True, endgame_time=0.3).choose(v, random.Random(1))
    assert reached.is_legal(act)


def test_preendgame_time_limit_on_a_reached_position() -> None:
    state = _bag_empty("pre:limit", bag=1)
    assert state is not None
    limit = 0.5
    sol = solve_preendgame(state, time_limit=limit)
    assert sol.seconds <= limit * 1.1 + 0.05
    assert not sol.exact
    assert any(not c.complete for c in sol.candidates)
    # every candidate is listed once: the placements and the pass
    assert len(sol.candidates) == len(state.raw_moves()) + 1
    for cand in sol.candidates:
        assert state.is_legal(cand.action)
        assert sum(w for _, w, _ in cand.outcomes) == cand.wins + cand.draws + cand.losses
    act = endgame_action(state.view(state.turn), time_limit=limit)
    assert act is None or state.is_legal(act)
