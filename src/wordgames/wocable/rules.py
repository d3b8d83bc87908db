"""Wocable rule variants (:class:`Rules`) and the packaged data they name (tile sets, layouts)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import attrs

from wordgames._core.errors import RulesError, short_repr
from wordgames._core.serial import rules_from_dict

__all__ = ["LAYOUTS", "TILE_SETS", "Layout", "Rules", "TileSet", "layout", "tile_set"]

#: Names of the packaged tile sets (``data/tilesets.json``).
TILE_SETS = ("en", "es")
#: Names of the packaged board layouts (``data/layouts.json``).
LAYOUTS = ("classic", "plain")


@attrs.frozen
class TileSet:
    """A bag of tiles: ``letters[i]`` occurs ``counts[i]`` times and scores ``values[i]``."""

    name: str
    language: str
    lexicon: str
    letters: tuple[str, ...]
    counts: tuple[int, ...]
    values: tuple[int, ...]
    blanks: int
    #: the builtin lexicon with every spelling of the digraphs (``Rules.split_digraphs``);
    #: empty for a tile set without digraph tiles
    split_lexicon: str = ""

    @property
    def total(self) -> int:
        """Number of tiles including blanks."""
        return sum(self.counts) + self.blanks


@attrs.frozen
class Layout:
    """A square board and its premium squares: ``letter_mult[sq]`` and ``word_mult[sq]``
    for ``sq = row * size + col`` (row 0 = row 1 of the notation, col 0 = column A)."""

    name: str
    size: int
    centre: int
    letter_mult: tuple[int, ...]
    word_mult: tuple[int, ...]


def _load_json(name: str) -> Any:
    text = resources.files("wordgames.wocable").joinpath("data").joinpath(name).read_text("utf-8")
    return json.loads(text)


def square_of(name: str, size: int) -> int:
    """``"H8"`` -> square index (row 8, column H) on a ``size`` board."""
    col = ord(name[0]) - ord("A")
    row = int(name[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise ValueError(f"square {name!r} is off a {size}x{size} board")
    return row * size + col


@cache
def layout(name: str) -> Layout:
    """The packaged layout ``name`` (``"classic"`` or ``"plain"``)."""
    data = _load_json("layouts.json")
    if name not in data:
        raise RulesError(f"unknown layout {name!r}; known: {', '.join(LAYOUTS)}")
    d = data[name]
    size = int(d["size"])
    lm = [1] * (size * size)
    wm = [1] * (size * size)
    for key, arr, mult in (("DL", lm, 2), ("TL", lm, 3), ("DW", wm, 2), ("TW", wm, 3)):
        for sq in d[key].split():
            arr[square_of(sq, size)] = mult
    return Layout(name, size, square_of(d["centre"], size), tuple(lm), tuple(wm))


@cache
def tile_set(name: str) -> TileSet:
    """The packaged tile set ``name`` (``"en"`` or ``"es"``)."""
    data = _load_json("tilesets.json")
    if name not in data:
        raise RulesError(f"unknown tile set {name!r}; known: {', '.join(TILE_SETS)}")
    d = data[name]
    letters = tuple(t[0] for t in d["tiles"])
    counts = tuple(int(t[1]) for t in d["tiles"])
    values = tuple(int(t[2]) for t in d["tiles"])
    return TileSet(
        name,
        d["language"],
        d["lexicon"],
        letters,
        counts,
        values,
        int(d["blanks"]),
        d.get("split_lexicon", ""),
    )


@attrs.frozen
class Rules:
    """Every Wocable variant as a field; the defaults are the reading of the rules text this
    library takes (see docs/wocable.md for each decision).

    - ``tiles``: the tile set, ``"en"`` (English, 100 tiles) or ``"es"`` (Spanish, 100 tiles
      with CH, LL, RR and Ñ tiles).
    - ``layout``: ``"classic"`` premium squares or ``"plain"`` (no premiums).
    - ``blanks``: play with the 2 blank tiles of the set (the rules text does not mention
      blanks; it says 100 letters, which the sets reach only with their blanks).
    - ``exchange_min_bag``: ``None`` = an exchange needs at least as many tiles in the bag as
      are exchanged (the rules text); ``7`` = the tournament rule (at least 7 in the bag).
    - ``pass_limit``: the game ends after this many consecutive passes (all players counted).
    - ``exchanges_count_as_passes`` / ``zero_scores_count_as_passes``: whether exchanges and
      zero-scoring placements also count towards ``pass_limit`` (default: only passes).
    - ``pass_end_subtract``: on the passes ending, each player subtracts their rack's value
      (default False: the rules text only names the comparison of scores).
    - ``departed_tiles_to_bag``: when a player leaves a game of 3-4 players, their rack goes
      back into the bag (True) or is removed from play (False).
    - ``split_digraphs``: house rule for tile sets with digraph tiles (Spanish CH, LL, RR).
      Default False, the Spanish federation's (FISE) rule: CH, LL and RR are only ever their
      own tiles (or a blank chosen as one), so a C tile beside an H tile never makes CH, in
      the main word or a cross word (refused with code ``"split_digraph"``), and the default
      lexicon is the builtin ``"es"`` (one spelling a word). True: two tiles may make the
      digraph too (C+H as CH), with the builtin ``"es-all"`` (every spelling).
    """

    tiles: str = "en"
    layout: str = "classic"
    blanks: bool = True
    exchange_min_bag: int | None = None
    pass_limit: int = 4
    exchanges_count_as_passes: bool = False
    zero_scores_count_as_passes: bool = False
    pass_end_subtract: bool = False
    departed_tiles_to_bag: bool = True
    split_digraphs: bool = False

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.tiles, str) or not isinstance(self.layout, str):
            raise RulesError("Rules.tiles and Rules.layout must be names (strings)")
        if self.tiles not in TILE_SETS:
            known = ", ".join(TILE_SETS)
            raise RulesError(f"unknown tile set {short_repr(self.tiles)}; known: {known}")
        if self.layout not in LAYOUTS:
            known = ", ".join(LAYOUTS)
            raise RulesError(f"unknown layout {short_repr(self.layout)}; known: {known}")
        for name in (
            "blanks",
            "exchanges_count_as_passes",
            "zero_scores_count_as_passes",
            "pass_end_subtract",
            "departed_tiles_to_bag",
            "split_digraphs",
        ):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be a bool")
        emb = self.exchange_min_bag
        if emb is not None and (not isinstance(emb, int) or isinstance(emb, bool) or emb < 1):
            raise RulesError(
                f"exchange_min_bag must be None or a positive int, got {short_repr(emb)}"
            )
        pl = self.pass_limit
        if not isinstance(pl, int) or isinstance(pl, bool) or not 1 <= pl <= 100:
            raise RulesError(f"pass_limit must be an int in 1..100, got {short_repr(pl)}")

    @property
    def tile_set(self) -> TileSet:
        """The :class:`TileSet` named by ``tiles``."""
        return tile_set(self.tiles)

    @property
    def lexicon_name(self) -> str:
        """The builtin lexicon these rules play with by default: the tile set's, or its
        every-spelling form under ``split_digraphs``."""
        ts = self.tile_set
        return ts.split_lexicon if self.split_digraphs and ts.split_lexicon else ts.lexicon

    @property
    def board_layout(self) -> Layout:
        """The :class:`Layout` named by ``layout``."""
        return layout(self.layout)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (every field)."""
        return attrs.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rebuild from :meth:`to_dict` output: missing fields take their defaults; unknown
        fields and wrongly typed values raise :class:`InvalidStateError`."""
        return rules_from_dict(cls, data)
