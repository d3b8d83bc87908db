"""Wömmeln rounds, straight from the rulebook, and game-specific properties."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, RulesError
from wordgames import wommeln as wm
from wordgames.wommeln.bots import LongestWordBot, choose_placement
from wordgames.wommeln.categories import CARDS, COLORS, SIDES, category
from wordgames.wommeln.engine import find_placements
from wordgames.wommeln.sheets import builtin_sheet

STIER_ROWS = ["STIIE", "XXXXS", "XXXXR"]
OTHER_ROWS = ["ABCDE", "FGHIJ", "KLMNO"]


def two_player(**rules: object) -> wm.State:
    rules.setdefault("review", "vote")  # these scenarios vote on every word
    state = wm.new_game(["ann", "bob"], rules=wm.Rules(**rules), sheets=[STIER_ROWS, OTHER_ROWS])
    return state.apply(wm.Reveal(1, "a"))


def act(state: wm.State, *texts: str) -> wm.State:
    for text in texts:
        state = state.apply(wm.parse_action(text))
    return state


def test_rulebook_stier_round() -> None:
    s = two_player(rounds=2)
    assert s.phase == "search"
    assert s.players_to_act == {0, 1}
    assert s.category is not None
    assert s.category.key == "1a"
    # S, T, I neighbours; I->E over an unused I; E->R over an unused S
    s = act(s, "p0 place STIER A1-B1-C1-d1-E1-e2-E3")
    assert s.timer == "running"
    assert s.timer_starter == 0
    assert s.countdown == 45
    assert s.frontend_actions() == (wm.TimeUp(),)
    assert s.players_to_act == {1}
    s = act(s, "p1 pass")
    assert s.phase == "review"
    assert s.players_to_act == {1}
    assert s.legal_actions(1) == (wm.Vote(1, 0, True), wm.Vote(1, 0, False))
    s = act(s, "p1 accept p0")
    assert s.phase == "reveal"
    assert s.scores == (5, 0)
    g = s.grid(0)
    assert g.free_count == g.size - 7
    # the last round's countdown is doubled
    s = act(s, "reveal 2b", "p1 place AB A1-B1")
    assert s.countdown == 90


def test_word_length_scores_umlaut_as_two_letters() -> None:
    rows = ["AEPFEL", "XXXXXX"]
    s = wm.new_game(1, sheets=[rows], rules=wm.Rules(rounds=1)).apply(wm.Reveal(3, "b"))
    s = act(s, "p0 place ÄPFEL A1-B1-C1-D1-E1-F1")
    assert s.is_terminal
    assert s.scores == (6,)
    assert s.results[0][0].word == "AEPFEL"


def test_circle_first_then_connect_after_time_up() -> None:
    s = two_player()
    s = act(s, "p0 circle STIER A1 B1 C1 E1 E3")
    assert s.players_to_act == {0, 1}
    assert s.timer == "off"
    s = act(s, "p1 place AB A1-B1")
    assert s.timer_starter == 1
    s = act(s, "time up")
    assert s.timer == "up"
    assert s.players_to_act == {0}
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.parse_action("p0 place TI B1-C1"))
    assert e.value.code == "already_circled"
    # connecting other letters than the circled ones is refused
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.parse_action("p0 connect A1-B1-C1-D1-e2-E3"))
    assert e.value.code in ("letter_mismatch", "circles_changed")
    offer = s.legal_actions(0)[0]
    assert isinstance(offer, wm.Connect)
    assert len(offer.path) == 7
    s = act(s, "p0 connect A1-B1-C1-d1-E1-e2-E3", "p0 accept p1", "p1 accept p0")
    assert s.scores == (5, 2)


def test_time_up_ends_search_for_players_without_circles() -> None:
    s = wm.new_game(
        3, sheets=[STIER_ROWS, OTHER_ROWS, ["QQQ", "QQQ"]], rules=wm.Rules(review="vote")
    ).apply(wm.Reveal(4, "a"))
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.TimeUp())
    assert e.value.code == "timer_not_running"
    s = act(s, "p1 place FG A2-B2", "time up")
    assert s.phase == "review"
    assert [e.status for e in s.entries] == ["passed", "placed", "passed"]
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.parse_action("p0 place ST A1-B1"))
    assert e.value.code == "wrong_phase"


@pytest.mark.parametrize("erase", [True, False])
def test_circles_that_cannot_be_connected_score_zero(erase: bool) -> None:
    # round 1 walls A1 off from C1 with a line B1-B2; in round 2 A and B are circled
    rules = wm.Rules(rounds=2, erase_zero_rounds=erase)
    s = wm.new_game(1, sheets=[["AXB", "XXX"]], rules=rules)
    s = act(s, "reveal 5a", "p0 place XX B1-B2", "reveal 6a", "p0 circle AB A1 C1")
    assert s.legal_actions(0) == (wm.Pass(0), wm.Erase(0))
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.parse_action("p0 connect A1-b1-C1"))
    assert e.value.code == "cell_used"
    s = act(s, "p0 pass")
    assert s.is_terminal
    assert s.scores == (2,)
    assert s.results[0][-1].score == 0
    used = s.grid(0).size - s.grid(0).free_count
    assert used == (2 if erase else 4)
    assert wm.State.from_dict(s.to_dict()) == s


@pytest.mark.parametrize(
    ("votes", "tie_keeps", "expected"),
    [
        (["p1 reject p0", "p2 accept p0"], True, 5),
        (["p1 reject p0", "p2 accept p0"], False, 0),
        (["p1 reject p0", "p2 reject p0"], True, 0),
        (["p1 accept p0", "p2 accept p0"], False, 5),
    ],
)
def test_majority_vote(votes: list[str], tie_keeps: bool, expected: int) -> None:
    s = wm.new_game(
        3,
        sheets=[STIER_ROWS, OTHER_ROWS, ["QQQ", "QQQ"]],
        rules=wm.Rules(tie_keeps_word=tie_keeps, review="vote"),
    ).apply(wm.Reveal(10, "b"))
    s = act(s, "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass", "p2 pass")
    assert s.phase == "review"
    assert s.players_to_act == {1, 2}
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.parse_action("p0 accept p0"))
    assert e.value.code == "own_word"
    s = act(s, *votes)
    assert s.scores[0] == expected
    # a rejected word's marks are erased (default)
    assert s.grid(0).free_count == (s.grid(0).size - 7 if expected else s.grid(0).size)


def test_two_players_one_voter_and_review_flag() -> None:
    s = act(two_player(), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass", "p1 reject p0")
    assert s.scores == (0, 0)
    s = act(two_player(review=False), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass")
    assert s.phase == "reveal"
    assert s.scores == (5, 0)


def test_end_and_tie_breaks() -> None:
    rows0 = ["ABCDEF", "GHIJKL"]
    rows1 = ["ABCGHI", "DEFJKL"]
    s = wm.new_game(2, sheets=[rows0, rows1], rules=wm.Rules(rounds=2, review=False))
    s = act(s, "reveal 1a", "p0 place ABCDEF A1-B1-C1-D1-E1-F1", "p1 place ABC A1-B1-C1")
    s = act(s, "reveal 2a", "p0 pass", "p1 place DEF A2-B2-C2")
    assert s.is_terminal
    out = s.outcome
    assert out is not None
    assert out.scores == (6, 6)
    assert out.ranking == (1, 2)  # same points: the longest word decides
    assert out.reason == "rounds_played"
    s = wm.new_game(2, sheets=[rows0, rows1], rules=wm.Rules(rounds=1, review=False))
    s = act(s, "reveal 1a", "p0 place ABC A1-B1-C1", "p1 place ABC A1-B1-C1")
    assert s.outcome is not None
    assert s.outcome.ranking == (1, 1)
    assert s.outcome.is_draw


def test_solo_no_timer_no_votes_optional_limit() -> None:
    s = wm.new_game(1, sheets=[STIER_ROWS]).apply(wm.Reveal(11, "a"))
    assert s.timer == "off"
    assert s.frontend_actions() == ()
    s = act(s, "p0 place STIER A1-B1-C1-d1-E1-e2-E3")
    assert s.phase == "reveal"
    assert s.scores == (5,)
    s = wm.new_game(1, sheets=[STIER_ROWS], rules=wm.Rules(solo_time_limit=120))
    s = s.apply(wm.Reveal(11, "a"))
    assert s.timer == "running"
    assert s.countdown == 120
    s = act(s, "time up")
    assert s.phase == "reveal"
    assert s.scores == (0,)


def test_intensiv_variant() -> None:
    s = wordgames.resolve_chance(wm.new_game(6, rules=wm.Rules(intensiv=True)), random.Random(6))
    assert s.rules.num_rounds == 6
    assert {(sh.rows, sh.cols) for sh in s.sheets} == {(10, 10)}
    assert len({sh.id for sh in s.sheets}) == 6
    with pytest.raises(RulesError):
        wm.new_game(7, rules=wm.Rules(intensiv=True))
    for lang in ("de", "en"):
        for n in range(1, 7):
            counts = Counter(builtin_sheet(n, language=lang, intensiv=True).letters)
            assert 1 in counts.values(), "some letters occur only once on INTENSIV sheets"
    big = wm.new_game(2, rules=wm.Rules(intensiv=True, intensiv_size=12), sheets=[1, 2])
    assert big.sheets[0].rows == 12


def test_sheets_deterministic_numbered_distinct() -> None:
    assert builtin_sheet(1).row_strings()[0] == "BFRBCETDITIGAEE"
    # an E became the J the sheet lacked (every letter at least once on INTENSIV sheets)
    assert builtin_sheet(1, intensiv=True).row_strings()[0] == "NDNDHBNJNU"
    assert builtin_sheet(1, language="en").row_strings()[0] == "EWXIBXEMALAEMOA"
    for lang in ("de", "en"):
        sheets = [builtin_sheet(i, language=lang) for i in range(1, 15)]
        assert len({s.letters for s in sheets}) == 14
        assert all((s.rows, s.cols) == (15, 15) for s in sheets)
        assert [s.id for s in sheets] == [f"{lang}-S{i:02d}" for i in range(1, 15)]
    de = Counter("".join(builtin_sheet(i).letters for i in range(1, 15)))
    en = Counter("".join(builtin_sheet(i, language="en").letters for i in range(1, 15)))
    assert de.most_common(1)[0][0] == "E"
    assert de["N"] > de["A"]
    assert en["A"] > en["N"]  # English weights
    s = wordgames.resolve_chance(wm.new_game(8), random.Random(8))
    assert len({sh.id for sh in s.sheets}) == 8
    with pytest.raises(RulesError):
        wm.new_game(2, sheets=[1, 1])
    with pytest.raises(RulesError):
        wm.new_game(2, sheets=[["AB", "C"], ["AB", "CD"]])
    with pytest.raises(RulesError):
        wm.new_game(1, sheets=[["A1", "CD"]])


def test_categories_cards() -> None:
    for card in range(1, CARDS + 1):
        for side in SIDES:
            for color in COLORS:
                c = category(card, side, color)
                assert c.text("de")
                assert c.text("en")
                for lang in ("de", "en"):
                    answers = c.answers(lang)
                    assert len(answers) >= 8
                    assert all(a.isascii() and a.isalpha() and a.isupper() for a in answers)
    assert "AEGYPTEN" in category(5, "a", "turquoise").answers("de")


def test_chance_node_and_hidden_category_deck() -> None:
    s = wm.new_game(2, sheets=[1, 2])
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 60
    assert sum(p for _, p in outcomes) == 1
    s = s.apply(wm.Reveal(7, "b"))
    s = act(s, "p0 pass", "p1 pass")
    assert s.phase == "reveal"
    assert all(a.card != 7 for a, _ in s.chance_outcomes())
    with pytest.raises(IllegalActionError) as e:
        s.check(wm.Reveal(7, "a"))
    assert e.value.code == "card_already_drawn"


def test_views_hide_marks_until_review() -> None:
    s = act(two_player(), "p0 circle STIER A1 B1 C1 E1 E3")
    v1 = s.view(1)
    assert v1.entries[0] is None
    assert v1.done == (False, False)
    assert v1.grid(0).free_count == v1.grid(0).size
    assert s.redact_action(wm.parse_action("p0 pass"), 1) == "p0 ?"
    v0 = s.view(0)
    assert v0.entries[0] is not None
    s = act(s, "p0 connect A1-B1-C1-d1-E1-e2-E3", "p1 pass")
    assert s.view(1).entries[0] is not None  # read aloud in the review
    assert wm.View.from_dict(s.view(1).to_dict()) == s.view(1)


def test_from_dict_rejects_inconsistent_marks() -> None:
    s = act(two_player(), "p0 place STIER A1-B1-C1-d1-E1-e2-E3", "p1 pass", "p1 accept p0")
    d = s.to_dict()
    assert wm.State.from_dict(d) == s
    d["results"][0][0]["score"] = 4
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
    d = s.to_dict()
    d["results"][0][0]["kept"]["line"] = "A1-B1-C1-E1-E3"  # not neighbours
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_placing_never_changes_another_sheet_and_scores_are_lengths(seed: int) -> None:
    rng = random.Random(seed)
    state = wm.new_game(3, rules=wm.Rules(rounds=3, review=rng.random() < 0.5), sheets=[1, 2, 3])
    while not state.is_terminal:
        if state.is_chance_node:
            action = wordgames.sample_chance(state, rng)
        else:
            p = min(state.players_to_act)
            legal = state.legal_actions(p)
            action = legal[rng.randrange(len(legal))]
        before = [state.grid(q) for q in range(3)]
        nxt = state.apply(action)
        if isinstance(action, (wm.Place, wm.Circle, wm.Connect)) and nxt.phase == "search":
            for q in range(3):
                if q != action.player:
                    assert nxt.grid(q) == before[q]
        state = nxt
    for results in state.results:
        for r in results:
            assert r.score in (0, len(r.word))
            if r.score:
                assert r.kept is not None
                assert r.kept.word == r.word
    assert state.scores == tuple(sum(len(r.word) for r in rs if r.score) for rs in state.results)


@given(
    grid_letters=st.text("ABE", min_size=12, max_size=12),
    words=st.lists(st.text("ABE", min_size=2, max_size=4), min_size=1, max_size=5),
)
def test_longest_word_bot_choice(grid_letters: str, words: list[str]) -> None:
    grid = wm.GridState(3, 4, grid_letters)
    choice = choose_placement(grid, words)
    firsts = {w: next(find_placements(grid, w), None) for w in words}
    # a line may cross out at most as many cells as the word has letters
    placeable = {w: p for w, p in firsts.items() if p is not None and p.crossed <= len(w)}
    if not placeable:
        assert choice is None
        return
    assert choice is not None
    longest = max(len(w) for w in placeable)
    assert len(choice.word) == longest
    fewest = min(p.crossed for w, p in placeable.items() if len(w) == longest)
    assert choice.crossed == fewest
    wm.validate(grid, choice)


def test_bot_skips_words_whose_line_crosses_more_cells_than_it_scores() -> None:
    # AB needs a line over 3 crossed cells, ZZZ fits directly but is longer anyway; with only
    # AB on offer the bot passes unless the cap is lifted
    grid = wm.GridState.from_rows(["AXXXB"])
    assert choose_placement(grid, ["AB"]) is None
    lifted = choose_placement(grid, ["AB"], max_crossed=3)
    assert lifted is not None
    assert lifted.crossed == 3


def test_bots_play_whole_games() -> None:
    state = wm.new_game(3, rules=wm.Rules(rounds=3))
    bots = [LongestWordBot(), wordgames.RandomBot(), LongestWordBot(strict=True)]
    rec = wordgames.play(state, bots, random.Random(5))
    final = rec.replay()
    assert final.is_terminal
    assert final.scores[0] > 0
    assert wordgames.Record.from_json(rec.to_json()) == rec


@given(seed=st.integers(0, 10**6))
def test_notation_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    cells = tuple((rng.randrange(15), rng.randrange(15)) for _ in range(rng.randint(1, 6)))
    p = rng.randrange(8)
    actions = [
        wm.Reveal(rng.randint(1, 30), rng.choice("ab")),
        wm.Place(p, "WORT", cells, tuple(sorted({0, len(cells) - 1}))),
        wm.Circle(p, "AB", tuple(sorted(set(cells)))),
        wm.Connect(p, cells, (0,)),
        wm.Pass(p),
        wm.TimeUp(),
        wm.Vote(p, rng.randrange(8), rng.random() < 0.5),
    ]
    for a in actions:
        assert wm.parse_action(str(a)) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        "p10 pass",
        "p0 place",
        "p0 place W0RT A1-B1",
        "reveal 31a",
        "p0 connect A1-B0",
        "time",
        "p0 accept",
        "p0 circle AB A1 A1",
    ],
)
def test_parse_errors(text: str) -> None:
    with pytest.raises(wordgames.ParseError):
        wm.parse_action(text)


def test_rules_validation_and_round_trip() -> None:
    r = wm.Rules(
        intensiv=True, lines_may_cross=True, tie_keeps_word=False, reject_malformed_circles=True
    )
    assert wm.Rules.from_dict(r.to_dict()) == r
    for bad in (
        {"rounds": 31},
        {"language": "fr"},
        {"color": "blue"},
        {"timer_seconds": 0},
        {"min_word_length": 0},
        {"review": "yes"},
        {"reject_malformed_circles": 1},
    ):
        with pytest.raises(RulesError):
            wm.Rules(**bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError):
            wm.Rules.from_dict({**r.to_dict(), **bad})
    for junk in ({"rounds": True}, {"colour": "red"}, {"language": ["de"]}, [], {"x" * 10**5: 1}):
        with pytest.raises(InvalidStateError) as err:
            wm.Rules.from_dict(junk)
        assert len(str(err.value)) < 300


# -- malformed circling: "too few", "too many", letters that cannot all be connected ----------

MALFORMED = [
    # "you have circled ... too few letters"
    ("p0 circle STIER A1 B1 C1", "too_few_circles", 3),
    # "too many letters were circled and you cannot use all of them for one word"
    ("p0 circle STIER A1 B1 C1 D1 E1 E3", "too_many_circles", 6),
    # "you cannot connect all circled letters into a word" (S T I I S are not S T I E R)
    ("p0 circle STIER A1 B1 C1 D1 E2", "letter_mismatch", 5),
]


@pytest.mark.parametrize(("text", "code", "cells"), MALFORMED)
@pytest.mark.parametrize("erase", [True, False])
def test_malformed_circles_are_accepted_and_score_zero(
    text: str, code: str, cells: int, erase: bool
) -> None:
    s = act(two_player(rounds=2, erase_zero_rounds=erase), text)
    e = s.entries[0]
    assert e is not None
    assert e.status == "circled"
    assert not e.marks.spells(s.sheets[0].letters)
    assert s.grid(0).free_count == s.grid(0).size - cells
    # such circles can never be connected: the only move left is to pass
    assert s.legal_actions(0) == (wm.Pass(0), wm.Erase(0))
    for line in ("A1-B1-C1-d1-E1-e2-E3", "A1-B1-C1"):
        with pytest.raises(IllegalActionError) as err:
            s.check(wm.parse_action(f"p0 connect {line}"))
        assert err.value.code == "circles_do_not_spell_word"
    assert wm.State.from_dict(s.to_dict()) == s
    # hidden from the other player during the search, like any circling
    v1 = s.view(1)
    assert v1.entries[0] is None
    assert v1.done == (False, False)
    assert v1.grid(0).free_count == v1.grid(0).size
    assert s.redact_action(wm.parse_action(text), 1) == "p0 ?"
    assert s.redact_action(wm.parse_action(text), 0) == text
    assert wm.View.from_dict(v1.to_dict()) == v1
    s = act(s, "p0 pass", "p1 place AB A1-B1", "p0 accept p1")
    assert s.phase == "reveal"
    assert s.scores == (0, 2)
    assert s.results[0][0] == wm.RoundResult("", 0, None if erase else e.marks)
    # "you may erase the circled letters": erased by default, kept with the flag off
    assert s.grid(0).size - s.grid(0).free_count == (0 if erase else cells)
    assert wm.State.from_dict(s.to_dict()) == s
    # kept circles stay used on the sheet in later rounds
    s = act(s, "reveal 2a")
    assert s.is_legal(wm.parse_action("p0 place ST A1-B1")) == erase


@pytest.mark.parametrize(("text", "code", "cells"), MALFORMED)
def test_reject_malformed_circles_flag_refuses_them(text: str, code: str, cells: int) -> None:
    s = two_player(reject_malformed_circles=True)
    with pytest.raises(IllegalActionError) as err:
        s.apply(wm.parse_action(text))
    assert err.value.code == code
    assert s.entries == (None, None)
    # a state holding such circles is not a state of this variant
    d = act(two_player(), text).to_dict()
    assert wm.State.from_dict(d).entries[0] is not None
    d["rules"]["reject_malformed_circles"] = True
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
    # well-formed circling still works
    s = act(s, "p0 circle STIER A1 B1 C1 E1 E3", "p0 connect A1-B1-C1-d1-E1-e2-E3")
    e = s.entries[0]
    assert e is not None
    assert e.status == "placed"


def test_time_up_ends_the_round_for_circles_that_cannot_be_connected() -> None:
    s = wm.new_game(
        3, sheets=[STIER_ROWS, OTHER_ROWS, ["QQQ", "QQQ"]], rules=wm.Rules(review="vote")
    ).apply(wm.Reveal(4, "a"))
    s = act(s, "p0 circle STIER A1 B1 C1", "p2 circle QQ A1 B1", "p1 place FG A2-B2")
    assert s.players_to_act == {0, 2}
    s = act(s, "time up")
    # p0 cannot connect anything and is done; p2 may still connect after the time is up
    assert [e.status for e in s.entries if e is not None] == ["passed", "placed", "circled"]
    assert s.players_to_act == {2}
    assert s.view(1).done == (True, True, False)
    assert wm.State.from_dict(s.to_dict()) == s
    d = s.to_dict()
    d["entries"][0]["status"] = "circled"  # malformed circles outlasting the time
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
    s = act(s, "p2 connect A1-B1", "p0 accept p1", "p0 accept p2", "p1 accept p2", "p2 accept p1")
    assert s.scores == (0, 2, 2)


def test_solo_malformed_circles_score_zero() -> None:
    s = wm.new_game(1, sheets=[STIER_ROWS], rules=wm.Rules(rounds=1)).apply(wm.Reveal(11, "a"))
    s = act(s, "p0 circle STIER A1 B1 C1 D1 E1 E3")
    assert s.legal_actions(0) == (wm.Pass(0), wm.Erase(0))
    s = act(s, "p0 pass")
    assert s.is_terminal
    assert s.scores == (0,)
    s = wm.new_game(1, sheets=[STIER_ROWS], rules=wm.Rules(rounds=1, solo_time_limit=60))
    s = act(s.apply(wm.Reveal(11, "a")), "p0 circle STIER A1", "time up")
    assert s.is_terminal
    assert s.scores == (0,)


@pytest.mark.parametrize("strict", [False, True])
def test_structurally_bad_circles_are_illegal_in_both_readings(strict: bool) -> None:
    rules = {"rounds": 2, "erase_zero_rounds": False, "reject_malformed_circles": strict}
    s = two_player(**rules)
    cases = [
        (wm.Circle(0, "STIER", ((0, 0), (9, 9))), "off_grid"),
        (wm.Circle(0, "STIER", ((0, 0), (0, 1), (0, 1), (0, 4), (2, 4))), "bad_circles"),
        (wm.Circle(0, "STIER", ((0, 1), (0, 0))), "bad_circles"),
        (wm.Circle(0, "STIER", ()), "too_few_circles" if strict else "no_circles"),
        (wm.Circle(0, "S", ((0, 0),)), "word_too_short"),
        (wm.Circle(0, "ST1", ((0, 0),)), "bad_word"),
        (wm.Circle(5, "ST", ((0, 0),)), "invalid_player"),
    ]
    for action, code in cases:
        with pytest.raises(IllegalActionError) as err:
            s.apply(action)
        assert err.value.code == code, action
    # cells used by an earlier round's word
    s = act(s, "p0 place ST A1-B1", "p1 pass", "p1 accept p0", "reveal 2a")
    with pytest.raises(IllegalActionError) as err:
        s.check(wm.Circle(0, "TIE" if strict else "XYZ", ((0, 1), (0, 2), (0, 4))))
    assert err.value.code == "cell_used"
    with pytest.raises(IllegalActionError) as err:
        s.check(wm.parse_action("p0 circle ST A1 C1"))
    assert err.value.code == "cell_used"
    # after circling (even malformed), no second circling in the round
    s = act(s, "p0 circle IE C1 E1" if strict else "p0 circle IE C1")
    with pytest.raises(IllegalActionError) as err:
        s.check(wm.parse_action("p0 circle IE D1 E1"))
    assert err.value.code == "already_circled"


def test_from_dict_checks_kept_malformed_circles() -> None:
    s = act(two_player(rounds=2, erase_zero_rounds=False), "p0 circle STIER A1 B1 C1", "p0 pass")
    s = act(s, "p1 pass")
    assert s.results[0][0].kept is not None
    d = s.to_dict()
    assert wm.State.from_dict(d) == s
    bad = copy.deepcopy(d)
    bad["rules"]["reject_malformed_circles"] = True
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["results"][0][0]["kept"]["circled"] = ["A1", "A1"]
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)
    bad = copy.deepcopy(d)
    bad["results"][0][0]["kept"]["word"] = "S"  # shorter than min_word_length
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(bad)
    # a malformed circling in the next round may not reuse the kept cells
    s = act(s, "reveal 2a", "p0 circle XX B2 C2")
    d = s.to_dict()
    assert wm.State.from_dict(d) == s
    d["entries"][0]["marks"]["circled"] = ["A1", "B2"]
    with pytest.raises(InvalidStateError):
        wm.State.from_dict(d)
