"""Seeded playouts of every game for the picture tests."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import wordgames
from tests.regenwormen.test_conformance import _new_state as regenwormen_state
from tests.wocable.test_conformance import new_state as wocable_state
from tests.wommeln.test_conformance import SloppyBot
from tests.wommeln.test_conformance import new_state as wommeln_state
from tests.wordmeld.test_conformance import new_state as wordmeld_state
from wordgames.regenwormen.svg import svg as regenwormen_svg
from wordgames.wocable.svg import svg as wocable_svg
from wordgames.wommeln.svg import svg as wommeln_svg
from wordgames.wordmeld.svg import svg as wordmeld_svg

NS = "{http://www.w3.org/2000/svg}"

#: name -> (new state from an rng, the picture function, actions per playout)
GAMES: dict[str, tuple[Callable[[random.Random], Any], Callable[..., str], int]] = {
    "regenwormen": (regenwormen_state, regenwormen_svg, 400),
    "wocable": (wocable_state, wocable_svg, 60),
    "wommeln": (wommeln_state, wommeln_svg, 80),
    "wordmeld": (wordmeld_state, wordmeld_svg, 200),
}


def playout(name: str, seed: int, max_actions: int | None = None) -> wordgames.Record:
    """A seeded random game of ``name`` (cut after ``max_actions`` actions)."""
    new_state, _, limit = GAMES[name]
    rng = random.Random(seed)
    state = new_state(rng)
    bot: Any = SloppyBot() if name == "wommeln" else wordgames.RandomBot()
    return wordgames.play(
        state, bot, rng, max_actions=limit if max_actions is None else max_actions
    )


def sample_states(record: wordgames.Record, k: int, rng: random.Random) -> list[Any]:
    """``k`` states of the record (always the last one)."""
    states = list(record)
    picked = rng.sample(states[:-1], min(k - 1, len(states) - 1)) if len(states) > 1 else []
    return [*picked, states[-1]]


def parse(svg: str) -> ET.Element:
    """The parsed picture (raises on malformed XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert float(root.get("width", "0")) > 0
    assert float(root.get("height", "0")) > 0
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    """The ``<g>`` elements whose class list holds ``cls``."""
    return [g for g in root.iter(f"{NS}g") if cls in (g.get("class") or "").split()]


def first_text(group: ET.Element) -> str | None:
    """The text of the first ``<text>`` inside ``group`` (None without one)."""
    node = group.find(f"{NS}text")
    return None if node is None else node.text or ""


def count_class(root: ET.Element, cls: str) -> int:
    """How many elements carry the class ``cls``."""
    return sum(1 for e in root.iter() if cls in (e.get("class") or "").split())
