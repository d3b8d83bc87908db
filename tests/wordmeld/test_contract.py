"""WordMeld and the shared contract: acting players, ply, scores, shared codes, Resign and the
leaver rules, known cards, and hostile input (seeded fuzz per entry point)."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from tests.wordmeld.helpers import DECK, TINY, Dealer, card, make_state
from wordgames import IllegalActionError, InvalidStateError, ParseError
from wordgames import wordmeld as wm
from wordgames._core.contract import SHARED_CODES
from wordgames.wordmeld.state import MAX_PLAY_CARDS


def code(fn: Any, *args: Any, **kwargs: Any) -> str:
    with pytest.raises(IllegalActionError) as err:
        fn(*args, **kwargs)
    return err.value.code


def dealt(players: int = 2, seed: int = 0) -> wm.State:
    state = wm.new_game(players, lexicon=TINY)
    rng = random.Random(seed)
    while state.is_chance_node:
        state = state.apply(state.sample_chance(rng))
    return state


# -- acting player, ply, shared codes -------------------------------------------------------


def test_check_as_refuses_the_shared_situations() -> None:
    state = dealt()
    assert state.current_player == 0
    assert code(state.check_as, 1, wm.PickPile()) == "not_your_turn"
    assert code(state.check_as, 1, "pick pile") == "not_your_turn"
    assert code(state.check_as, 0, wm.Draw(state.pile[0])) == "chance_outcome_from_player"
    assert code(state.check_as, 0, f"draw {state.pile[0]}") == "chance_outcome_from_player"
    assert code(state.check_as, 0, "pick pile", ply=state.ply - 1) == "stale_state"
    assert code(state.check_as, 0, "pick pile", ply=True) == "invalid_ply"
    assert code(state.check_as, 2, "pick pile") == "invalid_player"
    assert code(state.check_as, 0, wm.Resign(1)) == "not_your_turn"
    assert code(state.check_as, 0, object()) == "not_an_action"
    with pytest.raises(ParseError):
        state.check_as(0, "pick everything")
    assert wm.State.SERVER_TYPES == ()  # WordMeld has no frontend-only events
    assert state.check_as(0, "PICK pile", ply=state.ply) == wm.PickPile()
    drawing = state.apply_as(0, "pick pile", ply=state.ply)
    assert drawing.ply == state.ply + 1
    assert drawing.is_chance_node
    assert code(drawing.check_as, 0, "pick discard") == "chance_pending"
    assert code(drawing.check, wm.PickPile()) == "chance_pending"
    assert code(state.check, wm.Draw(state.pile[0])) == "not_chance_node"
    with pytest.raises(IllegalActionError) as err:
        state.sample_chance(random.Random(0))
    assert err.value.code == "not_chance_node"
    # the other player may resign while a draw is pending
    assert drawing.check_as(1, "resign 1") == wm.Resign(1)


def test_ply_counts_every_action_and_is_checked_on_load() -> None:
    rec = wordgames.play(wm.new_game(3, lexicon=TINY), wm.bots.GreedyBot(), random.Random(4))
    for i, s in enumerate(rec.states()):
        assert s.ply == i
        assert s.view(0).ply == i
        assert s.view(0).current_player == s.current_player
    final = rec.replay()
    assert final.is_terminal
    d = final.to_dict()
    assert d["ply"] == len(rec.actions)
    low = dict(d, ply=DECK.size - len(final.pile) + len(final.discard) - 1)
    with pytest.raises(InvalidStateError, match="ply"):
        wm.State.from_dict(low)
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(dict(d, ply=-1))


def test_scores_are_zero_until_the_end() -> None:
    rec = wordgames.play(wm.new_game(2, lexicon=TINY), wm.bots.GreedyBot(), random.Random(6))
    for s in rec.states():
        if not s.is_terminal:
            assert s.scores == (0, 0)
            assert s.view(1).scores == (0, 0)
    final = rec.replay()
    assert final.outcome is not None
    assert final.scores == final.outcome.scores
    for viewer in (None, 0, 1):
        assert final.view(viewer).scores == final.scores


def test_game_codes_are_not_shared_codes_renamed() -> None:
    state = dealt()
    # the game's own codes stay game-specific; the old names of shared situations are gone
    codes = {code(state.check, wm.Keep()), code(state.check, wm.Discard(state.hands[0][0]))}
    assert codes == {"wrong_phase"}
    assert not codes & SHARED_CODES
    assert code(state.check, wm.Discard(True)) == "not_an_action"  # type: ignore[arg-type]


# -- known cards ------------------------------------------------------------------------------


def test_cards_taken_from_the_discard_pile_or_the_table_are_known() -> None:
    d = Dealer()
    tone = d("TONE")
    q = d("Q")[0]
    state = make_state([d("RAISZ"), d("EEE")], table=[tone], discard=(q,))
    t, o, n, e = tone
    took = state.apply(wm.PickDiscard())
    assert took.known == ((q,), ())
    assert took.view(1).known == ((q,), ())
    trains = (t, card("R"), card("A"), card("I"), n, card("S"))
    after = took.apply(wm.Play.take_back(0) + wm.Play.new_word(*trains))  # O, E come back
    assert after.known[0] == tuple(sorted((q, o, e)))
    assert set(after.known[0]) <= set(after.hands[0])
    view = after.view(1)
    for _ in range(10):
        sampled = view.sample_state(random.Random(_))
        assert set(after.known[0]) <= set(sampled.hands[0])
    # a known card laid on the table is no longer "known in hand"
    assert wm.State.from_dict(after.to_dict()) == after


def test_known_must_be_in_the_hand_on_load() -> None:
    state = make_state([Dealer()("CAT"), Dealer()("DOG")])
    d = state.to_dict()
    d["known"] = [[], [state.hands[0][0]]]
    with pytest.raises(InvalidStateError, match="known"):
        wm.State.from_dict(d)


# -- leaving ------------------------------------------------------------------------------------


def test_two_players_the_other_wins_when_one_resigns() -> None:
    state = dealt()
    hand = state.hands[1]
    over = state.apply_as(1, "resign 1", ply=state.ply)
    assert over.is_terminal
    assert over.ply == state.ply + 1
    out = over.outcome
    assert out is not None
    assert out.reason == "resigned"
    assert out.winners == {0}
    assert out.scores == (1, 0)
    assert over.hands[1] == hand  # the leaver's cards leave with them
    assert code(over.check, wm.Resign(0)) == "game_over"
    assert wm.State.from_dict(over.to_dict()) == over


def test_three_players_the_game_goes_on_without_the_leaver() -> None:
    state = dealt(3)
    table = state.table
    gone = state.apply(wm.Resign(0))  # on their own turn, before acting
    assert not gone.is_terminal
    assert gone.departed == (0,)
    assert gone.current_player == 1
    assert gone.phase == "turn"
    assert gone.hands[0] == state.hands[0]
    assert gone.table == table
    assert code(gone.check, wm.Resign(0)) == "already_resigned"
    assert code(gone.check, wm.Resign(3)) == "invalid_player"
    # turns skip the leaver: player 2 ends a turn, player 1 is next
    s = gone.apply(wm.PickPile())
    s = s.apply(s.sample_chance(random.Random(0)))
    s = s.apply(wm.Discard(s.drawn))  # type: ignore[arg-type]
    assert s.current_player == 2
    s = s.apply(wm.PickDiscard()).apply(wm.Discard(s.discard[-1]))
    assert s.current_player == 1
    assert wm.State.from_dict(s.to_dict()) == s
    for viewer in (None, 0, 1, 2):
        view = s.view(viewer)
        assert view.departed == (0,)
        assert wm.View.from_dict(view.to_dict()) == view
    end = s.apply(wm.Resign(2))
    out = end.outcome
    assert out is not None
    assert out.reason == "resigned"
    assert out.winners == {1}
    assert out.ranking[1] == 1
    assert out.ranking[0] >= 2
    assert out.ranking[2] >= 2
    assert out.scores == (0, 1, 0)


def test_resign_mid_turn_after_a_pick() -> None:
    state = dealt(3).apply(wm.PickPile())
    state = state.apply(state.sample_chance(random.Random(1)))
    state = state.apply(wm.Discard(state.hands[0][0]))  # player 1 may now take it
    took = state.apply(wm.PickDiscard())
    assert took.phase == "took"
    assert took.known[1]
    gone = took.apply_as(1, "resign 1", ply=took.ply)
    assert gone.current_player == 2
    assert gone.phase == "turn"
    assert gone.known[1] == took.known[1]  # still public: it left with the player
    assert gone.hands[1] == took.hands[1]
    assert wm.State.from_dict(gone.to_dict()) == gone
    # in the discard phase after a pile draw
    drawing = dealt(3).apply(wm.PickPile())
    discarding = drawing.apply(drawing.sample_chance(random.Random(2)))
    assert discarding.phase == "discard"
    gone = discarding.apply(wm.Resign(0))
    assert gone.current_player == 1
    assert gone.drawn is None


def test_resign_at_a_pending_draw() -> None:
    drawing = dealt(3).apply(wm.PickPile())
    assert drawing.is_chance_node
    # the player who is drawing leaves: the draw is dropped, the next player goes
    gone = drawing.apply_as(0, "resign 0")
    assert not gone.is_chance_node
    assert gone.current_player == 1
    assert len(gone.pile) == len(drawing.pile)
    # another player leaves: the draw is still pending for the player on turn
    other = drawing.apply(wm.Resign(2))
    assert other.is_chance_node
    assert other.queue == (0,)
    # during the deal: the leaver's remaining deal draws are dropped
    deal = wm.new_game(3, lexicon=TINY)
    rng = random.Random(3)
    for _ in range(4):
        deal = deal.apply(deal.sample_chance(rng))
    left = deal.apply(wm.Resign(1))
    assert 1 not in left.queue
    while left.is_chance_node:
        left = left.apply(left.sample_chance(rng))
    assert [len(h) for h in left.hands] == [10, 1, 10]
    assert left.current_player == 0
    assert wm.State.from_dict(left.to_dict()) == left
    # player 0 leaves during the deal: player 1 starts
    first = wm.new_game(3, lexicon=TINY).apply(wm.Resign(0))
    while first.is_chance_node:
        first = first.apply(first.sample_chance(rng))
    assert first.current_player == 1
    assert first.hands[0] == ()


def test_resign_in_records_replays_and_redacts() -> None:
    state = dealt(3)
    rec = wordgames.Record(state, (wm.Resign(1), wm.PickPile()))
    final = rec.replay()
    assert 1 in final.departed
    back = wordgames.Record.from_json(rec.to_json())
    assert back == rec
    red = rec.redact(0)
    assert red.actions == ("resign 1", "pick pile")


def test_resigning_can_reach_the_idle_cap() -> None:
    state = dealt(3)
    rules = attrs.evolve(state.rules, max_idle_rounds=1)
    s = attrs.evolve(state, rules=rules, idle=2)
    assert not s.is_terminal
    end = s.apply(wm.Resign(2))  # two players left, two idle turns: one full round
    assert end.is_terminal
    assert end.end_reason == "blocked"


# -- hostile input ----------------------------------------------------------------------------


@settings(max_examples=200)
@given(st.text(max_size=60) | st.sampled_from(["discard ²", "play ²", "resign ²", "draw ٣"]))
def test_parse_action_raises_only_parse_error(text: str) -> None:
    try:
        action = wm.parse_action(text)
    except ParseError as exc:
        message = str(exc)
    else:
        assert wm.parse_action(str(action)) == action
        return
    assert len(message) < 400


@pytest.mark.parametrize("text", ["discard ²", "play ²", "resign ²", "draw ٣", "play 1.٣"])
def test_non_ascii_digits_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        wm.parse_action(text)


def _junk_actions() -> list[Any]:
    def raw(cls: type, **fields: Any) -> Any:
        obj = object.__new__(cls)
        for k, v in fields.items():
            object.__setattr__(obj, k, v)
        return obj

    big = MAX_PLAY_CARDS

    class BadStr:
        def __str__(self) -> str:
            raise RuntimeError("no")

        def __repr__(self) -> str:
            raise RuntimeError("no")

    return [
        raw(wm.Draw, card="5"),
        raw(wm.Draw, card=True),
        raw(wm.Draw, card=None),
        wm.Draw(10**400),
        wm.Draw(-(10**400)),
        raw(wm.Discard, card=2.0),
        wm.Discard(10**5000),
        raw(wm.Resign, player=True),
        wm.Resign(-1),
        wm.Resign(10**50),
        raw(wm.Play, new=((1, "x"),), changes=(), letters=()),
        raw(wm.Play, new=[[1, 2]], changes=(), letters=()),
        raw(wm.Play, new=((1, 2),), changes=(), letters=((1, 5),)),
        raw(wm.Play, new=((1, 2),), changes=(), letters=[(1, "E")]),
        raw(wm.Play, new=(((1,),),), changes=(), letters=()),
        raw(wm.Play, new=((0,) * (big + 1),), changes=(), letters=()),
        raw(wm.Play, new=tuple((i,) for i in range(big + 1)), changes=(), letters=()),
        raw(wm.Play, new=((10**600, 1),), changes=(), letters=()),
        raw(wm.Play, new=(), changes=((0, (1, "x")),), letters=()),
        raw(wm.Play, new=(), changes=(("0", (1, 2)),), letters=()),
        raw(wm.Play, new=(), changes=((True, (1, 2)),), letters=()),
        raw(wm.Play, new=(), changes=((0, [1, 2]),), letters=()),
        raw(wm.Play, new=(), changes=((0, (1, 2), 3),), letters=()),
        raw(wm.Play, new=(), changes=[(0, (1, 2))], letters=()),
        raw(wm.Play, new=(), changes=((0, (0,) * (big + 1)),), letters=()),
        raw(wm.Play, new=(), changes=tuple((i, (i,)) for i in range(big + 1)), letters=()),
        raw(wm.Play, new=((1, 2),), letters=()),
        raw(wm.Play),
        raw(wm.Draw),
        raw(wm.Discard),
        raw(wm.Resign),
        [1, 2],
        {"a": 1},
        BadStr(),
        None,
        wm.Play,
    ]


def test_wrong_typed_actions_are_not_actions() -> None:
    d = Dealer()
    took = make_state([d("CATS"), d("DOGE")], discard=d("Q")).apply(wm.PickDiscard())
    states = [wm.new_game(2, lexicon=TINY), dealt(), took]
    for state in states:
        for action in _junk_actions():
            for call in (state.check, state.apply):
                with pytest.raises(IllegalActionError) as err:
                    call(action)
                assert len(str(err.value)) < 400
            assert not state.is_legal(action)
            with pytest.raises(IllegalActionError):
                state.check_as(0, action)
    state = dealt()
    huge = _raw(wm.Play, new=tuple((i,) for i in range(MAX_PLAY_CARDS + 1)), changes=(), letters=())
    long = _raw(wm.Play, new=((0,) * (MAX_PLAY_CARDS + 1),), changes=(), letters=())
    assert code(state.check, _raw(wm.Draw, card="5")) == "not_an_action"
    assert code(state.check, huge) == "not_an_action"
    assert code(state.apply, long) == "not_an_action"
    assert code(state.check_as, 0, huge) == "not_an_action"
    assert code(took.check, wm.Discard(10**5000)) == "card_not_in_hand"
    assert code(took.check, _raw(wm.Discard, card=True)) == "not_an_action"


@settings(max_examples=60)
@given(
    st.sampled_from(["draw", "discard", "resign", "words", "changes", "letters"]),
    st.one_of(
        st.integers(),
        st.booleans(),
        st.text(max_size=5),
        st.none(),
        st.floats(),
        st.lists(st.integers(), max_size=3),
        st.lists(st.integers(), max_size=3).map(tuple),
        st.tuples(st.tuples(st.integers(), st.text(max_size=2))),
        st.tuples(st.tuples(st.integers(min_value=-5, max_value=200))),
        st.tuples(
            st.tuples(st.integers(-2, 3), st.tuples(st.integers(min_value=-5, max_value=200)))
        ),
    ),
)
def test_fuzz_check_and_apply_with_wrong_fields(kind: str, value: Any) -> None:
    state = dealt()
    if kind == "words":
        obj = _raw(wm.Play, new=value, changes=(), letters=())
    elif kind == "changes":
        obj = _raw(wm.Play, new=(), changes=value, letters=())
    elif kind == "letters":
        obj = _raw(wm.Play, new=((1, 2),), changes=(), letters=value)
    else:
        cls = {"draw": wm.Draw, "discard": wm.Discard, "resign": wm.Resign}[kind]
        obj = _raw(cls, **{attrs.fields(cls)[0].name: value})
    for target in (state, state.apply(wm.PickPile())):
        if target.is_legal(obj):  # a well-typed draw or discard of a card that is there
            assert type(value) is int
            continue
        with pytest.raises(IllegalActionError) as e1:
            target.check(obj)
        with pytest.raises(IllegalActionError) as e2:
            target.apply(obj)
        assert e1.value.code == e2.value.code
        if kind in ("draw", "discard", "resign") and type(value) is not int:
            assert e1.value.code == "not_an_action"


def _ok(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _raw(cls: type, **fields: Any) -> Any:
    obj = object.__new__(cls)
    for k, v in fields.items():
        object.__setattr__(obj, k, v)
    return obj


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_from_dict_refuses_hostile_data_cleanly() -> None:
    state = dealt(3)
    d = state.to_dict()
    size = DECK.size
    bad: list[Any] = [
        dict(d, hands=_nested(50_000)),
        dict(d, pile=list(range(10**6))),
        dict(d, discard=[0] * (size + 1)),
        dict(d, table=[[0]] * (10**5)),
        dict(d, players=["p"] * 10**5),
        dict(d, known=[[]] * 10**5),
        dict(d, queue=[0] * 10**6),
        dict(d, setup=dict(d["setup"], official=["A"] * 200_000)),
        dict(d, setup=dict(d["setup"], deck=dict(d["setup"]["deck"], letters=[["A", 1]] * 1000))),
        dict(d, setup=dict(d["setup"], deck=dict(d["setup"]["deck"], jokers=10**12))),
        dict(d, rules=_nested(10_000)),
        dict(d, ply=10**100),
        dict(d, ply="7"),
        dict(d, departed=[1, 1, 0]),
        dict(d, departed=[5]),
        dict(d, departed=[True]),
        dict(d, end_reason="resigned"),
        dict(d, end_reason="grill_empty"),
        dict(d, finisher=0),
        "x" * 10**6,
    ]
    for data in bad:
        with pytest.raises(InvalidStateError) as err:
            wm.State.from_dict(data)
        assert len(str(err.value)) < 400
    view = state.view(1).to_dict()
    for data in [dict(view, known=_nested(50_000)), dict(view, discard=list(range(10**6)))]:
        with pytest.raises(InvalidStateError):
            wm.View.from_dict(data)
    assert any(_MID_GAME.known)
    for viewer in (None, 0, 1, 2):
        good = _MID_GAME.view(viewer).to_dict()
        assert wm.View.from_dict(good) == _MID_GAME.view(viewer)
        for key in ("known", "discard", "departed", "ply"):
            for value in (None, "x", [[10**9]], [True] * 3, -5):
                with pytest.raises(InvalidStateError):
                    wm.View.from_dict(dict(good, **{key: value}))


def _mid_game() -> wm.State:
    """A position with words on the table, a discard pile and a known card."""
    rec = wordgames.play(wm.new_game(3, lexicon=TINY), wm.bots.GreedyBot(), random.Random(9))
    for s in rec.states():
        if s.table and len(s.discard) >= 2 and s.phase == "turn":
            return s.apply(wm.PickDiscard())
    raise AssertionError("no such position")  # pragma: no cover


_MID_GAME = _mid_game()


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.integers(1, 30))
def test_fuzz_from_dict_mutations(rng: random.Random, edits: int) -> None:
    from tests.conformance.harness import _mutations

    d = _MID_GAME.to_dict()
    for bad in _mutations(d, rng, edits):
        if rng.random() < 0.2:
            key = rng.choice(sorted(bad))
            bad[key] = _nested(rng.randrange(100, 3000))
        try:
            loaded = wm.State.from_dict(bad)
        except InvalidStateError:
            continue
        assert wm.State.from_dict(loaded.to_dict()) == loaded


def test_caches_stay_out_of_pickles_and_json() -> None:
    state = dealt()
    before = len(pickle.dumps(state))
    state.legal_actions()
    view = state.view(0)
    view.legal_actions()
    assert len(pickle.dumps(state)) == before
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert back.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(view)) == view
    assert "_cache" not in json.dumps(state.to_dict())


def test_redacted_records_hide_other_players_draws() -> None:
    rec = wordgames.play(wm.new_game(2, lexicon=TINY), wm.bots.GreedyBot(), random.Random(8))
    for viewer in (None, 0, 1):
        red = rec.redact(viewer)
        state = rec.initial
        for action, text in zip(rec.actions, red.actions, strict=True):
            if isinstance(action, wm.Draw):
                mine = viewer is not None and state.queue[0] == viewer
                assert text == (str(action) if mine else "draw ?")
            else:
                assert text == str(action)
            state = state.apply(action)
        assert "draw ?" in red.actions
