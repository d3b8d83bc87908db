"""The same concept has the same name and type in every game (docs/contract.md, "Shared
names"): ``phase`` is a member of the game's ``Phase`` (a ``str`` enum with a docstring per
member), ``departed`` is the tuple of the seats who left (in the order they left) in the state
and in every view, the end reason is an :class:`~wordgames.EndReason` in ``end_reason`` and
``outcome.reason``, and the winners are ``outcome.winners``."""

from __future__ import annotations

import ast
import enum
import inspect
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import GAMES, EndReason, Resign
from wordgames._core.registry import GAME_NAMES
from wordgames._core.states import StrEnum


def _member_docstrings(cls: type) -> dict[str, str | None]:
    """Each member of an enum class with the string literal that follows it in the source."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str | None] = {}
    for i, node in enumerate(body):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            nxt = body[i + 1] if i + 1 < len(body) else None
            doc = (
                nxt.value.value
                if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
                else None
            )
            docs[node.targets[0].id] = doc
    return docs


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_exports_a_documented_phase_enum(game: str) -> None:
    module = GAMES[game]
    phase = module.Phase  # type: ignore[attr-defined]
    assert issubclass(phase, StrEnum)
    assert issubclass(phase, str)
    docs = _member_docstrings(phase)
    assert set(docs) == {m.name for m in phase}
    assert all(docs.values()), f"{game}.Phase members without a docstring: {docs}"
    for member in phase:
        assert member == member.value
        assert str(member) == member.value


def test_end_reasons_are_documented() -> None:
    docs = _member_docstrings(EndReason)
    assert set(docs) == {m.name for m in EndReason}
    assert all(docs.values())
    assert wordgames.EndReason is EndReason


def _check(state: Any, phase: type[enum.Enum]) -> None:
    assert isinstance(state.phase, phase), (type(state.phase), state.phase)
    departed = state.departed
    assert isinstance(departed, tuple)
    assert len(set(departed)) == len(departed)  # distinct seats, in the order they left
    assert all(type(p) is int and 0 <= p < state.num_players for p in departed)
    for seat in (None, *range(state.num_players)):
        view = state.view(seat)
        assert view.departed == departed
        assert isinstance(view.phase, phase)
        assert view.phase == state.phase
        assert view.end_reason == state.end_reason
    reason = state.end_reason
    if state.is_terminal:
        assert isinstance(reason, EndReason)
        assert state.outcome.reason is reason
        assert isinstance(state.outcome.winners, frozenset)
    else:
        assert reason is None
        assert state.outcome is None


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from(GAME_NAMES), seed=st.integers(0, 2**32), leave=st.floats(0, 0.05))
def test_shared_names_hold_in_random_games(game: str, seed: int, leave: float) -> None:
    module = GAMES[game]
    rng = random.Random(seed)
    state = wordgames.resolve_chance(module.new_game(rng.choice((2, 3))), rng)
    left: set[int] = set()
    for _ in range(400):
        _check(state, module.Phase)  # type: ignore[attr-defined]
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
            continue
        seats = [p for p in range(state.num_players) if p not in left]
        resign = Resign(rng.choice(seats))
        if rng.random() < leave and state.is_legal(resign):
            state = state.apply(resign)
            left.add(resign.player)
            assert resign.player in state.departed
            continue
        acting = sorted(state.players_to_act)
        state = state.apply(rng.choice(list(state.legal_actions(rng.choice(acting)))))
    assert set(state.departed) >= left
