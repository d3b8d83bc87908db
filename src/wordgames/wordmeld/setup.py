"""What the players agree on before a game: deck, word lists and the common-word lexicon."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr
from wordgames._core.serial import get_list, get_map, get_str, guarded_loader
from wordgames.lexicon import Lexicon, fold_word
from wordgames.wordmeld.deck import DeckSpec, default_deck

__all__ = ["BUILTIN_LEXICON", "MAX_LIST_WORDS", "MAX_WORD_LENGTH", "WORDMELD", "Setup"]

MAX_LIST_WORDS = 100_000
"""Setup word lists read from JSON hold at most this many words ..."""
MAX_WORD_LENGTH = 32
"""... of at most this many letters."""

WORDMELD = "WORDMELD"
"""The winning word of every game."""

BUILTIN_LEXICON: Mapping[str, str] = {"en": "en", "es": "es-plain"}
"""The packaged common-word lexicon used for a language when none is given."""


def _fold_all(
    words: Iterable[str], language: str, alphabet: frozenset[str], what: str
) -> frozenset[str]:
    if isinstance(words, str):
        raise RulesError(f"{what} must be a collection of words, not one string")
    out = set()
    for raw in words:
        if not isinstance(raw, str):
            raise RulesError(f"{what}: words must be strings, got {raw!r}")
        word = fold_word(raw.strip(), language)
        if not word or any(ch not in alphabet for ch in word):
            raise RulesError(f"{what}: {raw!r} cannot be spelled with this deck's letters")
        out.add(word)
    return frozenset(out)


@attrs.frozen
class Setup:
    """The agreed configuration of one game.

    ``official`` is the official (premium) word list: its words are always valid, draw no
    cards, and may be short when laid from the hand. ``winning`` always holds ``WORDMELD``.
    ``proper_names`` is the list of proper names the players allowed (empty: none).
    ``lexicon`` is the common-word lexicon (None: only the lists above are words).
    Words are stored folded (upper case, language folding as in :func:`fold_word`).
    """

    deck: DeckSpec
    lexicon: Lexicon | None
    official: frozenset[str] = frozenset()
    winning: frozenset[str] = frozenset({WORDMELD})
    proper_names: frozenset[str] = frozenset()

    @property
    def language(self) -> str:
        """The deck's language code."""
        return self.deck.language

    @classmethod
    def create(
        cls,
        language: str = "en",
        *,
        deck: DeckSpec | None = None,
        lexicon: Lexicon | str | None = "builtin",
        official: Iterable[str] = (),
        winning: Iterable[str] = (),
        proper_names: Iterable[str] = (),
    ) -> Setup:
        """Fold and check the lists. ``lexicon="builtin"`` picks the packaged lexicon of the
        language (English ENABLE, Spanish ``es-plain``); other languages need a lexicon
        passed in (or ``None`` for list-only games). :class:`RulesError` on bad input."""
        deck = default_deck(language) if deck is None else deck
        if deck.language != language:
            raise RulesError(f"deck language {deck.language!r} differs from {language!r}")
        if isinstance(lexicon, str):
            if lexicon != "builtin":
                raise RulesError(f"lexicon must be a Lexicon, None or 'builtin', not {lexicon!r}")
            name = BUILTIN_LEXICON.get(language)
            if name is None:
                raise RulesError(
                    f"no packaged lexicon for {language!r}: pass lexicon=Lexicon.from_file(...)"
                )
            lexicon = Lexicon.builtin(name)
        elif lexicon is not None and not isinstance(lexicon, Lexicon):
            raise RulesError(f"lexicon must be a Lexicon, got {type(lexicon).__name__}")
        alphabet = frozenset(deck.alphabet)
        win = _fold_all(winning, language, alphabet, "winning words") | {WORDMELD}
        if any(ch not in alphabet for ch in WORDMELD):
            raise RulesError("the deck cannot spell WORDMELD")
        return cls(
            deck,
            lexicon,
            _fold_all(official, language, alphabet, "official list"),
            win,
            _fold_all(proper_names, language, alphabet, "proper names"),
        )

    def is_word(self, word: str) -> bool:
        """True if ``word`` (folded letters) may be laid: official, winning, allowed proper
        name, or in the common-word lexicon."""
        return (
            word in self.official
            or word in self.winning
            or word in self.proper_names
            or (self.lexicon is not None and word in self.lexicon)
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form; the lexicon by name and digest."""
        lex = self.lexicon
        return {
            "deck": self.deck.to_dict(),
            "lexicon": None if lex is None else {"name": lex.name, "digest": lex.digest},
            "official": sorted(self.official),
            "winning": sorted(self.winning),
            "proper_names": sorted(self.proper_names),
        }

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> Setup:
        """Read :meth:`to_dict` output; the lexicon is found with ``Lexicon.by_digest``
        (:class:`InvalidStateError` if it is not loaded in this process)."""
        if not isinstance(data, Mapping):
            raise InvalidStateError("setup must be an object")
        deck = DeckSpec.from_dict(get_map(data, "deck"))
        if "lexicon" not in data:
            raise InvalidStateError("missing field 'lexicon'")
        raw = data["lexicon"]
        lexicon: Lexicon | None = None
        if raw is not None:
            if not isinstance(raw, Mapping):
                raise InvalidStateError("setup lexicon must be an object or null")
            digest = get_str(raw, "digest")
            get_str(raw, "name")
            found = Lexicon.by_digest(digest) if len(digest) <= 128 else None
            if found is None:
                raise InvalidStateError(
                    f"lexicon {short_repr(raw.get('name'))} ({digest[:12]}...) is not loaded: "
                    "load it first (Lexicon.from_file / builtin) so the state can find it"
                )
            lexicon = found
        lists = []
        alphabet = frozenset(deck.alphabet)
        for key in ("official", "winning", "proper_names"):
            words = get_list(data, key)
            if len(words) > MAX_LIST_WORDS:
                raise InvalidStateError(
                    f"setup {key}: {len(words)} words (at most {MAX_LIST_WORDS})"
                )
            for w in words:
                if (
                    not isinstance(w, str)
                    or not 0 < len(w) <= MAX_WORD_LENGTH
                    or any(ch not in alphabet for ch in w)
                ):
                    raise InvalidStateError(f"setup {key}: bad word {short_repr(w)}")
            if len(set(words)) != len(words) or words != sorted(words):
                raise InvalidStateError(f"setup {key} must be sorted and duplicate-free")
            lists.append(frozenset(words))
        if WORDMELD not in lists[1]:
            raise InvalidStateError("winning words must include WORDMELD")
        return cls(deck, lexicon, lists[0], lists[1], lists[2])
