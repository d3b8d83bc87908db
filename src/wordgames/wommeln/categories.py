"""The 30 double-sided category cards (our own texts), each side with a turquoise and a red half.

The texts live in ``data/categories.txt`` (read with importlib.resources).

Every half is a category with a German and an English text and sample answers in both
languages. Sample answers are suggestions for bots and frontends, not a closed list: in the game
the group votes on whether a word fits.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from importlib import resources
from typing import Any

import attrs

__all__ = ["CARDS", "COLORS", "SIDES", "Category", "category", "fold"]

CARDS = 30
"""Number of category cards."""
SIDES = ("a", "b")
"""The two sides of a card."""
COLORS = ("turquoise", "red")
"""The two halves of a side; one colour is chosen for the whole game."""


def _local_fold(word: str) -> str:
    w = word.strip().upper()
    for src, dst in (("Ä", "AE"), ("Ö", "OE"), ("Ü", "UE"), ("ẞ", "SS"), ("ß", "SS")):
        w = w.replace(src, dst)
    return unicodedata.normalize("NFKD", w)


def fold(word: str) -> str:
    """A word as it is circled on a sheet: upper case, Ä→AE, Ö→OE, Ü→UE, ß→SS, other accents
    dropped (so ``"Äpfel"`` is ``"AEPFEL"``). Anything that is not a letter A-Z is removed.
    Uses :func:`wordgames.lexicon.fold_word` (German rules) when the lexicon package is there."""
    w = word
    if _lexicon_fold is not None:
        try:
            w = _lexicon_fold(word, "de")
        except ValueError:
            w = word
    return "".join(ch for ch in _local_fold(w) if "A" <= ch <= "Z")


try:
    from wordgames.lexicon import fold_word as _imported_fold
except ImportError:  # pragma: no cover - the lexicon package is optional here
    _lexicon_fold: Any = None
else:
    _lexicon_fold = _imported_fold


@attrs.frozen
class Category:
    """One half of one side of a category card."""

    card: int
    side: str
    color: str
    text_de: str
    text_en: str
    answers_de: tuple[str, ...]
    answers_en: tuple[str, ...]

    def text(self, language: str = "de") -> str:
        """The category as read aloud, in ``"de"`` or ``"en"``."""
        return self.text_de if language == "de" else self.text_en

    def answers(self, language: str = "de") -> tuple[str, ...]:
        """Sample answers folded for the sheet (A-Z only), in the given language."""
        raw = self.answers_de if language == "de" else self.answers_en
        return tuple(dict.fromkeys(fold(w) for w in raw))

    @property
    def key(self) -> str:
        """``"12a"``: the card number and side."""
        return f"{self.card}{self.side}"


def _parse() -> dict[tuple[int, str, str], Category]:
    text = resources.files("wordgames.wommeln").joinpath("data/categories.txt").read_text("utf-8")
    out: dict[tuple[int, str, str], Category] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, de, en, ans_de, ans_en = line.split("|")
        key, col = head.split()
        card, side = int(key[:-1]), key[-1]
        color = "turquoise" if col == "T" else "red"
        out[card, side, color] = Category(
            card, side, color, de, en, tuple(ans_de.split()), tuple(ans_en.split())
        )
    return out


@lru_cache(maxsize=1)
def _all() -> dict[tuple[int, str, str], Category]:
    table = _parse()
    assert len(table) == CARDS * 4
    return table


def category(card: int, side: str, color: str) -> Category:
    """The category on ``side`` (``"a"``/``"b"``) of card ``card`` (1-30), ``color`` half."""
    try:
        return _all()[card, side, color]
    except KeyError:
        raise KeyError(f"no category card {card}{side} ({color})") from None
