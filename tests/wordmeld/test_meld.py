"""The meld finder: every listed play is legal and described correctly, and each enumerated
class is complete (compared with a brute-force filter of the word list)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.wordmeld.helpers import CL, DECK, SAMPLE, TINY, Dealer, make_state
from wordgames import wordmeld as wm
from wordgames.lexicon import Lexicon
from wordgames.wordmeld.meld import BORROW_JOKERS, EXTEND_JOKERS

OFFICIAL = ("QI", "ZA", "CAT", "OX")
PROPER = ("ANNA", "OTTO")


def random_position(seed: int, lex: Lexicon) -> wm.State:
    """A turn-start position with a few table words (some holding a joker) and a hand."""
    rng = random.Random(seed)
    words = [w for w in lex if 3 <= len(w) <= 7]
    free: dict[str, list[int]] = {}
    for c in range(DECK.size):
        free.setdefault(CL[c], []).append(c)
    for ids in free.values():
        rng.shuffle(ids)
    table: list[tuple[int, ...]] = []
    letters: list[tuple[int, str]] = []
    for _ in range(rng.randint(0, 5)):
        w = rng.choice(words)
        if all(len(free.get(ch, ())) >= w.count(ch) for ch in w):
            ids = [free[ch].pop() for ch in w]
            if free["*"] and rng.random() < 0.3:
                k = rng.randrange(len(ids))
                free[w[k]].append(ids[k])
                ids[k] = free["*"].pop()
                letters.append((ids[k], w[k]))
            table.append(tuple(ids))
    pool = [c for ids in free.values() for c in ids if CL[c] != "*"]
    rng.shuffle(pool)
    hand = pool[: rng.randint(5, 10)]
    hand += free["*"][: rng.choice((0, 0, 1, 2))]
    return make_state(
        [hand, pool[20:25]],
        table=table,
        table_letters=letters,
        lexicon=lex,
        official=OFFICIAL,
        proper_names=PROPER,
    )


_COUNTS: dict[str, Counter[str]] = {}


def all_words(state: wm.State) -> dict[str, Counter[str]]:
    """Every valid word with its letter counts (cached across examples)."""
    s = state.setup
    assert s.lexicon is not None
    out = {}
    for w in (*s.lexicon, *s.official, *s.winning, *s.proper_names):
        c = _COUNTS.get(w)
        if c is None:
            c = _COUNTS[w] = Counter(w)
        out[w] = c
    return out


def missing(need: Counter[str], have: Counter[str]) -> int:
    return sum((need - have).values())


def table_word_letters(state: wm.State, i: int) -> list[str]:
    letters = dict(state.table_letters)
    return [letters[c] if CL[c] == "*" else CL[c] for c in state.table[i]]


def brute_force(
    state: wm.State,
) -> tuple[set[str], set[tuple[int, str]], set[tuple[int, int, str]]]:
    rules = state.rules
    hand = state.hands[0]
    have = Counter(CL[c] for c in hand if CL[c] != "*")
    jokers = sum(1 for c in hand if CL[c] == "*")
    words = all_words(state)
    official = state.setup.official
    hand_words = set()
    for w, cw in words.items():
        if len(w) > len(hand):
            continue
        m = missing(cw, have)
        if m > jokers or (len(w) < rules.hand_word_min and w not in official):
            continue
        if m >= 2 and len(w) < rules.two_joker_min:
            continue
        hand_words.add(w)
    extend = set()
    borrow = set()
    for i, old in enumerate(state.table):
        base = sum(1 for c in old if CL[c] == "*")
        req = Counter(table_word_letters(state, i))
        for w, cw in words.items():
            if not len(old) < len(w) <= len(old) + len(hand) or len(w) < rules.table_word_min:
                continue
            if req - cw:
                continue
            m = missing(cw - req, have)
            if m > min(jokers, EXTEND_JOKERS):
                continue
            if base + m >= 2 and len(w) < rules.two_joker_min:
                continue
            extend.add((i, w))
        if len(old) <= rules.table_word_min:
            continue
        letters = table_word_letters(state, i)
        for k, c in enumerate(old):
            rest = letters[:k] + letters[k + 1 :]
            rest_jokers = base - (1 if CL[c] == "*" else 0)
            if "".join(rest) not in words:
                continue
            if rest_jokers >= 2 and len(rest) < rules.two_joker_min:
                continue
            b = 1 if CL[c] == "*" else 0
            for w, cw in words.items():
                if not rules.table_word_min <= len(w) <= len(hand) + 1 or letters[k] not in cw:
                    continue
                m = missing(cw - Counter({letters[k]: 1}), have)
                if m > min(jokers, BORROW_JOKERS) or (b + m >= 2 and len(w) < 5):
                    continue
                borrow.add((i, c, w))
    return hand_words, extend, borrow


@given(seed=st.integers(0, 2**32 - 1))
def test_enumerated_plays_are_legal_and_described(seed: int) -> None:
    state = random_position(seed, SAMPLE)
    options = state.play_options()
    assert len({o.action for o in options}) == len(options)
    for o in options:
        result = state.play_result(o.action)
        assert result.draws == o.draws
        assert result.wins == o.wins
        assert len(result.added) == o.hand_cards
        assert result.taken_back == ()
        assert o.word in result.formed
        assert o.shed == len(result.added) - result.draws


@given(seed=st.integers(0, 2**32 - 1))
def test_each_enumerated_class_is_complete(seed: int) -> None:
    state = random_position(seed, SAMPLE)
    hand_words, extend, borrow = brute_force(state)
    options = state.play_options()
    got_hand = {o.word for o in options if o.kind == "hand"}
    got_extend = set()
    got_borrow = set()
    for o in options:
        play = o.action
        if o.kind == "hand":
            assert play.changes == ()
            assert len(play.new) == 1
        elif o.kind == "extend":
            assert play.new == ()
            ((i, word),) = play.changes
            assert set(state.table[i]) < set(word)
            got_extend.add((i, o.word))
        elif o.kind == "borrow":
            ((i, rest),) = play.changes
            (card,) = set(state.table[i]) - set(rest)
            assert card in play.new[0]
            assert len(play.new) == 1
            got_borrow.add((i, card, o.word))
    assert got_hand == hand_words
    assert got_extend == extend
    assert got_borrow == borrow


@given(seed=st.integers(0, 2**32 - 1))
def test_first_play_lists_hand_words_only(seed: int) -> None:
    state = random_position(seed, SAMPLE)
    fresh = attrs.evolve(state, melded=(False, True))
    assert all(o.kind == "hand" for o in fresh.play_options())
    assert {o.word for o in fresh.play_options()} == {
        o.word for o in state.play_options() if o.kind == "hand"
    }


@settings(max_examples=5)
@given(seed=st.integers(0, 2**32 - 1))
def test_hand_words_match_enable_subanagrams(seed: int) -> None:
    en = Lexicon.builtin("en")
    rng = random.Random(seed)
    pool = [c for c in range(DECK.size) if CL[c] != "*"]
    hand = [*rng.sample(pool, 8), *(c for c in range(DECK.size) if CL[c] == "*")]
    other = next(c for c in pool if c not in hand)
    state = make_state([hand, [other]], lexicon=en)
    rack = "".join(CL[c] for c in hand if CL[c] != "*") + "??"
    have = Counter(CL[c] for c in hand if CL[c] != "*")
    expected = {
        w
        for w in en.subanagrams(rack, min_length=4)
        if missing(Counter(w), have) < 2 or len(w) >= 5
    } | {w for w in state.setup.winning if missing(Counter(w), have) <= 2}
    got = {o.word for o in state.play_options() if o.kind == "hand"}
    assert got == expected


def test_tiny_example_lists_expected_plays() -> None:
    d = Dealer()
    cat = d("CAT")
    state = make_state([d("SOGD"), d("EEE")], table=[cat], lexicon=TINY)
    options = state.play_options()
    words = {(o.kind, o.word) for o in options}
    assert ("hand", "DOGS") in words
    assert ("hand", "GODS") in words
    assert {
        ("extend", w) for w in ("CATS", "CAST", "SCAT", "ACTS", "COAT", "COATS", "TACOS", "ASCOT")
    } <= words
    assert all(state.is_legal(o.action) for o in options)
    actions = state.legal_actions()
    assert actions[0] == wm.PickPile()
    assert {o.action for o in options} <= set(actions)


_WIDE = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + list("ÑÇÄÖÜÅÆØÐÞŁŚŹŻ")  # 40 tiles


@settings(max_examples=25)
@given(
    words=st.lists(st.text(alphabet="ABCÑØÞŻ", min_size=1, max_size=5), min_size=1, max_size=30),
    hand=st.text(alphabet="ABCÑØÞŻ", max_size=7),
    req=st.text(alphabet="ABCÑØÞŻ", max_size=2),
    wide=st.booleans(),
)
def test_word_search_matches_brute_force(words: list[str], hand: str, req: str, wide: bool) -> None:
    """The DAWG walk behind every class (no jokers): exactly the words that use all of
    ``req`` and any of ``hand``; with 26-letter codes and with a 40-tile alphabet (node
    words of 81 bits)."""
    from wordgames.wordmeld.meld import _graph, _search

    letters = _WIDE if wide else ["A", "B", "C", *"DEFGHIJKLMNOPQRSTUVWXYZ"[:23]]
    usable = [w for w in words if all(ch in letters for ch in w)]
    req = "".join(ch for ch in req if ch in letters)
    hand = "".join(ch for ch in hand if ch in letters)
    if not usable:
        return
    lex = Lexicon.from_words(usable, alphabet=letters)
    g = _graph(lex)
    codes = [0] * len(g.alphabet)
    have = [0] * len(g.alphabet)
    for ch in req:
        codes[g.index[ch]] += 1
    for ch in hand:
        have[g.index[ch]] += 1
    found = _search(g, codes, have, 0, 0, 0, 1, 0, 99)
    expected = [
        w
        for w in lex
        if not Counter(req) - Counter(w) and not Counter(w) - Counter(req) - Counter(hand)
    ]
    assert sorted(found) == sorted(expected)
    assert len(set(found)) == len(found)
