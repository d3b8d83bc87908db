"""JSON Schemas (draft 2020-12) of the JSON every game writes, shipped with the package.

Each game has five schemas: ``rules``, ``state``, ``view``, ``action`` (the text of one
action, as ``str(action)`` writes it) and ``record``; ``outcome`` and ``analysis`` (what
:meth:`wordgames.analysis.Analysis.to_dict` writes) are shared by all games.
The files are ``<game>.<kind>.schema.json`` (``outcome.schema.json``,
``analysis.schema.json``) in this package, each
self-contained (its ``$ref`` only point into its own ``$defs``). This module only loads them;
validating is left to a JSON Schema library of the caller's choice.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["GAMES", "KINDS", "SHARED_KINDS", "schema", "schema_names"]

GAMES = ("regenwormen", "wocable", "wommeln", "wordmeld")
"""The games with schemas."""

KINDS = ("rules", "state", "view", "action", "record", "outcome", "analysis")
"""The kinds of schema each game has (``outcome`` and ``analysis`` are the same file for
every game)."""

SHARED_KINDS = ("outcome", "analysis")
"""The kinds whose schema is one file for every game (``<kind>.schema.json``)."""


def schema_names() -> tuple[str, ...]:
    """The file names of all shipped schemas, sorted."""
    return tuple(
        sorted(
            entry.name
            for entry in resources.files(__name__).iterdir()
            if entry.name.endswith(".schema.json")
        )
    )


def schema(game: str, kind: str) -> dict[str, Any]:
    """The JSON Schema of ``kind`` (one of :data:`KINDS`) for ``game`` (one of :data:`GAMES`),
    as a fresh dict; :class:`ValueError` for an unknown game or kind."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    if kind not in KINDS:
        raise ValueError(f"unknown schema kind {kind!r}; known: {', '.join(KINDS)}")
    file_name = f"{kind}.schema.json" if kind in SHARED_KINDS else f"{game}.{kind}.schema.json"
    text = resources.files(__name__).joinpath(file_name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
