"""Facts the docs quote are the code's: every constant quoted with its value
(`` `NAME` = 1,200,000 ``, ``500 characters (`NAME`)``) has that value in the package, and
no page names an internal issue or pull request by number."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import wordgames

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs" / "api").glob("*.md")]
)
NUMBER = r"(\d[\d,_]*)"
UNITS = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30}
NAME = r"`(?:[\w.]+\.)?([A-Z][A-Z0-9_]{2,})`"
QUOTED = [
    # `NAME` = 1,200,000 / `NAME` (4,096) / `NAME` = 64 MiB
    re.compile(NAME + r"\s*(?:=|\(|is)\s*" + NUMBER + r"(?:\s*(KiB|MiB|GiB)\b)?"),
    re.compile(NUMBER + r"[^\d`.;|]{0,30}\(" + NAME + r"\)"),  # 500 characters (`NAME`)
]


def _constants() -> dict[str, set[int]]:
    """Every module-level int constant of the package, by name (a name may be in several)."""
    found: dict[str, set[int]] = {}
    for info in pkgutil.walk_packages(wordgames.__path__, "wordgames.", onerror=lambda _: None):
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra
            continue
        for name, value in vars(module).items():
            if name.isupper() and type(value) is int:
                found.setdefault(name, set()).add(value)
    return found


def _prose(text: str) -> str:
    """The text without fenced code blocks (code may say anything)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)


def _quotes() -> list[tuple[str, str, int]]:
    out = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for pattern in QUOTED:
            for m in pattern.finditer(text):
                a, b, *unit = m.groups()
                name, number = (a, b) if pattern is QUOTED[0] else (b, a)
                value = int(number.replace(",", "").replace("_", ""))
                value *= UNITS[unit[0]] if unit and unit[0] else 1
                out.append((page.name, name, value))
    return out


def test_quoted_constants_have_the_codes_values() -> None:
    constants = _constants()
    quotes = [q for q in _quotes() if q[1] in constants]
    assert len(quotes) >= 8  # the pattern finds the quotes (GCG_WORK_LIMIT, MAX_GCG_ISSUES...)
    wrong = [
        (page, name, n, constants[name]) for page, name, n in quotes if n not in constants[name]
    ]
    assert not wrong, f"docs quote constants with other values than the code: {wrong}"


def test_the_gcg_work_limit_is_quoted_right() -> None:
    from wordgames.wocable import GCG_WORK_LIMIT

    text = (ROOT / "docs" / "wocable.md").read_text(encoding="utf-8")
    assert f"{GCG_WORK_LIMIT:,}" in text
    assert all(n == GCG_WORK_LIMIT for _, name, n in _quotes() if name == "GCG_WORK_LIMIT")


INTERNAL = re.compile(r"(?i)\b(?:issues?|pull request|PR)\s+#?\d+\b|(?<![\w`#])#\d+\b")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_internal_issue_numbers(page: Path) -> None:
    prose = re.sub(r"`[^`\n]*`", "", _prose(page.read_text(encoding="utf-8")))
    hits = [m.group(0) for m in INTERNAL.finditer(prose)]
    assert not hits, f"{page.name} names internal issues: {hits[:5]}"


def test_the_board_legend_lists_every_symbol_the_picture_draws() -> None:
    """Every character ``str(state)`` draws on an empty board and for a blank is in the
    legend of docs/wocable.md, with the meaning the code gives it."""
    import random as _random

    from wordgames import wocable

    text = (ROOT / "docs" / "wocable.md").read_text(encoding="utf-8")
    legend = text.split("## Reading the board", 1)[1].split("\n## ", 1)[0]
    state = wordgames.resolve_chance(wocable.new_game(2), _random.Random(5))
    rows = str(state).splitlines()[1:16]
    drawn = {ch for row in rows for ch in row[3:].split()}
    for symbol in drawn:
        assert f"| `{symbol}` |" in legend, symbol
    meaning = {"=": "triple-word", "-": "double-word", '"': "triple-letter", "'": "double-letter"}
    for symbol, words in meaning.items():
        assert f"| `{symbol}` | an empty {words} square |" in legend
    assert "| `e` (lower case) | a blank" in legend
    assert "| `>` before a name | the player to move |" in legend


@pytest.mark.parametrize("home", ["README.md", "docs/index.md"])
def test_the_front_pages_link_every_guide(home: str) -> None:
    text = (ROOT / home).read_text(encoding="utf-8")
    prefix = "docs/" if home == "README.md" else ""
    guides = sorted(p.name for p in (ROOT / "docs").glob("*.md") if p.name != "index.md")
    missing = [g for g in guides if f"]({prefix}{g}" not in text]
    assert not missing, f"{home} links no {missing}"
