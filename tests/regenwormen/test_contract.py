"""The shared contract for Regenwormen: acting players (check_as/apply_as), shared codes,
``ply``, the common names on states and views, resigning, and hostile input."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from tests.regenwormen.helpers import position, roll
from wordgames import IllegalActionError, InvalidStateError, ParseError
from wordgames import regenwormen as rw
from wordgames._core.contract import SHARED_CODES
from wordgames._core.protocols import GameState, PlayerView
from wordgames.regenwormen.state import min_ply

# the loaded Hypothesis profile's examples (tests/conftest.py: 25 by default, more under ci)
_EXAMPLES = settings.default.max_examples

# -- acting players -----------------------------------------------------------------------


def _as_code(state: rw.State, player: int, action: object, ply: int | None = None) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalActionError) as err:
        state.apply_as(player, action, ply=ply)
    with pytest.raises(IllegalActionError) as err2:
        state.check_as(player, action, ply=ply)
    assert err.value.code == err2.value.code
    assert state.to_dict() == before
    return err.value.code


def test_check_as_refuses_other_players_and_chance_outcomes() -> None:
    state = rw.new_game(3).apply(roll("1 1 2 2 3 3 4 w"))  # player 0 to set aside
    assert _as_code(state, 1, rw.SetAside(6)) == "not_your_turn"
    assert _as_code(state, 1, "set w") == "not_your_turn"
    assert _as_code(state, 0, roll("1 2 3")) == "chance_outcome_from_player"
    assert _as_code(state, 0, "roll 1 2 3 4 5 6 6 6") == "chance_outcome_from_player"
    assert _as_code(state, 7, rw.SetAside(6)) == "invalid_player"
    assert _as_code(state, True, rw.SetAside(6)) == "invalid_player"  # type: ignore[arg-type]
    assert _as_code(state, 0, rw.SetAside(True)) == "not_an_action"
    assert _as_code(state, 0, rw.SetAside(6), ply=0) == "stale_state"
    assert _as_code(state, 0, rw.SetAside(6), ply=2) == "stale_state"
    assert _as_code(state, 1, rw.Resign(0)) == "not_your_turn"  # nobody resigns for another
    assert _as_code(state, 0, rw.SetAside(5)) == "value_not_rolled"  # then the game's own code
    assert rw.State.SERVER_TYPES == ()  # Regenwormen has no frontend-only events


def test_apply_as_accepts_text_and_the_current_ply() -> None:
    state = rw.new_game(2).apply(roll("1 1 2 2 3 3 4 w"))
    assert state.ply == 1
    assert state.check_as(0, "SET W", ply=1) == rw.SetAside(6)
    after = state.apply_as(0, "set w", ply=1)
    assert after == state.apply(rw.SetAside(6))
    assert after.ply == 2
    # a roll pending: players wait for the server's sample_chance
    assert after.is_chance_node
    assert _as_code(after, 0, rw.Reroll()) == "chance_pending"
    with pytest.raises(ParseError):
        state.check_as(0, "take ٣٣")


def test_resign_accepted_from_any_active_player_at_any_time() -> None:
    rng = random.Random(3)
    state = rw.new_game(3)
    for _ in range(60):
        for p in state.active_players:
            assert state.check_as(p, f"resign {p}", ply=state.ply) == rw.Resign(p)
            assert state.is_legal(rw.Resign(p))
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


def test_shared_codes() -> None:
    start = rw.new_game(2)
    assert start.is_chance_node
    codes = {
        "chance_pending": (start, rw.Reroll()),
        "not_an_action": (start, object()),
        "not_chance_node": (start.apply(roll("1 1 2 2 3 3 4 w")), roll("1 1 2 2 3 3 4 w")),
        "game_over": (start.apply(rw.Resign(1)), rw.Resign(0)),
        "invalid_player": (start, rw.Resign(2)),
    }
    for code, (state, action) in codes.items():
        assert code in SHARED_CODES
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.code == code
    with pytest.raises(IllegalActionError) as err:
        start.apply(roll("1 1 2 2 3 3 4 w")).sample_chance(random.Random(1))
    assert err.value.code == "not_chance_node"
    with pytest.raises(IllegalActionError) as err:
        start.view(2)
    assert err.value.code == "invalid_player"


# -- ply, scores, views -------------------------------------------------------------------


def _random_game(seed: int, players: int, resign_rate: float) -> list[rw.State]:
    """States of a random game in which random players resign now and then."""
    rng = random.Random(seed)
    state = rw.new_game(players, rules=rw.Rules(allow_solo=players == 1))
    states = [state]
    while not state.is_terminal:
        if rng.random() < resign_rate:
            action: Any = rw.Resign(rng.choice(state.active_players))
        elif state.is_chance_node:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
    return states


@settings(max_examples=max(5, _EXAMPLES // 2))
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(1, 7))
def test_ply_counts_every_action_and_round_trips(seed: int, players: int) -> None:
    states = _random_game(seed, players, resign_rate=0.01)
    for i, state in enumerate(states):
        assert state.ply == i
        assert min_ply(state) <= state.ply
        d = json.loads(json.dumps(state.to_dict()))
        assert d["ply"] == i
        assert rw.State.from_dict(d) == state
        view = state.view(0)
        assert view.ply == i
        assert view.to_dict()["ply"] == i
        assert rw.View.from_dict(view.to_dict()) == view
        assert view.scores == state.scores == tuple(sum(map(rw.worms, s)) for s in state.stacks)
        assert view.current_player == state.current_player
        if not state.is_terminal:
            assert state.turn not in state.departed


def test_from_dict_checks_ply() -> None:
    state = position(stacks=((21, 22), (30,)), flipped=(36,), kept="w w 5 5 3", phase="decide")
    d = state.to_dict()
    assert d["ply"] == min_ply(state) == 3 * 3 + 2 + 2 * 3
    for bad in (min_ply(state) - 1, -1, True, 1.5, "9", None, 10**10):
        with pytest.raises(InvalidStateError):
            rw.State.from_dict({**d, "ply": bad})
    del d["ply"]
    with pytest.raises(InvalidStateError):
        rw.State.from_dict(d)
    view = state.view(1).to_dict()
    with pytest.raises(InvalidStateError):
        rw.View.from_dict({**view, "ply": view["ply"] + 1})


def test_view_members() -> None:
    state = rw.new_game(2)
    view = state.view(1)
    assert isinstance(view, PlayerView)
    assert isinstance(state, GameState)
    unseen = view.unseen
    assert unseen == Counter()
    assert isinstance(unseen, Counter)
    unseen["21"] += 1
    assert view.unseen == Counter()  # a fresh Counter every time
    assert view.scores == (0, 0)
    assert view.current_player is None
    assert view.ply == 0


def test_pickle_holds_only_the_fields() -> None:
    states = _random_game(5, 4, 0.0)
    for state in states[:: max(1, len(states) // 20)]:
        data = pickle.dumps(state)
        assert pickle.loads(data) == state
        assert len(data) < 1500
        assert set(vars(state)) == {f.name for f in attrs.fields(rw.State)}


# -- leaving ------------------------------------------------------------------------------


def test_two_players_resign_ends_the_game_the_other_wins() -> None:
    # mid-turn of the other player, and at a chance node
    mid = position(stacks=((21,), (30,)), kept="w w 5 5 3", phase="decide", turn=0)
    for state, leaver in ((mid, 1), (mid, 0), (rw.new_game(2), 1), (rw.new_game(2), 0)):
        end = state.apply(rw.Resign(leaver))
        assert end.is_terminal
        assert end.ply == state.ply + 1
        assert end.outcome is not None
        assert end.outcome.reason == "resigned"
        assert end.outcome.winners == frozenset({1 - leaver})
        assert end.outcome.scores == state.scores  # scores are frozen, tiles stay
        assert end.stacks == state.stacks
        assert end.grill == state.grill
        assert end.kept == (0,) * 6
        assert end.roll == ()
        assert rw.State.from_dict(end.to_dict()) == end
        with pytest.raises(IllegalActionError) as err:
            end.apply(rw.Resign(1 - leaver))
        assert err.value.code == "game_over"


def test_leaver_on_turn_ends_the_turn_without_a_bust() -> None:
    state = position(stacks=((25,), (30,), ()), kept="w w 1", phase="roll", turn=0)
    after = state.apply(rw.Resign(0))
    assert not after.is_terminal
    assert after.departed == (0,)
    assert after.turn == 1
    assert after.is_chance_node
    assert after.kept == (0,) * 6
    assert after.grill == state.grill
    assert after.flipped == state.flipped
    assert after.stacks == state.stacks  # the leaver keeps the 25, out of the game


def test_leaver_in_set_aside_phase_and_the_turn_order_skips_them() -> None:
    state = position(stacks=((), (), (), ()), phase="set_aside", roll="1 1 2 2 3 3 4 w", turn=2)
    after = state.apply(rw.Resign(2))
    assert after.turn == 3
    assert after.is_chance_node
    gone = after.apply(rw.Resign(0))
    assert gone.turn == 3
    assert gone.departed == (2, 0)
    # player 3's turn ends (a bust with no tile): the turn wraps past 0 to 1, then past 2 to 3
    busted = gone.apply(roll("1 1 1 1 1 1 1 1")).apply(rw.SetAside(1))
    assert busted.turn == 1
    busted = busted.apply(roll("1 1 1 1 1 1 1 1")).apply(rw.SetAside(1))
    assert busted.turn == 3


def test_other_player_leaves_mid_turn_the_turn_goes_on() -> None:
    state = position(stacks=((), (21,), (30,)), kept="w w w 5 5 5", phase="decide", turn=0)
    assert set(state.legal_actions()) == {rw.Reroll(), rw.Take(29), rw.Steal(30, 2)}
    after = state.apply(rw.Resign(1))
    assert after.turn == 0
    assert after.phase == "decide"
    assert set(after.legal_actions()) == set(state.legal_actions())


def test_tiles_of_a_leaver_cannot_be_stolen() -> None:
    state = position(stacks=((), (21,), (30,)), kept="w w w 5 5 5", phase="decide", turn=0)
    after = state.apply(rw.Resign(2))
    assert rw.Steal(30, 2) not in after.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        after.apply(rw.Steal(30, 2))
    assert err.value.code == "player_departed"
    assert after.scores[2] == 3  # frozen with the leaver


def test_only_steal_was_from_the_leaver_then_roll_on_or_bust() -> None:
    # total 15 + w = ... 30 exactly with the 30 on player 2's stack; no grill tile below 30
    grill_gone = tuple(range(21, 30))
    # dice left: rolling on is forced, at once
    state = position(stacks=((), (), (30,)), flipped=grill_gone, kept="w w w 5 5 5", phase="decide")
    assert state.legal_actions() == (rw.Reroll(), rw.Steal(30, 2))
    after = state.apply(rw.Resign(2))
    assert after.is_chance_node
    assert after.turn == 0
    assert after.kept == state.kept
    assert after.ply == state.ply + 1
    # no dice left: the player busts (the top tile goes back, the highest is turned down)
    full = position(
        stacks=((22,), (), (30,)),
        flipped=tuple(t for t in grill_gone if t != 22),
        kept="w w 5 5 4 3 2 1",
        phase="decide",
    )
    assert full.total == 30
    assert full.legal_actions() == (rw.Steal(30, 2),)
    busted = full.apply(rw.Resign(2))
    assert busted.turn == 1
    assert busted.is_chance_node
    assert busted.stacks == ((), (), (30,))
    assert 22 in busted.grill or 22 in busted.flipped
    assert busted.ply == full.ply + 1


def test_leavers_rank_below_stayers_later_leaver_higher() -> None:
    state = position(stacks=((33, 34), (21,), (35,), ()), kept="w w w w 5 5 5 5", phase="decide")
    state = state.apply(rw.Resign(0)).apply(rw.Resign(2))  # player 1 is on turn after 0 left
    assert state.departed == (0, 2)
    assert state.turn == 1
    end = state.apply(rw.Resign(1))
    assert end.outcome is not None
    assert end.outcome.reason == "resigned"
    assert end.outcome.ranking == (4, 2, 3, 1)  # 3 stayed; then 1, 2, 0 by leaving late
    assert end.outcome.scores == (8, 1, 4, 0)


def test_game_ended_by_the_grill_ranks_leavers_last() -> None:
    stacks = ((33, 34, 35), (21,), (31, 32))
    state = position(stacks=stacks, flipped=tuple(range(22, 31)), turn=1)
    assert state.grill == (36,)
    state = state.apply(rw.Resign(0))
    assert state.turn == 1
    assert state.is_chance_node
    state = state.apply(roll("5 5 5 5 w w w w")).apply(rw.SetAside(6))
    state = state.apply(roll("5 5 5 5")).apply(rw.SetAside(5))
    assert state.legal_actions() == (rw.Take(36),)
    end = state.apply(rw.Take(36))
    assert end.outcome is not None
    assert end.outcome.reason == "grill_empty"
    assert end.outcome.scores == (12, 5, 6)
    assert end.outcome.ranking == (3, 2, 1)  # player 0 had the most worms but left


def test_resign_codes() -> None:
    state = rw.new_game(3).apply(rw.Resign(1))
    for action, code in (
        (rw.Resign(1), "player_departed"),
        (rw.Resign(3), "invalid_player"),
        (rw.Resign(-1), "invalid_player"),
        (rw.Resign(10**400), "invalid_player"),
        (rw.Resign(True), "not_an_action"),
    ):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.code == code
        assert len(str(err.value)) < 300


def test_solo_resign_ends_the_game() -> None:
    state = rw.new_game(1, rules=rw.Rules(allow_solo=True))
    end = state.apply(rw.Resign(0))
    assert end.outcome is not None
    assert end.outcome.reason == "resigned"
    assert rw.State.from_dict(end.to_dict()) == end


def test_from_dict_checks_departed() -> None:
    base = position(stacks=((), (), ()), departed=(1,))
    assert base.departed == (1,)
    d = base.to_dict()
    for bad in (
        [1, 1],
        [0],  # the player on turn has left
        [1, 2],  # one player left but not over
        [3],
        [True],
        "1",
        list(range(50)),
    ):
        with pytest.raises(InvalidStateError):
            rw.State.from_dict({**d, "departed": bad})
    over = {**d, "phase": "over", "departed": [1]}  # over with tiles on the grill, 2 stay
    with pytest.raises(InvalidStateError):
        rw.State.from_dict(over)
    assert rw.State.from_dict({**over, "departed": [1, 2], "ply": 2}).outcome is not None


# -- hostile input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["take " + "9" * 5000, "take " + "1" * 7, "steal 25 from " + "٣", "resign ²", "x" * 10**6],
)
def test_hostile_text_raises_parse_error(text: str) -> None:
    with pytest.raises(ParseError) as err:
        rw.parse_action(text)
    assert len(str(err.value)) < 300


@given(st.text(max_size=40))
def test_parse_action_raises_only_parse_error(text: str) -> None:
    try:
        action = rw.parse_action(text)
    except ParseError:
        return
    assert rw.parse_action(str(action)) == action


@given(
    head=st.sampled_from(["take", "steal", "resign", "set", "roll", "TAKE"]),
    args=st.lists(
        st.one_of(
            st.text(alphabet="0123456789٠١٢٣٤٥٦٧٨٩²³¹w-+ .", max_size=8),
            st.sampled_from(["from", "w", "6"]),
        ),
        max_size=9,
    ),
)
def test_parse_action_numbers_are_ascii_only(head: str, args: list[str]) -> None:
    text = " ".join([head, *args])
    try:
        action = rw.parse_action(text)
    except ParseError:
        return
    assert text.isascii() or all(c.isascii() or c.isspace() for c in text)
    assert rw.parse_action(str(action)) == action


def _junk_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=10**30, max_value=10**40),
        st.floats(allow_nan=True),
        st.text(max_size=5),
        st.just(1.0),
        st.just(True),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.tuples(inner, inner),
            st.frozensets(st.integers(), max_size=3),
            st.dictionaries(st.text(max_size=3), inner, max_size=3),
        ),
        max_leaves=8,
    )


_CLASSES: dict[type, tuple[str, ...]] = {
    rw.Roll: ("faces",),
    rw.SetAside: ("value",),
    rw.Take: ("tile",),
    rw.Steal: ("tile", "victim"),
    rw.Resign: ("player",),
}


def _ill_typed(cls: type, values: dict[str, Any]) -> object:
    obj = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    return obj


_STATES = [
    *_random_game(11, 3, 0.0)[:200:7],
    position(stacks=((), (30,)), kept="w w w 5 5 5", phase="decide"),
]


@settings(max_examples=2 * _EXAMPLES)
@given(
    cls=st.sampled_from(sorted(_CLASSES, key=lambda c: c.__name__)),
    data=st.data(),
    which=st.integers(0, len(_STATES) - 1),
)
def test_check_and_apply_refuse_ill_typed_fields(cls: type, data: Any, which: int) -> None:
    state = _STATES[which]
    fields = _CLASSES[cls]
    values = {name: data.draw(_junk_values(), label=name) for name in fields}
    action = _ill_typed(cls, values)
    typed = all(type(v) is int for v in values.values()) or (
        cls is rw.Roll
        and type(values["faces"]) is tuple
        and all(type(f) is int for f in values["faces"])
    )
    if not typed:
        assert not state.is_legal(action)
    for call in (state.check, state.apply):
        try:
            call(action)
        except IllegalActionError as err:
            code, message = err.code, str(err)
        else:
            code, message = "accepted", ""
        assert len(message) < 400
        if not typed:
            assert code == "not_an_action"


@pytest.mark.parametrize(
    "action",
    [
        rw.SetAside(True),
        rw.SetAside(6.0),
        rw.Take(25.0),
        rw.Take(True),
        rw.Steal(25, 1.0),
        rw.Steal(True, 1),
        rw.Roll((True, 6, 6, 6, 6, 6, 6, 6)),
        rw.Roll((1.0, 2, 3, 4, 5, 6, 6, 6)),
        rw.Resign(False),
        rw.Resign(0.0),
    ],
)
def test_wrong_types_refused_everywhere(action: object) -> None:
    for state in _STATES:
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.code == "not_an_action"
        with pytest.raises(IllegalActionError) as err:
            state.check(action)
        assert err.value.code == "not_an_action"


class _SetAside(rw.SetAside):
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_subclasses_of_action_classes_are_refused() -> None:
    state = rw.new_game(2).apply(roll("1 2 3 4 5 w w w"))
    assert state.is_legal(rw.SetAside(6))
    assert not state.is_legal(_SetAside(6))
    with pytest.raises(IllegalActionError) as err:
        state.apply(_SetAside(6))
    assert err.value.code == "not_an_action"


def test_huge_numbers_refused_with_short_messages() -> None:
    state = position(stacks=((), (30,)), kept="w w w 5 5 5", phase="decide")
    for action in (rw.Take(10**5000), rw.Steal(30, 10**5000), rw.Steal(10**5000, 1)):
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert len(str(err.value)) < 300
    evolved = attrs.evolve(rw.Take(25), tile=[1] * 10**5)
    with pytest.raises(IllegalActionError) as err:
        state.apply(evolved)
    assert err.value.code == "not_an_action"
    assert len(str(err.value)) < 300


def _mutate(value: Any, rng: random.Random, junk: list[Any]) -> Any:
    if isinstance(value, dict):
        out = dict(value)
        key = rng.choice(sorted(out))
        if rng.random() < 0.2:
            del out[key]
        else:
            out[key] = _mutate(out[key], rng, junk)
        return out
    if isinstance(value, list) and value and rng.random() < 0.7:
        out_list = list(value)
        i = rng.randrange(len(out_list))
        out_list[i] = _mutate(out_list[i], rng, junk)
        return out_list
    return rng.choice(junk)


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


# built once: deep nesting, long lists and strings, huge ints
_BIG_JUNK: list[Any] = [
    _nested(100_000),
    [0] * 10**6,
    "x" * 10**6,
    {"x": _nested(10**5)},
    10**100,
]


@settings(max_examples=2 * _EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), junk=st.lists(_junk_values(), min_size=1, max_size=4))
def test_from_dict_raises_only_invalid_state_error(seed: int, junk: list[Any]) -> None:
    rng = random.Random(seed)
    states = _random_game(seed, rng.randint(2, 5), 0.005)
    junk = [*junk, _BIG_JUNK[0], _BIG_JUNK[3], [0] * 1000, "x" * 1000, 10**100]
    for state in rng.sample(states, min(5, len(states))):
        d = state.to_dict()
        for loader, data in ((rw.State.from_dict, d), (rw.View.from_dict, state.view(0).to_dict())):
            for _ in range(3):
                bad = _mutate(data, rng, junk)
                try:
                    loaded = loader(bad)
                except InvalidStateError as err:
                    message = str(err)
                else:  # a harmless edit (a missing "kind"): the result round-trips
                    message = ""
                    assert type(loaded).from_dict(loaded.to_dict()) == loaded
                assert len(message) < 400


def test_from_dict_deep_nesting_and_huge_lists() -> None:
    d = rw.new_game(2).to_dict()
    for key in ("rules", "players", "grill", "stacks", "kept", "roll", "departed", "ply", "turn"):
        for bad in _BIG_JUNK:
            with pytest.raises(InvalidStateError) as err:
                rw.State.from_dict({**d, key: bad})
            assert len(str(err.value)) < 400
    with pytest.raises(InvalidStateError):
        rw.State.from_dict(_BIG_JUNK[0])
    with pytest.raises(InvalidStateError):
        rw.View.from_dict({"game": "regenwormen", "kind": "view", "version": 1, "state": d})


def test_records_with_resignations_round_trip() -> None:
    rec = wordgames.play(rw.new_game(3), rw.bots.HeuristicBot(), random.Random(4), max_actions=30)
    record = wordgames.Record(rec.initial, (*rec.actions, rw.Resign(1), rw.Resign(0)))
    final = record.replay()
    assert final.is_terminal
    assert final.ply == len(record.actions)
    assert final.outcome is not None
    assert final.outcome.winners == frozenset({2})
    assert wordgames.Record.from_json(record.to_json()) == record
    assert "resign 1" in json.dumps(record.to_dict())


# -- ill-typed fields through every entry point (the same in the pure and compiled builds) --

_ILL_TYPED = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False, min_value=-40, max_value=40),
    st.integers(min_value=1, max_value=36).map(str),
    st.none(),
)


@settings(max_examples=_EXAMPLES)
@given(value=_ILL_TYPED, victim=_ILL_TYPED)
def test_ill_typed_fields_are_not_actions_in_apply_check_and_actor(
    value: object, victim: object
) -> None:
    """``SetAside(6.0)``, ``SetAside(True)``, ``Take(25.0)``, ``Steal(25, 1.0)``, ``Resign(True)``
    are ``not_an_action`` from ``apply`` and ``check`` (never a bare TypeError, never taken
    for the equal int), and change nothing; such a ``Resign`` has no ``actor``."""
    set_aside = rw.new_game(3).apply(roll("1 1 2 2 3 3 4 w"))
    decide = set_aside.apply(rw.SetAside(6))
    for state in (set_aside, decide):
        before = state.to_dict()
        for action in (
            rw.SetAside(value),  # type: ignore[arg-type]
            rw.Take(value),  # type: ignore[arg-type]
            rw.Steal(value, 1),  # type: ignore[arg-type]
            rw.Steal(25, victim),  # type: ignore[arg-type]
            rw.Resign(value),  # type: ignore[arg-type]
        ):
            for call in (state.apply, state.check):
                with pytest.raises(IllegalActionError) as err:
                    call(action)
                assert err.value.code == "not_an_action", (action, err.value.code)
            assert state.to_dict() == before
        assert state.actor(rw.Resign(value)) is None  # type: ignore[arg-type]
        assert state.actor(rw.Resign(2)) == 2


@settings(max_examples=_EXAMPLES)
@given(player=_ILL_TYPED)
def test_ill_typed_players_in_view_legal_actions_and_redact(player: object) -> None:
    """A player index that is not an int: ``view`` and ``legal_actions`` raise
    ``invalid_player`` (even a bool or float equal to the player to act), ``redact_action``
    shows the action (no bare TypeError in either build)."""
    state = rw.new_game(3).apply(roll("1 1 2 2 3 3 4 w"))
    if player is not None:
        for call in (state.view, state.legal_actions):
            with pytest.raises(IllegalActionError) as err:
                call(player)
            assert err.value.code == "invalid_player"
    else:
        assert state.legal_actions(player) == state.legal_actions()
    assert state.redact_action(rw.SetAside(6), player) == "set w"
