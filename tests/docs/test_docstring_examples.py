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
