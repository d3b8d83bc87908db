"""The binary format of a lexicon (:meth:`Lexicon.to_bytes <wordgames.lexicon.Lexicon.to_bytes>`,
:meth:`~wordgames.lexicon.Lexicon.from_bytes`), and the size limits it shares with the
constructors.

The bytes are, in order:

- the magic ``WGLEX\\0`` (6 bytes);
- the SHA-256 of the rest (the payload; 32 bytes);
- the payload: a zlib stream of ``len(head)`` (4 bytes, little-endian), the metadata ``head``
  (compact UTF-8 JSON: ``format`` (the version, :data:`_FORMAT`), ``name``, ``language``,
  ``alphabet``, ``digest``, ``count``, ``skipped`` and, with a GADDAG section,
  ``gaddag`` = ``[codec, size]``) and the DAWG's arrays (:meth:`WordGraph.to_bytes
  <wordgames.lexicon.WordGraph.to_bytes>`); then the GADDAG section, if any (its nodes before
  the separator, ``codec`` ``"lzma"`` or ``"zlib"``, ``size`` bytes); then zero bytes, the
  padding of the rare word lists with more tiles per byte than :data:`MAX_TILES_PER_BYTE`.

:func:`write` makes the bytes, :func:`read` checks and parses them (every failure an
:class:`~wordgames.InvalidStateError`, in the order docs/lexicon.md lists, in time linear in
their size), :func:`gaddag_section` and :func:`read_gaddag` pack and inflate the GADDAG
section, :func:`words_digest` computes the digest the metadata stores. Building the
:class:`~wordgames.lexicon.Lexicon` from what :func:`read` returns (checking the digest
against the words, the registry of live lexicons) is ``_lexicon``'s.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from wordgames._core.errors import InvalidStateError
from wordgames.lexicon._errors import LexiconError
from wordgames.lexicon._graph import WordGraph, decode_extension, encode_extension
from wordgames.lexicon.alphabet import MAX_WORD_TILES, check_alphabet

_T = TypeVar("_T")

__all__ = ["MAX_LEXICON_BYTES", "MAX_TILES_PER_BYTE", "MAX_TOTAL_TILES", "MAX_WORDS"]

_MAGIC = b"WGLEX\x00"
#: the format version (metadata field ``format``); bytes of any other version are refused
_FORMAT = 1

MAX_WORDS = 1 << 22
"""Most words a lexicon may have (24 times ENABLE); checked by every constructor."""
MAX_TOTAL_TILES = 1 << 25
"""Most tiles all words of a lexicon may have together (ENABLE: 1.6 million)."""
MAX_LEXICON_BYTES = 1 << 26
"""Largest input :meth:`Lexicon.from_bytes` reads (and the most its compressed part may
inflate to), in bytes."""
MAX_TILES_PER_BYTE = 64
""":meth:`Lexicon.from_bytes` refuses bytes whose words have more than 2**21 tiles plus this
many tiles per byte of input, so that checking forged bytes costs time linear in their size
(ENABLE has 3.4 tiles per byte); :meth:`Lexicon.to_bytes` pads the output of the rare
extremely regular word lists that need it."""
_FREE_TILES = 1 << 21
_MAX_INFLATED = MAX_LEXICON_BYTES

try:
    import lzma as _lzma_module
except ImportError:  # pragma: no cover - Python built without lzma
    _lzma_module = None  # type: ignore[assignment]
_LZMA = _lzma_module


#: What :func:`read` found in lexicon bytes, checked against the format and the limits (the
#: digest not yet against the words): ``(name, language, alphabet, digest, word count,
#: skipped, DAWG, GADDAG section)``, the section still compressed, ``(codec, data)``, or
#: ``None`` (a plain tuple: loading the packaged lexicon is a measured hot path).
Payload = tuple[
    str,
    str,
    tuple[str, ...],
    str,
    int,
    tuple[tuple[str, str], ...],
    WordGraph,
    tuple[str, bytes] | None,
]


def words_digest(language: str, alphabet: Sequence[str], words: Iterable[str]) -> str:
    """The digest of a lexicon (:attr:`Lexicon.digest <wordgames.lexicon.Lexicon.digest>`,
    stored in the metadata): the hex SHA-256 of a versioned prefix, the language, the
    alphabet and the canonical ``words`` in sorted order. Game states store it, so the
    recipe is as stable as the bytes."""
    h = hashlib.sha256()
    h.update(b"wordgames-lexicon-1\n")
    h.update(language.encode())
    h.update(b"\n")
    h.update("\x1f".join(alphabet).encode())
    h.update(b"\n")
    for w in words:
        h.update(w.encode())
        h.update(b"\n")
    return h.hexdigest()


# -- writing -------------------------------------------------------------------------------


def gaddag_section(gaddag: WordGraph, dawg_nodes: int) -> tuple[str, bytes]:
    """The GADDAG section of ``gaddag`` (whose first ``dawg_nodes`` nodes are the DAWG's):
    ``(codec, data)``, LZMA where Python has :mod:`lzma`, else zlib."""
    return _compress(encode_extension(gaddag, dawg_nodes), _LZMA is not None)


def write(
    meta: dict[str, object], dawg: WordGraph, gaddag: tuple[str, bytes] | None, count: int
) -> bytes:
    """The bytes of a lexicon of ``count`` words: ``meta`` (every metadata field but
    ``format`` and ``gaddag``), the DAWG and the GADDAG section ``(codec, data)`` if any.
    The output depends only on the arguments."""
    meta = {"format": _FORMAT, **meta}
    ext = b""
    if gaddag is not None:
        codec, ext = gaddag
        meta["gaddag"] = [codec, len(ext)]
    head = json.dumps(meta, ensure_ascii=False, separators=(",", ":")).encode()
    body = len(head).to_bytes(4, "little") + head + dawg.to_bytes()
    payload = zlib.compress(body, 9) + ext
    tiles = 0
    if count * MAX_WORD_TILES > _FREE_TILES:
        _, tiles, _ = dawg.count_words(MAX_TOTAL_TILES)
    size = len(_MAGIC) + 32 + len(payload)
    need = -(-(tiles - _FREE_TILES) // MAX_TILES_PER_BYTE)
    if need > size:  # an extremely regular word list: pad (see MAX_TILES_PER_BYTE)
        payload += bytes(need - size)
    return _MAGIC + hashlib.sha256(payload).digest() + payload


# -- reading -------------------------------------------------------------------------------


def read(data: bytes, *, trusted: bool = False) -> Payload:
    """Check and parse lexicon bytes (:class:`~wordgames.InvalidStateError` on anything
    wrong): the size, the magic, the checksum, the metadata, the DAWG's structure and, unless
    ``trusted`` (packaged data, checked against its index), its words against the count and
    the tile limits. The GADDAG section is returned as it is (:func:`read_gaddag`)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidStateError(f"lexicon data must be bytes, got {type(data).__name__}")
    if len(data) > MAX_LEXICON_BYTES:
        raise InvalidStateError(f"lexicon data is larger than {MAX_LEXICON_BYTES} bytes")
    data = bytes(data)
    n = len(_MAGIC)
    if len(data) < n + 32 or data[:n] != _MAGIC:
        raise InvalidStateError("not wordgames lexicon data (bad magic)")
    payload = data[n + 32 :]
    if hashlib.sha256(payload).digest() != data[n : n + 32]:
        raise InvalidStateError("lexicon data is corrupted (checksum mismatch)")
    try:
        inflater = zlib.decompressobj()
        body = inflater.decompress(payload, _MAX_INFLATED)
        if inflater.unconsumed_tail or not inflater.eof:
            raise InvalidStateError("lexicon data is truncated or too large")
    except zlib.error as exc:
        raise InvalidStateError(f"lexicon data is corrupted: {_short(str(exc))}") from None
    rest = inflater.unused_data
    if len(body) < 4:
        raise InvalidStateError("lexicon data is truncated")
    hlen = int.from_bytes(body[:4], "little")
    if 4 + hlen > len(body):
        raise InvalidStateError("lexicon data is truncated")
    try:
        meta = json.loads(body[4 : 4 + hlen].decode())
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise InvalidStateError(f"lexicon metadata is not valid JSON: {_short(str(exc))}") from None
    if not isinstance(meta, dict):
        raise InvalidStateError("lexicon metadata must be a JSON object")
    if _field(meta, "format", int) != _FORMAT:
        raise InvalidStateError("unsupported lexicon format")
    name = _field(meta, "name", str)
    language = _field(meta, "language", str)
    digest = _field(meta, "digest", str)
    count = _field(meta, "count", int)
    if not 1 <= count <= MAX_WORDS:
        raise InvalidStateError(f"lexicon word count must be 1..{MAX_WORDS}")
    raw_alpha = _field(meta, "alphabet", list)
    if not all(isinstance(t, str) for t in raw_alpha):
        raise InvalidStateError("lexicon alphabet must be a list of strings")
    try:
        alphabet = check_alphabet(raw_alpha)
    except LexiconError as exc:
        raise InvalidStateError(f"bad lexicon alphabet: {_short(str(exc))}") from None
    skipped_raw = _field(meta, "skipped", list)
    skipped: list[tuple[str, str]] = []
    for item in skipped_raw:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)
        ):
            raise InvalidStateError("lexicon 'skipped' entries must be [word, reason] pairs")
        skipped.append((item[0], item[1]))
    if len(digest) != 64 or any(ch not in "0123456789abcdef" for ch in digest):
        raise InvalidStateError(f"bad lexicon digest {_short(digest)!r}")
    gaddag_ext: tuple[str, bytes] | None = None
    if "gaddag" in meta:
        spec = meta["gaddag"]
        if not (
            isinstance(spec, list)
            and len(spec) == 2
            and spec[0] in ("zlib", "lzma")
            and type(spec[1]) is int
            and 0 < spec[1] <= len(rest)
        ):
            raise InvalidStateError("lexicon 'gaddag' entry must be [codec, size]")
        gaddag_ext = (spec[0], rest[: spec[1]])
        rest = rest[spec[1] :]
    if rest.count(0) != len(rest):
        raise InvalidStateError("lexicon data has trailing data")
    if trusted:
        dawg = WordGraph.from_bytes(memoryview(body)[4 + hlen :], len(alphabet), check=False)
    else:
        dawg = WordGraph.from_bytes(memoryview(body)[4 + hlen :], len(alphabet))
        words, tiles, depth = dawg.count_words(MAX_TOTAL_TILES)
        if words != count:
            raise InvalidStateError("lexicon word count disagrees with its word graph")
        if depth > MAX_WORD_TILES:
            raise InvalidStateError(f"lexicon has a word longer than {MAX_WORD_TILES} tiles")
        if tiles > MAX_TOTAL_TILES:
            raise InvalidStateError(f"lexicon words have more than {MAX_TOTAL_TILES} tiles")
        if tiles > _FREE_TILES + MAX_TILES_PER_BYTE * len(data):
            raise InvalidStateError("lexicon data spells too many tiles for its size")
    return name, language, alphabet, digest, count, tuple(skipped), dawg, gaddag_ext


def can_read_gaddag(section: tuple[str, bytes]) -> bool:
    """Whether this Python can inflate the GADDAG section (LZMA needs :mod:`lzma`)."""
    return section[0] != "lzma" or _LZMA is not None


def read_gaddag(dawg: WordGraph, section: tuple[str, bytes], sep: int, *, check: bool) -> WordGraph:
    """The GADDAG of a GADDAG section over ``dawg`` (separator ``sep``); with ``check``,
    its structure is checked (:class:`~wordgames.InvalidStateError`), else trusted."""
    return decode_extension(dawg, _decompress(*section), sep, check=check)


def _compress(raw: bytes, use_lzma: bool) -> tuple[str, bytes]:
    if use_lzma and _LZMA is not None:
        # a dictionary no larger than the data: decoding then needs no more memory than that
        dict_size = max(1 << 16, min(1 << 26, 1 << max(len(raw) - 1, 1).bit_length()))
        filters = [{"id": _LZMA.FILTER_LZMA2, "preset": 9, "dict_size": dict_size}]
        return "lzma", _LZMA.compress(raw, format=_LZMA.FORMAT_XZ, filters=filters)
    return "zlib", zlib.compress(raw, 9)


def _decompress(codec: str, data: bytes) -> bytes:
    """Inflate a GADDAG section (InvalidStateError if it is corrupt or too large)."""
    try:
        if codec == "zlib":
            inflater = zlib.decompressobj()
            out = inflater.decompress(data, _MAX_INFLATED)
            if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
                raise InvalidStateError("GADDAG data is truncated or too large")
            return out
        if codec == "lzma":
            if _LZMA is None:  # pragma: no cover - Python built without lzma
                raise InvalidStateError("this Python cannot read LZMA (no lzma module)")
            lz = _LZMA.LZMADecompressor(format=_LZMA.FORMAT_XZ)
            try:
                out = lz.decompress(data, _MAX_INFLATED)
            except _LZMA.LZMAError as exc:
                raise InvalidStateError(f"GADDAG data is corrupted: {_short(str(exc))}") from None
            if not lz.eof or lz.unused_data:
                raise InvalidStateError("GADDAG data is truncated or too large")
            return out
    except (zlib.error, LookupError, EOFError, ValueError, MemoryError) as exc:
        raise InvalidStateError(f"GADDAG data is corrupted: {_short(str(exc))}") from None
    raise InvalidStateError(f"unknown GADDAG codec {_short(codec)!r}")


def _short(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of ``text`` (error messages never echo long input)."""
    return text if len(text) <= limit else text[:limit] + "..."


def _field(meta: dict[str, Any], key: str, kind: type[_T]) -> _T:
    """A metadata field of type ``kind`` (bools are not ints), else InvalidStateError."""
    value = meta.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InvalidStateError(f"lexicon metadata field {key!r} must be a {kind.__name__}")
    return value
