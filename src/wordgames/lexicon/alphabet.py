"""Letter handling, in one place: folding per language, alphabets and tile notation.

A lexicon spells words in *tiles* (its alphabet); a tile is one or more upper-case letters.
The canonical way to write a sequence of tiles writes single-letter tiles as themselves and
multi-letter tiles in brackets: Spanish ``[CH]ICO`` is the tiles CH, I, C, O, while ``CHICO``
is C, H, I, C, O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from wordgames.lexicon._errors import LexiconError, short_repr

__all__ = [
    "LATIN_ALPHABET",
    "MAX_ALPHABET",
    "MAX_SPELLINGS",
    "MAX_WORD_TILES",
    "SPANISH_ALPHABET",
    "SPANISH_TILE_ALPHABET",
    "Tiles",
    "check_alphabet",
    "default_alphabet",
    "fold_word",
]

LATIN_ALPHABET: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""The 26 letters A..Z (English, German after folding, Dutch, ...)."""

SPANISH_ALPHABET: tuple[str, ...] = (*"ABCDEFGHIJKLMN", "Ñ", *"OPQRSTUVWXYZ")
"""Spanish in plain letters: A..Z plus Ñ (27 letters, no digraph tiles; for card games)."""

SPANISH_TILE_ALPHABET: tuple[str, ...] = (
    *"ABC",
    "CH",
    *"DEFGHIJL",
    "LL",
    *"MN",
    "Ñ",
    *"OPQR",
    "RR",
    *"STUVXYZ",
)
"""The Spanish crossword tile set (28 tiles): CH, LL, RR and Ñ are tiles, K and W are not."""

MAX_WORD_TILES = 255
"""Longest word a lexicon keeps, in tiles (far beyond real words; it bounds the depth of the
word graphs, so searches and loading stay safe on any input)."""

MAX_SPELLINGS = 64
"""Most spellings one plain word may have in a tile set with multi-letter tiles (real Spanish
words have at most a few; garbage like "LLLL...L" would have exponentially many)."""

MAX_ALPHABET = 63
"""Largest alphabet a lexicon may have (the GADDAG separator takes code ``len(alphabet)`` and
child masks are 64-bit)."""

_DE = str.maketrans({"Ä": "AE", "Ö": "OE", "Ü": "UE", "ẞ": "SS"})
_TILDE = "\u0303"


def default_alphabet(language: str) -> tuple[str, ...]:
    """The alphabet ``Lexicon.from_words`` uses when none is given: Spanish (``es``) gets
    :data:`SPANISH_ALPHABET`, every other language :data:`LATIN_ALPHABET`."""
    return SPANISH_ALPHABET if language == "es" else LATIN_ALPHABET


def _fold_once(word: str, language: str) -> str:
    s = unicodedata.normalize("NFC", word).upper()
    if language == "de":
        s = s.translate(_DE)
    elif language == "es":
        out: list[str] = []
        for ch in unicodedata.normalize("NFD", s):
            if unicodedata.combining(ch) and not (ch == _TILDE and out and out[-1] == "N"):
                continue  # accents (and the diaeresis of Ü) are dropped; Ñ keeps its tilde
            out.append(ch)
        s = "".join(out)
    return unicodedata.normalize("NFC", s)


def fold_word(word: str, language: str) -> str:
    """Normalise ``word`` for ``language``: NFC, upper case, then

    - ``de``: Ä→AE, Ö→OE, Ü→UE, ß→SS;
    - ``es``: accents and diaeresis stripped (Á→A, Ü→U), Ñ kept;
    - any other language: upper case only.

    Nothing else is changed (an accented letter outside these rules stays and makes the word
    unspellable in a plain alphabet rather than being silently mangled). Idempotent:
    ``fold_word(fold_word(w, l), l) == fold_word(w, l)``. Brackets of the tile notation pass
    through unchanged.
    """
    s = _fold_once(word, language)
    for _ in range(4):  # Unicode case mapping is idempotent in practice; make sure of it
        t = _fold_once(s, language)
        if t == s:
            return s
        s = t
    return s


def check_alphabet(alphabet: Sequence[str]) -> tuple[str, ...]:
    """Validate an alphabet: 1..63 distinct, non-empty, upper-case tiles of letters."""
    if isinstance(alphabet, str):
        alphabet = tuple(alphabet)
    tiles = tuple(alphabet)
    if not tiles:
        raise LexiconError("an alphabet needs at least one tile")
    if len(tiles) > MAX_ALPHABET:
        raise LexiconError(f"an alphabet may have at most {MAX_ALPHABET} tiles, got {len(tiles)}")
    for t in tiles:
        if not isinstance(t, str) or not t:
            raise LexiconError(f"alphabet tiles must be non-empty strings, got {short_repr(t)}")
        if any(ch in "[]?*" or ch.isspace() for ch in t):
            raise LexiconError(
                f"alphabet tile {short_repr(t)} uses a reserved character ([ ] ? * space)"
            )
        if unicodedata.normalize("NFC", t).upper() != t:
            raise LexiconError(
                f"alphabet tile {short_repr(t)} must be upper case and NFC-normalised"
            )
    if len(set(tiles)) != len(tiles):
        raise LexiconError(f"alphabet has duplicate tiles: {short_repr(tiles)}")
    return tiles


class Tiles:
    """Tile notation for one alphabet: parsing canonical strings, writing codes back, every
    tokenisation of a plain word and its one crossword spelling."""

    __slots__ = ("alphabet", "index", "language", "max_chars", "multi", "single_table", "texts")

    def __init__(self, alphabet: tuple[str, ...], language: str) -> None:
        self.alphabet = alphabet
        self.language = language
        self.index: dict[str, int] = {t: i for i, t in enumerate(alphabet)}
        self.texts: tuple[str, ...] = tuple(t if len(t) == 1 else f"[{t}]" for t in alphabet)
        #: longest text :meth:`parse` reads (twice the longest word, so that patterns with a
        #: ``*`` between all tiles fit); longer input raises LexiconError before any work
        self.max_chars = 2 * (MAX_WORD_TILES + 1) * (max(map(len, self.texts)) + 1)
        #: multi-letter tiles by their first letter: first -> ((tile, code), ...)
        multi: dict[str, list[tuple[str, int]]] = {}
        for i, t in enumerate(alphabet):
            if len(t) > 1:
                multi.setdefault(t[0], []).append((t, i))
        # longest first, so that the crossword spelling takes the longest tile that fits
        self.multi = {k: tuple(sorted(v, key=lambda tc: -len(tc[0]))) for k, v in multi.items()}
        self.single_table = {ord(t): i for i, t in enumerate(alphabet) if len(t) == 1}

    def parse(self, text: str, *, wild: bool = False, star: bool = False) -> list[int]:
        """Codes of a canonical string (folded first). ``?`` gives -1 if ``wild``, ``*`` gives
        -2 if ``star``; anything else that is not a tile, a non-string and text longer than
        :attr:`max_chars` raise LexiconError."""
        if not isinstance(text, str):
            raise LexiconError(f"expected a string, got {type(text).__name__}")
        text = text.strip()
        if len(text) > self.max_chars:
            raise LexiconError(f"text longer than {self.max_chars} characters: {short_repr(text)}")
        s = fold_word(text, self.language)
        out: list[int] = []
        i, n = 0, len(s)
        index = self.index
        while i < n:
            ch = s[i]
            if ch == "[":
                j = s.find("]", i)
                if j < 0:
                    raise LexiconError(f"unclosed '[' in {short_repr(text)}")
                tile = s[i + 1 : j]
                code = index.get(tile)
                if code is None:
                    raise LexiconError(
                        f"{short_repr(tile)} in {short_repr(text)} is not a tile of {self._name()}"
                    )
                i = j + 1
            else:
                if ch == "?" and wild:
                    code = -1
                elif ch == "*" and star:
                    code = -2
                else:
                    code = index.get(ch)
                    if code is None:
                        raise LexiconError(
                            f"{ch!r} in {short_repr(text)} is not a tile of {self._name()}"
                            + (" (write multi-letter tiles in brackets)" if ch == "]" else "")
                        )
                i += 1
            out.append(code)
        return out

    def _name(self) -> str:
        return "the alphabet " + " ".join(self.alphabet)

    def text(self, codes: Sequence[int]) -> str:
        """The canonical string of ``codes``."""
        texts = self.texts
        try:
            if min(codes, default=0) < 0:
                raise IndexError
            return "".join([texts[c] for c in codes])
        except (IndexError, TypeError):
            raise LexiconError(
                f"{short_repr(list(codes))} are not codes of {self._name()}"
            ) from None

    def tokenize(self, folded: str) -> list[tuple[int, ...]]:
        """Every way to spell an already folded plain word in tiles (empty if none). A word in
        bracket notation has exactly its one spelling. More than :data:`MAX_SPELLINGS`
        spellings raise LexiconError."""
        if "[" in folded:
            try:
                return [tuple(self.parse(folded))]
            except LexiconError:
                return []
        if not self.multi:
            table = self.single_table
            out = [table.get(ord(ch), -1) for ch in folded]
            return [] if -1 in out else [tuple(out)]
        if self.count_spellings(folded) > MAX_SPELLINGS:
            raise LexiconError(
                f"{short_repr(folded)} has more than {MAX_SPELLINGS} spellings in {self._name()}"
            )
        results: list[tuple[int, ...]] = []
        self._split(folded, 0, [], results)
        results.sort()
        return results

    def tile_spelling(self, folded: str) -> list[tuple[int, ...]]:
        """The one spelling of crossword play: reading left to right, a multi-letter tile
        wherever one fits (Spanish ``CHICO`` is CH, I, C, O; ``LLL`` is LL, L), as a list of
        at most one spelling (empty if the word cannot be spelled at all). Linear time."""
        if "[" in folded or not self.multi:
            return self.tokenize(folded)
        n = len(folded)
        ok = [False] * (n + 1)  # ok[i]: folded[i:] can be spelled
        ok[n] = True
        single = self.single_table
        multi = self.multi
        for i in range(n - 1, -1, -1):
            ch = folded[i]
            good = ok[i + 1] and ord(ch) in single
            for tile, _ in multi.get(ch, ()):
                if not good and folded.startswith(tile, i):
                    good = ok[i + len(tile)]
            ok[i] = good
        if not ok[0]:
            return []
        out: list[int] = []
        i = 0
        while i < n:
            ch = folded[i]
            for tile, code in multi.get(ch, ()):
                if folded.startswith(tile, i) and ok[i + len(tile)]:
                    out.append(code)
                    i += len(tile)
                    break
            else:
                out.append(single[ord(ch)])
                i += 1
        return [tuple(out)]

    def count_spellings(self, folded: str) -> int:
        """How many ways a plain folded word can be spelled in these tiles."""
        n = len(folded)
        ways = [0] * (n + 1)
        ways[n] = 1
        for i in range(n - 1, -1, -1):
            ch = folded[i]
            w = ways[i + 1] if ord(ch) in self.single_table else 0
            for tile, _ in self.multi.get(ch, ()):
                if folded.startswith(tile, i):
                    w += ways[i + len(tile)]
            ways[i] = w
        return ways[0]

    def _split(self, s: str, i: int, acc: list[int], results: list[tuple[int, ...]]) -> None:
        if i == len(s):
            results.append(tuple(acc))
            return
        ch = s[i]
        for tile, code in self.multi.get(ch, ()):
            if s.startswith(tile, i):
                acc.append(code)
                self._split(s, i + len(tile), acc, results)
                acc.pop()
        code = self.single_table.get(ord(ch), -1)
        if code >= 0:
            acc.append(code)
            self._split(s, i + 1, acc, results)
            acc.pop()
