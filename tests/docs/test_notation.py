"""docs/notation.md: its tables are what the code generates, and every example reads back."""

from __future__ import annotations

import re

import pytest

import wordgames
from tests.docs import notation_examples as nx

TEXT = nx.PAGE.read_text(encoding="utf-8")
_CELL = re.compile(r"(?<!\\)\|")


def _rows(body: str) -> list[tuple[str, str]]:
    """The first two code cells of every table row that starts with code, unquoted."""
    rows = []
    for line in body.splitlines():
        cells = [c.strip() for c in _CELL.split(line.strip())[1:-1]]
        if len(cells) < 2 or not cells[0].startswith("`"):
            continue
        code = [c[1:-1].replace("\\|", "|") for c in cells if c[:1] == c[-1:] == "`"]
        rows.append((code[0], code[1]))
    return rows


def _page_regions() -> dict[str, str]:
    return {m["name"]: m["body"] for m in nx.REGION.finditer(TEXT)}


def test_page_holds_the_generated_tables() -> None:
    """Rewrite with ``PYTHONPATH=src python -m tests.docs.notation_examples --write``."""
    page = _page_regions()
    assert set(page) == set(nx.regions())
    assert nx.render(TEXT) == TEXT


@pytest.mark.parametrize("game", sorted(nx.MODULES))
def test_every_example_parses_and_prints_back(game: str) -> None:
    module = nx.MODULES[game]
    rows = _rows(_page_regions()[f"{game}_actions"])
    assert len(rows) == len(nx.ACTIONS[game])
    for text, value in rows:
        action = module.parse_action(text)
        assert str(action) == text
        assert repr(action) == value
        assert module.parse_action(str(action)) == action


@pytest.mark.parametrize("game", sorted(nx.MODULES))
def test_also_read_examples_read_as_shown(game: str) -> None:
    module = nx.MODULES[game]
    rows = _rows(_page_regions()[f"{game}_also"])
    assert len(rows) == len(nx.ALSO_READ[game])
    for typed, canonical in rows:
        assert typed != canonical
        assert str(module.parse_action(typed)) == canonical
        assert module.parse_action(typed) == module.parse_action(canonical)


@pytest.mark.parametrize("game", sorted(nx.MODULES))
def test_every_action_class_has_an_example(game: str) -> None:
    state_class = nx.MODULES[game].State
    shown = {type(action) for action, _ in nx.ACTIONS[game]}
    assert set(state_class.ACTION_TYPES) <= shown
    assert wordgames.Resign in shown


@pytest.mark.parametrize("game", ["wocable", "wommeln", "wordmeld"])
def test_redacted_forms_are_not_actions(game: str) -> None:
    module = nx.MODULES[game]
    rows = _rows(_page_regions()[f"{game}_redacted"])
    assert rows
    for text, shown in rows:
        assert str(module.parse_action(text)) == text
        with pytest.raises(wordgames.ParseError):
            module.parse_action(shown)


def test_bad_text_raises_parse_error_in_every_game() -> None:
    """The page's claims about numbers and hostile text, in every game."""
    for module in nx.MODULES.values():
        for text in ("resign -1", "resign ٣", "resign ²", "resign 1234567", "x" * 4097, ""):
            with pytest.raises(wordgames.ParseError):
                module.parse_action(text)
        assert module.parse_action("RESIGN  1") == wordgames.Resign(1)
