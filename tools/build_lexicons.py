"""Build the packaged lexicons (src/wordgames/lexicon/data/) from the source word lists.

Usage: python tools/build_lexicons.py [DATA_DIR]

Each source list is read from DATA_DIR when given, else from its home: ENABLE (``enable1.txt``,
taken from another repository, so never committed here) from the shared data folder
``../shared/data`` beside the checkout (``$WORDGAMES_SHARED_DATA`` points elsewhere); the Spanish
list (``spanish.txt``, from a Debian package) from ``data/wordlists/`` in this repository. Their
origins and checksums are in ``data/wordlists/README.md``.

Writes ``en.lex``, ``es.lex`` (``Lexicon.to_bytes(gaddag=True)``: with the GADDAG that Wocable's
move generator walks, so that the first move needs no GADDAG build), ``es-all.lex`` (every
spelling, for Wocable's ``split_digraphs`` house rule; without its GADDAG, which is built on
first use, to keep the wheel small), ``es-plain.lex`` (card games only: ``Lexicon.to_bytes()``)
and ``index.json``
(name -> digest, word count, skipped count, source), which ``Lexicon.by_digest`` reads
without loading every lexicon. The build is deterministic: same input, same bytes.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from wordgames.lexicon import BUILTIN_LEXICONS, Lexicon

ROOT = Path(__file__).resolve().parent.parent
#: the source word lists kept in this repository (outside the wheel and the sdist)
WORDLISTS = ROOT / "data" / "wordlists"
#: the shared data folder beside the checkout (lists taken from other repositories)
SHARED = Path(os.environ.get("WORDGAMES_SHARED_DATA") or ROOT.parent / "shared" / "data")
#: where each source list lives when no DATA_DIR is given
HOMES = {"enable1.txt": SHARED, "spanish.txt": WORDLISTS}
OUT = ROOT / "src" / "wordgames" / "lexicon" / "data"
SOURCES = {
    "en": "enable1.txt",
    "es": "spanish.txt",
    "es-all": "spanish.txt",
    "es-plain": "spanish.txt",
}
#: built with ``every_spelling=True`` (Wocable's ``split_digraphs`` house rule)
EVERY_SPELLING = {"es-all"}
#: the lexicons that Wocable's tile sets use ship with their GADDAG
WITH_GADDAG = {"en", "es"}


def source_path(name: str, data_dir: Path | None = None) -> Path:
    """The source word list of the packaged lexicon ``name``: in ``data_dir`` when given, else
    in its home (:data:`HOMES`)."""
    file = SOURCES[name]
    return (data_dir or HOMES[file]) / file


def main(argv: list[str]) -> int:
    data_dir = Path(argv[1]) if len(argv) > 1 else None
    index: dict[str, object] = {}
    for name, (language, alphabet, source) in BUILTIN_LEXICONS.items():
        path = source_path(name, data_dir)
        lex = Lexicon.from_file(
            path,
            name=name,
            language=language,
            alphabet=alphabet,
            every_spelling=name in EVERY_SPELLING,
        )
        blob = lex.to_bytes(gaddag=name in WITH_GADDAG)
        (OUT / f"{name}.lex").write_bytes(blob)
        index[name] = {
            "digest": lex.digest,
            "language": language,
            "words": len(lex),
            "skipped": len(lex.skipped),
            "file": f"{name}.lex",
            "source": f"{SOURCES[name]}: {source}",
        }
        print(f"{name}: {len(lex)} entries, {len(lex.skipped)} skipped, {len(blob)} bytes")
    text = json.dumps({"format": 1, "lexicons": index}, indent=1, ensure_ascii=False)
    (OUT / "index.json").write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
