"""The :class:`Lexicon`: an immutable, hashable word set over a tile alphabet."""

from __future__ import annotations

import functools
import json
import os
import weakref
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import resources
from itertools import compress, pairwise
from operator import not_
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

from wordgames._core.errors import InvalidStateError
from wordgames.lexicon import _format
from wordgames.lexicon._errors import LexiconError, short_repr
from wordgames.lexicon._format import (
    MAX_LEXICON_BYTES,
    MAX_TILES_PER_BYTE,
    MAX_TOTAL_TILES,
    MAX_WORDS,
)
from wordgames.lexicon._graph import (
    CODE_BASE,
    WordGraph,
    build_dawg,
    build_gaddag,
)
from wordgames.lexicon._member import NATIVE, Membership, word_table
from wordgames.lexicon._search import STAR, anagram_search, free_run, min_length_of, pattern_search
from wordgames.lexicon.alphabet import (
    LATIN_ALPHABET,
    MAX_WORD_TILES,
    SPANISH_ALPHABET,
    SPANISH_TILE_ALPHABET,
    Tiles,
    check_alphabet,
    default_alphabet,
    fold_word,
)

_T = TypeVar("_T")

__all__ = [
    "BUILTIN_LEXICONS",
    "MAX_LEXICON_BYTES",
    "MAX_TILES_PER_BYTE",
    "MAX_TOTAL_TILES",
    "MAX_WORDS",
    "Lexicon",
]

BUILTIN_LEXICONS: Mapping[str, tuple[str, tuple[str, ...], str]] = MappingProxyType(
    {
        "en": ("en", LATIN_ALPHABET, "ENABLE (enable1.txt), public domain"),
        "es": (
            "es",
            SPANISH_TILE_ALPHABET,
            "Spanish (Debian wspanish 1.0.30), public domain; crossword tiles CH LL RR Ñ",
        ),
        "es-all": (
            "es",
            SPANISH_TILE_ALPHABET,
            "Spanish (Debian wspanish 1.0.30), public domain; crossword tiles CH LL RR Ñ, "
            "every spelling (C+H as well as CH: house rules)",
        ),
        "es-plain": (
            "es",
            SPANISH_ALPHABET,
            "Spanish (Debian wspanish 1.0.30), public domain; plain letters A-Z and Ñ",
        ),
    }
)
"""The packaged lexicons: name -> (language, alphabet, description)."""

#: How many slow lookups (a walk of the DAWG) are made before the lexicon builds its hash
#: set and sorted word tuple: one in this many of its words (ski rental: building costs about
#: as much as that many walks).
_LOOKUPS_PER_BUILD = 8
_CHARS = tuple(chr(CODE_BASE + c) for c in range(64))

_REGISTRY: weakref.WeakValueDictionary[str, Lexicon] = weakref.WeakValueDictionary()

#: Reasons in :attr:`Lexicon.skipped`.
SKIP_WHITESPACE = "whitespace"
SKIP_DUPLICATE = "duplicate"
SKIP_NOT_IN_ALPHABET = "not_in_alphabet"
SKIP_TOO_LONG = "too_long"
SKIP_EMPTY = "empty"
SKIP_TOO_MANY_SPELLINGS = "too_many_spellings"


class Lexicon(Membership):
    """An immutable, hashable set of words spelled in the tiles of an ``alphabet``.

    Make one with :meth:`from_words`, :meth:`from_file`, :meth:`from_bytes` or
    :meth:`builtin`. Words are stored as tile codes (``index[tile]``) in a minimised DAWG
    (:attr:`dawg`); the GADDAG (:attr:`gaddag`) is decoded or built on first use, the hash set
    behind ``word in lex`` when lookups make it pay. Equality and hash go by
    :attr:`digest`, a SHA-256 of the language, the alphabet and the sorted canonical words.

    Canonical word strings are upper case, with multi-letter tiles in brackets: in the
    Spanish crossword lexicon ``"[CH]ICO"`` (tiles CH, I, C, O) and ``"CHICO"`` (C, H, I,
    C, O) are two entries.
    """

    __slots__ = (
        "__weakref__",
        "_builtin",
        "_count",
        "_dawg",
        "_digest",
        "_gaddag",
        "_gaddag_ext",
        "_index",
        "_language",
        "_lookups",
        "_name",
        "_pickled",
        "_skipped",
        "_tiles",
        "_words",
    )

    _builtin: str | None
    _count: int
    _dawg: WordGraph
    _digest: str
    _gaddag: WordGraph | None
    _gaddag_ext: tuple[str, bytes] | None
    _lookups: int
    _index: Mapping[str, int]
    _language: str
    _name: str
    _pickled: bytes | None
    _skipped: tuple[tuple[str, str], ...]
    _tiles: Tiles
    _words: tuple[str, ...] | None

    def __init__(
        self,
        *,
        name: str,
        language: str,
        alphabet: tuple[str, ...],
        dawg: WordGraph,
        count: int,
        digest: str,
        skipped: tuple[tuple[str, str], ...] = (),
        words: tuple[str, ...] | None = None,
        builtin: str | None = None,
        gaddag: WordGraph | None = None,
        gaddag_ext: tuple[str, bytes] | None = None,
    ) -> None:
        """Internal: use the ``from_*`` constructors."""
        tiles = Tiles(alphabet, language)
        init = object.__setattr__
        init(self, "_name", name)
        init(self, "_language", language)
        init(self, "_tiles", tiles)
        init(self, "_index", MappingProxyType(tiles.index))
        init(self, "_dawg", dawg)
        init(self, "_gaddag", gaddag)
        init(self, "_gaddag_ext", gaddag_ext)
        init(self, "_lookups", 0)
        init(self, "_wordset", None)
        init(self, "_table", b"")
        init(self, "_fingerprints", b"")
        init(self, "_slots", 0)
        init(self, "_shift", 0)
        init(self, "_long", b"")
        init(self, "_lfingerprints", b"")
        init(self, "_lslots", 0)
        init(self, "_count", count)
        init(self, "_digest", digest)
        init(self, "_skipped", skipped)
        init(self, "_words", words)
        init(self, "_builtin", builtin)
        init(self, "_pickled", None)
        _REGISTRY.setdefault(digest, self)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Lexicon is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Lexicon is immutable (cannot delete {name!r})")

    # -- construction --------------------------------------------------------------------

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        *,
        name: str = "custom",
        language: str = "en",
        alphabet: Sequence[str] | None = None,
        max_length: int | None = None,
        every_spelling: bool = False,
    ) -> Lexicon:
        """A lexicon of ``words`` (any iterable of strings).

        Each word is stripped of surrounding whitespace (blank entries are ignored) and
        folded with :func:`fold_word` for ``language``, then spelled in the ``alphabet``'s
        tiles (default alphabet: :func:`default_alphabet`). With multi-letter tiles a word
        has one entry, spelled with a multi-letter tile wherever one fits, reading left to
        right (the crossword rule: Spanish ``CHICO`` is ``[CH]ICO`` only); with
        ``every_spelling=True`` every way to spell it becomes an entry (``CHICO`` too).
        Words that cannot be used are skipped and listed in :attr:`skipped` with a reason:
        ``"whitespace"`` (inner whitespace), ``"duplicate"`` (same folded word as an earlier
        entry), ``"not_in_alphabet"``, ``"too_long"`` (more than ``max_length`` tiles, or
        more than :data:`MAX_WORD_TILES` = 255, in every spelling), ``"empty"`` (nothing left
        after folding, e.g. a lone accent), ``"too_many_spellings"`` (more than
        :data:`MAX_SPELLINGS` = 64 ways to spell it in multi-letter tiles; only with
        ``every_spelling``). Raises
        :class:`LexiconError` if no word is left, or for a bad alphabet, ``max_length`` or a
        non-string entry.
        """
        if isinstance(words, (str, bytes)):
            raise LexiconError("from_words() needs an iterable of words, not a single string")
        if not isinstance(language, str) or not language:
            raise LexiconError(f"language must be a non-empty string, got {short_repr(language)}")
        tiles_tuple = check_alphabet(default_alphabet(language) if alphabet is None else alphabet)
        if max_length is not None and (
            not isinstance(max_length, int) or isinstance(max_length, bool) or max_length < 1
        ):
            raise LexiconError(
                f"max_length must be a positive int or None, got {short_repr(max_length)}"
            )
        if not isinstance(every_spelling, bool):
            raise LexiconError(f"every_spelling must be a bool, got {short_repr(every_spelling)}")
        limit = MAX_WORD_TILES if max_length is None else min(max_length, MAX_WORD_TILES)
        tiles = Tiles(tiles_tuple, language)
        spell = tiles.tokenize if every_spelling else tiles.tile_spelling
        alpha_chars = frozenset(chr(k) for k in tiles.single_table)
        fast = not tiles.multi
        to_codes = {k: _CHARS[v] for k, v in tiles.single_table.items()}
        seen: set[str] = set()
        entries: set[str] = set()
        skipped: list[tuple[str, str]] = []
        for raw in words:
            if not isinstance(raw, str):
                raise LexiconError(
                    f"words must be strings, got {type(raw).__name__}: {short_repr(raw)}"
                )
            w = raw.strip()
            if not w:
                continue
            if w.isascii():
                if not w.isalpha() and any(ch.isspace() for ch in w):
                    skipped.append((raw, SKIP_WHITESPACE))
                    continue
                f = w.upper()  # ASCII folds to upper case in every language
            else:
                if any(ch.isspace() for ch in w):
                    skipped.append((raw, SKIP_WHITESPACE))
                    continue
                f = fold_word(w, language)
                if not f:  # only combining marks, which the language's folding drops
                    skipped.append((raw, SKIP_EMPTY))
                    continue
            if f in seen:
                skipped.append((raw, SKIP_DUPLICATE))
                continue
            seen.add(f)
            if fast and "[" not in f:
                if not alpha_chars.issuperset(f):
                    skipped.append((raw, SKIP_NOT_IN_ALPHABET))
                    continue
                if len(f) > limit:
                    skipped.append((raw, SKIP_TOO_LONG))
                    continue
                entries.add(f.translate(to_codes))
                continue
            try:
                spellings = spell(f)
            except LexiconError:
                skipped.append((raw, SKIP_TOO_MANY_SPELLINGS))
                continue
            if not spellings:
                skipped.append((raw, SKIP_NOT_IN_ALPHABET))
                continue
            spellings = [t for t in spellings if len(t) <= limit]
            if not spellings:
                skipped.append((raw, SKIP_TOO_LONG))
                continue
            for t in spellings:
                entries.add("".join([_CHARS[c] for c in t]))
        if not entries:
            detail = f" ({len(skipped)} skipped, e.g. {short_repr(skipped[:1])})" if skipped else ""
            raise LexiconError(f"no usable words for lexicon {short_repr(name)}{detail}")
        if len(entries) > MAX_WORDS:
            raise LexiconError(f"a lexicon may have at most {MAX_WORDS} words")
        ordered = sorted(entries)
        del entries, seen
        if sum(map(len, ordered)) > MAX_TOTAL_TILES:
            raise LexiconError(f"a lexicon's words may have at most {MAX_TOTAL_TILES} tiles")
        dawg = build_dawg(ordered)
        canon = _canonical(ordered, tiles)
        return cls(
            name=name,
            language=language,
            alphabet=tiles_tuple,
            dawg=dawg,
            count=len(ordered),
            digest=_format.words_digest(language, tiles_tuple, canon),
            skipped=tuple(skipped),
        )

    @classmethod
    def from_file(
        cls,
        source: str | os.PathLike[str] | bytes,
        *,
        name: str | None = None,
        language: str = "en",
        alphabet: Sequence[str] | None = None,
        max_length: int | None = None,
        every_spelling: bool = False,
    ) -> Lexicon:
        """A lexicon from a word list: a path, or the file's bytes. One word a line, UTF-8
        (a BOM is allowed); otherwise as :meth:`from_words`. ``name`` defaults to the file's
        stem (``"custom"`` for bytes). Undecodable bytes raise :class:`LexiconError`."""
        if isinstance(source, (bytes, bytearray, memoryview)):
            data = bytes(source)
            default_name = "custom"
        else:
            path = os.fspath(source)
            with open(path, "rb") as fh:
                data = fh.read()
            default_name = os.path.splitext(os.path.basename(path))[0] or "custom"
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise LexiconError(f"word list is not valid UTF-8: {exc}") from None
        return cls.from_words(
            text.splitlines(),
            name=default_name if name is None else name,
            language=language,
            alphabet=alphabet,
            max_length=max_length,
            every_spelling=every_spelling,
        )

    @staticmethod
    def builtin(name: str) -> Lexicon:
        """A packaged lexicon, loaded once per process: ``"en"`` (ENABLE, A..Z), ``"es"``
        (Spanish, crossword tiles with CH/LL/RR/Ñ, one spelling a word: digraphs as tiles;
        words with K or W skipped), ``"es-all"`` (the same words in every spelling, C+H as
        well as CH: Wocable's ``split_digraphs`` house rule) or ``"es-plain"`` (Spanish over
        A..Z and Ñ). Names, digests and sources: docs/lexicon.md."""
        return _load_builtin(name)

    @staticmethod
    def by_digest(digest: str) -> Lexicon | None:
        """The lexicon with this digest: any lexicon alive in this process, or a packaged one
        (loaded if needed); ``None`` if unknown."""
        for name, d in _builtin_digests().items():
            if d == digest:
                return _load_builtin(name)
        return _REGISTRY.get(digest)

    # -- serialisation -------------------------------------------------------------------

    def to_bytes(self, *, gaddag: bool = False) -> bytes:
        """A compact, checksummed binary form: the metadata and the DAWG (zlib) and, with
        ``gaddag``, the GADDAG's part before the separator (LZMA; zlib where Python lacks
        :mod:`lzma`), so that loading the bytes skips the GADDAG build (about 1 MB more for
        ENABLE-sized lexicons). The output depends only on the words and these arguments."""
        meta: dict[str, object] = {
            "name": self._name,
            "language": self._language,
            "alphabet": list(self.alphabet),
            "digest": self._digest,
            "count": self._count,
            "skipped": [list(s) for s in self._skipped],
        }
        section: tuple[str, bytes] | None = None
        if gaddag:
            if self._gaddag_ext is not None and self._gaddag is None:
                section = self._gaddag_ext
            else:
                section = _format.gaddag_section(self.gaddag, self._dawg.num_nodes)
        return _format.write(meta, self._dawg, section, self._count)

    @classmethod
    def from_bytes(cls, data: bytes, *, verify: bool = True) -> Lexicon:
        """Read :meth:`to_bytes` output. Corrupted or forged data raises
        :class:`~wordgames.InvalidStateError` and nothing else: the size limits
        (:data:`MAX_LEXICON_BYTES`, :data:`MAX_WORDS`, :data:`MAX_TOTAL_TILES`,
        :data:`MAX_TILES_PER_BYTE`), the checksum, the structure of the graphs and the word
        count are always checked, and with ``verify`` (the default) the digest is recomputed
        from the words too (about 0.2 s for ENABLE; ``verify=False`` trusts it). An included
        GADDAG is checked for the structure the move generators rely on, not rebuilt. Time is
        linear in the size of ``data``."""
        return _from_bytes(data, None, verify=verify)

    # -- properties ----------------------------------------------------------------------

    @property
    def name(self) -> str:
        """A label (``"en"``, ``"es"``, a file stem, ...); not part of the digest."""
        return self._name

    @property
    def language(self) -> str:
        """Language code used for folding (``"en"``, ``"es"``, ``"de"``, ``"nl"``, ...)."""
        return self._language

    @property
    def alphabet(self) -> tuple[str, ...]:
        """The tiles in code order: ``alphabet[code]``."""
        return self._tiles.alphabet

    @property
    def index(self) -> Mapping[str, int]:
        """Tile -> code (read-only)."""
        return self._index

    @property
    def SEP(self) -> int:
        """The GADDAG separator code, ``len(alphabet)``."""
        return len(self._tiles.alphabet)

    @property
    def digest(self) -> str:
        """Hex SHA-256 of the language, alphabet and sorted canonical words."""
        return self._digest

    @property
    def skipped(self) -> tuple[tuple[str, str], ...]:
        """``(input word, reason)`` for each input entry that was skipped."""
        return self._skipped

    @property
    def dawg(self) -> WordGraph:
        """The minimised DAWG of the words (as code sequences)."""
        return self._dawg

    @property
    def gaddag(self) -> WordGraph:
        """The GADDAG (separator :attr:`SEP`). The packaged ``"en"`` and ``"es"`` lexicons and
        bytes saved with it (:meth:`to_bytes`) carry it (decoded on first access, about
        0.1 s for ENABLE); otherwise it is built on first access (about 3 s for ENABLE).

        For a word a1..an and 1 <= i <= n, the path a_i, ..., a_1, SEP, a_{i+1}, ..., a_n
        ends at a terminal node; nodes before the separator are never terminal. The DAWG's
        nodes are the first nodes of the GADDAG (same ids): after SEP you walk the DAWG.
        """
        g = self._gaddag
        if g is None:
            sep = len(self._tiles.alphabet)
            ext = self._gaddag_ext
            if ext is not None and _format.can_read_gaddag(ext):
                # packaged data: trusted, checked by its SHA-256
                g = _format.read_gaddag(self._dawg, ext, sep, check=False)
            else:  # none shipped, or a Python without lzma: build it
                g = build_gaddag(self._dawg, sep)
            object.__setattr__(self, "_gaddag", g)
            object.__setattr__(self, "_gaddag_ext", None)
        return g

    # -- words -------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[str]:
        return iter(self._word_tuple())

    def _word_tuple(self) -> tuple[str, ...]:
        words = self._words
        if words is None:
            words = _sorted_words(self._dawg, self._tiles)
            object.__setattr__(self, "_words", words)
        return words

    if not NATIVE:  # the pure build: no word table, so the hash set straight away
        __contains__ = Membership._set_contains

    def _contains_slow(self, word: object) -> bool:
        """Membership by a walk of the DAWG (any input); after enough calls, builds the hash
        set that :meth:`__contains__` then uses."""
        self._count_lookup()
        if isinstance(word, str):
            words = self._wordset
            if words is not None:
                try:
                    return self._tiles.text(self._tiles.parse(word)) in words
                except LexiconError:
                    return False
            try:
                codes: Sequence[int] = self._tiles.parse(word)
            except LexiconError:
                return False
        elif isinstance(word, tuple):
            codes = word
            if not all(type(c) is int for c in codes):
                return False
        else:
            return False
        if not codes:
            return False
        v = self._dawg.walk(codes)
        return v >= 0 and bool(self._dawg.terminal[v])

    def _count_lookup(self) -> None:
        n = self._lookups + 1
        object.__setattr__(self, "_lookups", n)
        if n * _LOOKUPS_PER_BUILD >= self._count and self._wordset is None:
            self._word_set()

    def _word_set(self) -> frozenset[str]:
        words = self._wordset
        if words is None:
            words = frozenset(self._word_tuple())
            if NATIVE:
                (table, fingerprints, slots, shift), long_table = word_table(words)
                object.__setattr__(self, "_shift", shift)
                object.__setattr__(self, "_long", long_table[0])
                object.__setattr__(self, "_lfingerprints", long_table[1])
                object.__setattr__(self, "_lslots", long_table[2])
                object.__setattr__(self, "_table", table)
                object.__setattr__(self, "_fingerprints", fingerprints)
                object.__setattr__(self, "_slots", slots)  # last: the table is complete
            object.__setattr__(self, "_wordset", words)
        return words

    def contains_many(self, words: Iterable[object]) -> list[bool]:
        """``[w in self for w in words]``, faster: builds the lexicon's hash set at once (about
        0.12 s for ENABLE, kept), folds the batch as one joined string and looks canonical
        strings up in bulk."""
        items = words if isinstance(words, (list, tuple)) else list(words)
        ws = self._word_set()
        contains = self.__contains__
        try:
            # one string for the whole batch: a single isascii() and upper() instead of one
            # per word
            text = "\n".join(items)  # type: ignore[arg-type]
        except TypeError:  # an item that is not a string
            return list(map(contains, items))
        if not text.isascii() or text.count("\n") != len(items) - 1:  # a newline in a word
            return list(map(contains, items))
        keys = text.upper().split("\n")  # ASCII folds to upper case in every language
        out = list(map(ws.__contains__, keys))
        misses = list(compress(range(len(out)), map(not_, out)))
        # a miss is final unless the key has brackets or whitespace
        for i in compress(misses, map(not_, map(str.isalpha, map(keys.__getitem__, misses)))):
            out[i] = contains(items[i])
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lexicon):
            return NotImplemented
        return self._digest == other._digest

    def __hash__(self) -> int:
        return hash(self._digest)

    def __repr__(self) -> str:
        return (
            f"<Lexicon {short_repr(self._name)} ({self._language}): {self._count} words, "
            f"{len(self.alphabet)} tiles, digest {self._digest[:12]}>"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        if self._builtin is not None:
            return (_load_builtin, (self._builtin,))
        data = self._pickled
        if data is None:  # serialised once: states holding the lexicon pickle it often
            data = self.to_bytes()
            object.__setattr__(self, "_pickled", data)
        return (_from_bytes, (data, None))  # trusted: our own bytes

    def has_prefix(self, prefix: str | tuple[int, ...]) -> bool:
        """True iff some word starts with ``prefix`` (canonical string or codes); the empty
        prefix counts."""
        words = self._words
        if words is not None and type(prefix) is str and prefix.isascii():
            p = prefix.upper()
            if p.isalpha():  # no brackets, no whitespace
                i = bisect_left(words, p)
                return i < len(words) and words[i].startswith(p)
        self._count_lookup()
        if isinstance(prefix, str):
            try:
                codes: Sequence[int] = self._tiles.parse(prefix)
            except LexiconError:
                return False
        elif isinstance(prefix, tuple) and all(type(c) is int for c in prefix):
            codes = prefix
        else:
            return False
        return self._dawg.walk(codes) >= 0

    def encode(self, word: str) -> tuple[int, ...]:
        """Codes of a canonical string (folded first; LexiconError if it is not spelled in
        this alphabet). Membership is not checked."""
        return tuple(self._tiles.parse(word))

    def decode(self, codes: Sequence[int]) -> str:
        """The canonical string of ``codes``."""
        return self._tiles.text(codes)

    def tokenizations(self, plain: str) -> tuple[tuple[int, ...], ...]:
        """Every way to spell ``plain`` (folded first) in this alphabet's tiles, sorted; ``()``
        if there is none. Spanish crossword tiles: ``"CHICO"`` gives (CH,I,C,O) and
        (C,H,I,C,O). Membership is not checked. More than 64 spellings (garbage such as a
        long run of L) raise LexiconError."""
        if not isinstance(plain, str):
            raise LexiconError(f"expected a string, got {type(plain).__name__}")
        plain = plain.strip()
        if len(plain) > self._tiles.max_chars:
            raise LexiconError(f"text longer than {self._tiles.max_chars} characters")
        return tuple(self._tiles.tokenize(fold_word(plain, self._language)))

    def fold(self, word: str) -> str:
        """:func:`fold_word` for this lexicon's language (LexiconError if ``word`` is not a
        string)."""
        if not isinstance(word, str):
            raise LexiconError(f"expected a string, got {type(word).__name__}")
        return fold_word(word, self._language)

    # -- queries -------------------------------------------------------------------------

    def _rack(self, rack: str) -> tuple[list[int], int]:
        codes = self._tiles.parse(rack, wild=True)
        counts = [0] * len(self.alphabet)
        blanks = 0
        for c in codes:
            if c < 0:
                blanks += 1
            else:
                counts[c] += 1
        return counts, blanks

    def _texts(self, found: list[str]) -> list[str]:
        """Search results (in code order) in sorted order."""
        if not _in_string_order(self._tiles.texts):
            found.sort()
        return found

    def anagrams(self, rack: str, *, min_length: int = 2) -> list[str]:
        """Words that use every tile of ``rack`` (canonical notation, ``?`` = any one tile),
        sorted; none if the rack is shorter than ``min_length``."""
        min_length = min_length_of(min_length)
        counts, blanks = self._rack(rack)
        found = anagram_search(
            self._dawg,
            counts,
            blanks,
            min_length=min_length,
            exact=True,
            texts=self._tiles.texts,
        )
        return self._texts(found)

    def subanagrams(self, rack: str, *, min_length: int = 2) -> list[str]:
        """Words of at least ``min_length`` tiles spelled with some of the tiles of ``rack``
        (``?`` = any one tile), sorted."""
        min_length = min_length_of(min_length)
        counts, blanks = self._rack(rack)
        found = anagram_search(
            self._dawg,
            counts,
            blanks,
            min_length=max(min_length, 1),
            exact=False,
            texts=self._tiles.texts,
        )
        return self._texts(found)

    def match(self, pattern: str) -> list[str]:
        """Words matching ``pattern``, sorted: ``?`` is one tile, ``*`` any run of tiles
        (possibly empty), anything else a literal tile (brackets for multi-letter tiles).
        Example: ``match("C?T*")``."""
        elems = self._tiles.parse(pattern, wild=True, star=True)
        elems = [x for i, x in enumerate(elems) if not (x == STAR and i and elems[i - 1] == STAR)]
        return self._texts(pattern_search(self._dawg, elems, self._tiles.texts))

    def containing(
        self,
        fixed: str,
        *,
        before: int | tuple[int, int | None] | None = None,
        after: int | tuple[int, int | None] | None = None,
    ) -> list[str]:
        """Words that contain the tiles ``fixed`` (canonical notation, ``?`` = any one tile)
        as a contiguous run, with ``before`` free tiles in front and ``after`` behind: an int
        (exactly), a ``(min, max)`` pair (``max`` None = unbounded) or None (any number).
        Sorted. Example: ``containing("QU", before=0, after=(1, 3))``."""
        elems: list[int] = []
        elems += free_run(before, "before")
        elems += self._tiles.parse(fixed, wild=True)
        elems += free_run(after, "after")
        return self._texts(pattern_search(self._dawg, elems, self._tiles.texts))


def _canonical(code_strings: Sequence[str], tiles: Tiles) -> list[str]:
    """Canonical strings of code strings, sorted."""
    if not tiles.multi and all(len(t) == 1 for t in tiles.alphabet):
        table = {CODE_BASE + i: t for i, t in enumerate(tiles.alphabet)}
        out = [s.translate(table) for s in code_strings]
    else:
        texts = tiles.texts
        out = ["".join([texts[ord(ch) - CODE_BASE] for ch in s]) for s in code_strings]
    out.sort()
    return out


def _sorted_words(dawg: WordGraph, tiles: Tiles) -> tuple[str, ...]:
    """The canonical words of a DAWG, sorted, written directly (no code strings)."""
    words = dawg.code_strings(tiles.texts)
    if not _in_string_order(tiles.texts):
        words.sort()  # code order is not string order (Ñ, bracketed tiles)
    return tuple(words)


@functools.lru_cache(maxsize=64)
def _in_string_order(texts: tuple[str, ...]) -> bool:
    """True iff words listed in code order are in string order: single-letter tiles whose
    letters ascend with their codes (A..Z; not Spanish, where Ñ follows N)."""
    return all(len(t) == 1 for t in texts) and all(a < b for a, b in pairwise(texts))


def _from_bytes(
    data: bytes,
    builtin: str | None,
    *,
    reuse: bool = True,
    verify: bool = False,
    trusted: bool = False,
) -> Lexicon:
    """Parse lexicon bytes (:func:`_format.read`). With ``reuse``, a lexicon of the same
    digest that is already alive is returned instead of a second copy. ``trusted`` (packaged
    data, checked against its index) skips the structural checks and keeps the GADDAG
    compressed until it is used."""
    name, language, alphabet, digest, count, skipped, dawg, gaddag_ext = _format.read(
        data, trusted=trusted
    )
    tiles_obj = Tiles(alphabet, language)
    words_tuple: tuple[str, ...] | None = None
    if verify:
        words_tuple = _sorted_words(dawg, tiles_obj)
        if _format.words_digest(language, alphabet, words_tuple) != digest:
            raise InvalidStateError("lexicon digest does not match its words")
    gaddag: WordGraph | None = None
    if gaddag_ext is not None and not trusted:
        gaddag = _format.read_gaddag(dawg, gaddag_ext, len(alphabet), check=True)
        gaddag_ext = None
    existing = _REGISTRY.get(digest)
    if existing is not None and builtin is None and reuse:
        return existing
    return Lexicon(
        name=name,
        language=language,
        alphabet=alphabet,
        dawg=dawg,
        count=count,
        digest=digest,
        skipped=skipped,
        builtin=builtin,
        words=words_tuple,
        gaddag=gaddag,
        gaddag_ext=gaddag_ext,
    )


def _data_file(filename: str) -> bytes:
    return (resources.files("wordgames.lexicon") / "data" / filename).read_bytes()


@functools.lru_cache(maxsize=1)
def _builtin_digests() -> Mapping[str, str]:
    index = json.loads(_data_file("index.json").decode())
    return MappingProxyType({k: v["digest"] for k, v in index["lexicons"].items()})


@functools.cache
def _load_builtin(name: str) -> Lexicon:
    if name not in BUILTIN_LEXICONS:
        raise LexiconError(
            f"no packaged lexicon {short_repr(name)}; packaged: {sorted(BUILTIN_LEXICONS)}"
        )
    lex = _from_bytes(_data_file(f"{name}.lex"), name, trusted=True)
    if lex.digest != _builtin_digests()[name]:
        raise InvalidStateError(f"packaged lexicon {name!r} does not match its index")
    return lex
