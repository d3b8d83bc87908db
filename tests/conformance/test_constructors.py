"""Constructors never build an object that cannot be hashed or printed (issue #28): every
action class of every game, fed values of any type for its fields, either refuses at once
with ``TypeError``/``ValueError`` or builds an object whose ``hash``, ``str`` and ``repr``
work, whose hash agrees with equality, and which ``check`` refuses with nothing but an
``IllegalActionError`` (``not_an_action`` when a field has the wrong type)."""

from __future__ import annotations

import copy
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError
from wordgames._core.contract import well_typed

SCALARS = st.one_of(
    st.integers(-(10**30), 10**30),
    st.booleans(),
    # NaN is left out: it is unequal to itself, so no object holding it equals its copy
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.none(),
    st.binary(max_size=2),
    st.fractions(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=2), inner, max_size=2),
        st.sets(st.integers(0, 9), max_size=2),
        st.frozensets(st.integers(0, 9), max_size=2),
    ),
    max_leaves=6,
)

STATES = {game: module.new_game(2) for game, module in wordgames.GAMES.items()}
CLASSES = [
    (game, cls)
    for game, state in sorted(STATES.items())
    for cls in type(state).ACTION_TYPES
    if attrs.has(cls) and attrs.fields(cls)
]


@pytest.mark.parametrize(("game", "cls"), CLASSES, ids=[f"{g}-{c.__name__}" for g, c in CLASSES])
@given(data=st.data())
def test_constructed_actions_hash_print_and_are_judged(game: str, cls: type, data: Any) -> None:
    fields = attrs.fields(cls)
    values = {f.name: data.draw(VALUES, label=f.name) for f in fields if f.init}
    try:
        action = cls(**values)
    except (TypeError, ValueError):
        return  # refused at once: allowed
    twin = copy.copy(action)
    assert action == twin
    assert hash(action) == hash(twin)
    assert isinstance(str(action), str)
    assert isinstance(repr(action), str)
    state = STATES[game]
    code = None
    try:
        state.check(action)
    except IllegalActionError as exc:
        code = exc.code
    if not well_typed(action):
        assert code == "not_an_action"
    assert isinstance(state.is_legal(action), bool)
    if well_typed(action):
        module = wordgames.GAMES[game]
        try:
            parsed = module.parse_action(str(action))
        except wordgames.ParseError:
            return  # a well-typed value the notation cannot write (e.g. an empty word)
        assert parsed == action or str(parsed) == str(action)


def test_ill_typed_fields_used_to_break_hash_and_str() -> None:
    """The cases that failed before: a list in an int field, a non-text Wocable tile."""
    from wordgames import regenwormen as rw
    from wordgames import wocable, wommeln

    for action in (
        rw.SetAside([1]),  # type: ignore[arg-type]
        wocable.Draw(None),  # type: ignore[arg-type]
        wocable.Place([7], 7, True, "CAT"),  # type: ignore[arg-type]
        wordgames.Resign({}),  # type: ignore[arg-type]
    ):
        assert hash(action) == hash(copy.copy(action))
        assert isinstance(str(action), str)
    circle = wommeln.Circle(0, "CAT", None)  # type: ignore[arg-type]
    hash(circle)
    str(circle)
    assert str(wocable.Place(7, 7, True, "CAT")) == "8H CAT"
    assert hash(rw.SetAside(3)) == hash(rw.SetAside(3))
