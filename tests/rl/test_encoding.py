"""Action encodings and observations: round trips, masks, shapes, no leaks."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import pytest

np = pytest.importorskip("numpy")

from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import wordgames  # noqa: E402
from wordgames import regenwormen as rw  # noqa: E402
from wordgames.rl.encoding import (  # noqa: E402
    MORE,
    OBS_BOUND,
    RegenwormenEncoder,
    encoder_for,
)

from .helpers import GAME_NAMES, new_game, playout  # noqa: E402

# how many random actions a playout runs before checking (Wocable's move generator is slow)
STEPS = {"regenwormen": 200, "wocable": 40, "wordmeld": 60, "wommeln": 12}


def walk(enc, view) -> dict:
    """Every index sequence the encoder's ``legal`` lets a learner choose in ``view``, and
    the action it ends in: ``{steps: action}``."""
    reached = {}
    stack = [()]
    while stack:
        prefix = stack.pop()
        idx, choices = enc.legal(view, prefix)
        assert len(set(idx)) == len(idx), "two choices share an index"
        assert idx or not prefix, "a step that leads nowhere"
        for i, c in zip(idx, choices, strict=True):
            assert 0 <= i < enc.num_player_actions
            steps = (*prefix, i)
            assert len(steps) <= enc.max_steps
            if c is MORE:
                stack.append(steps)
            else:
                reached[steps] = c
    return reached


def check_view(enc, view) -> dict:
    """Every legal action of ``view`` has exactly one index sequence, the masks follow it,
    and encoding and decoding are exact; returns ``{steps: action}``."""
    reached = walk(enc, view)
    legal = view.legal_actions()
    assert Counter(reached.values()) == Counter(legal), "the masks are not legal_actions()"
    for steps, a in reached.items():
        assert enc.encode_steps(view, a) == steps
        assert enc.decode_steps(view, steps) == a
        if len(steps) == 1:
            assert enc.encode(view, a) == steps[0]
            assert enc.decode(view, steps[0]) == a
        else:
            with pytest.raises(ValueError, match="steps"):
                enc.encode(view, a)
    # the masks of the start and of every prefix of a few actions
    some = list(reached)[:: max(1, len(reached) // 5)]
    prefixes = {()} | {steps[:k] for steps in some for k in range(1, len(steps))}
    for prefix in prefixes:
        mask = enc.action_mask(view, prefix)
        assert mask.shape == (enc.num_player_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(enc.legal(view, prefix)[0])
        obs = enc.observe(view, prefix)
        assert obs.shape == enc.observation_shape
        assert obs.dtype == np.float32
        assert np.all(np.isfinite(obs))
        assert np.all(np.abs(obs) <= OBS_BOUND)
    return reached


@pytest.mark.parametrize("game", GAME_NAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_round_trip_on_random_playouts(game, seed, cut) -> None:
    states = list(playout(game, seed, STEPS[game]))
    enc = encoder_for(states[0])
    for state in states[-1 - cut % len(states) :][:8]:
        for p in range(state.num_players):
            check_view(enc, state.view(p))
        check_view(enc, state.view(None))
        for outcome, _ in state.chance_outcomes():
            i = enc.encode_chance(outcome)
            assert enc.chance_offset <= i < enc.num_actions
            assert enc.decode_chance(i) == outcome
            assert enc.decode(state.view(None), i) == outcome


@pytest.mark.parametrize("players", [2, 3, 7])
def test_regenwormen_enumerates_the_whole_action_space(players) -> None:
    enc = RegenwormenEncoder(players)
    rolls = [rw.Roll(f) for n in range(1, 9) for f in combinations_with_replacement(range(1, 7), n)]
    assert enc.num_chance_outcomes == len(rolls) == 3002
    for turn in range(players):
        d = rw.new_game(players).to_dict()
        # two values set aside: at least two rolls and two set-asides since the start
        d.update(phase="decide", turn=turn, kept=[0, 0, 0, 0, 3, 2], ply=4)
        view = rw.State.from_dict(d).view(turn)
        every = [rw.SetAside(f) for f in range(1, 7)] + [rw.Reroll()]
        every += [rw.Take(t) for t in range(21, 37)]
        every += [rw.Steal(t, v) for t in range(21, 37) for v in range(players) if v != turn]
        every += rolls
        seen = {enc.encode(view, a) for a in every}
        assert seen == set(range(enc.num_actions)), "not a bijection onto the index range"
        for a in every:
            assert enc.decode(view, enc.encode(view, a)) == a


@given(seed=st.integers(0, 2**32))
@settings(max_examples=10)
def test_regenwormen_steal_index_is_relative_to_the_player_on_turn(seed) -> None:
    rng = random.Random(seed)
    n = rng.randint(3, 7)
    enc = RegenwormenEncoder(n)
    turn = rng.randrange(n)
    victim = rng.choice([p for p in range(n) if p != turn])
    d = rw.new_game(n).to_dict()
    d.update(phase="decide", turn=turn, kept=[0, 0, 0, 0, 3, 2], ply=4)
    view = rw.State.from_dict(d).view(turn)
    i = enc.encode(view, rw.Steal(30, victim))
    # the same relative seat from seat 0 gives the same index
    d.update(turn=0)
    view0 = rw.State.from_dict(d).view(0)
    assert enc.encode(view0, rw.Steal(30, (victim - turn) % n)) == i


@pytest.mark.parametrize("game", GAME_NAMES)
def test_resign_has_no_index(game) -> None:
    state = next(s for s in playout(game, 1, 200) if not s.is_chance_node)
    enc = encoder_for(state)
    with pytest.raises(ValueError, match=r"index|not"):
        enc.encode(state.view(0), wordgames.Resign(0))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_departed_players_are_flagged_per_seat(game) -> None:
    """A resignation has no index; who has left shows as a flag per seat, viewer first."""
    for state in playout(game, 5, 300, players=3):
        try:
            left = state.apply(wordgames.Resign(2))
        except wordgames.IllegalActionError:
            continue
        break
    else:
        pytest.fail("no state of the playout accepted a resignation")
    enc = encoder_for(left)
    start, shape = enc.layout["departed"]
    assert shape == (3,)
    with pytest.raises(ValueError, match=r"index|not"):
        enc.encode(state.view(2), wordgames.Resign(2))
    for viewer in (0, 1):
        before = enc.observe(state.view(viewer))[start : start + 3]
        after = enc.observe(left.view(viewer))[start : start + 3]
        assert list(before) == [0, 0, 0]
        assert list(after) == [1.0 if k == (2 - viewer) % 3 else 0.0 for k in range(3)]
        if not left.is_chance_node:
            check_view(enc, left.view(viewer))
    assert 2 not in left.players_to_act


@pytest.mark.parametrize("game", ["wocable", "wordmeld", "wommeln"])
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32))
def test_observations_hide_what_the_viewer_may_not_know(game, seed) -> None:
    """States that one view cannot tell apart give that viewer the same observation."""
    states = list(playout(game, seed, STEPS[game] // 2))
    enc = encoder_for(states[0])
    rng = random.Random(seed)
    for state in states[-3:]:
        for p in range(state.num_players):
            view = state.view(p)
            other = view.sample_state(rng)
            assert np.array_equal(enc.observe(other.view(p)), enc.observe(view))


def test_wocable_exchange_slots_are_rack_positions() -> None:
    state = next(s for s in playout("wocable", 3, 50) if s.current_player == 0)
    enc = encoder_for(state)
    view = state.view(0)
    rack = sorted(view.rack)
    tiles = view.tiles
    for mask in range(1, 128):
        action = enc.decode(view, mask)
        assert action.tiles == "".join(tiles.tile_text(rack[i]) for i in range(7) if mask >> i & 1)
        # duplicates map to the lowest positions: the canonical index decodes to the same
        assert enc.decode(view, enc.encode(view, action)) == action


def test_empty_list_slots_and_steps_are_refused() -> None:
    state = next(s for s in playout("wommeln", 2, 100) if 0 in s.players_to_act)
    enc = encoder_for(state)
    view = state.view(0)
    with pytest.raises(ValueError, match="empty"):
        enc.decode(view, enc.list_offset + enc.cap - 1)
    with pytest.raises(ValueError, match="outside"):
        enc.decode(view, enc.num_actions)
    state = next(s for s in playout("wordmeld", 2, 100) if s.current_player == 0)
    enc = encoder_for(state)
    view = state.view(0)
    steps = next(s for s in walk(enc, view) if len(s) > 1)
    with pytest.raises(ValueError, match="one step of several"):
        enc.decode(view, steps[0])
    with pytest.raises(ValueError, match="no legal action"):
        enc.legal(view, (enc.num_player_actions - 1,))
    with pytest.raises(ValueError, match="not legal"):
        enc.encode_steps(view, wordgames.wordmeld.Play.new_word(0, 1, 2))
    with pytest.raises(ValueError, match="steps"):
        encoder_for(new_game("regenwormen")).legal(view, (0,))


def test_chance_index_ranges_match_the_games() -> None:
    for game, expected in [("wocable", 27), ("wommeln", 60 + 14)]:  # reveals, sheet deals
        enc = encoder_for(new_game(game))
        assert enc.num_chance_outcomes == expected
    state = new_game("wordmeld")
    enc = encoder_for(state)
    deck = state.setup.deck.size
    assert enc.num_chance_outcomes == deck  # one index per card id
    assert [enc.decode_chance(enc.chance_offset + c) for c in range(deck)] == [
        wordgames.wordmeld.Draw(c) for c in range(deck)
    ]
    probs = dict(rw.new_game(2).chance_outcomes())
    assert sum(probs.values()) == Fraction(1)


def test_wordmeld_observation_shows_known_cards_and_the_discard_pile() -> None:
    """Cards a hand is known to hold and the whole face-up discard pile are in the vector."""
    from wordgames import wordmeld as wm

    played = next(
        s for s in playout("wordmeld", 1, 400) if s.current_player == 0 and len(s.discard) > 1
    )
    d = played.to_dict()
    d["known"] = [d["hands"][0][:1], d["hands"][1][:1]]  # as after a "pick discard" each
    state = wm.State.from_dict(d)
    assert all(state.known)
    enc = encoder_for(state)
    view = state.view(0)
    obs = enc.observe(view)
    kinds = [*view.setup.deck.alphabet, "*"]
    letters = view.setup.deck.card_letters
    K = len(kinds)

    def part(name):
        start, shape = enc.layout[name]
        return obs[start : start + int(np.prod(shape))].reshape(shape)

    def per_letter(cards, scale):
        out = np.zeros(K, dtype=np.float32)
        for c in cards:
            out[kinds.index(letters[c])] += scale
        return out

    assert np.allclose(part("known")[1], per_letter(view.known[1], 0.2))  # the opponent
    assert np.allclose(part("known")[0], per_letter(view.known[0], 0.2))
    assert np.allclose(part("discard"), per_letter(view.discard, 0.2))
    unseen = view.unseen
    assert np.allclose(part("unseen"), [unseen[k] / 10.0 for k in kinds])


def regenwormen_states(seed, players, leaver):
    """A seeded random playout; from its middle on, ``leaver`` (if any) has resigned."""
    rng = random.Random(seed)
    state = rw.new_game(players)
    for step in range(400):
        yield state
        if state.is_terminal:
            return
        if leaver is not None and step == 40 and leaver not in state.departed:
            state = state.apply(wordgames.Resign(leaver))
        elif state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=8)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    leaver=st.none() | st.integers(0, 4),
)
def test_regenwormen_cached_paths_equal_the_plain_ones(seed, players, leaver) -> None:
    # the encoder reuses board and turn parts of its observations and legal tables between
    # calls: on whole playouts (every seat, a spectator, fresh and shared encoders, views
    # asked twice, a seat leaving) they equal the documented layout computed from scratch
    # and legal()
    shared = RegenwormenEncoder(players)
    leaver = None if leaver is None or leaver >= players else leaver
    for state in regenwormen_states(seed, players, leaver):
        fresh = RegenwormenEncoder(players)
        for p in (*range(players), None):
            view = state.view(p)
            plain = reference_observation(fresh, view)
            idx, acts = fresh.legal(view)
            for enc in (shared, fresh, shared):
                obs = enc.observe(view)
                assert obs.dtype == np.float32
                assert np.array_equal(obs, plain)
                obs[:] = -1.0  # the caller owns the array: the cache is not touched
                table, mask = enc._legal_table(view)
                assert table == dict(zip(idx, acts, strict=True))
                assert sorted(np.flatnonzero(mask)) == sorted(idx)
                assert not mask.flags.writeable


def reference_observation(enc, view):
    """Regenwormen's documented observation layout, computed directly from the view."""
    s = view.state
    n = len(s.players)
    lay = enc.layout
    out = np.zeros(enc.observation_shape, dtype=np.float64)

    def at(name, *pos):
        start, shape = lay[name]
        flat = 0
        for d, i in zip(shape, pos, strict=True):
            assert 0 <= i < d
            flat = flat * d + i
        return start + flat

    for t in s.grill:
        out[at("grill", t - 21)] = 1
    for t in s.flipped:
        out[at("flipped", t - 21)] = 1
    me = s.turn if view.viewer is None else view.viewer
    for k in range(n):
        p = (me + k) % n
        stack = s.stacks[p]
        out[at("top_tile", k, stack[-1] - 20 if stack else 0)] = 1
        out[at("worms", k)] = sum((t - 17) // 4 for t in stack) / 40
        out[at("stack_size", k)] = len(stack) / 16
        out[at("to_act", k)] = p == s.turn and s.phase != "over"
        out[at("departed", k)] = p in s.departed
    out[at("phase", tuple(type(s.phase)).index(s.phase))] = 1  # the Phase members in order
    for i in range(6):
        out[at("kept", i)] = s.kept[i] / 8
        out[at("roll", i)] = s.roll[i] / 8 if s.roll else 0
    out[at("totals", 0)] = s.total / 40
    out[at("totals", 1)] = s.has_worm
    out[at("totals", 2)] = s.dice_left / 8
    return out.astype(np.float32)


@settings(max_examples=4)
@given(seed=st.integers(0, 2**32))
@example(seed=1248)  # 30 steps were all draws and exchanges: no challenge window
def test_wocable_challenge_slots_round_trip(seed) -> None:
    from wordgames import wocable

    rng = random.Random(seed)
    state = wocable.new_game(2, rules=wocable.Rules.preset("naspa"))
    enc = encoder_for(state)
    seen = 0
    decisions = 0
    # draws are chance steps (one tile each), not counted; most legal actions are exchanges,
    # so placements are preferred to open challenge windows
    while decisions < 40 and not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
            continue
        decisions += 1
        view = state.view(state.current_player)
        check_view(enc, view)
        if state.challenge_window:
            seen += 1
            assert enc.encode(view, wocable.Challenge(view.viewer)) == 128
            assert enc.decode(view, 129) == wocable.Accept(view.viewer)
            obs = enc.observe(view)
            assert obs[enc.layout["challenge"][0]] == 1.0
        legal = state.legal_actions()
        places = [a for a in legal if isinstance(a, wocable.Place)]
        state = state.apply(rng.choice(places if places and rng.random() < 0.8 else legal))
    assert seen > 0


@pytest.mark.parametrize("game", ["wocable", "wordmeld"])
def test_every_step_has_its_own_name(game) -> None:
    enc = encoder_for(new_game(game))
    names = [enc.step_name(i) for i in range(enc.step_offset, enc.num_player_actions)]
    assert len(set(names)) == len(names)
    for fixed in (0, enc.step_offset - 1, enc.num_player_actions):
        with pytest.raises(ValueError, match="not a step"):
            enc.step_name(fixed)
    with pytest.raises(ValueError, match="has none"):
        encoder_for(new_game("regenwormen")).step_name(0)


def test_encoder_for_reads_the_views_game_not_its_module() -> None:
    """The encoder is chosen by ``view.GAME``: a view subclass defined elsewhere still gets
    its game's encoder; an object without a known GAME gets none."""
    view = rw.new_game(3).view(None)
    moved = type("Elsewhere", (), {"GAME": "regenwormen", "state": view.state})()
    assert type(moved).__module__ != type(view).__module__
    enc = encoder_for(moved)
    assert type(enc) is RegenwormenEncoder
    assert enc.num_players == 3
    for thing in (object(), type("Fake", (), {"GAME": "chess"})(), 42):
        with pytest.raises(ValueError, match="no encoder"):
            encoder_for(thing)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_encoders_name_their_game_from_game_info(game: str) -> None:
    enc = encoder_for(new_game(game))
    assert enc.game == wordgames.GAME_INFOS[game].name == game
