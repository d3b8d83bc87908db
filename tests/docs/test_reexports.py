"""What the guides say is re-exported exists there: a heading or line of docs/*.md that reads
"(`wordgames.x.y`, re-exported by `wordgames.x`)" promises every name of that section that
``wordgames.x.y`` exports; "`A` (re-exported as `B`)" promises ``B`` is ``A``."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md"))
MODULE_PROMISE = re.compile(r"`(wordgames\.[\w.]+)`, re-exported by `(wordgames[\w.]*)`")
NAME_PROMISE = re.compile(r"`(wordgames\.[\w.]+)` \(re-exported as `([\w.]+)`\)")


def sections(text: str) -> list[str]:
    return re.split(r"\n(?=#+ )", text)


def module_promises() -> list[tuple[str, str, str, str]]:
    """(page, module, package, name) for every name a re-export promise covers."""
    out = []
    for page in PAGES:
        for section in sections(page.read_text(encoding="utf-8")):
            for module_name, package in MODULE_PROMISE.findall(section):
                module = importlib.import_module(module_name)
                mentioned = set(re.findall(r"`(\w+)", section))
                for name in sorted(mentioned & set(module.__all__)):
                    out.append((page.name, module_name, package, name))
    return out


@pytest.mark.parametrize(("page", "module", "package", "name"), module_promises())
def test_promised_reexports_exist(page: str, module: str, package: str, name: str) -> None:
    pkg = importlib.import_module(package)
    assert getattr(pkg, name, None) is getattr(importlib.import_module(module), name), (
        f"docs/{page} says {module} is re-exported by {package}, but {package}.{name}"
        " is not the same object"
    )
    assert name in pkg.__all__, f"{package}.{name} is not in {package}.__all__"


def test_the_promise_finder_finds_the_wommeln_engine() -> None:
    found = {(m, n) for _, m, _, n in module_promises()}
    assert ("wordgames.wommeln.engine", "can_place") in found
    assert ("wordgames.wommeln.engine", "DEFAULT_NODE_LIMIT") in found


def resolve(dotted: str) -> object:
    parts = dotted.split(".")
    if parts[0] != "wordgames":
        parts = ["wordgames", *parts]
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


@pytest.mark.parametrize(
    ("page", "original", "alias"),
    [(p.name, a, b) for p in PAGES for a, b in NAME_PROMISE.findall(p.read_text("utf-8"))],
)
def test_promised_aliases_exist(page: str, original: str, alias: str) -> None:
    assert resolve(alias) is resolve(original), f"docs/{page}: {alias} is not {original}"
