"""The play rule: checking a new table against the old one, and what a play does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from wordgames._core.errors import IllegalActionError, short_repr
from wordgames.wordmeld.actions import Play
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup

__all__ = ["PlayResult", "analyze_play", "word_text"]


@attrs.frozen
class PlayResult:
    """What a legal play does: the player's new ``hand`` (sorted ids), the new table
    (``words``, ``letters``), the cards ``added`` from the hand and ``taken_back`` from the
    table, the ``formed`` words (new or changed, as text), the ``shortened`` table words (only
    cards taken out, see ``Rules.shortened_word_formed``), the number of ``draws`` owed and
    whether a formed word ``wins`` at once."""

    hand: tuple[int, ...]
    words: tuple[tuple[int, ...], ...]
    letters: tuple[tuple[int, str], ...]
    added: tuple[int, ...]
    taken_back: tuple[int, ...]
    formed: tuple[str, ...]
    draws: int
    wins: bool
    shortened: tuple[str, ...] = ()


def word_text(
    word: Sequence[int], card_letters: Sequence[str], letter_of: Mapping[int, str]
) -> str:
    """The letters a word of card ids spells (jokers as the letter they stand for)."""
    return "".join(letter_of[c] if card_letters[c] == JOKER else card_letters[c] for c in word)


def _key(word: tuple[int, ...], letter_of: Mapping[int, str]) -> tuple[object, ...]:
    return (word, tuple(letter_of[c] for c in word if c in letter_of))


def _is_shortened(
    new: tuple[int, ...],
    old: tuple[int, ...],
    letter_of: Mapping[int, str],
    old_letters: Mapping[int, str],
) -> bool:
    """Whether ``new`` is ``old`` with cards taken out: fewer cards, the rest in their order,
    jokers standing for the same letters."""
    if len(new) >= len(old):
        return False
    it = iter(old)
    if not all(c in it for c in new):  # a subsequence, in order
        return False
    return all(letter_of[c] == old_letters[c] for c in new if c in old_letters)


def analyze_play(
    rules: Rules,
    setup: Setup,
    hand: tuple[int, ...],
    melded: bool,
    table: tuple[tuple[int, ...], ...],
    table_letters: tuple[tuple[int, str], ...],
    action: Play,
) -> PlayResult:
    """Check ``action`` for the player holding ``hand`` and return its result; raises
    :class:`IllegalActionError` with a distinct code for each reason."""

    def fail(code: str, message: str) -> IllegalActionError:
        return IllegalActionError(code, action, message)

    deck = setup.deck
    cl = deck.card_letters
    n_cards = len(cl)
    hand_set = set(hand)
    where = {c: i for i, w in enumerate(table) for c in w}
    if not action.new and not action.changes:
        raise fail("no_hand_cards", "the play must add at least one card from the hand")
    changed: dict[int, tuple[int, ...]] = {}
    for i, word in action.changes:
        if not 0 <= i < len(table):
            raise fail(
                "unknown_table_word",
                f"there is no table word {short_repr(i)} (the table has {len(table)})",
            )
        if i in changed:
            raise fail("word_changed_twice", f"table word {i} is changed twice")
        changed[i] = word
    for word in action.new:
        if not word:
            raise fail("empty_word", "a word needs at least one card")
    seen: set[int] = set()
    for word in (*(w for _, w in action.changes), *action.new):
        for c in word:
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < n_cards:
                raise fail(
                    "unknown_card", f"there is no card {short_repr(c)} (the deck has {n_cards})"
                )
            if c in seen:
                raise fail("card_used_twice", f"card {c} appears twice in the play")
            seen.add(c)
            if c in hand_set:
                continue
            at = where.get(c)
            if at is None:
                raise fail(
                    "card_not_available",
                    f"card {c} ({cl[c]}) is neither in the player's hand nor on the table",
                )
            if at not in changed:
                raise fail(
                    "card_in_untouched_word",
                    f"card {c} ({cl[c]}) is in table word {at}, which the play does not "
                    "change: name that word in the play to use its cards",
                )
    alphabet = set(deck.alphabet)
    old_letters = dict(table_letters)
    given: dict[int, str] = {}
    for c, letter in action.letters:
        if c in given:
            raise fail("duplicate_joker_letter", f"card {short_repr(c)} is given two letters")
        if c not in seen:
            raise fail(
                "stray_joker_letter",
                f"a letter is given for card {short_repr(c)}, not in a word of the play",
            )
        if cl[c] != JOKER:
            raise fail("letter_on_plain_card", f"card {c} is a {cl[c]}, not a joker")
        if letter not in alphabet:
            raise fail("bad_joker_letter", f"a joker cannot stand for {short_repr(letter)}")
        given[c] = letter
    letter_of = dict(given)
    for c in seen:
        if cl[c] == JOKER and c not in letter_of:
            if c not in old_letters:
                raise fail("joker_without_letter", f"joker {c} needs the letter it stands for")
            letter_of[c] = old_letters[c]  # a table joker keeps its letter
    for i, word in action.changes:
        if word and _key(word, letter_of) == _key(table[i], old_letters):
            raise fail(
                "word_unchanged",
                f"table word {i} is restated as it is: leave it out of the play",
            )
    added = seen & hand_set
    back = {c for i in changed for c in table[i]} - seen
    if not added:
        raise fail("no_hand_cards", "a play must add at least one card from the hand")
    formed: list[tuple[int, ...]] = list(action.new)
    short: list[tuple[int, ...]] = []
    for i, word in action.changes:
        if not word:
            continue
        if _is_shortened(word, table[i], letter_of, old_letters):
            short.append(word)
        else:
            formed.append(word)
    if rules.shortened_word_formed:
        formed.extend(short)
        short = []
    table_used = bool(changed)
    if not melded:
        if rules.first_play_hand_only:
            if table_used:
                raise fail(
                    "first_word_uses_table",
                    "a player's first play must come from the hand alone",
                )
        elif not any(all(c in hand_set for c in w) for w in formed):
            raise fail("first_word_uses_table", "a player's first word must come from the hand")
    if table_used and len(added) <= len(back):
        raise fail(
            "too_many_taken_back",
            f"{len(added)} hand card(s) added but {len(back)} table card(s) taken back: "
            "more must be added than taken back",
        )
    draws = 0
    wins = False
    texts: list[str] = []
    short_texts: list[str] = []
    for k, word in enumerate((*formed, *short)):
        is_formed = k < len(formed)
        text = word_text(word, cl, letter_of)
        (texts if is_formed else short_texts).append(text)
        if not setup.is_word(text):
            raise fail("invalid_word", f"{text} is not a valid word in this game")
        n_hand = sum(1 for c in word if c in hand_set)
        if sum(1 for c in word if cl[c] == JOKER) >= 2 and len(word) < rules.two_joker_min:
            raise fail(
                "two_jokers_too_short",
                f"{text}: a word with two jokers needs {rules.two_joker_min} letters",
            )
        official = text in setup.official
        if n_hand == len(word):
            if len(word) < rules.hand_word_min and not official:
                raise fail(
                    "word_too_short",
                    f"{text}: a word from the hand alone needs {rules.hand_word_min} letters "
                    "unless it is on the official list",
                )
        elif len(word) < rules.table_word_min:
            raise fail(
                "word_too_short",
                f"{text}: a word using table cards needs {rules.table_word_min} letters",
            )
        if not is_formed:
            continue
        if text in setup.winning or (setup.official and len(text) >= rules.winning_length):
            wins = True
        if official:
            continue
        if n_hand == len(word) or rules.table_draw_minus_one:
            draws += max(0, n_hand - 1)
        else:
            draws += n_hand
    words = tuple(changed.get(i, w) for i, w in enumerate(table))
    words = (*(w for w in words if w), *action.new)
    on_table = {c for w in words for c in w}
    letters = {c: s for c, s in old_letters.items() if c in on_table}
    letters.update(letter_of)
    new_hand = tuple(sorted((hand_set - added) | back))
    return PlayResult(
        new_hand,
        words,
        tuple(sorted(letters.items())),
        tuple(sorted(added)),
        tuple(sorted(back)),
        tuple(texts),
        draws,
        wins,
        tuple(short_texts),
    )
