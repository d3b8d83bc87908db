"""The shipped JSON Schemas: valid draft 2020-12, satisfied by everything the games write, and
schema-generated instances that the loaders accept round-trip."""

from __future__ import annotations

import copy
import importlib
import json
import random
import types
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")
hypothesis_jsonschema = pytest.importorskip("hypothesis_jsonschema")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.errors import InvalidArgument, Unsatisfiable  # noqa: E402

from tests.conformance.harness import ConformanceSuite  # noqa: E402
from tests.schemas._compat import install  # noqa: E402
from wordgames import GAMES, GameOutcome, InvalidStateError, RandomBot, Record, play  # noqa: E402
from wordgames.schemas import GAMES as SCHEMA_GAMES  # noqa: E402
from wordgames.schemas import KINDS, SHARED_KINDS, schema, schema_names  # noqa: E402

install()
from_schema = hypothesis_jsonschema.from_schema
Validator = jsonschema.Draft202012Validator


@cache
def validator(game: str, kind: str) -> Any:
    return Validator(schema(game, kind))


def check(game: str, kind: str, instance: Any) -> None:
    errors = sorted(validator(game, kind).iter_errors(instance), key=lambda e: list(e.path))
    assert not errors, f"{game} {kind}: {errors[0].message[:300]} at {list(errors[0].path)}"


# -- the files ------------------------------------------------------------------------------


def test_every_game_and_kind_has_a_valid_draft_2020_12_schema() -> None:
    expected = {
        f"{g}.{k}.schema.json" for g in SCHEMA_GAMES for k in KINDS if k not in SHARED_KINDS
    }
    expected.update(f"{k}.schema.json" for k in SHARED_KINDS)
    assert set(schema_names()) == expected
    assert set(SCHEMA_GAMES) == set(GAMES)
    for file_name in schema_names():
        text = resources.files("wordgames.schemas").joinpath(file_name).read_text("utf-8")
        s = json.loads(text)
        Validator.check_schema(s)
        assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert s["$id"].endswith("/" + file_name)
    for game in SCHEMA_GAMES:
        for kind in KINDS:
            s = schema(game, kind)
            Validator.check_schema(s)
            assert "$ref" not in json.dumps(s) or "$defs" in s  # self-contained


def test_shipped_files_are_what_the_generator_writes() -> None:
    """tests/schemas/generate.py is the source; run it after changing a schema."""
    from tests.schemas.generate import build

    built = build()
    assert set(built) == set(schema_names())
    for file_name, text in built.items():
        shipped = resources.files("wordgames.schemas").joinpath(file_name).read_text("utf-8")
        assert shipped == text, f"{file_name} is stale: run python -m tests.schemas.generate"


def test_schema_helper_rejects_unknown_names_and_returns_fresh_dicts() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        schema("chess", "state")
    with pytest.raises(ValueError, match="unknown schema kind"):
        schema("wocable", "board")
    a = schema("wocable", "rules")
    a["title"] = "changed"
    assert schema("wocable", "rules")["title"] != "changed"
    assert schema("regenwormen", "outcome") == schema("wordmeld", "outcome")


# -- playouts -------------------------------------------------------------------------------


def _setups() -> Iterator[tuple[str, str, Callable[[], Any], Callable[[Any], Any]]]:
    """(game, label, make the initial state, bots for a state)."""
    rw, wc, wo, wm = (GAMES[g] for g in ("regenwormen", "wocable", "wommeln", "wordmeld"))
    rnd = lambda s: RandomBot()  # noqa: E731
    yield "regenwormen", "2p", lambda: rw.new_game(2), rnd
    yield "regenwormen", "solo", lambda: rw.new_game(1, rules=rw.Rules(allow_solo=True)), rnd
    yield (
        "regenwormen",
        "7p-variants",
        lambda: rw.new_game(
            ["Ann", "B b", "C", "D", "E", "F", "G"],
            rules=rw.Rules(flip_returned_if_highest=True, flip_when_nothing_returned=True),
        ),
        lambda s: rw.bots.HeuristicBot(),
    )
    yield "wocable", "2p", lambda: wc.new_game(2), rnd
    yield (
        "wocable",
        "3p-greedy",
        lambda: wc.new_game(3, rules=wc.Rules(pass_limit=2, departed_tiles_to_bag=False)),
        lambda s: wc.bots.GreedyBot(),
    )
    yield (
        "wocable",
        "es",
        lambda: wc.new_game(2, rules=wc.Rules(tiles="es")),
        lambda s: wc.bots.GreedyBot(),
    )
    yield "wommeln", "2p", lambda: wo.new_game(2), rnd
    yield "wommeln", "solo", lambda: wo.new_game(1, rules=wo.Rules(solo_time_limit=60)), rnd
    yield (
        "wommeln",
        "3p-intensiv-en",
        lambda: wo.new_game(3, rules=wo.Rules(intensiv=True, language="en", rounds=3)),
        lambda s: wo.bots.LongestWordBot(),
    )
    yield "wordmeld", "2p", lambda: wm.new_game(2), rnd
    yield (
        "wordmeld",
        "4p-greedy",
        lambda: wm.new_game(4, rules=wm.Rules(hand_size=8, max_idle_rounds=3)),
        lambda s: wm.bots.GreedyBot(),
    )


SETUPS = list(_setups())


def _redact_safe_actions(state: Any) -> set[str]:
    """The text of every legal action of the players to act (at most 400 per state)."""
    texts: set[str] = set()
    if state.is_terminal:
        return texts
    if state.is_chance_node:
        return {str(a) for a, _ in state.chance_outcomes()[:400]}
    for p in state.players_to_act:
        texts.update(str(a) for a in state.legal_actions(p)[:400])
    return texts


@pytest.mark.parametrize(
    ("game", "label", "make", "bots"), SETUPS, ids=[f"{g}-{x}" for g, x, *_ in SETUPS]
)
def test_every_json_of_seeded_playouts_validates(
    game: str, label: str, make: Callable[[], Any], bots: Callable[[Any], Any]
) -> None:
    state = make()
    record = play(state, bots(state), random.Random(f"{game}/{label}"), max_actions=1500)
    check(game, "record", record.to_dict())
    assert Record.from_dict(json.loads(record.to_json())).final_ply == record.final_ply
    texts = {str(a) for a in record.actions}
    final = None
    for i, s in enumerate(record.states()):
        final = s
        every = i % 3 == 0 or i == len(record.actions)  # keep the run short: every third state
        if not every:
            continue
        check(game, "state", s.to_dict())
        check(game, "rules", s.rules.to_dict())
        for viewer in (None, *range(s.num_players)):
            check(game, "view", s.view(viewer).to_dict())
        texts |= _redact_safe_actions(s)
    assert final is not None
    if final.outcome is not None:
        check(game, "outcome", final.outcome.to_dict())
    for text in sorted(texts):
        check(game, "action", text)
        GAMES[game].parse_action(text)  # the texts are real ones


def _conformance_specs(game: str) -> list[Any]:
    """The :class:`GameSpec` of each of ``game``'s conformance suites (its set-ups and
    resignations; Wocable has a second suite for its challenge presets)."""
    module = importlib.import_module(f"tests.{game}.test_conformance")
    suites = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, ConformanceSuite) and "spec" in vars(obj)
    ]
    assert suites
    return [suite.spec for suite in suites]


@pytest.mark.parametrize("game", sorted(SCHEMA_GAMES))
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_conformance_playouts_validate(game: str, seed: int) -> None:
    """The conformance suite's own random set-ups and playouts (players resigning at any
    moment included): every state's JSON, some views, the record and the outcome validate."""
    for spec in _conformance_specs(game):
        _validate_playout(game, spec, seed)


def _validate_playout(game: str, spec: Any, seed: int) -> None:
    pairs = ConformanceSuite._playout(types.SimpleNamespace(spec=spec), seed)  # type: ignore[arg-type]
    states = [s for s, _ in pairs]
    actions = [a for _, a in pairs if a is not None]
    rng = random.Random(seed)
    for i, s in enumerate(states):
        check(game, "state", s.to_dict())
        if i % 5 == 0 or i == len(states) - 1:
            viewer = rng.choice([None, *range(s.num_players)])
            check(game, "view", s.view(viewer).to_dict())
    for a in actions:
        check(game, "action", str(a))
    check(game, "record", Record(states[0], tuple(actions)).to_dict())
    check(game, "rules", states[0].rules.to_dict())
    if states[-1].outcome is not None:
        check(game, "outcome", states[-1].outcome.to_dict())


@pytest.mark.parametrize("game", sorted(SCHEMA_GAMES))
def test_schemas_reject_what_the_loaders_reject(game: str) -> None:
    """The schemas are not vacuous: typical corruptions of real data fail validation."""
    m = GAMES[game]
    state = m.new_game(2)
    d = state.to_dict()
    for key, bad in (("phase", "lunch"), ("ply", -1), ("players", []), ("rules", {"x": 1})):
        broken = copy.deepcopy(d)
        broken[key] = bad
        assert not validator(game, "state").is_valid(broken), key
        with pytest.raises(InvalidStateError):
            m.State.from_dict(broken)
    missing = copy.deepcopy(d)
    del missing["players"]
    assert not validator(game, "state").is_valid(missing)
    rules = m.Rules().to_dict()
    assert not validator(game, "rules").is_valid({**rules, "unknown_flag": True})
    for bad_text in ("", "hello", " resign 1", "resign 1 ", "RESIGN x"):
        assert not validator(game, "action").is_valid(bad_text), bad_text
    assert validator(game, "action").is_valid("resign 1")
    rec = play(state, RandomBot(), random.Random(0), max_actions=5).to_dict()
    assert validator(game, "record").is_valid(rec)
    assert not validator(game, "record").is_valid({**rec, "actions": ["nonsense"]})
    assert not validator(game, "record").is_valid({**rec, "kind": "state"})


# -- schema-generated instances -------------------------------------------------------------

#: Loaders of each kind (``from_dict`` of the class the schema describes).
LOADERS: dict[str, Callable[[str], Callable[[Any], Any]]] = {
    "rules": lambda g: GAMES[g].Rules.from_dict,
    "state": lambda g: GAMES[g].State.from_dict,
    "view": lambda g: GAMES[g].View.from_dict,
    "outcome": lambda g: GameOutcome.from_dict,
}


@cache
def _real_states(game: str) -> tuple[dict[str, Any], ...]:
    """``to_dict`` of states from a short seeded playout (the anchor for pinned generation)."""
    m = GAMES[game]
    record = play(m.new_game(3), RandomBot(), random.Random(7), max_actions=120)
    states = list(record.states())
    return tuple(s.to_dict() for s in states[:: max(1, len(states) // 12)])


def _pinned(game: str, kind: str, real: dict[str, Any], free: frozenset[str]) -> dict[str, Any]:
    """The ``state`` schema with every property outside ``free`` fixed (``const``) to its value
    in ``real``: the instances are still instances of the shipped schema, but the loader's
    cross-field invariants (tiles conserved, phase and dice agreeing...) are met far more often
    than by fully random data."""
    s = schema(game, kind)
    body = s["$defs"]["state"] if "$ref" in s and s["$ref"] == "#/$defs/state" else s
    for key in list(body["properties"]):
        if key not in free and key in real:
            body["properties"][key] = {"const": real[key]}
    if body is not s:
        s["$defs"]["state"] = body
    return s


class _Tally:
    """Counts the generated instances a loader accepted (a round-trip test that never saw an
    accepted instance is a failure, not a pass)."""

    def __init__(self) -> None:
        self.accepted = 0
        self.seen = 0


def _round_trip(game: str, kind: str, instance: Any, tally: _Tally) -> None:
    tally.seen += 1
    if not validator(game, kind).is_valid(instance):
        return  # hypothesis-jsonschema ignores a few 2020-12 keywords (prefixItems)
    load = LOADERS[kind](game)
    try:
        obj = load(instance)
    except InvalidStateError:
        return
    tally.accepted += 1
    again = json.loads(json.dumps(obj.to_dict()))
    check(game, kind, again)
    assert load(again) == obj
    assert load(again).to_dict() == again


_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


def _run(test: Callable[[], None]) -> None:
    try:
        test()
    except (Unsatisfiable, InvalidArgument) as exc:  # pragma: no cover - library limits
        pytest.skip(f"hypothesis-jsonschema cannot generate this schema: {exc}")


@pytest.mark.parametrize(
    ("game", "kind"),
    [(g, k) for g in sorted(SCHEMA_GAMES) for k in ("rules", "outcome")],
)
def test_generated_rules_and_outcomes_round_trip(game: str, kind: str) -> None:
    tally = _Tally()

    @_SETTINGS
    @given(from_schema(schema(game, kind)))
    def inner(instance: Any) -> None:
        _round_trip(game, kind, instance, tally)

    _run(inner)
    assert tally.accepted > 0, f"no generated {game} {kind} was accepted in {tally.seen} tries"


#: Which state fields are generated freely, per game (the rest are pinned to a real state), and
#: whether the loader must accept some of the 40 instances (where it accepts a fair share; the
#: others are round-tripped whenever they are accepted).
FREE_FIELDS: dict[str, tuple[tuple[frozenset[str], bool], ...]] = {
    "regenwormen": (
        (frozenset({"rules", "ply"}), True),
        (frozenset({"players", "ply"}), True),
        (frozenset({"turn", "departed"}), True),
        (frozenset({"kept", "roll", "phase"}), False),
        (frozenset({"grill", "flipped", "stacks"}), False),
    ),
    "wocable": (
        (frozenset({"rules", "ply"}), True),
        (frozenset({"players", "ply"}), False),
        (frozenset({"scores", "passes", "turn"}), False),
    ),
    "wommeln": (
        (frozenset({"rules", "ply"}), True),
        (frozenset({"players", "ply"}), False),
        (frozenset({"left", "timer_starter", "votes"}), False),
    ),
    "wordmeld": (
        (frozenset({"rules", "ply"}), True),
        (frozenset({"players", "ply"}), False),
        (frozenset({"drawn", "idle", "winner"}), False),
    ),
}
STATE_CASES = [(g, f, must) for g, cases in FREE_FIELDS.items() for f, must in cases]


@pytest.mark.parametrize(
    ("game", "free", "must_accept"),
    STATE_CASES,
    ids=[f"{g}-{'+'.join(sorted(f))}" for g, f, _ in STATE_CASES],
)
def test_generated_states_round_trip(game: str, free: frozenset[str], must_accept: bool) -> None:
    tally = _Tally()
    reals = _real_states(game)
    strategies = [from_schema(_pinned(game, "state", r, free)) for r in reals]

    @_SETTINGS
    @given(st.one_of(strategies))
    def inner(instance: Any) -> None:
        _round_trip(game, "state", instance, tally)

    _run(inner)
    # a pinned state with free fields is accepted only when the generated values happen to
    # fit it (a ply above the actions implied, distinct names): a few percent of draws. Up to
    # four more rounds of fresh draws before "never accepted" counts as a failure
    for _ in range(4):
        if not must_accept or tally.accepted:
            break
        _run(inner)
    assert tally.seen > 0
    if must_accept:
        assert tally.accepted > 0, f"no generated {game} state was accepted in {tally.seen}"


def test_fully_generated_regenwormen_states_are_handled() -> None:
    """Unpinned instances of the whole schema: the loader accepts or raises
    InvalidStateError (nothing else), and what it accepts round-trips."""
    tally = _Tally()

    @_SETTINGS
    @given(from_schema(schema("regenwormen", "state")))
    def inner(instance: Any) -> None:
        _round_trip("regenwormen", "state", instance, tally)

    _run(inner)
    assert tally.seen > 0


def test_generated_regenwormen_views_round_trip() -> None:
    tally = _Tally()
    reals = _real_states("regenwormen")

    def view_schema(real: dict[str, Any]) -> dict[str, Any]:
        s = _pinned("regenwormen", "view", {}, frozenset())
        s["$defs"]["state"] = {"const": real}
        s["properties"]["ply"] = {"const": real["ply"]}
        return s

    @_SETTINGS
    @given(st.one_of([from_schema(view_schema(r)) for r in reals]))
    def inner(instance: Any) -> None:
        _round_trip("regenwormen", "view", instance, tally)

    _run(inner)
    assert tally.accepted > 0


@pytest.mark.parametrize(
    ("key", "bad"), [("phase", "lunch"), ("timer", "maybe"), ("drawn", ["31a", "31a"])]
)
def test_wommeln_view_loader_rejects_what_the_schema_rejects(key: str, bad: Any) -> None:
    wo = GAMES["wommeln"]
    d = wo.new_game(2).view(0).to_dict()
    d[key] = bad
    assert not validator("wommeln", "view").is_valid(d)
    with pytest.raises(InvalidStateError):
        wo.View.from_dict(d)
