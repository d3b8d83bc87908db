"""Scenario tests straight from the rules text and the issue, plus bad-input codes."""

from __future__ import annotations

import random

import pytest

from wordgames import IllegalActionError, InvalidStateError, ParseError, RulesError
from wordgames.lexicon import Lexicon
from wordgames.wocable import (
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Rules,
    State,
    Timeout,
    from_position,
    new_game,
    parse_action,
)
from wordgames.wocable.rules import layout, tile_set

EMPTY = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"


def deal(state: State, racks: list[str] | list[list[str]]) -> State:
    """Resolve the opening deal so that the players get exactly ``racks``."""
    for rack in racks:
        for tok in rack:
            state = state.apply(Draw(tok))
    assert state.phase == "play"
    return state


def draws(state: State, tiles: str) -> State:
    for tok in tiles:
        state = state.apply(Draw(tok))
    return state


def codes(state: State, action: object) -> str:
    with pytest.raises(IllegalActionError) as e:
        state.check(action)
    with pytest.raises(IllegalActionError) as e2:
        state.apply(action)
    assert e.value.code == e2.value.code
    return e.value.code


# -- data -----------------------------------------------------------------------------------------


def test_tile_sets_have_100_tiles_and_published_values() -> None:
    en = tile_set("en")
    assert en.total == 100
    assert sum(n * v for n, v in zip(en.counts, en.values, strict=True)) == 187
    es = tile_set("es")
    assert es.total == 100
    assert sum(n * v for n, v in zip(es.counts, es.values, strict=True)) == 192
    assert "K" not in es.letters
    assert "W" not in es.letters
    assert {"CH", "LL", "RR", "Ñ"} <= set(es.letters)


def test_classic_layout_counts_and_centre() -> None:
    lay = layout("classic")
    assert lay.size == 15
    assert lay.centre == 7 * 15 + 7
    assert lay.word_mult.count(3) == 8
    assert lay.word_mult.count(2) == 17
    assert lay.letter_mult.count(3) == 12
    assert lay.letter_mult.count(2) == 24
    plain = layout("plain")
    assert set(plain.word_mult) == {1}
    assert set(plain.letter_mult) == {1}


def test_rules_validation_and_round_trip() -> None:
    with pytest.raises(RulesError):
        Rules(tiles="de")
    with pytest.raises(RulesError):
        Rules(layout="hex")
    with pytest.raises(RulesError):
        Rules(pass_limit=0)
    with pytest.raises(RulesError):
        Rules(exchange_min_bag=0)
    r = Rules(layout="plain", exchange_min_bag=7, pass_limit=6)
    assert Rules.from_dict(r.to_dict()) == r
    with pytest.raises(InvalidStateError):
        Rules.from_dict({"tiles": "xx"})
    with pytest.raises(RulesError):
        new_game(1)
    with pytest.raises(RulesError):
        new_game(5)


# -- the deal and chance --------------------------------------------------------------------------


def test_deal_is_one_tile_at_a_time_from_the_bag() -> None:
    s = new_game(3)
    assert s.is_chance_node
    assert s.current_player is None
    outs = s.chance_outcomes()
    assert sum(p for _, p in outs) == 1
    assert dict(outs)[Draw("E")] == pytest.approx(12 / 100)
    assert dict(outs)[Draw("?")] == pytest.approx(2 / 100)
    for _ in range(21):
        s = s.apply(s.sample_chance(random.Random(1)))
    assert s.phase == "play"
    assert s.turn == 0
    assert [len(r) for r in s.racks] == [7, 7, 7]
    assert s.bag_size == 79
    with pytest.raises(IllegalActionError):
        s.apply(Draw("E"))


def test_no_blanks_flag() -> None:
    s = new_game(2, rules=Rules(blanks=False))
    assert s.bag_size == 98
    assert Draw("?") not in dict(s.chance_outcomes())


# -- scoring ------------------------------------------------------------------------------------


def test_gcg_example_scores(enable: Lexicon) -> None:
    s = deal(new_game(["ann", "bob"]), ["ACEQTXZ", "AEHLMNO"])
    cat = parse_action("8G CAT")
    assert s.is_legal(cat)
    s = s.apply(cat)
    assert s.scores == (10, 0)  # (3 + 1 + 1) x 2
    s = draws(s, "EEE")
    s2 = s.apply(parse_action("H7 H.M"))
    assert s2.scores == (10, 8)


def test_bingo_bonus_and_premiums() -> None:
    s = deal(new_game(2), ["VIVIFIC", "AEIOUST"])
    best = s.best_moves(1)[0]
    assert best.score == 94
    assert best.tiles == 7
    after = s.apply(best.action)
    assert after.scores[0] == 94


def test_vivific_vector() -> None:
    s = deal(new_game(2), ["VIVIFIC", "AEIOUST"])
    placements = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert len(placements) == 18
    texts = sorted(str(a) for a in placements)
    assert sum(a.across for a in placements) == 9
    assert sum(1 for t in texts if t.endswith("IF")) == 4
    top = {str(m.action) for m in s.moves() if m.score == 94}
    assert top == {
        "8B VIVIFIC",
        "8D VIVIFIC",
        "8H VIVIFIC",
        "H2 VIVIFIC",
        "H4 VIVIFIC",
        "H8 VIVIFIC",
    }


def test_plain_layout_scores_face_values() -> None:
    s = deal(new_game(2, rules=Rules(layout="plain")), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(parse_action("8G CAT"))
    assert s.scores == (5, 0)


def test_cross_words_scored_with_new_premiums() -> None:
    s = from_position(
        "15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 "
        "SHEIRNO/AEHLMNO 10/0 0 0 " + _bag_without("CATSHEIRNOAEHLMNO")
    )
    assert str(s.normalize(Place(7, 9, True, "S"))) == "8G ...S"
    m = {str(x.action): x.score for x in s.moves()}
    assert m["8G ...S"] == 3 + 1 + 1 + 1
    # HES down J6-J8: H on the J6 triple letter, S makes CATS: (12 + 1 + 1) + 6
    assert m["J6 HES"] == 20
    assert s.apply(parse_action("J6 HES")).scores == (30, 0)
    # SH down from J8: SH (1 + 4) and CATS (6)
    assert m["J8 SH"] == 11


def _bag_without(used: str) -> str:
    ts = tile_set("en")
    bag = []
    for letter, n in zip(ts.letters, ts.counts, strict=True):
        bag.extend([letter] * n)
    bag.extend(["?"] * 2)
    for ch in used:
        bag.remove(ch)
    return "".join(bag)


# -- placement rules and bad input codes ---------------------------------------------------------


@pytest.fixture
def opened() -> State:
    s = deal(new_game(["ann", "bob"]), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(parse_action("8G CAT"))
    return draws(s, "EEE")


def test_first_move_must_cover_centre() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    assert codes(s, parse_action("7G CAT")) == "not_through_centre"
    assert codes(s, parse_action("8A CAT")) == "not_through_centre"


def test_bad_placements_have_distinct_codes(opened: State) -> None:
    s = opened
    assert codes(s, parse_action("8O HE")) == "off_board"
    assert codes(s, Place(7, 15, True, "HE")) == "off_board"
    assert codes(s, parse_action("8G HE")) == "square_occupied"
    assert codes(s, parse_action("H6 H..M")) == "gap"
    assert codes(s, parse_action("1A HE")) == "not_connected"
    assert codes(s, parse_action("H7 Q.T")) == "tiles_not_on_rack"
    assert codes(s, parse_action("H7 O.M")) == "word_not_in_lexicon"
    assert codes(s, parse_action("H7 H.L")) == "word_not_in_lexicon"
    assert codes(s, parse_action("8I .S")) == "word_not_complete"
    assert codes(s, parse_action("8J S")) == "word_not_complete"
    assert codes(s, parse_action("8G ...")) == "no_tiles_placed"
    assert codes(s, parse_action("8G ...S")) == "tiles_not_on_rack"
    assert codes(s, Exchange("QQ")) == "tiles_not_on_rack"
    assert codes(s, Resign(5)) == "invalid_player"
    assert codes(s, Timeout(0)) == "not_your_turn"
    assert codes(s, Draw("E")) == "not_chance_node"
    with pytest.raises(IllegalActionError) as e:
        s.place_tiles([("H7", "H"), ("I9", "M")])
    assert e.value.code == "not_in_one_line"
    with pytest.raises(IllegalActionError) as e:
        s.place_tiles([("H7", "H"), ("H10", "M")])
    assert e.value.code == "gap"
    assert str(s.place_tiles([("H7", "H"), ("H9", "M")])) == "H7 H.M"


def test_one_tile_move_is_listed_once_and_canonical(opened: State) -> None:
    s = opened
    # "AE" ... find all one-tile moves: each square appears once
    singles = [
        a
        for a in s.legal_actions()
        if isinstance(a, Place) and sum(1 for ch in a.word if ch != ".") == 1
    ]
    keys = set()
    for a in singles:
        keys.add(tuple(sorted(str(a))))
    assert len({(a.row, a.col, a.across, a.word) for a in singles}) == len(singles)
    hm = s.normalize(Place(6, 7, True, "H"))  # H on H7 above the A: down word HA
    assert str(hm) == "H7 H."
    assert codes(s, Place(6, 7, True, "H")) == "single_tile_direction"


def test_blank_and_real_letter_are_different_moves() -> None:
    s = deal(new_game(2), ["CAT?EEE", "AEHLMNO"])
    acts = set(s.legal_actions())
    assert parse_action("8G CAT") in acts
    assert parse_action("8G cAT") in acts
    assert parse_action("8G CAT") != parse_action("8G cAT")
    s2 = s.apply(parse_action("8G cAT"))
    assert s2.scores[0] == 4  # (0 + 1 + 1) x 2
    assert s2.at("G8") == "c"


def test_wrong_player_and_chance_pending() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    assert s.legal_actions(1) == ()
    s = s.apply(parse_action("8G CAT"))
    assert codes(s, Pass()) == "chance_pending"
    assert s.actor(Draw("E")) is None


# -- exchanges ------------------------------------------------------------------------------------


def test_exchange_draws_before_returning() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(Exchange("QXZ"))
    assert s.phase == "draw"
    assert s.to_draw == 3
    # the exchanged tiles are not in the bag while drawing: Q cannot be drawn back
    assert codes(s, Draw("Q")) == "tile_not_in_bag"
    s = draws(s, "EEE")
    assert s.phase == "play"
    assert s.turn == 1
    assert s.rack_text(0) == "ACEEEET"
    assert s.bag[s.lexicon.index["Q"]] == 1


def test_exchange_threshold_flag() -> None:
    state = _late_state(bag_size=5)
    k = state.bag_size
    rack = state.rack_text(state.turn)
    assert 1 <= k < len(rack)
    assert state.is_legal(Exchange(rack[:k]))
    assert codes(state, Exchange(rack[: k + 1])) == "bag_too_small"
    strict = State.from_dict({**state.to_dict(), "rules": Rules(exchange_min_bag=7).to_dict()})
    assert codes(strict, Exchange(rack[:1])) == "bag_too_small"
    assert not any(isinstance(a, Exchange) for a in strict.legal_actions())


def _late_state(bag_size: int, players: int = 2, rules: Rules | None = None) -> State:
    """A position from a seeded greedy game with at most ``bag_size`` tiles in the bag."""
    from wordgames.wocable.bots import GreedyBot

    rng = random.Random(7)
    s = new_game(players, rules=rules)
    bot = GreedyBot()
    while True:
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
        elif s.phase == "play" and s.bag_size <= bag_size:
            return s
        else:
            s = s.apply(bot.choose(s.view(s.turn), rng))
        assert not s.is_terminal


def test_exchanges_are_distinct_multisets() -> None:
    s = deal(new_game(2), ["AAEEIIO", "AEHLMNO"])
    ex = [a for a in s.legal_actions() if isinstance(a, Exchange)]
    # multisets of {A2, E2, I2, O1}: 3*3*3*2 - 1 = 53
    assert len(ex) == len(set(ex)) == 53


# -- end of the game ------------------------------------------------------------------------------


def test_four_passes_end_the_game_without_subtraction() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    for _ in range(3):
        s = s.apply(Pass())
    assert not s.is_terminal
    s = s.apply(Pass())
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.reason == "passes"
    assert s.outcome.is_draw
    assert s.scores == (0, 0)


def test_pass_end_subtract_flag_and_count() -> None:
    r = Rules(pass_end_subtract=True, pass_limit=2)
    s = deal(new_game(2, rules=r), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(Pass()).apply(Pass())
    assert s.is_terminal
    assert s.scores == (-(1 + 3 + 1 + 10 + 1 + 8 + 10), -(1 + 1 + 4 + 1 + 3 + 1 + 1))
    assert s.outcome is not None
    assert s.outcome.winners == frozenset({1})


def test_exchanges_do_not_count_as_passes_by_default() -> None:
    s = deal(new_game(2), ["AEHLMNO", "ACEQTXZ"])
    s = s.apply(Pass()).apply(Pass()).apply(Pass())
    s = draws(s.apply(Exchange("Q")), "E")
    assert s.passes == 0
    r = Rules(exchanges_count_as_passes=True)
    s = deal(new_game(2, rules=r), ["AEHLMNO", "ACEQTXZ"])
    s = s.apply(Pass()).apply(Pass()).apply(Pass())
    s = draws(s.apply(Exchange("Q")), "E")
    assert s.is_terminal
    assert s.end_reason == "passes"


def test_zero_score_moves_flag() -> None:
    r = Rules(zero_scores_count_as_passes=True)
    s = deal(new_game(2, rules=r), ["AEHLMNO", "??AEIOU"])
    s = s.apply(Pass()).apply(Pass()).apply(Pass())
    zero = next(a for a in s.legal_actions() if isinstance(a, Place) and a.word.islower())
    s = s.apply(zero)
    assert s.is_terminal
    assert s.end_reason == "passes"


def test_playing_out_adds_and_subtracts_rack_values() -> None:
    s = _late_state(bag_size=0)
    p = s.turn
    # find a state where the player on turn can play out; play greedily until one ends it
    from wordgames.wocable.bots import GreedyBot

    rng = random.Random(3)
    while not s.is_terminal:
        before = s
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        s = s.apply(GreedyBot().choose(s.view(s.turn), rng))
    if s.end_reason == "played_out":
        p = before.turn
        q = 1 - p
        rack_val = s.tiles.rack_value(s.racks[q])
        last = before.apply(next(a for a in before.legal_actions() if a == _last_action(before, s)))
        assert s.scores[q] == before.scores[q] - rack_val
        assert last.scores[p] == s.scores[p]
        assert s.outcome is not None


def _last_action(before: State, after: State) -> object:
    for a in before.legal_actions():
        if before.apply(a) == after:
            return a
    raise AssertionError


def test_resign_two_players_other_wins_regardless_of_score() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    s = draws(s.apply(parse_action("8G CAT")), "EEE")
    out = s.apply(Resign(0))
    assert out.is_terminal
    assert out.outcome is not None
    assert out.outcome.reason == "resigned"
    assert out.outcome.winners == frozenset({1})
    out2 = s.apply(Timeout(1))
    assert out2.outcome is not None
    assert out2.outcome.reason == "timeout"
    assert out2.outcome.winners == frozenset({0})
    assert Resign(0) in s.frontend_actions()
    assert Resign(0) not in s.legal_actions()


@pytest.mark.parametrize("to_bag", [True, False])
def test_resign_three_players_game_goes_on(to_bag: bool) -> None:
    r = Rules(departed_tiles_to_bag=to_bag)
    s = deal(new_game(3, rules=r), ["ACEQTXZ", "AEHLMNO", "DEIRSTU"])
    bag = s.bag_size
    s = s.apply(Resign(1))
    assert not s.is_terminal
    assert s.racks[1] == ()
    assert s.bag_size == (bag + 7 if to_bag else bag)
    assert len(s.removed) == (0 if to_bag else 7)
    assert s.turn == 0
    s = s.apply(Pass())
    assert s.turn == 2  # player 1 is skipped
    assert State.from_dict(s.to_dict()) == s
    s = s.apply(Timeout(2))
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.ranking == (1, 3, 2)  # the last to leave ranks above the first
    assert s.outcome.reason == "timeout"


def test_departed_players_rank_below_everyone_still_playing() -> None:
    s = deal(new_game(4), ["ACEQTXZ", "AEHLMNO", "DEIRSTU", "AEIOUST"])
    s = draws(s.apply(parse_action("8G CAT")), "EEE")
    s = s.apply(Resign(0))  # player 0 leaves with 10 points
    for _ in range(4):
        s = s.apply(Pass())
    assert s.is_terminal
    assert s.outcome is not None
    assert s.outcome.ranking == (4, 1, 1, 1)
    assert s.scores[0] == 10


# -- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "8H CAT",
        "H8 CAT",
        "8H c.T",
        "15A ZA",
        "O1 [CH]E",
        "10B [ch]..A",
        "-",
        "-ABC?",
        "-[CH]?",
        "draw E",
        "draw ?",
        "draw [LL]",
        "draw Ñ",
        "resign 0",
        "timeout 3",
    ],
)
def test_notation_round_trip(text: str) -> None:
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        "8H",
        "8H CAT DOG",
        "88 CAT",
        "HH CAT",
        "٣H CAT",
        "p٣ pass",
        "resign ٣",
        "8H C[AT",
        "8H C]AT",
        "-ab",
        "draw",
        "draw EE",
        "resign x",
        "0H CAT",
        "8H C1T",
        "8H ??",
        "--",
        "8H cAT!",
        None,
    ],
)
def test_malformed_notation(text: object) -> None:
    with pytest.raises(ParseError):
        parse_action(text)  # type: ignore[arg-type]


def test_exchange_notation_is_canonical() -> None:
    assert Exchange("?ZA") == Exchange("AZ?")
    assert str(Exchange("?ZA")) == "-AZ?"
    assert str(Exchange("ÑN[CH]C")) == "-C[CH]NÑ"


def test_redacted_actions() -> None:
    s = new_game(2)
    assert s.redact_action(Draw("E"), 1) == "draw *"
    assert s.redact_action(Draw("E"), 0) == "draw E"
    s = deal(s, ["ACEQTXZ", "AEHLMNO"])
    assert s.redact_action(Exchange("QXZ"), 1) == "-3"
    assert s.redact_action(Exchange("QXZ"), 0) == "-QXZ"


# -- views ----------------------------------------------------------------------------------------


def test_views_hide_racks_and_bag() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    v = s.view(1)
    d = v.to_dict()
    assert d["rack"] == "AEHLMNO"
    assert d["rack_sizes"] == [7, 7]
    assert "ACEQTXZ" not in str(d)
    assert sum(v.unseen_counts) == 93
    assert v.bag_size == 86
    assert v.legal_actions() == ()
    assert set(s.view(0).legal_actions()) == set(s.legal_actions())
    spectator = s.view(None)
    assert spectator.rack is None
    assert sum(spectator.unseen_counts) == 100
    sampled = v.sample_state(random.Random(0))
    assert sampled.racks[1] == s.racks[1]
    assert sampled.view(1) == v


# -- Spanish --------------------------------------------------------------------------------------


def test_spanish_game_with_digraph_tiles() -> None:
    es = Lexicon.builtin("es")
    s = new_game(2, rules=Rules(tiles="es"), lexicon=es)
    assert s.bag_size == 100
    outcomes = {str(a) for a, _ in s.chance_outcomes()}
    assert {"draw [CH]", "draw [LL]", "draw [RR]", "draw Ñ"} <= outcomes
    assert "draw K" not in outcomes
    s = deal(s, [["CH", "I", "C", "O", "A", "E", "S"], ["A", "E", "L", "L", "O", "R", "S"]])
    acts = {str(a) for a in s.legal_actions()}
    assert "8H [CH]ICO" in acts or "8D [CH]ICO" in acts
    chico = next(a for a in s.legal_actions() if str(a).endswith(" [CH]ICO"))
    after = s.apply(chico)
    assert State.from_dict(after.to_dict()) == after
    assert "[CH]" in after.to_position()
    assert " CH " in str(after)  # digraph tiles get two-character cells in the picture


def test_position_string_round_trip() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    s = draws(s.apply(parse_action("8G cAT")), "?EE") if False else s
    text = s.to_position()
    back = from_position(text)
    assert back.to_position() == text
    assert back.racks == s.racks
    assert back.bag == s.bag
    with pytest.raises(InvalidStateError):
        from_position(text.replace("ACEQTXZ", "ACEQTXZZ"))
    with pytest.raises(InvalidStateError):
        from_position("garbage")
