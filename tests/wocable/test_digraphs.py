"""Spanish digraphs: CH, LL and RR only as their own tiles (the FISE rule, the default), and the
``split_digraphs`` house rule (C+H also makes CH)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, RulesError
from wordgames.lexicon import SPANISH_TILE_ALPHABET, Lexicon
from wordgames.wocable import (
    Draw,
    Rules,
    State,
    bots,
    from_gcg,
    from_position,
    generate_moves,
    new_game,
    parse_action,
    to_gcg,
)
from wordgames.wocable.engine import LETTER, split_digraph, tiles_for
from wordgames.wocable.movegen import brute_force_moves, legal_places, places, raw_moves
from wordgames.wocable.rules import tile_set

from .test_rules import codes, deal

ES = Rules(tiles="es")
HOUSE = Rules(tiles="es", split_digraphs=True)
#: the "es" lexicon of before the digraph rule (every spelling); now packaged as "es-all"
OLD_ES_DIGEST = "dd386f0f8a995b624985a63df24677e9c7741dabe17005ceb6dfe156fc777280"


def _spanish(rules: Rules, racks: list[list[str]]) -> State:
    return deal(new_game(2, rules=rules), racks)


def _bag(used: list[str]) -> str:
    """The rest of the Spanish bag, in position notation."""
    ts = tile_set("es")
    left = dict(zip(ts.letters, ts.counts, strict=True))
    left["?"] = ts.blanks
    for t in used:
        left[t] -= 1
    return "".join((t if len(t) == 1 else f"[{t}]") * n for t, n in left.items())


# -- the rule ------------------------------------------------------------------------------------


def test_rules_pick_the_lexicon() -> None:
    assert ES.lexicon_name == "es"
    assert HOUSE.lexicon_name == "es-all"
    assert Rules().lexicon_name == Rules(split_digraphs=True).lexicon_name == "en"
    assert Rules.from_dict(HOUSE.to_dict()) == HOUSE
    assert Rules.from_dict({"tiles": "es"}) == ES  # older rules without the field: FISE rule
    with pytest.raises(RulesError):
        Rules(tiles="es", split_digraphs=1)  # type: ignore[arg-type]
    assert new_game(2, rules=ES).lexicon is Lexicon.builtin("es")
    assert new_game(2, rules=HOUSE).lexicon is Lexicon.builtin("es-all")


def test_chico_with_separate_c_and_h_is_refused() -> None:
    s = _spanish(ES, [["C", "H", "I", "C", "O", "A", "E"], list("AELORST")])
    assert codes(s, parse_action("8H CHICO")) == "split_digraph"
    with pytest.raises(IllegalActionError, match=r"C\+H is not CH.*split_digraphs=True"):
        s.apply(parse_action("8H CHICO"))
    assert not any("CHICO" in str(a) for a in s.legal_actions())
    house = _spanish(HOUSE, [["C", "H", "I", "C", "O", "A", "E"], list("AELORST")])
    after = house.apply(parse_action("8H CHICO"))
    assert after.scores[0] > 0


def test_chico_with_the_ch_tile_is_accepted() -> None:
    for rules in (ES, HOUSE):
        s = _spanish(rules, [["CH", "I", "C", "O", "A", "E", "S"], list("AELORST")])
        after = s.apply(parse_action("8H [CH]ICO"))
        # CH 5 + I 1 + C 3 + O 1, doubled on the centre star
        assert after.scores[0] == 20


def test_perro_with_r_plus_r_is_refused_and_with_the_rr_tile_accepted() -> None:
    s = _spanish(ES, [["P", "E", "R", "R", "O", "A", "S"], list("AELORST")])
    assert codes(s, parse_action("8H PERRO")) == "split_digraph"
    s = _spanish(ES, [["P", "E", "RR", "O", "A", "S", "T"], list("AELORST")])
    assert s.apply(parse_action("8H PE[RR]O")).scores[0] > 0
    house = _spanish(HOUSE, [["P", "E", "R", "R", "O", "A", "S"], list("AELORST")])
    assert house.apply(parse_action("8H PERRO")).scores[0] > 0


def test_a_blank_as_ll_is_accepted() -> None:
    s = _spanish(ES, [["C", "A", "?", "E", "S", "O", "T"], list("AELORST")])
    after = s.apply(parse_action("8H CA[ll]E"))
    assert after.scores[0] == 2 * (3 + 1 + 0 + 1)
    assert "[ll]" in after.to_position()
    # a blank as L beside an L tile is two tiles all the same
    s = _spanish(ES, [["C", "A", "?", "L", "E", "S", "O"], list("AELORST")])
    assert codes(s, parse_action("8H CAlLE")) == "split_digraph"


def _cross_position(rules: Rules) -> State:
    """C on H8 and E on H10 (of CASA and ES); player 0 holds O and H for 9G OH, whose H on H9
    makes the cross word C+H+E."""
    rows = ["15"] * 15
    rows[7] = "7CASA4"
    rows[9] = "7ES6"
    racks = [["O", "H", "A", "E", "I", "N", "T"], list("AELORSU")]
    used = ["C", "A", "S", "A", "E", "S", *racks[0], *racks[1]]
    racks_text = "/".join("".join(r) for r in racks)
    return from_position(f"{'/'.join(rows)} {racks_text} 0/0 0 0 {_bag(used)}", rules=rules)


def test_a_cross_word_joining_c_and_h_tiles_is_refused() -> None:
    s = _cross_position(ES)
    move = parse_action("9G OH")
    assert codes(s, move) == "split_digraph"
    with pytest.raises(IllegalActionError, match="CHE"):
        s.apply(move)
    house = _cross_position(HOUSE)
    after = house.apply(move)  # OH and the cross word CHE (C+H+E) under the house rule
    assert after.scores[0] > 0


# -- blanks ----------------------------------------------------------------------------------------


def test_blanks_stand_for_every_spanish_tile_and_nothing_else() -> None:
    s = _spanish(ES, [["?", "I", "C", "O", "A", "E", "S"], list("AELORST")])
    # CH, LL, RR and Ñ as blanks: all parsed and accepted where they make words
    assert s.apply(parse_action("8H [ch]ICO")).scores[0] > 0
    for word in ("8H [k]ASE", "8H [w]AS", "8H kASE"):
        assert codes(s, parse_action(word)) == "unknown_tile"
    # the move generator designates blanks over the 28 tiles of the set only
    tiles = tiles_for(ES, s.lexicon)
    board = ["." * 15] * 15
    seen: set[str] = set()
    for rack in ("?ICO", "?AMA", "?ANO", "?EO"):
        for m in generate_moves(board, rack, s.lexicon, ES):
            seen.update(ch for ch in _blank_tiles(m.action.word))
    assert {"ch", "ll", "ñ", "rr"} <= seen
    assert seen <= {t.lower() for t in tile_set("es").letters}
    assert not seen & {"k", "w"}
    assert tiles.all_mask == sum(1 << s.lexicon.index[t] for t in tile_set("es").letters)


def _blank_tiles(word: str) -> list[str]:
    out, i = [], 0
    while i < len(word):
        if word[i] == "[":
            j = word.index("]", i)
            tok, i = word[i + 1 : j], j + 1
        else:
            tok, i = word[i], i + 1
        if tok.islower():
            out.append(tok)
    return out


# -- lexicons and the flag -------------------------------------------------------------------------


def test_empty_board_cho_lists_12_placements_not_18() -> None:
    board = ["." * 15] * 15
    assert len(generate_moves(board, "CHO", Lexicon.builtin("es"), ES)) == 12
    assert len(generate_moves(board, "CHO", Lexicon.builtin("es-all"), HOUSE)) == 18


def test_every_spelling_lexicon_under_the_default_rules_names_the_flag() -> None:
    every = Lexicon.from_words(
        ["chico", "casa"], language="es", alphabet=SPANISH_TILE_ALPHABET, every_spelling=True
    )
    with pytest.raises(RulesError, match=r"Rules\(split_digraphs=True\)"):
        new_game(2, rules=ES, lexicon=every)
    with pytest.raises(RulesError, match=r"Rules\(split_digraphs=True\)"):
        new_game(2, rules=ES, lexicon=Lexicon.builtin("es-all"))
    one = Lexicon.from_words(["chico", "casa"], language="es", alphabet=SPANISH_TILE_ALPHABET)
    assert new_game(2, rules=ES, lexicon=one).lexicon is one
    assert new_game(2, rules=HOUSE, lexicon=one).lexicon is one  # the house rule allows, not needs


def test_states_naming_the_old_digest() -> None:
    s = _spanish(HOUSE, [["C", "H", "I", "C", "O", "A", "E"], list("AELORST")])
    s = s.apply(parse_action("8H CHICO"))
    d = s.to_dict()
    assert d["lexicon"]["digest"] == OLD_ES_DIGEST
    assert State.from_dict(d) == s  # with the flag: loads
    old = {**d, "rules": {k: v for k, v in d["rules"].items() if k != "split_digraphs"}}
    old["lexicon"] = {"name": "es", "digest": OLD_ES_DIGEST}  # as written before the rule
    with pytest.raises(InvalidStateError, match=r"Rules\(split_digraphs=True\)"):
        State.from_dict(old)
    with pytest.raises(InvalidStateError, match=r"Rules\(split_digraphs=True\)"):
        from_position(s.to_position(), rules=ES, lexicon=Lexicon.builtin("es-all"))
    assert from_position(s.to_position(), rules=HOUSE).board == s.board


def test_records_under_both_settings_round_trip() -> None:
    for rules in (ES, HOUSE):
        rec = wordgames.play(
            new_game(2, rules=rules), [bots.GreedyBot(), bots.GreedyBot()], random.Random(3)
        )
        back = type(rec).from_dict(rec.to_dict())
        assert back.replay() == rec.replay()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_bot_games_follow_the_rule(seed: int) -> None:
    """Greedy play under the default rules never puts a C tile before an H tile (or L before
    L, R before R) in a row or a column; under the house rule the lexicon offers such words."""
    rng = random.Random(seed)
    s = new_game(2, rules=ES)
    greedy = bots.GreedyBot()
    for _ in range(60):
        if s.is_terminal:
            break
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        s = s.apply(greedy.choose(s.view(s.turn), rng))
    assert not _splits_on_board(tiles_for(ES, s.lexicon), s.board)


def _splits_on_board(tiles, board) -> bool:  # type: ignore[no-untyped-def]
    """Whether a row or column of ``board`` has two neighbouring tiles that join into a
    digraph tile (neighbours in a line always belong to one word)."""
    size = tiles.size
    for line in range(size):
        for cells in (
            [board[line * size + c] for c in range(size)],
            [board[r * size + line] for r in range(size)],
        ):
            run: list[int] = []
            for v in [*cells, -1]:
                if v >= 0:
                    run.append(v & LETTER)
                else:
                    if split_digraph(tiles, run) >= 0:
                        return True
                    run = []
    return False


# -- the move generator against the brute force, under both settings ----------------------------

SMALL_ES = ("A", "C", "CH", "H", "L", "LL", "O", "R", "RR")


def _small_es(rng: random.Random, every: bool) -> Lexicon:
    letters = "ACHLOR"
    words = {
        "".join(rng.choice(letters) for _ in range(rng.randint(2, 5)))
        for _ in range(rng.randint(5, 60))
    }
    words |= {"CHOCA", "CALLO", "CORRO", "HOLA", "ALCOHOL"}
    return Lexicon.from_words(
        sorted(words),
        name="small-es",
        language="es",
        alphabet=SPANISH_TILE_ALPHABET,
        every_spelling=every,
    )


def _compare_es(seed: int, rules: Rules, blank: bool) -> int:
    rng = random.Random(seed)
    lex = _small_es(rng, every=rules.split_digraphs)
    tiles = tiles_for(rules, lex)
    codes_ = [lex.index[t] for t in SMALL_ES]
    board = tuple([-1] * (tiles.size * tiles.size))
    for _ in range(rng.randint(0, 6)):
        rack = tuple(sorted(rng.choice(codes_) for _ in range(5)))
        found = raw_moves(tiles, board, rack)
        if found:
            _, _, placed = rng.choice(found)
            b = list(board)
            for sq, v in placed:
                b[sq] = v
            board = tuple(b)
    rack_l = [rng.choice(codes_) for _ in range(rng.randint(1, 3 if blank else 4))]
    if blank:
        rack_l[0] = tiles.blank
    rack_t = tuple(sorted(rack_l))
    fast = raw_moves(tiles, board, rack_t)
    acts = places(tiles, board, fast)
    assert legal_places(tiles, board, rack_t) == acts
    fast_map = {p: raw[1] for p, raw in zip(acts, fast, strict=True)}
    assert len(fast_map) == len(fast)
    assert fast_map == brute_force_moves(tiles, board, rack_t)
    fixed = tiles_for(ES, _small_es(random.Random(seed), every=False))
    splits = 0
    for _, _, placed in fast:
        b = list(board)
        for sq, v in placed:
            b[sq] = v
        split = _splits_on_board(fixed, b)
        assert rules.split_digraphs or not split
        splits += split
    return splits


@given(seed=st.integers(0, 2**32 - 1), house=st.booleans())
def test_gaddag_equals_brute_force_spanish(seed: int, house: bool) -> None:
    _compare_es(seed, HOUSE if house else ES, blank=False)


@settings(max_examples=6)
@given(seed=st.integers(0, 2**32 - 1), house=st.booleans())
def test_gaddag_equals_brute_force_spanish_with_a_blank(seed: int, house: bool) -> None:
    _compare_es(seed, HOUSE if house else ES, blank=True)


def test_gaddag_equals_brute_force_spanish_fixed_seeds() -> None:
    splits = {ES: 0, HOUSE: 0}
    for seed in range(8):
        for rules in (ES, HOUSE):
            splits[rules] += _compare_es(seed, rules, blank=seed % 4 == 0)
    assert splits[ES] == 0
    assert splits[HOUSE] > 0  # the house rule does list C+H, L+L, R+R moves


def test_records_and_gcg_from_before_the_rule_name_the_flag() -> None:
    from wordgames._core.record import Record

    start = new_game(2, rules=HOUSE)
    draws = [Draw(t) for t in ["C", "H", "I", "C", "O", "A", "E", *"AELORST"]]
    rec = Record(start, (*draws, parse_action("8H CHICO")))
    assert Record.from_dict(rec.to_dict()).replay() == rec.replay()
    gcg = to_gcg(rec)
    assert '"split_digraphs": true' in gcg
    assert from_gcg(gcg).replay().scores == rec.replay().scores
    # as written before the rule: no flag in the rules
    old = rec.to_dict()
    old["initial"]["rules"].pop("split_digraphs")
    with pytest.raises(InvalidStateError, match=r"Rules\(split_digraphs=True\)"):
        Record.from_dict(old)
    old_gcg = gcg.replace(', "split_digraphs": true', "").replace("#lexicon es-all", "#lexicon es")
    with pytest.raises(InvalidStateError, match=r"split_digraph\].*Rules\(split_digraphs=True\)"):
        from_gcg(old_gcg)


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), house=st.booleans(), size=st.integers(1, 7))
def test_exchanges_are_the_canonical_multisets(seed: int, house: bool, size: int) -> None:
    """``exchanges`` lists each distinct multiset of rack tiles once, smallest first, each the
    value ``Exchange`` makes of its tiles (the canonical notation order, digraphs and Ñ
    included), whether or not the rack's tile ids are in notation order."""
    from itertools import combinations

    from wordgames.wocable.actions import Exchange, split_tokens
    from wordgames.wocable.engine import exchanges

    rules = HOUSE if house else ES
    tiles = tiles_for(rules, Lexicon.builtin("es"))
    rng = random.Random(seed)
    rack = [rng.randrange(tiles.blank + 1) for _ in range(size)]
    got = exchanges(tiles, rack, 100, rules)
    want: list[Exchange] = []
    for k in range(1, size + 1):
        for combo in sorted(set(combinations(sorted(rack), k))):
            want.append(Exchange("".join(tiles.tile_text(t) for t in combo)))
    assert got == want
    assert [hash(e) for e in got] == [hash(e) for e in want]
    assert [repr(e) for e in got] == [repr(e) for e in want]
    assert exchanges(tiles, rack, 2, rules) == [e for e in want if len(split_tokens(e.tiles)) <= 2]


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), blank=st.booleans())
def test_ranked_moves_sort_by_notation_on_spanish_tiles(seed: int, blank: bool) -> None:
    """Ties of score and start square go by the word's notation, where cell values do not
    sort as their notations do ([CH] after C, Ñ after N, blanks' lower case)."""
    from wordgames.wocable.movegen import ranked_moves

    rng = random.Random(seed)
    lex = _small_es(rng, every=True)
    tiles = tiles_for(HOUSE, lex)
    codes_ = [lex.index[t] for t in SMALL_ES]
    board = tuple([-1] * (tiles.size * tiles.size))
    for _ in range(rng.randint(0, 6)):
        found = raw_moves(tiles, board, tuple(sorted(rng.choice(codes_) for _ in range(5))))
        if found:
            b = list(board)
            for sq, v in rng.choice(found)[2]:
                b[sq] = v
            board = tuple(b)
    rack = [rng.choice(codes_) for _ in range(rng.randint(1, 5))]
    if blank:
        rack[0] = tiles.blank
    rack_t = tuple(sorted(rack))
    raws = raw_moves(tiles, board, rack_t)
    raws += [(r[0], 7, r[2]) for r in raws[::2]]  # ties of score on purpose
    got = [(m.score, str(m.action)) for m in ranked_moves(tiles, board, rack_t, raws)]
    want = [(r[1], str(p)) for p, r in zip(places(tiles, board, raws), raws, strict=True)]
    assert got == sorted(want, key=lambda x: (-x[0], x[1]))


@given(st.text(alphabet="AB?.c[]\nÑ", max_size=12))
def test_split_tokens_fast_path_agrees_with_the_pattern(text: str) -> None:
    """Text without brackets skips the pattern (one token a character): the same tokens, and
    the same error on unbalanced brackets, as the pattern finds."""
    from wordgames.wocable.actions import _TOKEN, split_tokens

    want: list[str] | None = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos or want is None:
            want = None
            break
        tok = m.group()
        want.append(tok[1:-1] if tok[0] == "[" else tok)
        pos = m.end()
    if pos != len(text):
        want = None
    if want is None:
        with pytest.raises(wordgames.ParseError):
            split_tokens(text)
    else:
        assert split_tokens(text) == want
    with pytest.raises(TypeError):  # not a str: refused by the pattern, as always
        split_tokens({text})  # type: ignore[arg-type]
