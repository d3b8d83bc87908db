"""Which build is running: ``wordgames.COMPILED`` (issue 26).

CI runs the whole suite a second time against the installed compiled wheel with
``WORDGAMES_EXPECT_BUILD=compiled``; then these tests also make sure that the package under test
is that wheel (in site-packages, its hot modules C extensions), not the source tree.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import wordgames
from wordgames.wocable import movegen
from wordgames.wordmeld import meld

SRC = Path(__file__).resolve().parents[2] / "src"


def test_compiled_is_a_public_bool() -> None:
    assert type(wordgames.COMPILED) is bool
    assert "COMPILED" in wordgames.__all__


def test_compiled_says_whether_the_hot_modules_are_extensions() -> None:
    for module in (movegen, meld):
        assert module.__file__ is not None
        assert module.__file__.endswith(tuple(EXTENSION_SUFFIXES)) is wordgames.COMPILED


def test_the_expected_build_is_under_test() -> None:
    want = os.environ.get("WORDGAMES_EXPECT_BUILD")
    if want is None:
        return
    assert want in ("compiled", "pure")
    assert wordgames.COMPILED is (want == "compiled")
    if want == "compiled":
        here = Path(wordgames.__file__).resolve()
        assert SRC not in here.parents, f"tests import the source tree ({here})"
        assert "site-packages" in here.parts
