"""Bots: they see views only, play legal actions and finish games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames.wocable import Exchange, Pass, Place, bots, new_game
from wordgames.wocable.bots import leave_value


def _dealt(seed: int, players: int = 2):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    s = new_game(players)
    while s.is_chance_node:
        s = s.apply(s.sample_chance(rng))
    return s


def test_greedy_plays_a_top_scoring_move() -> None:
    for seed in range(3):
        s = _dealt(seed)
        a = bots.GreedyBot().choose(s.view(s.turn), random.Random(0))
        moves = s.moves()
        if moves:
            assert isinstance(a, Place)
            assert s.apply(a).scores[s.turn] == moves[0].score
        else:
            assert isinstance(a, (Exchange, Pass))


def test_equity_bot_choices_are_legal_and_games_finish() -> None:
    eq = bots.EquityBot()
    g = bots.GreedyBot()
    rec = wordgames.play(new_game(2), [eq, g], random.Random(4))
    final = rec.replay()
    assert final.is_terminal
    assert final.outcome is not None


def test_equity_bot_keeps_good_leaves() -> None:
    """EquityBot's placement has the best score + leave value of every legal placement (by
    brute force over the full move list, with the same leave function), and on some racks that
    is not the top-scoring move: it gives points for a better leave."""
    from wordgames.wocable.bots import _leave_fn

    traded_points = 0
    for seed in range(8):
        s = _dealt(seed)
        view = s.view(s.turn)
        leave = _leave_fn(view)
        a = bots.EquityBot().choose(view, random.Random(0))
        assert s.is_legal(a)
        moves = s.moves()
        if not isinstance(a, Place):
            continue
        equity = {m.action: m.score + leave(tuple(s.apply(m.action).racks[s.turn])) for m in moves}
        assert equity[a] == pytest.approx(max(equity.values()))
        top = moves[0].score
        got = next(m.score for m in moves if m.action == a)
        traded_points += got < top
    assert traded_points >= 1


def test_leave_value_heuristic() -> None:
    assert leave_value(["?"]) > leave_value(["S"]) > leave_value(["E"]) > leave_value(["Q"])
    assert leave_value(["Q", "U"]) > leave_value(["Q"])
    assert leave_value(["E", "E"]) < 2 * leave_value(["E"])
    assert leave_value(["A", "E", "I", "O", "U"]) < leave_value(["A", "E", "R", "S", "T"])
    assert leave_value([]) == 0


def _equity_rule(state, margin: float, leave):  # type: ignore[no-untyped-def]
    """EquityBot's rule by brute force over every legal action: the placement of the best
    score + leave of the tiles kept (ties: the smaller notation), unless the best exchange
    (by the leave kept, the first of :func:`exchanges`' order) beats it by more than
    ``margin``; with no placement, that exchange against the pass (the whole rack's leave)."""
    from wordgames.wocable.engine import exchanges

    turn = state.turn
    rack = state.racks[turn]
    keyed = [
        (m.score + leave(tuple(sorted(state.apply(m.action).racks[turn]))), str(m.action), m)
        for m in state.moves()
    ]
    keyed.sort(key=lambda t: (-t[0], t[1]))
    best_ex, ex_eq = None, 0.0
    for ex in exchanges(state.tiles, rack, state.bag_size, state.rules):
        kept = list(rack)
        for t in state.tiles.parse_rack(ex.tiles):
            kept.remove(t)
        v = leave(tuple(sorted(kept)))
        if best_ex is None or v > ex_eq:
            best_ex, ex_eq = ex, v
    top_eq = keyed[0][0] if keyed else leave(tuple(sorted(rack)))
    if best_ex is not None and ex_eq - margin > top_eq:
        return best_ex
    return keyed[0][2].action if keyed else Pass()


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(0, 18),
    margin=st.sampled_from([0.0, 8.0, -15.0, -60.0]),
    min_bag=st.sampled_from([None, 7]),
)
def test_equity_bot_is_its_rule_by_brute_force(
    seed: int, depth: int, margin: float, min_bag: int | None
) -> None:
    """EquityBot's choice (a shadow-bounded search that starts at the best exchange's
    equity) is the rule's choice over every legal action, on self-play positions from the
    opening to a nearly empty bag, with margins that make exchanges win and lose, and both
    exchange thresholds (a negative margin prefers exchanges: the search then finds no
    placement above its floor and must still tell an exchange from a pass)."""
    from wordgames.wocable import Rules
    from wordgames.wocable.bots import _leave_fn

    rng = random.Random(seed)
    s = new_game(2, rules=Rules(exchange_min_bag=min_bag))
    greedy = bots.GreedyBot()
    moves = 0
    while not s.is_terminal and (moves < depth or s.is_chance_node):
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        s = s.apply(greedy.choose(s.view(s.turn), rng))
        moves += 1
    if s.is_terminal or s.bag_size == 0:
        return
    view = s.view(s.turn)
    bot = bots.EquityBot(exchange_margin=margin)
    assert bot.choose(view, random.Random(0)) == _equity_rule(s, margin, _leave_fn(view))


@pytest.mark.parametrize(("margin", "expected"), [(1000.0, Pass), (-1000.0, Exchange)])
def test_equity_bot_without_a_placement_exchanges_or_passes(margin: float, expected: type) -> None:
    """A rack that spells nothing on the empty board: the search finds no placement above
    the exchange's floor, and the bot must tell "no placement at all" (the exchange against
    the pass) from "none good enough" (the exchange)."""
    from wordgames.wocable import from_position
    from wordgames.wocable.bots import _leave_fn

    s = from_position(
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 JQVVWWX/EILNPRT 0/0 0 0 "
        "AAAAAAAAABBCCDDDDEEEEEEEEEEEFFGGGHHIIIIIIIIKLLLMMNNNNNOOOOOOOOPRRRRRSSSSTTTTT"
        "UUUUYYZ??"
    )
    assert s.moves() == []
    view = s.view(s.turn)
    a = bots.EquityBot(exchange_margin=margin).choose(view, random.Random(0))
    assert isinstance(a, expected)
    assert a == _equity_rule(s, margin, _leave_fn(view))


@settings(max_examples=200, deadline=None)
@given(
    rack=st.lists(st.integers(0, 5), min_size=0, max_size=7),
    limit=st.integers(0, 7),
    levels=st.integers(1, 4),
    salt=st.integers(0, 10**6),
)
def test_best_exchange_of_a_leave_table_is_the_first_best_in_exchange_order(
    rack: list[int], limit: int, levels: int, salt: int
) -> None:
    """Read off the table of every kept leave, the best exchange is the first best of the
    enumeration in :func:`exchanges`' order (fewest tiles first, then sorted), ties included:
    leave values drawn from a few levels make most exchanges tie, so the tie rule decides."""
    from itertools import combinations

    from wordgames.wocable.engine import best_exchange
    from wordgames.wocable.shadow import leave_table

    def leave(kept: tuple[int, ...]) -> float:
        return float(hash((salt, kept)) % levels)

    srt = sorted(rack)
    expected: tuple[tuple[int, ...], float] | None = None
    for k in range(1, min(limit, len(srt)) + 1):
        for idx in combinations(range(len(srt)), k):
            given = tuple(srt[i] for i in idx)
            v = leave(tuple(t for i, t in enumerate(srt) if i not in idx))
            if expected is None or v > expected[1]:
                expected = (given, v)
    assert best_exchange(leave_table(rack, leave), rack, limit) == expected
