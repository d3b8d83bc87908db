"""Wocable rule variants (:class:`Rules`) and the packaged data they name (tile sets, layouts)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, Literal

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.serial import rules_from_dict

__all__ = [
    "CHALLENGE_RULES",
    "GOING_OUT_RULES",
    "LAYOUTS",
    "RULE_PRESETS",
    "TILE_SETS",
    "WORD_CHECKS",
    "Layout",
    "Rules",
    "TileSet",
    "layout",
    "tile_set",
]

TILE_SETS = ("en", "es")
"""Names of the packaged tile sets (``data/tilesets.json``)."""
LAYOUTS = ("classic", "plain")
"""Names of the packaged board layouts (``data/layouts.json``)."""
RULE_PRESETS = ("wocable", "naspa", "wespa")
"""Names of the rule presets (:meth:`Rules.preset`)."""
WORD_CHECKS = ("on_play", "challenge")
"""Values of ``Rules.word_check``."""
CHALLENGE_RULES = ("double", "single", "void", "five_point", "ten_point")
"""Values of ``Rules.challenge_rule``."""
GOING_OUT_RULES = ("transfer", "double")
"""Values of ``Rules.going_out``."""

WordCheck = Literal["on_play", "challenge"]
ChallengeRule = Literal["double", "single", "void", "five_point", "ten_point"]
GoingOut = Literal["transfer", "double"]


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
    - ``word_check``: ``"on_play"`` (Wocable: a placement forming a word outside the lexicon
      is refused, code ``word_not_in_lexicon``) or ``"challenge"`` (tournament play: any
      placement of the right shape is accepted, phonies included, and the next player may
      challenge it; see docs/wocable.md, "Presets and challenges").
    - ``challenge_rule`` (only read under ``word_check="challenge"``): what an unsuccessful
      challenge costs. ``"double"`` (NASPA): the challenger loses their turn; ``"single"``:
      nothing; ``"five_point"`` / ``"ten_point"`` (WESPA: five): the challenged player
      scores +5 / +10 for the play; ``"void"``: no challenges, phonies are refused at play
      time as under ``"on_play"``.
    - ``going_out``: ``"transfer"`` (Wocable: whoever plays out adds every other rack's
      value and each other player subtracts their own) or ``"double"`` (NASPA, WESPA: the
      player who goes out adds twice the other racks' value; nobody subtracts).

    :meth:`preset` names whole rule sets (``"wocable"``, ``"naspa"``, ``"wespa"``).
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
    word_check: WordCheck = "on_play"
    challenge_rule: ChallengeRule = "double"
    going_out: GoingOut = "transfer"

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
        named: tuple[tuple[str, tuple[str, ...]], ...] = (
            ("word_check", WORD_CHECKS),
            ("challenge_rule", CHALLENGE_RULES),
            ("going_out", GOING_OUT_RULES),
        )
        for name, allowed in named:
            value = getattr(self, name)
            if type(value) is not str or value not in allowed:
                raise RulesError(
                    f"Rules.{name} must be one of {', '.join(allowed)}; got {short_repr(value)}"
                )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named rule set (``RULE_PRESETS``; :class:`RulesError` for another name):

        - ``"wocable"``: the defaults, the rules of the Wocable app (``wocable.en.txt``):
          words checked on play, 4 passes end the game, going out transfers rack values.
        - ``"naspa"``: the NASPA Official Tournament Rules: double challenge
          (``word_check="challenge"``, ``challenge_rule="double"``), going out scores twice
          the opponents' racks (``going_out="double"``), six consecutive scoreless turns
          (passes, exchanges, zero scores, withdrawn phonies, lost challenges) end the game
          with every rack subtracted, exchanges need 7 tiles in the bag.
        - ``"wespa"``: the WESPA Playing Rules (Collins): as ``"naspa"`` but the five-point
          challenge rule (``challenge_rule="five_point"``).

        Any field can be changed afterwards with ``attrs.evolve``; the lexicon (NWL, CSW) is
        the caller's: pass it to ``new_game``.
        """
        if name == "wocable":
            return cls()
        if name in ("naspa", "wespa"):
            return cls(
                exchange_min_bag=7,
                pass_limit=6,
                exchanges_count_as_passes=True,
                zero_scores_count_as_passes=True,
                pass_end_subtract=True,
                word_check="challenge",
                challenge_rule="double" if name == "naspa" else "five_point",
                going_out="double",
            )
        known = ", ".join(RULE_PRESETS)
        raise RulesError(f"unknown rules preset {short_repr(name)}; known: {known}")

    @property
    def challenges(self) -> bool:
        """True when placements may be challenged (``word_check="challenge"`` with any
        ``challenge_rule`` but ``"void"``): phonies are then accepted at play time."""
        return self.word_check == "challenge" and self.challenge_rule != "void"

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
        if not isinstance(data, Mapping):
            return rules_from_dict(cls, data)  # raises the shared error
        named = {k: data[k] for k in _NAMED_FIELDS if k in data}
        for key, value in named.items():
            if type(value) is not str:
                raise InvalidStateError(
                    f"rules field {key!r} has the wrong type: {short_repr(value)}"
                )
        base = rules_from_dict(cls, {k: v for k, v in data.items() if k not in _NAMED_FIELDS})
        try:
            return attrs.evolve(base, **named)
        except RulesError as exc:
            raise InvalidStateError(f"invalid rules: {short_repr(str(exc), 200)}") from None


#: the fields whose values are names (checked here: ``rules_from_dict`` reads JSON scalars)
_NAMED_FIELDS = ("word_check", "challenge_rule", "going_out")
