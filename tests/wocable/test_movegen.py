"""The GADDAG generator equals the brute-force reference; published vectors; generate_moves."""

from __future__ import annotations

import gc
import random
import string

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.lexicon import Lexicon
from wordgames.wocable import Rules, generate_moves, new_game
from wordgames.wocable.actions import Place
from wordgames.wocable.engine import BLANK_BIT, tiles_for
from wordgames.wocable.movegen import (
    brute_force_moves,
    legal_places,
    place_of,
    places,
    raw_moves,
)

ALPHABET = tuple(string.ascii_uppercase)
SMALL = "ABCDE"


def small_lexicon(rng: random.Random) -> Lexicon:
    words = {
        "".join(rng.choice(SMALL) for _ in range(rng.randint(2, 5)))
        for _ in range(rng.randint(5, 60))
    }
    return Lexicon.from_words(sorted(words), name="small", alphabet=ALPHABET)


def random_board(tiles, rng: random.Random, moves: int) -> tuple[int, ...]:  # type: ignore[no-untyped-def]
    """Play up to ``moves`` random legal placements (from the GADDAG generator) on an empty
    board with random racks over the small alphabet (blanks included)."""
    board = tuple([-1] * (tiles.size * tiles.size))
    for _ in range(moves):
        rack = tuple(sorted(rng.choice(range(len(SMALL))) for _ in range(5)))
        if rng.random() < 0.3:
            rack = tuple(sorted((*rack[:4], tiles.blank)))
        found = raw_moves(tiles, board, rack)
        if not found:
            continue
        _, _, placed = rng.choice(found)
        b = list(board)
        for sq, v in placed:
            b[sq] = v
        board = tuple(b)
    return board


def _compare(seed: int, rules: Rules, blank: bool) -> None:
    rng = random.Random(seed)
    lex = small_lexicon(rng)
    tiles = tiles_for(rules, lex)
    board = random_board(tiles, rng, rng.randint(0, 6))
    n = rng.randint(1, 3 if blank else 4)
    rack = [rng.randrange(len(SMALL)) for _ in range(n)]
    if blank:
        rack[0] = tiles.blank
    rack_t = tuple(sorted(rack))
    fast = raw_moves(tiles, board, rack_t)
    acts = places(tiles, board, fast)
    assert legal_places(tiles, board, rack_t) == acts  # the same actions in the same order
    fast_map = {p: raw[1] for p, raw in zip(acts, fast, strict=True)}
    assert len(fast_map) == len(fast), "the generator listed a move twice"
    slow = brute_force_moves(tiles, board, rack_t)
    assert fast_map == slow
    # each raw move's head is its action's start square and direction; its Place (made
    # through the slots, not Place.__init__) is the same value as one made by Place(...)
    for place, raw in zip(acts, fast, strict=True):
        head, _, placed = raw
        assert head == (place.row * tiles.size + place.col) * 2 + place.across
        assert place_of(tiles, board, raw) == place
        made = Place(place.row, place.col, place.across, place.word)
        assert type(place) is Place
        assert place == made
        assert hash(place) == hash(made)
        assert repr(place) == repr(made)
        assert all(board[sq] < 0 for sq, _ in placed)
        lower = sum(1 for _, v in placed if v & BLANK_BIT)
        assert lower == sum(1 for ch in place.word if ch.islower())


def test_place_fields_are_plain() -> None:
    """The generator makes Place values by setting their slots in field order: right only
    while Place has these four fields, with no converter, validator or default."""
    fields = attrs.fields(Place)
    assert [f.name for f in fields] == ["row", "col", "across", "word"]
    assert all(f.converter is None and f.validator is None for f in fields)
    assert all(f.default is attrs.NOTHING for f in fields)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_gaddag_masks_list_equals_the_array(seed: int) -> None:
    """The walks read the GADDAG's masks from a list: the same values as the array, built
    once."""
    tiles = tiles_for(Rules(), small_lexicon(random.Random(seed)))
    masks = tiles.gaddag_masks
    assert masks == list(tiles.gaddag[0])
    assert tiles.gaddag_masks is masks


@given(seed=st.integers(0, 2**32 - 1), plain=st.booleans())
def test_gaddag_equals_brute_force(seed: int, plain: bool) -> None:
    _compare(seed, Rules(layout="plain" if plain else "classic"), blank=False)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_gaddag_equals_brute_force_with_a_blank(seed: int) -> None:
    _compare(seed, Rules(), blank=True)


def test_gaddag_equals_brute_force_fixed_seeds() -> None:
    for seed in range(12):
        _compare(seed, Rules(), blank=seed % 3 == 0)


def test_generate_moves_public_api(enable: Lexicon) -> None:
    board = ["." * 15] * 15
    moves = generate_moves(board, "VIVIFIC", enable)
    assert len(moves) == 18
    assert moves[0].score == 94
    assert [m.score for m in moves] == sorted((m.score for m in moves), reverse=True)
    across = [m for m in moves if m.action.across]
    assert len(across) == 9
    assert sum(1 for m in across if m.action.word == "VIVIFIC") == 7
    assert sum(1 for m in across if m.action.word == "IF") == 2


def test_move_lists_are_freed_by_reference_counting(enable: Lexicon) -> None:
    """A move list is not held by the walk's closures (which refer to one another, a cycle
    only the cyclic collector frees): dropped by the caller, its moves are freed at once, and
    a collection after the next list does not traverse them. With a blank on the rack."""
    from wordgames.wocable.engine import parse_board
    from wordgames.wocable.movegen import ranked_moves

    rules = Rules()
    tiles = tiles_for(rules, enable)
    rows = ["." * 15] * 7 + ["....QUERIES...."] + ["." * 15] * 7
    board = parse_board(tiles, rows)
    rack = tiles.parse_rack("AEIRST?")
    want = ranked_moves(tiles, board, rack, raw_moves(tiles, board, rack))
    assert len(want) > 2000
    assert ranked_moves(tiles, board, rack) == want  # the raw moves made within one pause
    calls = (
        lambda: raw_moves(tiles, board, rack),
        lambda: legal_places(tiles, board, rack),
        lambda: ranked_moves(tiles, board, rack),
        lambda: generate_moves(rows, "AEIRST?", enable, rules),
    )
    for call in calls:
        gc.collect()
        gc.disable()
        try:
            before = len(gc.get_objects())
            got = call()
            n = len(got)
            del got
            left = len(gc.get_objects()) - before  # the walks' own cycles: a few hundred
        finally:
            gc.enable()
        assert n >= len(want)
        assert left < n // 4


def test_state_moves_agree_with_legal_actions(enable: Lexicon) -> None:
    rng = random.Random(5)
    s = new_game(2)
    from wordgames.wocable.bots import GreedyBot

    for _ in range(60):
        if s.is_terminal:
            break
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        moves = s.moves()
        places = [a for a in s.legal_actions() if a.__class__.__name__ == "Place"]
        assert {m.action for m in moves} == set(places)
        for m in moves[:5]:
            after = s.apply(m.action)
            assert after.scores[s.turn] - s.scores[s.turn] == m.score
        s = s.apply(GreedyBot().choose(s.view(s.turn), rng))


def _eager(tiles, board, rack, raw):  # type: ignore[no-untyped-def]
    """The Move as it was built before the details were made lazy: everything up front."""
    from wordgames.wocable.engine import LETTER
    from wordgames.wocable.movegen import Move, PlacedTile

    _, score, placed = raw
    place = place_of(tiles, board, raw)
    cells, used = [], []
    for sq, v in placed:
        r, c = divmod(sq, tiles.size)
        blank = bool(v & BLANK_BIT)
        cells.append(PlacedTile(r, c, tiles.alphabet[v & LETTER], blank))
        used.append(tiles.blank if blank else v)
    left = list(rack)
    for x in used:
        left.remove(x)
    cells.sort(key=lambda pt: (pt.row, pt.col))
    return Move(
        place, score, len(placed), tuple(cells), tiles.rack_text(used), tiles.rack_text(left)
    )


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), blank=st.booleans(), order=st.integers(0, 3))
def test_lazy_move_details_equal_eager_ones(seed: int, blank: bool, order: int) -> None:
    """A generated Move works its details out when read; whichever is read first, they, its
    equality, hash, repr and pickled form are those of the Move built with every detail."""
    import pickle

    from wordgames.wocable.movegen import move_of

    rng = random.Random(seed)
    lex = small_lexicon(rng)
    tiles = tiles_for(Rules(), lex)
    board = random_board(tiles, rng, rng.randint(0, 6))
    rack = [rng.randrange(len(SMALL)) for _ in range(rng.randint(1, 7))]
    if blank:
        rack[0] = tiles.blank
    rack_t = tuple(sorted(rack))
    for raw in raw_moves(tiles, board, rack_t)[:30]:
        want = _eager(tiles, board, rack_t, raw)
        got = move_of(tiles, board, rack_t, raw)
        if order == 0:
            assert got.action == want.action
        elif order == 1:
            assert got.leave == want.leave
        elif order == 2:
            assert got.used == want.used
        elif order == 3:
            assert got.placed == want.placed
        assert got == want
        assert want == got
        assert (got != want) is False
        assert hash(got) == hash(want)
        assert (got.action, got.score, got.tiles) == (want.action, want.score, want.tiles)
        assert (got.placed, got.used, got.leave) == (want.placed, want.used, want.leave)
        assert repr(move_of(tiles, board, rack_t, raw)) == repr(want)
        assert str(move_of(tiles, board, rack_t, raw)) == str(want)
        assert str(got) == str(want)
        back = pickle.loads(pickle.dumps(move_of(tiles, board, rack_t, raw)))
        assert back == want
        assert repr(back) == repr(want)


def test_move_built_by_hand() -> None:
    import pytest

    from wordgames.wocable import Move
    from wordgames.wocable.actions import Place

    place = Place(7, 7, True, "CAT")
    m = Move(place, 10, 3)
    assert (m.placed, m.used, m.leave) == ((), "", "")
    assert m == Move(place, 10, 3, (), "", "")
    assert m != Move(place, 11, 3)
    assert m != (place, 10, 3)
    assert len({m, Move(place, 10, 3)}) == 1
    assert repr(m) == (
        "Move(action=Place(row=7, col=7, across=True, word='CAT'), score=10, tiles=3,"
        " placed=(), used='', leave='')"
    )
    match m:
        case Move(action, score, tiles):
            assert (action, score, tiles) == (place, 10, 3)
        case _:
            raise AssertionError("no match")
    for name in ("action", "score", "tiles", "placed", "used", "leave"):
        with pytest.raises(AttributeError):
            setattr(m, name, None)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), blank=st.booleans(), size=st.sampled_from([15, 21]))
def test_ranked_moves_sort_by_score_then_notation(seed: int, blank: bool, size: int) -> None:
    """``ranked_moves`` sorts by (square name, word) pairs: the same order as the notation."""
    from wordgames.wocable.actions import Place
    from wordgames.wocable.movegen import ranked_moves, square_names

    rng = random.Random(seed)
    lex = small_lexicon(rng)
    tiles = tiles_for(Rules(), lex)
    board = random_board(tiles, rng, rng.randint(0, 6))
    rack = [rng.randrange(len(SMALL)) for _ in range(rng.randint(1, 7))]
    if blank:
        rack[0] = tiles.blank
    rack_t = tuple(sorted(rack))
    raws = raw_moves(tiles, board, rack_t)
    # ties of score on purpose: the notation decides
    raws += [(r[0], 7, r[2]) for r in raws[::3]]
    got = [(m.score, str(m.action)) for m in ranked_moves(tiles, board, rack_t, raws)]
    want = [(r[1], str(p)) for p, r in zip(places(tiles, board, raws), raws, strict=True)]
    assert got == sorted(want, key=lambda x: (-x[0], x[1]))
    names = square_names(size)
    for r in range(size):
        for c in range(size):
            for a in (False, True):
                assert names[(r * size + c) * 2 + a] == Place(r, c, a, "A").square_name


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), blanks=st.integers(0, 2))
def test_legal_places_are_the_actions_of_the_raw_moves(seed: int, blanks: int) -> None:
    """The actions made in the walk (``legal_places``, for ``legal_actions``) are those of
    the raw moves, in the same order, with up to two blanks on a full rack."""
    rng = random.Random(seed)
    lex = small_lexicon(rng)
    tiles = tiles_for(Rules(), lex)
    board = random_board(tiles, rng, rng.randint(0, 8))
    rack = [rng.randrange(len(SMALL)) for _ in range(7)]
    rack[:blanks] = [tiles.blank] * blanks
    rack_t = tuple(sorted(rack))
    raws = raw_moves(tiles, board, rack_t)
    got = legal_places(tiles, board, rack_t)
    assert got == places(tiles, board, raws)
    assert [type(p) for p in got] == [Place] * len(raws)
