"""Shared fixtures for the Wocable tests."""

from __future__ import annotations

import pytest

from wordgames.lexicon import Lexicon


@pytest.fixture(scope="session")
def enable() -> Lexicon:
    lex = Lexicon.builtin("en")
    lex.gaddag  # noqa: B018 - build once per session
    return lex
