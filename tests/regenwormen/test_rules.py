"""Scenario tests taken straight from the rules text (regenwormen.nl.txt), both readings of
every rule flag, and game-specific properties."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, RulesError
from wordgames import regenwormen as rw

from .helpers import position, roll


def _code(state: rw.State, action: object) -> str:
    with pytest.raises(IllegalActionError) as exc:
        state.apply(action)  # type: ignore[arg-type]
    assert not state.is_legal(action)
    return exc.value.code


# -- setup -------------------------------------------------------------------------------


def test_new_game_setup() -> None:
    state = rw.new_game(players=3)
    assert state.is_chance_node
    assert state.current_player is None
    assert state.turn == 0
    assert state.grill == tuple(range(21, 37))
    assert state.flipped == ()
    assert state.stacks == ((), (), ())
    assert state.dice_left == 8
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 1287  # C(13, 5) multisets of 8 dice
    assert sum(p for _, p in outcomes) == 1
    assert state.players == ("P1", "P2", "P3")
    assert rw.new_game(["ann", "bob"]).players == ("ann", "bob")


def test_player_counts() -> None:
    for n in range(2, 8):
        assert rw.new_game(n).num_players == n
    for bad in (0, 1, 8):
        with pytest.raises(RulesError):
            rw.new_game(bad)
    solo = rw.new_game(1, rules=rw.Rules(allow_solo=True))
    assert solo.num_players == 1
    with pytest.raises(RulesError):
        rw.new_game(8, rules=rw.Rules(allow_solo=True))


def test_rules_validation_and_round_trip() -> None:
    with pytest.raises(RulesError):
        rw.Rules(allow_solo=1)  # type: ignore[arg-type]
    rules = rw.Rules(flip_returned_if_highest=True, flip_when_nothing_returned=True)
    assert rw.Rules.from_dict(rules.to_dict()) == rules
    assert rw.Rules.from_dict({}) == rw.Rules()


def test_worms_per_tile() -> None:
    expected = {21: 1, 24: 1, 25: 2, 28: 2, 29: 3, 32: 3, 33: 4, 36: 4}
    assert {t: rw.worms(t) for t in expected} == expected
    assert sum(map(rw.worms, rw.TILES)) == 40


def test_roll_probabilities_exact() -> None:
    state = position(kept="1 1 1 2 2 3")  # two dice left
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 21
    assert outcomes[roll("w w")] == Fraction(1, 36)
    assert outcomes[roll("1 w")] == Fraction(2, 36)


def test_sampler_matches_distribution() -> None:
    state = position(kept="1 1 1 1 1 2 2")  # one die left: six equally likely faces
    rng = random.Random(5)
    counts: dict[rw.Roll, int] = {}
    for _ in range(6000):
        r = state.sample_chance(rng)
        counts[r] = counts.get(r, 0) + 1
    assert set(counts) == {a for a, _ in state.chance_outcomes()}
    assert all(850 < c < 1150 for c in counts.values())


# -- setting dice aside ---------------------------------------------------------------------


def test_set_aside_all_dice_of_one_value() -> None:
    state = rw.new_game(2).apply(roll("1 2 2 3 5 w w w"))
    assert [str(a) for a in state.legal_actions()] == ["set 1", "set 2", "set 3", "set 5", "set w"]
    assert _code(state, rw.SetAside(4)) == "value_not_rolled"
    after = state.apply(rw.SetAside(2))
    assert after.kept == (0, 2, 0, 0, 0, 0)
    assert after.total == 4
    assert after.dice_left == 6
    # no worm yet: no tile can be taken, so the next roll follows at once
    assert after.is_chance_node
    assert after.turn == 0


def test_each_value_only_once_per_turn() -> None:
    state = position(kept="w w", phase="set_aside", roll="w 1 1 3 3 4")
    assert _code(state, rw.SetAside(6)) == "value_already_set_aside"
    assert rw.SetAside(1) in state.legal_actions()


def test_worm_counts_five() -> None:
    state = rw.new_game(2).apply(roll("1 1 1 1 1 w w w")).apply(rw.SetAside(6))
    assert state.total == 15
    state = position(kept="w w w 5 5 5", phase="decide")
    assert state.total == 30


def test_roll_with_no_new_value_busts_at_once() -> None:
    state = position(stacks=((25,), (30,)), kept="w w 5 5 5", turn=0)
    after = state.apply(roll("w 5 5"))
    # bust: 25 goes back, then the highest face-up tile (36) is turned face down
    assert after.stacks == ((), (30,))
    assert 25 in after.grill
    assert after.flipped == (36,)
    assert after.turn == 1
    assert after.is_chance_node
    assert after.kept == (0,) * 6


def test_stop_without_worm_is_not_allowed() -> None:
    state = position(kept="5 5 5 5 4 4", phase="roll")
    after = state.apply(roll("3 3")).apply(rw.SetAside(3))
    # all 8 dice set aside, total 34 but no worm: the turn fails
    assert after.turn == 1
    assert after.stacks == ((), ())
    no_worm = position(kept="5 5 5 4 4", phase="set_aside", roll="3 3 w")
    decide = no_worm.apply(rw.SetAside(3))
    assert decide.is_chance_node  # total 29 but no worm: no tile, roll on
    pending = position(kept="5 5 5 4 4 3 3", phase="set_aside", roll="w")
    assert _code(pending, rw.Take(30)) == "must_set_aside"


def test_total_too_low_with_no_dice_left_busts() -> None:
    state = position(stacks=((30,), ()), kept="1 1 1 2 2 2 3", phase="set_aside", roll="w")
    after = state.apply(rw.SetAside(6))  # total 17 < 21
    assert after.stacks == ((), ())
    assert after.turn == 1
    assert 30 in after.grill
    assert after.flipped == (36,)


def test_no_dice_left_must_take() -> None:
    state = position(kept="w w w 5 5 3", phase="set_aside", roll="1 1")
    after = state.apply(rw.SetAside(1))  # total 30, all dice out
    assert after.legal_actions() == (rw.Take(30),)
    assert _code(after, rw.Reroll()) == "no_dice_left"


# -- taking and stealing --------------------------------------------------------------------


def test_take_exact_tile() -> None:
    state = position(kept="w w w 5 5 5", phase="decide")  # 30
    assert state.legal_actions() == (rw.Reroll(), rw.Take(30))
    assert _code(state, rw.Take(29)) == "must_take_exact"
    assert _code(state, rw.Take(31)) == "total_too_low"
    after = state.apply(rw.Take(30))
    assert after.stacks == ((30,), ())
    assert 30 not in after.grill
    assert after.turn == 1
    assert after.is_chance_node


def test_take_highest_lower_when_exact_is_gone() -> None:
    state = position(stacks=((), (30,)), flipped=(29,), kept="w w w 5 5 4 1", phase="decide")
    # total 30: 30 is on player 1's stack, 29 is face down -> take 28 or steal 30
    assert set(state.legal_actions()) == {rw.Reroll(), rw.Take(28), rw.Steal(30, 1)}
    assert _code(state, rw.Take(27)) == "not_highest_lower"
    assert _code(state, rw.Take(29)) == "tile_not_in_grill"


def test_steal_needs_exact_top_tile() -> None:
    state = position(stacks=((), (30, 26)), kept="w w w 5 5 5", phase="decide")
    # 30 is under 26: it cannot be stolen; 30 is not on the grill, so 29 is taken
    assert rw.Steal(30, 1) not in state.legal_actions()
    assert _code(state, rw.Steal(30, 1)) == "tile_not_on_top"
    assert _code(state, rw.Steal(26, 1)) == "steal_needs_exact_total"
    assert _code(state, rw.Steal(30, 0)) == "steal_from_self"
    assert _code(state, rw.Steal(30, 5)) == "invalid_player"
    assert rw.Take(29) in state.legal_actions()


def test_steal_moves_the_tile() -> None:
    state = position(stacks=((), (22, 30)), kept="w w w 5 5 5", phase="decide")
    after = state.apply(rw.Steal(30, 1))
    assert after.stacks == ((30,), (22,))
    assert after.grill == state.grill


def test_own_top_tile_means_highest_lower() -> None:
    state = position(stacks=((30,), ()), kept="w w w 5 5 5", phase="decide")
    assert state.legal_actions() == (rw.Reroll(), rw.Take(29))


def test_total_above_36_takes_highest_tile() -> None:
    state = position(kept="w w w w 5 5 5 5", phase="decide")  # 40
    assert state.legal_actions() == (rw.Take(36),)


def test_total_below_lowest_tile_gives_nothing() -> None:
    state = position(stacks=((21, 22), ()), kept="w w 3", phase="set_aside", roll="1 1 1 2 2")
    after = state.apply(rw.SetAside(1))  # 16 < 23, the lowest face-up tile; 2 dice left
    assert after.is_chance_node
    assert after.turn == 0
    assert after.dice_left == 2
    last = position(stacks=((21, 22), ()), kept="w w 3 2 2 2", phase="set_aside", roll="1 1")
    end = last.apply(rw.SetAside(1))  # 21 < 23 and no dice left: bust
    assert end.turn == 1
    assert end.stacks == ((21,), ())


def test_no_tile_without_worm() -> None:
    state = position(kept="5 5 5 5 4 4", phase="roll")
    decide = state.apply(roll("w w")).apply(rw.SetAside(6))
    assert decide.total == 38
    assert decide.legal_actions() == (rw.Take(36),)


# -- busts and their flags -------------------------------------------------------------------


def _bust(rules: rw.Rules, stacks: tuple[tuple[int, ...], ...], flipped: tuple[int, ...] = ()):
    state = position(stacks=stacks, flipped=flipped, kept="w w 5 5 5", rules=rules)
    return state.apply(roll("w 5 5"))  # nothing new: bust


def test_returned_tile_that_is_highest_stays_face_up() -> None:
    after = _bust(rw.Rules(), ((36,), ()))
    assert 36 in after.grill
    assert after.flipped == ()
    # with 35 and 36 face down, the returned 34 is the highest face-up tile
    after = _bust(rw.Rules(), ((34,), ()), flipped=(35, 36))
    assert 34 in after.grill
    assert after.flipped == (35, 36)


def test_shortened_game_flips_returned_highest_tile() -> None:
    after = _bust(rw.Rules(flip_returned_if_highest=True), ((36,), ()))
    assert 36 not in after.grill
    assert after.flipped == (36,)


def test_bust_without_tiles_returns_and_turns_nothing() -> None:
    after = _bust(rw.Rules(), ((), (25,)))
    assert after.flipped == ()
    assert len(after.grill) == 15


def test_flag_turns_highest_even_when_nothing_returned() -> None:
    after = _bust(rw.Rules(flip_when_nothing_returned=True), ((), (25,)))
    assert after.flipped == (36,)
    assert len(after.grill) == 14


def test_bust_returns_only_the_top_tile() -> None:
    after = _bust(rw.Rules(), ((22, 27), ()))
    assert after.stacks == ((22,), ())
    assert 27 in after.grill
    assert after.flipped == (36,)


# -- the end ---------------------------------------------------------------------------------


def test_game_ends_when_last_tile_is_taken() -> None:
    stacks = ((21, 22, 23, 24, 25, 26, 27, 28), (29, 30, 31, 32, 33, 34))
    state = position(stacks=stacks, flipped=(36,), kept="w w w w 5 5 5", phase="decide")
    # total 35, the only face-up tile
    after = state.apply(rw.Take(35))
    assert after.is_terminal
    assert not after.is_chance_node
    assert after.legal_actions() == ()
    assert after.players_to_act == frozenset()
    out = after.outcome
    assert out is not None
    assert out.scores == (16, 20)  # 12 + the 4 worms of 35, against 29-34
    assert out.ranking == (2, 1)
    assert out.reason == "grill_empty"
    assert _code(after, rw.Reroll()) == "game_over"


def test_game_ends_when_last_tile_is_turned() -> None:
    stacks = ((21, 22, 23, 24, 25, 26, 27, 28), (29, 30, 31, 32, 33))
    state = position(stacks=stacks, flipped=(34, 35), kept="w w 5 5 5")
    # player 0 busts: 28 back, then the highest face-up tile (36) is turned; 28 stays up
    after = state.apply(roll("w 5 5"))
    assert not after.is_terminal
    assert after.grill == (28,)
    stacks2 = ((21, 22, 23, 24, 25, 26, 27), (28, 29, 30, 31, 32, 33, 36))
    state2 = position(stacks=stacks2, flipped=(35,), kept="w w 5 5 5", turn=1)
    # player 1 returns 36, which is the highest: it stays face up; 34 too
    after2 = state2.apply(roll("w 5 5"))
    assert after2.grill == (34, 36)
    assert not after2.is_terminal
    solo = position(
        stacks=((),),
        flipped=tuple(range(22, 37)),
        kept="w w 5 5 5",
        rules=rw.Rules(allow_solo=True, flip_when_nothing_returned=True),
    )
    end = solo.apply(roll("w 5 5"))
    assert end.is_terminal
    assert end.outcome is not None
    assert end.outcome.scores == (0,)
    assert end.outcome.ranking == (1,)


def test_outcome_ranking_with_tie_break() -> None:
    stacks = ((21, 22, 33), (25, 26, 24), (29, 23, 27, 28))
    flipped = (30, 31, 32, 34, 35)
    # player 2 takes 36 with a total of 40: scores 6, 5, 3+1+2+2+4 = 12
    state = position(stacks=stacks, flipped=flipped, kept="w w w w 5 5 5 5", phase="decide", turn=2)
    end = state.apply(rw.Take(36))
    assert end.outcome is not None
    assert end.outcome.scores == (6, 5, 12)
    assert end.outcome.ranking == (2, 3, 1)
    # equal worms: the player holding the highest tile is ahead
    stacks = ((21, 22, 33), (25, 26, 27), (29, 23, 24, 28))
    state = position(stacks=stacks, flipped=flipped, kept="w w w w 5 5 5 5", phase="decide", turn=2)
    end = state.apply(rw.Take(36))
    assert end.outcome is not None
    assert end.outcome.scores == (6, 6, 11)
    assert end.outcome.ranking == (2, 3, 1)  # 33 beats 27


def test_shared_place_only_without_tiles() -> None:
    stacks = ((), (), tuple(range(21, 36)))
    state = position(stacks=stacks, kept="w w w w 5 5 5 5", phase="decide", turn=2)
    end = state.apply(rw.Take(36))
    assert end.outcome is not None
    assert end.outcome.ranking == (2, 2, 1)


# -- check and apply agree; illegal input changes nothing ------------------------------------


def test_wrong_phase_codes() -> None:
    start = rw.new_game(2)
    assert _code(start, rw.SetAside(6)) == "chance_pending"
    assert _code(start, rw.Roll((1, 2))) == "wrong_number_of_dice"
    assert _code(start, rw.Roll((0, 1, 2, 3, 4, 5, 6, 7))) == "invalid_roll"
    assert _code(start, "roll 1 2") == "not_an_action"
    picked = start.apply(roll("1 1 2 2 3 3 4 w"))
    assert _code(picked, roll("1 1 2 2 3 3 4 w")) == "not_chance_node"
    assert _code(picked, rw.Reroll()) == "must_set_aside"
    assert _code(picked, rw.SetAside(7)) == "invalid_value"
    decide = position(kept="w w w 5 5 5", phase="decide")
    assert _code(decide, rw.SetAside(1)) == "wrong_phase"


def test_no_worm_code() -> None:
    # a decision without a worm cannot be loaded, so check the code where it can arise:
    state = position(kept="w 5 5 5 4", phase="decide")  # 24 with a worm
    assert state.is_legal(rw.Take(24))
    no_worm = position(kept="5 5 5 4 4 4", phase="set_aside", roll="3 w")
    assert _code(no_worm, rw.Take(21)) == "must_set_aside"


@given(seed=st.integers(0, 2**32 - 1))
def test_legal_actions_match_is_legal_on_random_positions(seed: int) -> None:
    rng = random.Random(seed)
    state = rw.new_game(rng.randint(2, 5))
    probes = [
        *(rw.SetAside(v) for v in range(1, 7)),
        rw.Reroll(),
        *(rw.Take(t) for t in rw.TILES),
        *(rw.Steal(t, p) for t in rw.TILES for p in range(state.num_players)),
    ]
    for _ in range(150):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
            continue
        legal = set(state.legal_actions())
        assert {a for a in probes if state.is_legal(a)} == legal
        state = state.apply(rng.choice(sorted(legal, key=str)))


@given(seed=st.integers(0, 2**32 - 1))
def test_tiles_and_dice_are_conserved(seed: int) -> None:
    rng = random.Random(seed)
    rec = wordgames.play(rw.new_game(rng.randint(2, 7)), wordgames.RandomBot(), rng)
    for state in rec.states():
        tiles = [*state.grill, *state.flipped, *(t for s in state.stacks for t in s)]
        assert sorted(tiles) == list(rw.TILES)
        assert 0 <= state.dice_left <= 8
        if state.phase == "set_aside":
            assert sum(state.roll) == state.dice_left
        if state.phase == "decide":
            assert state.has_worm
            assert state.take_options()
    # worms never increase without a take: the final scores add up to the tiles held
    final = rec.replay()
    assert final.outcome is not None
    assert sum(final.outcome.scores) == sum(rw.worms(t) for s in final.stacks for t in s)


def test_str_picture() -> None:
    text = str(position(stacks=((25,), ()), kept="w w 3", phase="set_aside", roll="1 1 2 2 5"))
    assert "grill:" in text
    assert "25" in text
    assert "rolled [1 1 2 2 5]" in text
    assert "total 13" in text


# -- views and serialisation edges ------------------------------------------------------------


def test_view_holds_everything_and_validates() -> None:
    state = position(stacks=((25,), (30,)), kept="w w 3", phase="set_aside", roll="1 1 2 2 5")
    view = state.view(1)
    assert view.state == state
    assert view.legal_actions() == ()  # player 1 is not deciding
    assert state.view(0).legal_actions() == state.legal_actions()
    assert state.view(None).legal_actions() == ()
    assert rw.View.from_dict(view.to_dict()) == view
    for bad in ({**view.to_dict(), "viewer": 2}, {**view.to_dict(), "viewer": True}):
        with pytest.raises(wordgames.InvalidStateError):
            rw.View.from_dict(bad)
    with pytest.raises(ValueError):
        state.view(2)


def test_sample_chance_needs_a_chance_node() -> None:
    state = position(kept="w w w 5 5 5", phase="decide")
    with pytest.raises(IllegalActionError):
        state.sample_chance(random.Random(0))
    assert state.chance_outcomes() == ()


def test_actor() -> None:
    state = position(kept="w w w 5 5 5", phase="decide", turn=1)
    assert state.actor(rw.Take(30)) == 1
    assert state.actor(roll("1 2")) is None


def test_redaction_shows_everything() -> None:
    rec = wordgames.play(rw.new_game(2), wordgames.RandomBot(), random.Random(3))
    red = rec.redact(1)
    assert list(red.actions) == [str(a) for a in rec.actions]


JUNK: list[object] = [
    rw.Roll(([1],)),  # type: ignore[list-item]
    rw.Roll((None,)),  # type: ignore[arg-type]
    rw.Take([1]),  # type: ignore[arg-type]
    rw.Take(None),  # type: ignore[arg-type]
    rw.Steal([1], [2]),  # type: ignore[arg-type]
    rw.Steal(None, None),  # type: ignore[arg-type]
    rw.SetAside([1]),  # type: ignore[arg-type]
    rw.SetAside(None),  # type: ignore[arg-type]
    object(),
    None,
    "take 25",
]


@given(seed=st.integers(0, 2**32 - 1))
def test_junk_actions_raise_illegal_action_error_only(seed: int) -> None:
    rec = wordgames.play(rw.new_game(3), rw.bots.HeuristicBot(), random.Random(seed))
    for state in rec.states():
        for junk in JUNK:
            assert not state.is_legal(junk)
            with pytest.raises(IllegalActionError):
                state.apply(junk)  # type: ignore[arg-type]


def test_equal_actions_of_other_number_types_are_refused() -> None:
    # attrs equality makes Steal(30, 1.0) == Steal(30, 1), but a float (or a bool) is not a
    # player index: check and apply refuse it as not_an_action
    state = position(stacks=((), (30,)), kept="w w w 5 5 5", phase="decide")
    for action in (rw.Steal(30, 1.0), rw.Steal(30.0, 1), rw.Take(29.0), rw.Steal(30, True)):
        assert _code(state, action) == "not_an_action"
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.code == "not_an_action"
    assert state.apply(rw.Steal(30, 1)).stacks == ((30,), ())
