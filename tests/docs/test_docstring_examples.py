"""Every ``>>>`` example in the docstrings of the public modules runs and prints what it
shows (the API reference renders them, so they must not rot)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import wordgames


def public_module_names() -> list[str]:
    names = ["wordgames"]
    for info in pkgutil.walk_packages(wordgames.__path__, "wordgames.", onerror=lambda _: None):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", [*public_module_names(), "wordgames._core.contract"])
def test_docstring_examples_run(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        pytest.skip(f"{name} needs an optional extra: {exc}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


def _entry_points() -> list[str]:
    names = ["wordgames.play", "wordgames.resolve_chance", "wordgames.arena.run"]
    names += ["wordgames.wocable.from_gcg", "wordgames.wocable.State.best_moves"]
    for game in ("regenwormen", "wocable", "wommeln", "wordmeld"):
        names.append(f"wordgames.{game}.new_game")
        names += [f"wordgames.{game}.State.{m}" for m in ("apply", "legal_actions", "view")]
    return names


@pytest.mark.parametrize("name", _entry_points())
def test_main_entry_points_carry_an_example(name: str) -> None:
    """Each game's new_game, apply, legal_actions and view, and play, from_gcg, best_moves
    and arena.run show a ``>>>`` example (run above, rendered by the API reference)."""
    path = name.split(".")
    target: object = importlib.import_module(path[0])
    for part in path[1:]:
        target = getattr(target, part)
    doc = getattr(target, "__doc__", None) or ""
    assert ">>> " in doc, f"{name} has no example in its docstring"
