"""The meld finder: the plays ``State.legal_actions()`` enumerates.

Enumerating every rearrangement of the table is intractable, so the listed plays are exactly
these three classes (``check``/``apply`` accept every other legal rearrangement too):

``hand``
    one new word laid from the hand alone (any number of jokers), appended to the table (the
    only class before the player's first word): ``Play.new_word(...)``;
``extend``
    one table word rebuilt, in any order, from all of its cards plus one or more hand cards,
    at most :data:`EXTEND_JOKERS` (1) of them a joker: ``Play.extend(i, ...)``;
``borrow``
    one card taken out of a table word of 4+ letters whose other cards, in their order, still
    spell a valid word, combined with hand cards (at most :data:`BORROW_JOKERS` (0) jokers)
    into a new word appended to the table: ``Play.borrow(i, rest, word)``. The word left
    behind is only shortened, so it wins only under ``Rules.shortened_word_formed``.

Listed plays give letters only to the hand's jokers (table jokers keep theirs).

The joker limits keep ``legal_actions()`` fast (two jokers multiply the extensions of every
table word); plays beyond them are still legal when stated explicitly.

In every class each word is listed once, with one canonical choice of cards: for each letter,
table cards first, then the lowest-numbered hand cards of that letter, then jokers (lowest id
first) only where the hand has no such letter left. Words come from the common-word lexicon
(walked through its DAWG) and from the agreed lists (official, winning, proper names).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from wordgames._core.pause import paused_gc
from wordgames.lexicon import Lexicon
from wordgames.wordmeld.actions import Play
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.engine import word_text
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup

__all__ = ["BORROW_JOKERS", "EXTEND_JOKERS", "MeldOption", "find_plays"]

EXTEND_JOKERS = 1
"""most jokers from the hand an enumerated ``extend`` play uses"""
BORROW_JOKERS = 0
"""most jokers from the hand an enumerated ``borrow`` play uses"""


@attrs.frozen
class MeldOption:
    """An enumerated play and what it does: ``kind`` (``hand``, ``extend`` or ``borrow``),
    the ``word`` it forms, ``hand_cards`` laid from the hand, ``draws`` owed afterwards and
    whether it ``wins`` at once."""

    action: Play
    kind: str
    word: str
    hand_cards: int
    draws: int
    wins: bool

    @property
    def shed(self) -> int:
        """How many cards the hand shrinks by (hand cards laid minus cards drawn)."""
        return self.hand_cards - self.draws


class _Graph:
    """A lexicon's DAWG walk data: per node one int ``node[v]`` packing the mask of letters
    found below ``v`` (bits ``0..A-1``, ``A`` the alphabet size), the mask of its edges (bits
    ``A..2A-1``) and whether a word ends there (bit ``2A``); the edges' ``targets`` by
    ``first[v]`` (in code order, as in :class:`~wordgames.lexicon.WordGraph`).

    One list read per node visited instead of three (the walk is bound by memory reads), the
    int objects shared between equal nodes to keep the list compact; a list is indexed
    natively by the compiled build (an ``array`` is not, and costs the pure build more
    instructions: a new int per read)."""

    __slots__ = ("alphabet", "first", "index", "node", "root", "shift", "targets")

    def __init__(self, lex: Lexicon) -> None:
        g = lex.dawg
        labels = g.labels
        first = g.first
        targets = g.targets
        self.first = first
        self.targets = targets
        self.root: int = g.root
        self.alphabet: tuple[str, ...] = tuple(lex.alphabet)
        self.index: dict[str, int] = dict(lex.index)
        a = len(self.alphabet)
        self.shift = a
        n = len(g.terminal)
        below = [0] * n
        # children are numbered before their parents, so one pass in id order suffices
        for v in range(n):
            m = 0
            for j in range(first[v], first[v + 1]):
                m |= (1 << labels[j]) | below[targets[j]]
            below[v] = m
        mask, terminal = g.mask, g.terminal
        node = [below[v] | mask[v] << a | terminal[v] << 2 * a for v in range(n)]
        shared: dict[int, int] = {}
        self.node: list[int] = [shared.setdefault(x, x) for x in node]


_GRAPHS: dict[str, _Graph] = {}
# ``int.bit_count`` called as a function: the compiled build skips the method lookup
_popcount: Final = int.bit_count


def _graph(lex: Lexicon) -> _Graph:
    g = _GRAPHS.get(lex.digest)
    if g is None:
        if len(_GRAPHS) >= 8:
            _GRAPHS.clear()
        g = _GRAPHS[lex.digest] = _Graph(lex)
    return g


class _Search:
    """One word search of :func:`_search`: the graph, the cards left and the limits, with the
    walk as a method (a plain class, not a closure, so the compiled build makes it native)."""

    __slots__ = (
        "alphabet",
        "first",
        "hand",
        "joker_mask",
        "min_len",
        "need_hand",
        "node",
        "out",
        "req",
        "shift",
        "targets",
        "two_min",
    )

    def __init__(
        self,
        g: _Graph,
        req: list[int],
        hand: list[int],
        joker_mask: int,
        min_len: int,
        need_hand: int,
        two_min: int,
    ) -> None:
        self.first = g.first
        self.targets = g.targets
        self.node: list[int] = g.node
        self.shift: int = g.shift
        self.alphabet: tuple[str, ...] = g.alphabet
        self.req = req
        self.hand = hand
        self.joker_mask = joker_mask
        self.min_len = min_len
        self.need_hand = need_hand
        self.two_min = two_min
        self.out: list[str] = []

    def rec(
        self,
        v: int,
        word: str,
        req_left: int,
        rmask: int,
        hmask: int,
        jk_left: int,
        used: int,
        jk: int,
    ) -> None:
        """Walk on from node ``v`` (reached by ``word``); see :func:`_search`."""
        # A child is checked for a word where it is reached; it is entered only when it can
        # still reach every required letter and has an edge the remaining cards can follow.
        # Masks of codes (< 1 << shift) are tested against a node word directly for the
        # letters below it, shifted for its edges.
        a = self.shift
        jm = self.joker_mask if jk_left else 0
        m = self.node[v] >> a
        cand = m & (rmask | hmask | jm)
        base = self.first[v]
        n1 = len(word) + 1
        long_enough = n1 >= self.min_len
        while cand:
            low = cand & -cand
            cand ^= low
            c = low.bit_length() - 1
            w = self.targets[base + _popcount(m & (low - 1))]
            nd = self.node[w]
            if rmask & low:
                k = self.req[c] - 1
                nr = rmask if k else rmask ^ low
                if nr & ~nd:
                    continue
                nw = word + self.alphabet[c]
                if (
                    req_left == 1
                    and nd >> (2 * a)
                    and long_enough
                    and used >= self.need_hand
                    and (jk < 2 or n1 >= self.two_min)
                ):
                    self.out.append(nw)
                if (nd >> a) & (nr | hmask | jm):
                    self.req[c] = k
                    self.rec(w, nw, req_left - 1, nr, hmask, jk_left, used, jk)
                    self.req[c] = k + 1
            elif rmask & ~nd:
                continue
            elif hmask & low:
                k = self.hand[c] - 1
                nh = hmask if k else hmask ^ low
                nw = word + self.alphabet[c]
                if (
                    not req_left
                    and nd >> (2 * a)
                    and long_enough
                    and used >= self.need_hand - 1
                    and (jk < 2 or n1 >= self.two_min)
                ):
                    self.out.append(nw)
                if (nd >> a) & (rmask | nh | jm):
                    self.hand[c] = k
                    self.rec(w, nw, req_left, rmask, nh, jk_left, used + 1, jk)
                    self.hand[c] = k + 1
            else:
                nw = word + self.alphabet[c]
                if (
                    not req_left
                    and nd >> (2 * a)
                    and long_enough
                    and used >= self.need_hand - 1
                    and (jk < 1 or n1 >= self.two_min)
                ):
                    self.out.append(nw)
                if (nd >> a) & (rmask | hmask | (self.joker_mask if jk_left > 1 else 0)):
                    self.rec(w, nw, req_left, rmask, hmask, jk_left - 1, used + 1, jk + 1)


def _search(
    g: _Graph,
    req: list[int],
    hand: list[int],
    jokers: int,
    joker_mask: int,
    base_jokers: int,
    min_len: int,
    need_hand: int,
    two_min: int,
) -> list[str]:
    """Every lexicon word that uses all of ``req`` (letter counts by code), any of ``hand``
    and up to ``jokers`` jokers (only for codes in ``joker_mask``), greedily assigning each
    letter to required, then hand, then joker."""
    req_mask = 0
    hand_mask = 0
    for c, k in enumerate(req):
        if k:
            req_mask |= 1 << c
    for c, k in enumerate(hand):
        if k:
            hand_mask |= 1 << c
    search = _Search(g, req, hand, joker_mask, min_len, need_hand, two_min)
    if req_mask & ~g.node[g.root]:
        return search.out
    search.rec(g.root, "", sum(req), req_mask, hand_mask, jokers, 0, base_jokers)
    return search.out


class _Assigner:
    """Turns a word's letters into card ids with the canonical choice of cards."""

    def __init__(
        self,
        card_letters: Sequence[str],
        hand: Iterable[int],
        alphabet: Iterable[str],
    ) -> None:
        self.hand_by: dict[str, list[int]] = {}
        self.jokers: list[int] = []
        for c in sorted(hand):
            letter = card_letters[c]
            if letter == JOKER:
                self.jokers.append(c)
            else:
                self.hand_by.setdefault(letter, []).append(c)
        self.alphabet = frozenset(alphabet)

    def assign(
        self, word: str, req_by: dict[str, list[int]], max_jokers: int
    ) -> tuple[tuple[int, ...], list[tuple[int, str]], int, int] | None:
        """``(cards, joker letters, hand cards used, jokers from the hand)`` or None."""
        ri: dict[str, int] = {}
        hi: dict[str, int] = {}
        ji = 0
        cards: list[int] = []
        letters: list[tuple[int, str]] = []
        used = 0
        for ch in word:
            r = req_by.get(ch)
            k = ri.get(ch, 0)
            if r is not None and k < len(r):
                cards.append(r[k])
                ri[ch] = k + 1
                continue
            h = self.hand_by.get(ch)
            k = hi.get(ch, 0)
            if h is not None and k < len(h):
                cards.append(h[k])
                hi[ch] = k + 1
                used += 1
                continue
            if ji < len(self.jokers) and ji < max_jokers and ch in self.alphabet:
                cards.append(self.jokers[ji])
                letters.append((self.jokers[ji], ch))
                ji += 1
                used += 1
                continue
            return None
        for ch, r in req_by.items():
            if ri.get(ch, 0) != len(r):
                return None
        return tuple(cards), letters, used, ji


_Info = tuple[str, str, int, int, bool]  # kind, word, hand cards, draws, wins


class _Finder:
    """The context of one :func:`find_plays` call and the plays found so far: each play's
    action in ``plays`` and the rest of its :class:`MeldOption` in ``info`` (the options are
    made only when asked for: ``legal_actions`` needs the actions alone)."""

    __slots__ = (
        "assigner",
        "graph",
        "hand_codes",
        "hand_total",
        "info",
        "joker_mask",
        "lists",
        "n_jokers",
        "official",
        "plays",
        "rules",
        "winning",
    )

    def __init__(self, rules: Rules, setup: Setup, hand: tuple[int, ...]) -> None:
        deck = setup.deck
        cl = deck.card_letters
        self.rules = rules
        self.assigner = _Assigner(cl, hand, deck.alphabet)
        self.n_jokers = len(self.assigner.jokers)
        lex = setup.lexicon
        self.graph: _Graph | None = _graph(lex) if lex is not None else None
        self.lists: list[str] = sorted(setup.official | setup.winning | setup.proper_names)
        self.official: frozenset[str] = frozenset(setup.official)
        self.winning: frozenset[str] = frozenset(setup.winning)
        hand_letters = Counter(cl[c] for c in hand if cl[c] != JOKER)
        self.hand_total = sum(hand_letters.values())
        self.joker_mask = 0
        self.hand_codes: list[int] = []
        g = self.graph
        if g is not None:
            for c, tile in enumerate(g.alphabet):
                if tile in self.assigner.alphabet:
                    self.joker_mask |= 1 << c
            self.hand_codes = [0] * len(g.alphabet)
            for letter, k in hand_letters.items():
                code = g.index.get(letter)
                if code is not None:
                    self.hand_codes[code] += k
        self.plays: list[Play] = []
        self.info: list[_Info] = []

    def wins(self, word: str) -> bool:
        return word in self.winning or (
            bool(self.official) and len(word) >= self.rules.winning_length
        )

    def draws_for(self, word: str, n_hand: int, hand_only: bool) -> int:
        if word in self.official:
            return 0
        if hand_only or self.rules.table_draw_minus_one:
            return max(0, n_hand - 1)
        return n_hand

    def codes(self, g: _Graph, counts: Counter[str]) -> list[int] | None:
        out = [0] * len(g.alphabet)
        for letter, k in counts.items():
            c = g.index.get(letter)
            if c is None:
                return None
            out[c] += k
        return out

    def candidates(
        self, req: Counter[str], base_jokers: int, min_len: int, need_hand: int, max_jokers: int
    ) -> list[str]:
        words: list[str] = []
        g = self.graph
        jokers = min(self.n_jokers, max_jokers)
        if g is not None:
            rc = self.codes(g, req)
            if rc is not None:
                words = _search(
                    g,
                    rc,
                    list(self.hand_codes),
                    jokers,
                    self.joker_mask,
                    base_jokers,
                    min_len,
                    need_hand,
                    self.rules.two_joker_min,
                )
        seen = set(words)
        total = sum(req.values()) + self.hand_total + jokers
        for word in self.lists:
            if word not in seen and len(word) <= total:
                words.append(word)
                seen.add(word)
        return words

    def add(
        self,
        new: tuple[tuple[int, ...], ...],
        changes: tuple[tuple[int, tuple[int, ...]], ...],
        new_letters: list[tuple[int, str]],
        info: _Info,
    ) -> None:
        # built directly: the fields are canonical tuples already (one change at most; table
        # jokers keep their letters, so only the hand's jokers are given one)
        play = object.__new__(Play)
        object.__setattr__(play, "new", new)
        object.__setattr__(play, "changes", changes)
        object.__setattr__(play, "letters", tuple(sorted(new_letters)) if new_letters else ())
        self.plays.append(play)
        self.info.append(info)


def find_plays(
    rules: Rules,
    setup: Setup,
    hand: tuple[int, ...],
    melded: bool,
    table: tuple[tuple[int, ...], ...],
    table_letters: tuple[tuple[int, str], ...],
) -> tuple[MeldOption, ...]:
    """The enumerated plays (see the module docstring) of a player holding ``hand``."""
    plays, info = paused_gc(_find, rules, setup, hand, melded, table, table_letters)
    return options_of(plays, info)


def options_of(plays: list[Play], info: list[_Info]) -> tuple[MeldOption, ...]:
    """The :class:`MeldOption` of each play of :func:`_find`."""
    return tuple(
        MeldOption(play, kind, word, used, draws, wins)
        for play, (kind, word, used, draws, wins) in zip(plays, info, strict=True)
    )


def _find(
    rules: Rules,
    setup: Setup,
    hand: tuple[int, ...],
    melded: bool,
    table: tuple[tuple[int, ...], ...],
    table_letters: tuple[tuple[int, str], ...],
) -> tuple[list[Play], list[_Info]]:
    """The plays of :func:`find_plays`, in its order, and the rest of each one's option.
    Call it through :func:`~wordgames._core.pause.paused_gc`: the search makes thousands of
    small objects and no reference cycle, and the collections their allocation triggered
    took about a third of the compiled build's time."""
    f = _Finder(rules, setup, hand)
    assigner = f.assigner
    n_jokers = f.n_jokers
    cl = setup.deck.card_letters
    letter_of = dict(table_letters)

    # hand: one new word from the hand alone
    for word in f.candidates(Counter(), 0, rules.hand_word_min, 1, n_jokers):
        if len(word) < rules.hand_word_min and word not in f.official:
            continue
        got = assigner.assign(word, {}, n_jokers)
        if got is None:
            continue
        cards, new_letters, used, jk = got
        if jk >= 2 and len(word) < rules.two_joker_min:
            continue
        f.add(
            (cards,),
            (),
            new_letters,
            ("hand", word, used, f.draws_for(word, used, True), f.wins(word)),
        )
    if not melded:
        return f.plays, f.info

    tmin = rules.table_word_min
    # extend: one table word rebuilt with hand cards added
    for i, old in enumerate(table):
        req_by: dict[str, list[int]] = {}
        for c in old:
            req_by.setdefault(letter_of[c] if cl[c] == JOKER else cl[c], []).append(c)
        req = Counter({k: len(v) for k, v in req_by.items()})
        base = sum(1 for c in old if cl[c] == JOKER)
        for word in f.candidates(req, base, tmin, 1, EXTEND_JOKERS):
            if len(word) < tmin or len(word) <= len(old):
                continue
            got = assigner.assign(word, req_by, EXTEND_JOKERS)
            if got is None:
                continue
            cards, new_letters, used, jk = got
            if used < 1 or (base + jk >= 2 and len(word) < rules.two_joker_min):
                continue
            f.add(
                (),
                ((i, cards),),
                new_letters,
                ("extend", word, used, f.draws_for(word, used, False), f.wins(word)),
            )

    # borrow: one card out of a table word that stays valid, into a new word
    shortened_formed = rules.shortened_word_formed
    groups: dict[str, list[tuple[int, int, str]]] = {}
    for i, old in enumerate(table):
        if len(old) <= tmin:
            continue
        for k in range(len(old)):
            rest = old[:k] + old[k + 1 :]
            text = word_text(rest, cl, letter_of)
            n_j = sum(1 for c in rest if cl[c] == JOKER)
            if n_j >= 2 and len(rest) < rules.two_joker_min:
                continue
            if not setup.is_word(text):
                continue
            c = old[k]
            letter = letter_of[c] if cl[c] == JOKER else cl[c]
            groups.setdefault(letter, []).append((i, k, text))
    for letter in sorted(groups):
        found_by_base: dict[int, list[str]] = {}
        for i, k, rest_text in groups[letter]:
            card = table[i][k]
            base = 1 if cl[card] == JOKER else 0
            found = found_by_base.get(base)
            if found is None:
                found = found_by_base[base] = f.candidates(
                    Counter({letter: 1}), base, tmin, 1, BORROW_JOKERS
                )
            rest = table[i][:k] + table[i][k + 1 :]
            for word in found:
                if len(word) < tmin:
                    continue
                got = assigner.assign(word, {letter: [card]}, BORROW_JOKERS)
                if got is None:
                    continue
                cards, new_letters, used, jk = got
                if used < 1 or (base + jk >= 2 and len(word) < rules.two_joker_min):
                    continue
                f.add(
                    (cards,),
                    ((i, rest),),
                    new_letters,
                    (
                        "borrow",
                        word,
                        used,
                        f.draws_for(word, used, False),
                        f.wins(word) or (shortened_formed and f.wins(rest_text)),
                    ),
                )
    return f.plays, f.info
