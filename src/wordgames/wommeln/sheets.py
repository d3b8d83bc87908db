"""Score sheets: numbered letter grids, generated deterministically, or supplied by the user.

The printed sheets are the publisher's; ours are generated from fixed seeds with a small
self-contained PRNG (SplitMix64), so every Python version on every platform produces the same
letters. Letter weights: the German crossword tile set with each umlaut's weight folded into
its vowel and into E (sheets have no umlauts), or the English crossword tile set.

What the letters must hold (the rulebook: INTENSIV sheets are harder "because some letters
occur only a single time here"; so on a STANDARD sheet none does): every STANDARD sheet has
each letter A-Z at least twice, every INTENSIV sheet each letter at least once and at least two
letters exactly once (:func:`sheet_letters`). Letters drawn short are made up by redrawing
cells of plentiful letters with the same PRNG stream.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import attrs

from wordgames._core.errors import RulesError
from wordgames.wommeln.engine import LETTERS, MAX_COLS, MAX_ROWS, GridState

__all__ = [
    "INTENSIV_SHEETS",
    "LETTER_WEIGHTS",
    "STANDARD_SHEETS",
    "Sheet",
    "builtin_sheet",
    "generate_letters",
    "sheet_letters",
]

STANDARD_SHEETS = 14
"""How many numbered sheets each builtin set has (as in the published game)."""
INTENSIV_SHEETS = 6


def _weights(spec: str) -> dict[str, int]:
    return {item[0]: int(item[1:]) for item in spec.split()}


_DE_TILES = _weights(
    "E15 N9 S7 I6 R6 T6 U6 A5 D4 H4 M4 G3 L3 O3 B2 C2 F2 K2 W1 Z1 P1 J1 V1 X1 Q1 Y1"
)
# Ä, Ö, Ü (one tile each) fold into A+E, O+E, U+E
_DE = {**_DE_TILES, "A": 6, "O": 4, "U": 7, "E": 18}
_EN = _weights("A9 B2 C2 D4 E12 F2 G3 H2 I9 J1 K1 L4 M2 N6 O8 P2 Q1 R6 S4 T6 U4 V2 W2 X1 Y2 Z1")

LETTER_WEIGHTS: dict[str, tuple[tuple[str, int], ...]] = {
    "de": tuple((ch, _DE[ch]) for ch in LETTERS),
    "en": tuple((ch, _EN[ch]) for ch in LETTERS),
}
"""Letter weights of the generated sheets, by language."""

_MASK64 = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def generate_letters(seed: int, cells: int, weights: Sequence[tuple[str, int]]) -> str:
    """``cells`` letters drawn independently with ``weights`` from a SplitMix64 stream."""
    total = sum(w for _, w in weights)
    state = seed & _MASK64
    out = []
    for _ in range(cells):
        state, r = _splitmix64(state)
        r %= total
        for ch, w in weights:
            if r < w:
                out.append(ch)
                break
            r -= w
    return "".join(out)


def sheet_letters(
    seed: int, cells: int, weights: Sequence[tuple[str, int]], *, intensiv: bool = False
) -> str:
    """The letters of a builtin sheet: :func:`generate_letters`, then every letter A-Z made to
    occur at least twice (STANDARD) or at least once with at least two letters occurring
    exactly once (INTENSIV). A sheet too small for that (fewer than 104 cells STANDARD, 52
    INTENSIV) keeps its drawn letters."""
    letters = list(generate_letters(seed, cells, weights))
    minimum = 1 if intensiv else 2
    if cells < 2 * len(LETTERS) * minimum:
        return "".join(letters)
    counts = Counter(letters)
    state = (seed ^ 0x5EED5EED) & _MASK64
    for ch in LETTERS:
        while counts[ch] < minimum:
            state, r = _splitmix64(state)
            i = r % cells
            donor = letters[i]
            if counts[donor] > minimum + 2:  # take only from plentiful letters
                letters[i] = ch
                counts[donor] -= 1
                counts[ch] += 1
    if intensiv:
        heavy = max(weights, key=lambda cw: cw[1])[0]
        rare = sorted((w, ch) for ch, w in weights if ch != heavy)
        for _, ch in rare:
            if sum(1 for c in LETTERS if counts[c] == 1) >= 2:
                break
            extra = [i for i, c in enumerate(letters) if c == ch][1:]
            for i in extra:  # keep the first one, the rest become the most common letter
                letters[i] = heavy
            counts[heavy] += len(extra)
            counts[ch] = 1
    return "".join(letters)


@attrs.frozen
class Sheet:
    """A score sheet: its ``id`` (e.g. ``"de-S03"``; any non-empty text for user sheets) and a
    ``rows`` x ``cols`` grid of ``letters`` A-Z, row by row."""

    id: str
    rows: int
    cols: int
    letters: str

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip() or len(self.id) > 40:
            raise RulesError(f"sheet id must be a short non-empty string, got {self.id!r}")
        if not (2 <= self.rows <= MAX_ROWS and 2 <= self.cols <= MAX_COLS):
            raise RulesError(f"sheet size {self.rows}x{self.cols} is outside 2x2..99x26")
        if len(self.letters) != self.rows * self.cols or not set(self.letters) <= set(LETTERS):
            raise RulesError(f"sheet {self.id}: letters must be {self.rows}x{self.cols} of A-Z")

    @classmethod
    def from_rows(cls, rows: Sequence[str], id: str = "custom") -> Sheet:
        """A user-supplied sheet from its rows (``["STIER", "ABCDE", ...]``; spaces ignored).
        Raises :class:`RulesError` unless the rows are equally long and letters A-Z."""
        if isinstance(rows, str):
            rows = rows.split()
        clean = ["".join(r.split()).upper() for r in rows]
        if not clean or len({len(r) for r in clean}) != 1:
            raise RulesError("sheet rows must be non-empty and of equal length")
        return cls(id, len(clean), len(clean[0]), "".join(clean))

    @property
    def grid(self) -> GridState:
        """The unmarked grid of this sheet."""
        return GridState(self.rows, self.cols, self.letters)

    def row_strings(self) -> tuple[str, ...]:
        """The rows as strings."""
        c = self.cols
        return tuple(self.letters[i : i + c] for i in range(0, len(self.letters), c))

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form: the sheet's ``id`` and its rows of letters."""
        return {"id": self.id, "rows": list(self.row_strings())}


@lru_cache(maxsize=256)
def builtin_sheet(
    number: int, *, language: str = "de", intensiv: bool = False, size: int | None = None
) -> Sheet:
    """Builtin sheet ``number`` (1-14 STANDARD, 1-6 INTENSIV) of the ``"de"`` or ``"en"`` set.

    STANDARD sheets are 15x15 and INTENSIV ones 10x10 unless ``size`` says otherwise. The
    letters depend only on (language, kind, number, size): the seed is the CRC-32 of the id.
    STANDARD sheets hold every letter at least twice, INTENSIV sheets every letter at least
    once and some letters only once (see :func:`sheet_letters`).
    """
    if language not in LETTER_WEIGHTS:
        raise RulesError(f"no builtin sheets for language {language!r} (have: de, en)")
    count = INTENSIV_SHEETS if intensiv else STANDARD_SHEETS
    if not isinstance(number, int) or not 1 <= number <= count:
        raise RulesError(f"builtin sheet number must be 1..{count}, got {number!r}")
    if size is None:
        size = 10 if intensiv else 15
    kind = "I" if intensiv else "S"
    sheet_id = f"{language}-{kind}{number:02d}"
    if size != (10 if intensiv else 15):
        sheet_id += f"-{size}"
    seed = zlib.crc32(f"wommeln/{sheet_id}".encode())
    letters = sheet_letters(seed, size * size, LETTER_WEIGHTS[language], intensiv=intensiv)
    return Sheet(sheet_id, size, size, letters)
