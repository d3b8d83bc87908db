"""Lexicons: immutable word sets over a tile alphabet, with flat-array word graphs.

>>> from wordgames.lexicon import Lexicon
>>> lex = Lexicon.from_words(["cat", "act", "tac"])
>>> lex.anagrams("TCA")
['ACT', 'CAT', 'TAC']

The packaged lexicons are ``Lexicon.builtin("en")`` (ENABLE), ``Lexicon.builtin("es")``
(Spanish, crossword tiles, one spelling a word: CH, LL, RR as tiles), ``"es-all"`` (the same
words in every spelling, for house rules) and ``"es-plain"``. See docs/lexicon.md.
"""

from wordgames.lexicon._errors import LexiconError
from wordgames.lexicon._graph import WordGraph
from wordgames.lexicon._lexicon import (
    BUILTIN_LEXICONS,
    MAX_LEXICON_BYTES,
    MAX_TILES_PER_BYTE,
    MAX_TOTAL_TILES,
    MAX_WORDS,
    Lexicon,
)
from wordgames.lexicon.alphabet import (
    LATIN_ALPHABET,
    MAX_SPELLINGS,
    MAX_WORD_TILES,
    SPANISH_ALPHABET,
    SPANISH_TILE_ALPHABET,
    default_alphabet,
    fold_word,
)

__all__ = [
    "BUILTIN_LEXICONS",
    "LATIN_ALPHABET",
    "MAX_LEXICON_BYTES",
    "MAX_SPELLINGS",
    "MAX_TILES_PER_BYTE",
    "MAX_TOTAL_TILES",
    "MAX_WORDS",
    "MAX_WORD_TILES",
    "SPANISH_ALPHABET",
    "SPANISH_TILE_ALPHABET",
    "Lexicon",
    "LexiconError",
    "WordGraph",
    "default_alphabet",
    "fold_word",
]
