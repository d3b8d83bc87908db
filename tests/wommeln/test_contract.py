"""Wömmeln on the shared contract (issue 10): acting players, shared codes, ply, views,
leaving the game, and hostile input (scenario tests plus seeded fuzz tests)."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import pickle
import random
import time
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError
from wordgames import wommeln as wm
from wordgames._core.contract import SHARED_CODES

STIER_ROWS = ["STIIE", "XXXXS", "XXXXR"]
OTHER_ROWS = ["ABCDE", "FGHIJ", "KLMNO"]
THIRD_ROWS = ["PQRST", "UVWXY", "ZABCD"]


def game(players: int = 2, **rules: object) -> wm.State:
    """A game after the first reveal, on small hand-made sheets (every word is voted on
    unless ``review`` says otherwise: these tests are about the votes)."""
    sheets = [STIER_ROWS, OTHER_ROWS, THIRD_ROWS][:players]
    rules.setdefault("review", "vote")
    state = wm.new_game(players, rules=wm.Rules(**rules), sheets=sheets)
    return state.apply(wm.Reveal(1, "a"))


def act(state: wm.State, *texts: str) -> wm.State:
    for text in texts:
        state = state.apply(wm.parse_action(text))
    return state


def code_of(fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        fn(*args, **kwargs)
    return err.value.code


# -- acting players ---------------------------------------------------------------------


def test_check_as_refuses_other_players_moves_in_the_simultaneous_search() -> None:
    s = game(2)
    assert s.players_to_act == {0, 1}
    assert s.current_player is None
    assert code_of(s.check_as, 0, wm.Pass(1)) == "not_your_turn"
    assert code_of(s.apply_as, 1, "p0 place STIER A1-B1-C1-d1-E1-e2-E3") == "not_your_turn"
    s = s.apply_as(0, "p0 place STIER A1-B1-C1-d1-E1-e2-E3", ply=s.ply)
    # player 0 is done: nothing more from them in this search, not even a pass
    assert s.players_to_act == {1}
    assert s.current_player == 1
    assert code_of(s.check_as, 0, wm.Pass(0)) == "not_your_turn"
    assert s.check_as(1, "P1 PASS") == wm.Pass(1)


def test_check_as_in_the_review_only_voters_with_a_pending_vote() -> None:
    s = act(game(3), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 place AB A1-B1", "p2 pass")
    assert s.phase == "review"
    assert s.players_to_act == {0, 1, 2}
    assert s.check_as(2, "p2 accept p0") == wm.Vote(2, 0, True)
    assert code_of(s.check_as, 0, wm.Vote(0, 0, True)) == "own_word"
    assert code_of(s.check_as, 1, wm.Vote(2, 0, True)) == "not_your_turn"
    s = act(s, "p2 accept p0", "p2 reject p1", "p0 accept p1")
    # only player 1 still votes (on player 0's word)
    assert s.players_to_act == {1}
    assert s.current_player == 1
    for p in (0, 2):
        assert code_of(s.check_as, p, wm.Vote(p, 1 if p == 0 else 0, True)) == "not_your_turn"
    assert s.view(1).current_player == 1
    assert s.view(1).players_to_act == s.players_to_act


def test_check_as_chance_server_events_and_stale_ply() -> None:
    start = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS])
    assert code_of(start.check_as, 0, wm.Reveal(1, "a")) == "chance_outcome_from_player"
    assert code_of(start.check_as, 0, "reveal 1a") == "chance_outcome_from_player"
    assert code_of(start.check_as, 0, wm.Pass(0)) == "chance_pending"
    s = act(game(2), "p0 place STIER A1-B1-C1-d1-E1-e2-E3")
    assert s.timer == "running"
    assert code_of(s.check_as, 1, wm.TimeUp()) == "server_event_from_player"
    assert code_of(s.check_as, 1, "time up") == "server_event_from_player"
    s.check(wm.TimeUp())  # the server applies it with apply()
    assert code_of(s.check_as, 1, wm.Pass(1), ply=s.ply - 1) == "stale_state"
    assert code_of(s.apply_as, 1, "p1 pass", ply=s.ply + 1) == "stale_state"
    assert s.apply_as(1, "p1 pass", ply=s.ply).ply == s.ply + 1
    assert code_of(s.check_as, 5, wm.Pass(1)) == "invalid_player"
    with pytest.raises(ParseError):
        s.check_as(1, "p1 dance")


def test_actor_of_every_action_class() -> None:
    s = game(2)
    assert s.actor(wm.Reveal(2, "a")) is None
    assert s.actor(wm.TimeUp()) is None
    assert s.actor(wm.Resign(1)) == 1
    assert s.actor(wm.Vote(1, 0, True)) == 1
    assert s.actor(wm.Pass(0)) == 0


# -- shared codes, ply, scores, views ---------------------------------------------------


def test_shared_codes_for_shared_situations() -> None:
    start = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS])
    s = game(2)
    cases = [
        (start, wm.Pass(0), "chance_pending"),
        (s, wm.Reveal(2, "a"), "not_chance_node"),
        (s, "not an action", "not_an_action"),
        (s, object(), "not_an_action"),
        (s, wm.Pass(True), "not_an_action"),  # a bool is not a player index
        (s, wm.Pass(7), "invalid_player"),
        (s, wm.Vote(0, 9, True), "not_an_action" if False else "wrong_phase"),
    ]
    for state, action, code in cases:
        assert code_of(state.check, action) == code, action
        assert code_of(state.apply, action) == code, action
        assert not state.is_legal(action)
    over = act(game(2, rounds=1), "p0 pass", "p1 pass")
    assert over.is_terminal
    assert code_of(over.check, wm.Pass(0)) == "game_over"
    assert code_of(over.check, wm.Resign(0)) == "game_over"
    assert code_of(s.sample_chance, random.Random(1)) == "not_chance_node"
    own = {"unknown_card", "card_already_drawn", "timer_not_running", "wrong_phase"}
    assert not own & SHARED_CODES


def test_ply_counts_every_action_and_travels_in_json() -> None:
    rng = random.Random(3)
    s = wm.new_game(3, rules=wm.Rules(rounds=2))
    bot = wordgames.RandomBot()
    assert s.ply == 0
    while not s.is_terminal:
        action = s.sample_chance(rng) if s.is_chance_node else None
        if action is None:
            p = min(s.players_to_act)
            action = bot.choose(s.view(p), rng)
        nxt = s.apply(action)
        assert nxt.ply == s.ply + 1
        assert nxt.view(0).ply == nxt.ply
        d = nxt.to_dict()
        assert d["ply"] == nxt.ply
        assert wm.State.from_dict(d) == nxt
        assert wm.View.from_dict(nxt.view(1).to_dict()) == nxt.view(1)
        s = nxt
    d = s.to_dict()
    d["ply"] = 3  # fewer actions than two reveals and two finished rounds need
    with pytest.raises(InvalidStateError, match="ply"):
        wm.State.from_dict(d)
    d["ply"] = -1
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
    del d["ply"]
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)


def test_view_scores_current_player_and_unseen() -> None:
    s = act(game(2), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass", "p1 accept p0")
    assert s.scores == (5, 0)
    assert isinstance(s.scores, tuple)
    for viewer in (0, 1, None):
        v = s.view(viewer)
        assert v.scores == s.scores
        assert v.current_player == s.current_player
        assert v.ply == s.ply
        unseen = v.unseen
        assert isinstance(unseen, Counter)
        # the pile: every card not drawn yet (card 1 was drawn)
        assert unseen == Counter(str(c) for c in range(2, 31))
        unseen["2"] += 5
        assert v.unseen["2"] == 1  # a fresh Counter every time
    s = act(s, "reveal 7b")
    assert s.view(0).current_player is None  # a simultaneous search
    assert "7" not in s.view(0).unseen
    over = act(game(1, rounds=1), "p0 pass")
    assert over.view(0).unseen == Counter()


def test_pickles_carry_no_cache() -> None:
    s = act(game(2), "p0 circle STIER A1 B1 C1 E1 E3")
    fresh = len(pickle.dumps(s))
    s.legal_actions()  # fills the caches
    s.base_grid(1)
    assert s._cache
    data = pickle.dumps(s)
    assert len(data) == fresh
    back = pickle.loads(data)
    assert back == s
    assert back._cache == {}
    assert back.legal_actions() == s.legal_actions()
    assert copy.deepcopy(s) == s


# -- leaving the game -------------------------------------------------------------------


def test_resign_during_the_simultaneous_search() -> None:
    s = game(3, rounds=2)
    s = act(s, "p0 circle STIER A1 B1 C1 E1 E3")
    assert s.check_as(1, "resign 1") == wm.Resign(1)
    assert code_of(s.check_as, 0, wm.Resign(1)) == "not_your_turn"
    s = s.apply_as(1, "resign 1", ply=s.ply)
    assert s.departed == (1,)
    assert s.players_to_act == {0, 2}
    assert s.entries[1] == wm.Entry("passed")
    assert not s.is_terminal
    assert code_of(s.check, wm.Pass(1)) == "player_left"
    assert code_of(s.check, wm.Resign(1)) == "player_left"
    assert code_of(s.check_as, 1, wm.Pass(1)) == "not_your_turn"
    # the leaver's empty entry is public; the others' marks stay hidden
    v = s.view(2)
    assert v.entries[1] == wm.Entry("passed")
    assert v.entries[0] is None
    assert v.departed == (1,)
    s = act(s, "p0 connect A1-B1-C1-d1-E1-e2-E3", "p2 pass")
    assert s.phase == "review"
    assert s.players_to_act == {2}  # the leaver does not vote
    s = act(s, "p2 accept p0")
    assert s.phase == "reveal"
    assert s.scores == (5, 0, 0)
    assert s.results[1][-1] == wm.RoundResult("", 0, None)
    # later rounds: the leaver is passed from the reveal on and never acts
    s = act(s, "reveal 2a")
    assert s.players_to_act == {0, 2}
    assert s.entries[1] == wm.Entry("passed")
    assert wm.State.from_dict(s.to_dict()) == s
    s = act(s, "p0 pass", "p2 pass")
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.reason == "rounds_played"
    assert s.outcome.ranking == (1, 3, 2)  # the leaver ranks below everyone still in


def test_resign_during_the_vote() -> None:
    s = act(game(3), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 place AB A1-B1", "p2 pass")
    s = act(s, "p2 reject p0", "p1 reject p0")
    # player 2 leaves: their vote on p0 is void, their pending vote on p1 is no longer awaited
    s = s.apply(wm.Resign(2))
    assert s.votes == ((1, 0, False),)
    assert s.players_to_act == {0}
    assert wm.State.from_dict(s.to_dict()) == s
    s = act(s, "p0 accept p1")
    assert s.phase == "reveal"
    assert s.scores == (0, 2, 0)  # p0: one reject, no accept -> rejected


def test_resign_of_an_author_withdraws_their_word() -> None:
    s = act(game(3), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 place AB A1-B1", "p2 pass")
    s = act(s, "p2 accept p1", "p0 accept p1")
    assert s.players_to_act == {1, 2}
    s = s.apply(wm.Resign(0))
    # p0's word is gone, with the votes on it and by p0; p2's accept of p1 stands, and
    # nothing is left to vote on: the round is scored
    assert s.phase == "reveal"
    assert s.scores == (0, 2, 0)
    assert s.results[0][-1] == wm.RoundResult("", 0, None)
    assert s.departed == (0,)


def test_resign_of_the_timer_starter_keeps_the_countdown() -> None:
    s = act(game(3), "p0 place STIER A1-B1-C1-d1-E1-e2-E3")
    s = s.apply(wm.Resign(0))
    assert s.timer == "running"
    assert s.timer_starter == 0
    assert s.entries[0] == wm.Entry("passed")
    assert wm.State.from_dict(s.to_dict()) == s
    s = s.apply(wm.TimeUp())
    assert s.phase == "reveal"
    assert s.scores == (0, 0, 0)


@pytest.mark.parametrize("phase", ["reveal", "search", "review"])
def test_two_players_a_resignation_ends_the_game(phase: str) -> None:
    s = game(2, rounds=3)
    s = act(s, "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass", "p1 accept p0")
    assert s.scores == (5, 0)
    if phase != "reveal":
        s = act(s, "reveal 3a", "p1 place AB A1-B1")
    if phase == "review":
        s = act(s, "p0 pass")
        assert s.phase == "review"
    s = s.apply(wm.Resign(0))
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.reason == "resigned"
    assert s.outcome.winners == {1}  # the player still in wins, with fewer points
    assert s.scores == (5, 0)  # an unfinished round is not scored
    assert s.players_to_act == frozenset()
    assert wm.State.from_dict(s.to_dict()) == s
    assert code_of(s.check, wm.Resign(1)) == "game_over"


def test_solo_resign_ends_the_game() -> None:
    s = game(1, rounds=2).apply(wm.Resign(0))
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.reason == "resigned"
    assert wm.State.from_dict(s.to_dict()) == s


def test_resign_at_the_chance_node_and_the_leaver_rules_in_json() -> None:
    s = wm.new_game(3, sheets=[STIER_ROWS, OTHER_ROWS, THIRD_ROWS])
    s = s.apply(wm.Resign(2))
    assert s.is_chance_node
    assert s.departed == (2,)
    s = s.apply(wm.Reveal(4, "b"))
    assert s.entries == (None, None, wm.Entry("passed"))
    d = s.to_dict()
    assert d["departed"] == [2]
    bad = copy.deepcopy(d)
    bad["entries"][2] = None  # a leaver still searching
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["departed"] = [2, 2]
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["departed"] = [1, 2]  # too few players left, yet the game goes on
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)


def test_records_with_a_resignation_replay_and_redact() -> None:
    start = wm.new_game(
        3, sheets=[STIER_ROWS, OTHER_ROWS, THIRD_ROWS], rules=wm.Rules(rounds=2, review="vote")
    )
    texts = ["reveal 1a", "p0 circle STIER A1 B1 C1 E1 E3", "resign 1", "p2 pass", "time up"]
    texts += ["p0 connect A1-B1-C1-d1-E1-e2-E3", "p2 reject p0", "reveal 5b", "resign 2"]
    actions = tuple(wm.parse_action(t) for t in texts[:4])
    s = start
    for a in actions:
        s = s.apply(a)
    assert code_of(s.check, wm.TimeUp()) == "timer_not_running"  # nobody finished a word yet
    actions += tuple(wm.parse_action(t) for t in texts[5:])
    record = wordgames.Record(start, actions)
    final = record.replay()
    assert final.is_terminal
    assert final.ply == len(actions)
    assert final.outcome is not None
    assert final.outcome.reason == "resigned"
    # p2's reject was the only vote (p1 had left): nobody scored; p0, still in, wins; the two
    # leavers share the next place (same points, same longest word)
    assert final.scores == (0, 0, 0)
    assert final.outcome.ranking == (1, 2, 2)
    assert wordgames.Record.from_json(record.to_json()) == record
    redacted = record.redact(0)
    assert redacted.actions[2] == "resign 1"  # leaving is public
    assert redacted.actions[3] == "p2 ?"


# -- notation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("P0 PASS", wm.Pass(0)),
        ("Time Up", wm.TimeUp()),
        ("REVEAL 12A", wm.Reveal(12, "a")),
        ("p1 ACCEPT P0", wm.Vote(1, 0, True)),
        (
            "p0 Circle stier a1 b1 c1 e1 e3",
            wm.Circle(0, "STIER", ((0, 0), (0, 1), (0, 2), (0, 4), (2, 4))),
        ),
        ("RESIGN 1", wm.Resign(1)),
        ("resign 1", wm.Resign(1)),
        ("p1 resign", wm.Resign(1)),
    ],
)
def test_keywords_are_case_insensitive_and_str_canonical(text: str, action: Any) -> None:
    assert wm.parse_action(text) == action
    assert wm.parse_action(str(action)) == action
    assert str(wm.Resign(1)) == "resign 1"


@pytest.mark.parametrize(
    "text",
    [
        "p٣ pass",
        "reveal ١٢a",
        "reveal ²a",
        "p0 place AB A١-B1",
        "p0 circle AB A1 B٣",
        "resign ²",
        "resign ٣",
        "resign " + "9" * 5000,
        "p0 place AB A1-B" + "1" * 5000,
        "reveal " + "1" * 5000 + "a",
        "p1 accept p" + "0" * 5000,
        "x" * 100_000,
    ],
)
def test_non_ascii_digits_and_huge_numbers_are_parse_errors(text: str) -> None:
    with pytest.raises(ParseError) as err:
        wm.parse_action(text)
    assert len(str(err.value)) < 200


@given(st.text(alphabet=st.sampled_from(list("p0123 acelpsrtimvgnuAB-١٢²٣ÄQ\t")), max_size=40))
def test_fuzz_parse_action(text: str) -> None:
    try:
        action = wm.parse_action(text)
    except ParseError:
        return
    assert wm.parse_action(str(action)) == action


# -- hostile actions --------------------------------------------------------------------


def test_connect_with_an_int_in_its_path_is_not_an_action() -> None:
    s = act(game(2), "p0 circle STIER A1 B1 C1 E1 E3")
    good = wm.parse_action("p0 connect A1-B1-C1-d1-E1-e2-E3")
    assert isinstance(good, wm.Connect)
    hostile = [
        attrs.evolve(good, path=(0, *good.path[1:])),
        attrs.evolve(good, path=((0, "1"), *good.path[1:])),
        attrs.evolve(good, path=((0, 1.0), *good.path[1:])),
        attrs.evolve(good, path=((0, True), *good.path[1:])),
        attrs.evolve(good, path=((0, 0, 0), *good.path[1:])),
        attrs.evolve(good, path=list(good.path)),
        attrs.evolve(good, circles=(0, "1")),
        attrs.evolve(good, circles=None),
        attrs.evolve(good, player=0.0),
        attrs.evolve(good, path=(((0, 0),),)),
    ]
    for action in hostile:
        for fn in (s.check, s.apply):
            with pytest.raises(IllegalActionError) as err:
                fn(action)
            assert err.value.code == "not_an_action", action
            assert len(str(err.value)) < 300
        assert not s.is_legal(action)
        assert code_of(s.check_as, 0, action) == "not_an_action"
    for cls in (wm.Pass, wm.Vote, wm.Place, wm.Connect, wm.Circle, wm.Reveal, wm.Resign):
        empty = object.__new__(cls)  # no field set at all
        assert code_of(s.apply, empty) == "not_an_action"
        assert code_of(s.check, empty) == "not_an_action"
    s.apply(good)  # the well-typed one is legal


def test_huge_ints_and_long_fields_are_refused_quickly() -> None:
    s = game(2)
    cases = [
        wm.Place(0, "ST", ((10**100, 0), (0, 1)), (0, 1)),
        wm.Place(0, "ST", ((0, 0), (0, 1)), (0, 10**100)),
        wm.Place(0, "ST", ((0, 0), (0, 1)), (-(10**100), 1)),
        wm.Place(0, "ST", ((0, 0),) * 1_000_000, (0, 1)),
        wm.Place(0, "S" * 1_000_000, ((0, 0), (0, 1)), (0, 1)),
        wm.Circle(0, "ST", ((-1, 0),)),
        wm.Vote(10**100, 0, True),
        wm.Reveal(10**100, "a"),
        wm.Reveal(2, "a" * 1_000_000),
        wm.Pass(-(10**100)),
    ]
    # "quickly" is a bound on the work, not a benchmark: a linear check of a million
    # entries takes about 0.3-1.2 s of CPU on the slowest machine seen (Python 3.10, two
    # test workers); a quadratic check, or one that turned 10**100 into digits per step,
    # would take minutes
    for action in cases:
        t = time.process_time()
        with pytest.raises(IllegalActionError) as err:
            s.apply(action)
        assert time.process_time() - t < 5.0
        assert len(str(err.value)) < 300
        assert err.value.code != "not_an_action"


_FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(-3, 20), max_size=4).map(tuple),
    st.lists(st.tuples(st.integers(-2, 20), st.integers(-2, 20)), max_size=6).map(tuple),
    st.lists(st.tuples(st.integers(0, 5), st.text(max_size=2)), max_size=3).map(tuple),
    st.lists(st.lists(st.integers(0, 4), max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


@given(
    cls=st.sampled_from([wm.Place, wm.Circle, wm.Connect, wm.Pass, wm.Vote, wm.Reveal, wm.Resign]),
    values=st.lists(_FIELD_VALUES, min_size=4, max_size=4),
    phase=st.sampled_from(["reveal", "search", "circled", "review"]),
)
def test_fuzz_check_and_apply_with_wrong_field_types(
    cls: type, values: list[Any], phase: str
) -> None:
    s = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS])
    if phase != "reveal":
        s = s.apply(wm.Reveal(1, "a"))
    if phase == "circled":
        s = act(s, "p0 circle STIER A1 B1 C1 E1 E3")
    if phase == "review":
        s = act(s, "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 place AB A1-B1")
    action = object.__new__(cls)
    for f, v in zip(attrs.fields(cls), values, strict=False):
        object.__setattr__(action, f.name, v)
    for fn in (s.check, s.apply):
        _only_short(IllegalActionError, fn, action)
    assert isinstance(s.is_legal(action), bool)
    for p in (0, 1, 2, True, None):
        with contextlib.suppress(IllegalActionError):
            s.check_as(p, action)  # type: ignore[arg-type]


def _only_short(error: type[Exception], fn: Any, *args: Any) -> None:
    """Call ``fn``: it may succeed or raise ``error`` (with a short message), nothing else."""
    try:
        fn(*args)
    except error as exc:
        message = str(exc)
    else:
        return
    assert len(message) < 400


# -- hostile JSON -----------------------------------------------------------------------


def _deep(depth: int) -> Any:
    x: Any = 0
    for _ in range(depth):
        x = [x]
    return x


def test_from_dict_refuses_sizes_before_work() -> None:
    s = act(game(2), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass")
    base = s.to_dict()
    edits = [
        ("players", ["x"] * 10**6),
        ("players", ["x" * 10**6, "y"]),
        ("drawn", ["1a"] * 10**6),
        ("votes", [[0, 1, True]] * 10**6),
        ("departed", list(range(10**6))),
        ("ply", 10**100),
        ("ply", 10**4000),
        ("ply", True),
        ("timer_starter", 10**100),
        ("entries", _deep(50_000)),
        ("votes", _deep(50_000)),
        ("rules", _deep(50_000)),
        ("drawn", ["1" * 10**6 + "a"]),
    ]
    for key, value in edits:
        d = copy.deepcopy(base)
        d[key] = value
        t = time.process_time()
        with pytest.raises(InvalidStateError) as err:
            wm.State.from_dict(d)
        assert time.process_time() - t < 5.0, key  # a bound on the work (above)
        assert len(str(err.value)) < 300
    sheet_edits: list[Any] = [
        {"id": "a", "rows": ["AB"] * 10**6},
        {"id": "a", "rows": ["A" * 10**6, "B" * 10**6]},
        {"id": "a" * 10**6, "rows": STIER_ROWS},
        _deep(50_000),
    ]
    for sheet in sheet_edits:
        d = copy.deepcopy(base)
        d["sheets"][0] = sheet
        with pytest.raises(InvalidStateError):
            wm.State.from_dict(d)
    d = copy.deepcopy(base)
    d["results"][0] = [{"word": "A" * 10**6, "score": 0, "kept": None}]
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
    d = copy.deepcopy(base)
    d["entries"][1] = {"status": "placed", "marks": {"word": "AB", "line": "A1-" * 10**5}}
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)


def _mutate(x: Any, rng: random.Random) -> Any:
    """``x`` with one value somewhere replaced by something hostile."""
    junk = [None, True, -1, 10**40, "", "A" * 1000, [], {}, _deep(3000), 1.5, "٣a", [[[]]]]
    if isinstance(x, dict) and x and rng.random() < 0.8:
        k = rng.choice(sorted(x))
        return {**x, k: _mutate(x[k], rng)}
    if isinstance(x, list) and x and rng.random() < 0.8:
        i = rng.randrange(len(x))
        return [*x[:i], _mutate(x[i], rng), *x[i + 1 :]]
    return rng.choice(junk)


@functools.lru_cache(maxsize=1)
def _fuzz_states() -> tuple[wm.State, ...]:
    """A few states of seeded random games (every phase), built once."""
    rng = random.Random(5)
    out = []
    s = wm.new_game(3, rules=wm.Rules(rounds=2))
    bot = wordgames.RandomBot()
    while not s.is_terminal:
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
        else:
            s = s.apply(bot.choose(s.view(min(s.players_to_act)), rng))
        out.append(s)
    out.append(out[len(out) // 2].apply(wm.Resign(1)))
    return tuple(out)


@given(seed=st.integers(0, 10**6))
def test_fuzz_from_dict_on_mutated_json(seed: int) -> None:
    rng = random.Random(seed)
    s = rng.choice(_fuzz_states())
    for loader, d in ((wm.State.from_dict, s.to_dict()), (wm.View.from_dict, s.view(1).to_dict())):
        for _ in range(5):
            mutated = _mutate(json.loads(json.dumps(d)), rng)
            _only_short(InvalidStateError, loader, mutated)


def test_a_solo_leaver_in_the_last_round_is_not_scored_and_cannot_be_faked() -> None:
    # alone at the table, leaving ends the game; the round it ends in is not scored
    s = wm.new_game(1, rules=wm.Rules(rounds=2, review="none"), sheets=[STIER_ROWS])
    s = act(s, "reveal 1a", "p0 pass", "reveal 2a")
    s = s.apply(wm.Resign(0))
    assert s.is_terminal
    assert [len(rs) for rs in s.results] == [1]
    d = s.to_dict()
    assert wm.State.from_dict(copy.deepcopy(d)) == s
    # the same state with the last round scored would be a game that ended by leaving after
    # its last round: impossible (the game was over before anyone could leave)
    bad = copy.deepcopy(d)
    bad["results"][0].append({"word": "", "score": 0, "kept": None})
    with pytest.raises(InvalidStateError, match="after its last round"):
        wm.State.from_dict(bad)
    # left in the reveal phase after round 1: as many results as categories drawn
    early = act(
        wm.new_game(1, rules=wm.Rules(rounds=2, review="none"), sheets=[STIER_ROWS]),
        "reveal 1a",
        "p0 pass",
    ).apply(wm.Resign(0))
    assert early.is_terminal
    assert [len(rs) for rs in early.results] == [1]
    assert wm.State.from_dict(early.to_dict()) == early
