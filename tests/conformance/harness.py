"""The conformance suite every game runs (OpenSpiel-style random simulation tests).

A game plugs in by subclassing :class:`ConformanceSuite` in its own test folder and setting
``spec`` to a :class:`GameSpec`::

    class TestRegenwormenConformance(ConformanceSuite):
        spec = GameSpec(name="regenwormen", new_state=..., candidate_actions=...)

Properties checked on seeded random playouts (Hypothesis picks the seeds):
- every state: ``legal_actions`` deterministic and duplicate-free, each one ``is_legal`` and
  ``parse_action(str(a)) == a``; terminal states have no legal actions and an outcome, others
  none; chance nodes list distinct outcomes whose probabilities sum to exactly 1 and the fast
  sampler only returns listed outcomes; ``current_player``/``players_to_act`` agree;
- ``apply`` never changes the state it is called on; illegal candidates raise
  ``IllegalActionError`` with a stable snake_case code from both ``check`` and ``apply``;
- JSON round trip of states (equal state, equal dict), views and records; ``from_dict`` rejects
  corrupted input with ``InvalidStateError`` and never raises anything else;
- views: do not depend on what the viewer may not know (``shuffle_hidden``), round-trip
  through JSON, and ``view.sample_state`` gives a state with the same view;
- the same seed gives the same record, and a record replays to the same final state;
- the acting-player contract: ``ply`` counts actions, ``check_as``/``apply_as`` refuse other
  players' moves, chance outcomes and server events from players and stale plies with the
  shared codes, and accept text; the shared codes for the shared situations;
- hostile input: ``parse_action`` raises only ``ParseError``, ``check``/``apply`` only
  ``IllegalActionError`` (``not_an_action`` for ill-typed fields), ``from_dict`` only
  ``InvalidStateError`` (deep nesting included), messages never echo long input.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import pickle
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError, Record, Resign
from wordgames._core.contract import SHARED_CODES

#: The longest error message any hostile input may produce.
MAX_MESSAGE = 600

CODE = re.compile(r"^[a-z][a-z0-9_]*$")


@attrs.frozen
class GameSpec:
    """How the conformance suite drives one game."""

    #: registry name in ``wordgames.GAMES``
    name: str
    #: a fresh game (any legal setup) from a seeded rng
    new_state: Callable[[random.Random], Any]
    #: actions to try in a state, legal or not (must include plausible illegal ones)
    candidate_actions: Callable[[Any, random.Random], Sequence[Any]]
    #: a state that differs from ``state`` only in what ``viewer`` cannot know, or None
    shuffle_hidden: Callable[[Any, int | None, random.Random], Any] | None = None
    #: edits of a valid ``state.to_dict()`` that must each be rejected by ``from_dict``
    invalid_dicts: Callable[[dict[str, Any], random.Random], Sequence[dict[str, Any]]] = (
        lambda d, rng: []
    )
    #: True when ``legal_actions`` lists every legal action (WordMeld's does not)
    complete_legal_actions: bool = True
    #: safety cap on a playout's length
    max_actions: int = 2000
    #: bots for the record tests (default: RandomBot for everyone)
    bots: Callable[[Any], Any] | None = None
    #: how many states of a playout get the expensive checks (views, JSON, candidates)
    deep_checks: int = 40
    #: share of the Hypothesis profile's max_examples to run (slow games use less)
    examples: float = 1.0
    #: chance per decision that a random player resigns in a playout (leaving is exercised)
    resign_rate: float = 0.01


def _canon(d: Any) -> str:
    return json.dumps(d, sort_keys=True, separators=(",", ":"))


def _mutations(d: Any, rng: random.Random, n: int) -> list[Any]:
    """Random structural corruptions of a JSON value (type swaps, deletions, out-of-range)."""
    paths: list[tuple[Any, ...]] = []

    def walk(x: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, (*path, k))
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, (*path, i))

    walk(d, ())
    out = []
    for _ in range(n):
        path = rng.choice(paths[1:]) if len(paths) > 1 else ()
        if not path:
            continue
        new = copy.deepcopy(d)
        parent = new
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        choice = rng.randrange(7)
        if choice == 0 and isinstance(parent, dict):
            del parent[key]
        elif choice == 1:
            parent[key] = None
        elif choice == 2:
            parent[key] = "garbage \u2603"
        elif choice == 3:
            parent[key] = -1
        elif choice == 4:
            parent[key] = 10**9
        elif choice == 5:
            parent[key] = [1, [2], {"x": 3}]
        else:
            parent[key] = {"unexpected": True}
        out.append(new)
    return out


def ranking_utilities(ranking: Sequence[int]) -> list[float]:
    """Each player's utility of a finished game (the RL return): ``(players ranked below -
    players ranked above) / (players - 1)``, 0 for a one-player game."""
    n = len(ranking)
    if n < 2:
        return [0.0] * n
    return [
        (sum(r > mine for r in ranking) - sum(r < mine for r in ranking)) / (n - 1)
        for mine in ranking
    ]


def check_game_info_types(info: Any) -> None:
    """``info`` is a :class:`wordgames.GameInfo` whose fields have their types and sane
    values."""
    assert type(info) is wordgames.GameInfo
    for name in ("name", "title", "notation"):
        assert type(getattr(info, name)) is str, name
        assert getattr(info, name), name
    for name in ("min_players", "max_players", "max_game_length"):
        assert type(getattr(info, name)) is int, name
    assert 1 <= info.min_players <= info.max_players
    assert info.max_game_length > 0
    assert type(info.information) is wordgames.Information
    assert type(info.chance) is bool
    assert type(info.simultaneous) is bool
    assert type(info.min_utility) is float
    assert type(info.max_utility) is float
    assert info.min_utility <= info.max_utility


_PROPERTIES: list[str] = []


def _property(fn: Callable[..., None]) -> Callable[..., None]:
    """Mark a seed-driven property; each subclass gets its own Hypothesis wrapper."""
    _PROPERTIES.append(fn.__name__)
    return fn


class ConformanceSuite:
    """Base class: subclass it as ``Test<Game>Conformance`` with ``spec`` set."""

    spec: ClassVar[GameSpec]
    _checked_outcomes: ClassVar[dict[int, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is None:
            return
        n = max(2, round(settings.default.max_examples * spec.examples))
        for name in _PROPERTIES:
            raw = getattr(ConformanceSuite, name)
            wrapped = settings(max_examples=n)(given(seed=st.integers(0, 2**32 - 1))(raw))
            setattr(cls, name, wrapped)

    # -- helpers -------------------------------------------------------------------------

    @property
    def module(self) -> Any:
        return wordgames.GAMES[self.spec.name]

    def _playout(self, seed: int) -> list[tuple[Any, Any]]:
        """(state, action) pairs of a random playout; the last pair has action None."""
        rng = random.Random(seed)
        state = self.spec.new_state(rng)
        pairs = []
        for _ in range(self.spec.max_actions):
            if state.is_terminal:
                break
            if state.is_chance_node:
                action = wordgames.sample_chance(state, rng)
            else:
                player = min(state.players_to_act)
                legal = state.legal_actions(player)
                assert legal, f"non-terminal state with nobody able to act:\n{state}"
                action = legal[rng.randrange(len(legal))]
                if rng.random() < self.spec.resign_rate:  # somebody leaves, at any moment
                    leaver = Resign(rng.randrange(state.num_players))
                    if state.is_legal(leaver):
                        action = leaver
            pairs.append((state, action))
            after = state.apply(action)
            assert after.ply == state.ply + 1, "apply() must add exactly 1 to ply"
            state = after
        pairs.append((state, None))
        return pairs

    def _deep_sample(self, pairs: list[tuple[Any, Any]], rng: random.Random) -> list[Any]:
        states = [s for s, _ in pairs]
        k = min(self.spec.deep_checks, len(states))
        picked = rng.sample(range(len(states)), k)
        # always include the start and the end
        return [states[i] for i in sorted({0, len(states) - 1, *picked})]

    # -- properties ----------------------------------------------------------------------

    @_property
    def test_random_playout_invariants(self, seed: int) -> None:
        pairs = self._playout(seed)
        final = pairs[-1][0]
        assert final.is_terminal, "playout hit max_actions without the game ending"
        for state, action in pairs:
            self._check_state_basics(state)
            if action is not None:
                before = _canon(state.to_dict())
                state.apply(action)
                assert _canon(state.to_dict()) == before, "apply() changed the original state"

    def _check_state_basics(self, state: Any) -> None:
        mod = self.module
        assert 0 < state.num_players == len(state.players)
        assert type(state.ply) is int
        assert state.ply >= 0
        scores = state.scores
        assert type(scores) is tuple
        assert len(scores) == state.num_players
        assert all(type(x) is int for x in scores)
        if state.is_terminal:
            assert state.outcome is not None
            assert tuple(state.legal_actions()) == ()
            assert not state.is_chance_node
            assert state.players_to_act == frozenset()
            assert state.current_player is None
            out = state.outcome
            assert len(out.scores) == state.num_players == len(out.ranking)
            assert out.winners == frozenset(i for i, r in enumerate(out.ranking) if r == 1)
            json.dumps(out.to_dict())
            return
        assert state.outcome is None
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            assert state.current_player is None
            assert outcomes, "chance node without outcomes"
            acts = [a for a, _ in outcomes]
            if id(outcomes) not in self._checked_outcomes:
                # exact sum over a common denominator (much faster than adding Fractions)
                assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                denom = math.lcm(*(p.denominator for _, p in outcomes))
                total = sum(p.numerator * (denom // p.denominator) for _, p in outcomes)
                assert total == denom, f"chance probabilities sum to {Fraction(total, denom)}"
                assert len(set(acts)) == len(acts), "duplicate chance outcomes"
                # the game may cache outcome tuples; keep them alive so ids stay unique
                self._checked_outcomes[id(outcomes)] = outcomes
            rng = random.Random(0)
            for _ in range(3):
                assert wordgames.sample_chance(state, rng) in set(acts)
            for a in acts[:50]:
                assert mod.parse_action(str(a)) == a
            return
        acting = state.players_to_act
        assert acting, "non-terminal, non-chance state with nobody to act"
        if len(acting) == 1:
            assert state.current_player in acting
        for p in sorted(acting):
            legal = state.legal_actions(p)
            assert tuple(legal) == tuple(state.legal_actions(p)), "legal_actions not deterministic"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            for a in legal[:200]:
                assert state.is_legal(a)
                assert mod.parse_action(str(a)) == a, f"notation round trip failed for {a!r}"
                assert state.actor(a) == p, f"actor({a}) is not {p}"

    @_property
    def test_illegal_actions_raise_and_change_nothing(self, seed: int) -> None:
        rng = random.Random(seed)
        pairs = self._playout(seed)
        seen_illegal = 0
        for state in self._deep_sample(pairs, rng):
            before = _canon(state.to_dict())
            legal_sets = {p: set(state.legal_actions(p)) for p in state.players_to_act}
            all_legal = set().union(*legal_sets.values()) if legal_sets else set()
            if state.is_chance_node:
                all_legal = {a for a, _ in state.chance_outcomes()}
            for action in self.spec.candidate_actions(state, rng):
                legal = state.is_legal(action)
                if self.spec.complete_legal_actions:
                    assert legal == (action in all_legal), (
                        f"is_legal({action}) = {legal} disagrees with legal_actions()"
                    )
                if legal:
                    continue
                seen_illegal += 1
                with pytest.raises(IllegalActionError) as e1:
                    state.check(action)
                with pytest.raises(IllegalActionError) as e2:
                    state.apply(action)
                assert CODE.match(e1.value.code), e1.value.code
                assert e1.value.code == e2.value.code
                assert e1.value.action == action
                assert _canon(state.to_dict()) == before, "an illegal action changed the state"
        assert seen_illegal > 0 or len(pairs) < 3, "candidate_actions produced no illegal action"

    @_property
    def test_json_round_trip_and_corruption(self, seed: int) -> None:
        rng = random.Random(seed)
        pairs = self._playout(seed)
        State = self.module.State
        for state in self._deep_sample(pairs, rng)[:12]:
            d = state.to_dict()
            text = json.dumps(d)
            assert d["game"] == self.spec.name
            assert isinstance(d["version"], int)
            back = State.from_dict(json.loads(text))
            assert back == state
            assert _canon(back.to_dict()) == _canon(d)
            for bad in self.spec.invalid_dicts(copy.deepcopy(d), rng):
                with pytest.raises(InvalidStateError):
                    State.from_dict(bad)
            for bad in (
                {**d, "game": "chess"},
                {**d, "version": 999},
                {k: v for k, v in d.items() if k != sorted(d)[-1]},
                [],
                None,
            ):
                with pytest.raises(InvalidStateError):
                    State.from_dict(bad)
            for bad in _mutations(d, rng, 15):
                try:
                    loaded = State.from_dict(bad)
                except InvalidStateError:
                    continue
                # accepted: it must then be a consistent, usable state
                assert _canon(State.from_dict(loaded.to_dict()).to_dict()) == _canon(
                    loaded.to_dict()
                )
                if loaded.is_chance_node:
                    assert sum(p for _, p in loaded.chance_outcomes()) == 1
                    continue
                actions = loaded.legal_actions()
                if loaded.is_terminal:
                    assert actions == ()
                for action in actions[:3]:  # what it lists it takes
                    assert loaded.is_legal(action)
                    loaded.apply(action)

    @_property
    def test_views_hide_and_round_trip(self, seed: int) -> None:
        rng = random.Random(seed)
        pairs = self._playout(seed)
        for state in self._deep_sample(pairs, rng)[:10]:
            for viewer in [None, *range(state.num_players)]:
                view = state.view(viewer)
                assert view.viewer == viewer
                assert view.ply == state.ply
                assert view.current_player == state.current_player
                assert type(view.scores) is tuple
                assert len(view.scores) == state.num_players
                assert isinstance(view.unseen, Counter)
                assert all(
                    type(k) is str and type(n) is int and n > 0 for k, n in view.unseen.items()
                )
                vd = view.to_dict()
                assert vd["ply"] == state.ply
                json.dumps(vd)
                ViewCls = type(view)
                assert ViewCls.from_dict(json.loads(json.dumps(vd))) == view
                if self.spec.shuffle_hidden is not None:
                    other = self.spec.shuffle_hidden(state, viewer, rng)
                    assert _canon(other.view(viewer).to_dict()) == _canon(vd), (
                        "the view depends on information hidden from the viewer"
                    )
                if viewer is not None:
                    if viewer in state.players_to_act and not state.is_chance_node:
                        assert set(view.legal_actions()) == set(state.legal_actions(viewer))
                    else:
                        assert tuple(view.legal_actions()) == ()
                    sampled = view.sample_state(rng)
                    assert _canon(sampled.view(viewer).to_dict()) == _canon(vd), (
                        "view.sample_state() is not consistent with the view"
                    )

    @_property
    def test_records_replay_and_round_trip(self, seed: int) -> None:
        rng_setup = random.Random(seed)
        state = self.spec.new_state(rng_setup)
        bots = (
            self.spec.bots(state) if self.spec.bots else [wordgames.RandomBot()] * state.num_players
        )
        rec1 = wordgames.play(state, bots, random.Random(seed), max_actions=self.spec.max_actions)
        rec2 = wordgames.play(state, bots, random.Random(seed), max_actions=self.spec.max_actions)
        assert rec1 == rec2, "same seed, different record"
        final = rec1.replay()
        assert final.is_terminal
        states = list(rec1.states())
        assert len(states) == len(rec1.actions) + 1
        assert states[-1] == final
        back = Record.from_json(rec1.to_json())
        assert back == rec1
        assert back.replay() == final
        red = rec1.redact(0)
        json.dumps(red.to_dict())
        assert len(red.views) == len(rec1.actions) + 1

    # -- the game's facts ----------------------------------------------------------------

    @_property
    def test_game_info_agrees_with_the_game(self, seed: int) -> None:
        """``GAME_INFO`` is well typed, and what it says the game does, the game does: the
        player counts under the default rules, the length, the utilities, chance,
        simultaneous moves and hidden information in a random playout."""
        mod = self.module
        info = mod.GAME_INFO
        check_game_info_types(info)
        assert info.name == self.spec.name == mod.State.GAME
        assert wordgames.GAME_INFOS[self.spec.name] is info
        for n in range(info.min_players, info.max_players + 1):
            assert mod.new_game(n).num_players == n
        for n in (info.min_players - 1, info.max_players + 1):
            with pytest.raises(wordgames.RulesError):
                mod.new_game(n)
        pairs = self._playout(seed)
        states = [state for state, _ in pairs]
        final = states[-1]
        assert final.is_terminal
        assert final.ply <= info.max_game_length, f"{final.ply} actions: over max_game_length"
        for u in ranking_utilities(final.outcome.ranking):
            assert info.min_utility <= u <= info.max_utility
        assert info.chance == any(state.is_chance_node for state in states)
        most_to_act = max(len(state.players_to_act) for state in states)
        if not info.simultaneous:
            assert most_to_act <= 1, "several players act at once in a sequential game"
        elif final.num_players > 1:
            assert most_to_act > 1, "nobody acted at the same time in a simultaneous game"
        rng = random.Random(seed)
        picked = pairs[:100] + rng.sample(pairs[100:-1], min(100, max(0, len(pairs) - 101)))
        hidden = False
        for state, action in picked:
            if action is None:
                continue
            for viewer in [None, *range(state.num_players)]:
                if state.redact_action(action, viewer) != str(action):
                    hidden = True
                    break
        if info.information == wordgames.Information.PERFECT:
            assert not hidden, "a perfect-information game hid an action from a player"
            for state in self._deep_sample(pairs, rng)[:10]:
                for viewer in [None, *range(state.num_players)]:
                    assert not state.view(viewer).unseen, "a perfect-information view hides things"
        else:
            assert hidden, "an imperfect-information game hid no action from anybody"

    # -- the acting-player contract --------------------------------------------------------

    @_property
    def test_acting_player_contract(self, seed: int) -> None:
        rng = random.Random(seed)
        pairs = self._playout(seed)
        chance_outcome = next((a for s, a in pairs if a is not None and s.is_chance_node), None)
        player_action = next((a for s, a in pairs if a is not None and not s.is_chance_node), None)
        expect = _expect
        for state in self._deep_sample(pairs, rng):
            assert state.to_dict()["ply"] == state.ply
            n = state.num_players
            action = _any_legal(state, rng)
            if action is not None:
                for bad_ply in (state.ply + 1, state.ply - 1, -5):
                    expect("stale_state", state.check_as, 0, action, ply=bad_ply)
                for bad_ply in (True, str(state.ply), float(state.ply)):
                    expect("invalid_ply", state.check_as, 0, action, ply=bad_ply)
                for bad_player in (-1, n, True, "0", None):
                    expect("invalid_player", state.check_as, bad_player, action)
            if state.is_terminal:
                expect("game_over", state.check_as, 0, Resign(0))
                if player_action is not None:
                    expect("game_over", state.check, player_action)
                continue
            if state.is_chance_node:
                outcome = state.chance_outcomes()[0][0]
                for p in range(n):
                    expect("chance_outcome_from_player", state.check_as, p, outcome)
                    expect("chance_outcome_from_player", state.apply_as, p, str(outcome))
                if player_action is not None and not isinstance(player_action, Resign):
                    expect("chance_pending", state.check, player_action)
                continue
            if chance_outcome is not None:
                expect("not_chance_node", state.check, chance_outcome)
            for p in range(n):
                legal = state.legal_actions(p) if p in state.players_to_act else ()
                for a in list(legal)[:5]:
                    assert state.check_as(p, a, ply=state.ply) == a
                    after = state.apply_as(p, str(a), ply=state.ply)
                    assert _canon(after.to_dict()) == _canon(state.apply(a).to_dict())
                    for q in range(n):
                        if q != p and not isinstance(a, Resign):
                            expect("not_your_turn", state.check_as, q, a)
            # resigning on somebody else's behalf is never allowed
            expect("not_your_turn", state.check_as, 0, Resign(n - 1 if n > 1 else 5))

    # -- the boundary: wrong types and values -------------------------------------------

    @_property
    def test_boundary_refuses_wrong_types_and_values(self, seed: int) -> None:
        """Every call a server hands client data to refuses a wrong type or value with a
        WordgamesError and a stable code (``view(5)``, ``view(True)``, ``legal_actions(5)``,
        ``apply_as(0, a, ply="14")``, ``apply(text)``), changing nothing; the calls made by
        programmers (``new_game``, ``play``) raise a TypeError or ValueError naming the
        parameter."""
        rng = random.Random(seed)
        mod = self.module
        pairs = self._playout(seed)
        for state in self._deep_sample(pairs, rng)[:4]:
            before = _canon(state.to_dict())
            n = state.num_players
            seats = [-1, n, n + rng.randrange(1, 10**6), -rng.randrange(2, 10**6), True, False]
            seats += ["0", str(rng.randrange(n)), float(rng.randrange(n)), b"0", [0], (0,), {}]
            seats += [object(), 10**100, 0.5, complex(0, 1)]
            for seat in seats:
                for call, name in ((state.view, "view"), (state.legal_actions, "legal_actions")):
                    with pytest.raises(IllegalActionError) as err:
                        call(seat)
                    assert err.value.code == "invalid_player", (name, seat, err.value)
                    assert str(err.value).startswith(f"{name}(")
                    assert len(str(err.value)) < MAX_MESSAGE
                _expect("invalid_player", state.check_as, seat, Resign(0))
            state.view(None)  # a spectator
            for p in range(n):  # every seat's view; a seat that may not act has no actions
                state.view(p)
                if p not in state.players_to_act:
                    assert state.legal_actions(p) == ()
            action = _any_legal(state, rng)
            if action is not None:
                plies = [str(state.ply), float(state.ply), True, b"1", [state.ply], object()]
                for bad_ply in plies:
                    _expect("invalid_ply", state.check_as, 0, action, ply=bad_ply)
                    _expect("invalid_ply", state.apply_as, 0, str(action), ply=bad_ply)
                # apply takes actions, not text: the message points to parse_action
                with pytest.raises(IllegalActionError) as err:
                    state.apply(str(action))
                assert err.value.code == "not_an_action"
                assert "parse_action" in str(err.value)
            for junk in (5, True, None, 1.5, b"set w", ["x"], {"a": 1}, object()):
                with pytest.raises(ParseError):
                    mod.parse_action(junk)
                for from_dict in (type(state).from_dict, Record.from_dict):
                    with pytest.raises(InvalidStateError):
                        from_dict(junk)
                with pytest.raises(InvalidStateError):
                    type(state.view(0)).from_dict(junk)
                assert not state.is_legal(junk)
            assert _canon(state.to_dict()) == before
        start = pairs[0][0]
        n = start.num_players
        for players in (2.0, "ab", None, object(), True, b"ab"):
            with pytest.raises(wordgames.RulesError, match="players"):
                mod.new_game(players)
        for rules in ("en", 5, {"tiles": "en"}, object()):
            with pytest.raises(wordgames.RulesError, match="rules must be"):
                mod.new_game(n, rules=rules)
        bot = wordgames.RandomBot()
        for rng_arg in (7, "7", None):
            with pytest.raises(TypeError, match="rng must be"):
                wordgames.play(start, bot, rng_arg)  # type: ignore[arg-type]
        for bots in (5, [bot] * (n - 1) + ["random"]):
            with pytest.raises(TypeError, match=r"bots\[\d+\] must be a bot"):
                wordgames.play(start, bots, random.Random(seed))  # type: ignore[arg-type]

    # -- hostile input ---------------------------------------------------------------------

    @_property
    def test_hostile_input_raises_only_documented_errors(self, seed: int) -> None:
        rng = random.Random(seed)
        mod = self.module
        pairs = self._playout(seed)
        legal_examples = [a for _, a in pairs if a is not None][:200]
        for text in _hostile_texts(rng, [str(a) for a in legal_examples]):
            message = ""
            try:
                mod.parse_action(text)
            except ParseError as exc:
                message = str(exc)
            assert len(message) < MAX_MESSAGE, "a parse error echoes too much input"
        for state in self._deep_sample(pairs, rng)[:8]:
            before = _canon(state.to_dict())
            junk: list[Any] = [None, 3, "x", object(), (), [], {"a": 1}, 10**100, 1.5]
            for base in legal_examples[:60]:
                junk.extend(_ill_typed(base, rng))
            for obj in junk:
                for call in (state.check, state.apply):
                    with pytest.raises(IllegalActionError) as err:
                        call(obj)
                    assert len(str(err.value)) < MAX_MESSAGE
                assert not state.is_legal(obj)
            for obj in junk[9:]:
                with pytest.raises(IllegalActionError) as err:
                    state.check(obj)
                assert err.value.code == "not_an_action", (obj, err.value)
            assert _canon(state.to_dict()) == before
            d = state.to_dict()
            for bad in _deep_nests(d, rng):
                with pytest.raises(InvalidStateError) as err2:
                    type(state).from_dict(bad)
                assert len(str(err2.value)) < MAX_MESSAGE
            # pickles carry the state's fields only, never its caches
            back = pickle.loads(pickle.dumps(state))
            assert back == state
            assert len(pickle.dumps(state)) < 200_000


def _expect(code: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """``call(*args, **kwargs)`` raises IllegalActionError with the shared ``code``."""
    assert code in SHARED_CODES
    with pytest.raises(IllegalActionError) as err:
        call(*args, **kwargs)
    assert err.value.code == code, f"expected {code}, got {err.value.code}: {err.value}"


def _any_legal(state: Any, rng: random.Random) -> Any:
    if state.is_terminal:
        return Resign(0)
    if state.is_chance_node:
        return state.chance_outcomes()[0][0]
    p = min(state.players_to_act)
    legal = state.legal_actions(p)
    return legal[rng.randrange(len(legal))] if legal else None


def _hostile_texts(rng: random.Random, examples: Sequence[str]) -> list[str]:
    digits = "\u0663\u00b2\u0969\uff13\u2163"
    out = ["", " ", "\x00", "resign " + "9" * 5000, "take " + "1" * 5000, "x" * 10_000]
    out += [f"resign {d}" for d in digits] + [f"p{d} pass" for d in digits]
    out += ["\u0663H CAT", "play \u00b2", "discard \u00b2", "resign -1", "resign 1.0"]
    for text in list(examples)[:40]:
        chars = list(text)
        for _ in range(3):
            if chars:
                i = rng.randrange(len(chars))
                chars[i] = rng.choice(digits + string.punctuation + string.ascii_letters + " 0")
        out.append("".join(chars))
        out.append(text.upper())
        out.append(text + " " + text)
        out.append(text.replace("1", "\u0661"))
    return out


def _ill_typed(action: Any, rng: random.Random) -> list[Any]:
    """Copies of ``action`` with one field replaced by a value of the wrong type."""
    if not attrs.has(type(action)):
        return []
    out = []
    for f in attrs.fields(type(action)):
        value = getattr(action, f.name)
        for wrong in (True, 1.0, "7", None, (1, "a"), 10**30, -(10**30), [1], frozenset()):
            if type(wrong) is type(value) and wrong == value:
                continue
            new = object.__new__(type(action))
            for g in attrs.fields(type(action)):
                object.__setattr__(new, g.name, getattr(action, g.name))
            object.__setattr__(new, f.name, wrong)
            if type(wrong) is type(value):
                continue  # same type: may well be legal
            out.append(new)
    rng.shuffle(out)
    return out[:6]


@functools.cache
def _nests() -> tuple[Any, Any, str]:
    """A list nested 100,000 deep, a dict nested 50,000 deep and a 10 MB string: built once
    (building and freeing them costs more than the checks that use them)."""
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    deep_map: Any = {}
    for _ in range(50_000):
        deep_map = {"a": deep_map}
    return deep, deep_map, "x" * 10_000_000


def _deep_nests(d: dict[str, Any], rng: random.Random) -> list[Any]:
    deep, deep_map, huge = _nests()
    keys = sorted(d)
    out = []
    for key in rng.sample(keys, min(3, len(keys))):
        if key in ("game", "version", "kind"):
            continue
        out.append({**d, key: deep})
        out.append({**d, key: deep_map})
    out.append({**d, "players": [huge, "y"]})
    return out
