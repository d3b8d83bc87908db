"""Issue #16 at the Wömmeln table: review by challenge, erasing, late TimeUp, the default
search bound, the letters of the sheets and position builders."""

from __future__ import annotations

import inspect
import random
import string
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError, RulesError
from wordgames import wommeln as wm
from wordgames.wommeln.bots import LongestWordBot
from wordgames.wommeln.engine import DEFAULT_NODE_LIMIT, GridState
from wordgames.wommeln.sheets import LETTER_WEIGHTS, builtin_sheet, sheet_letters

STIER_ROWS = ["STIIE", "XXXXS", "XXXXR"]
OTHER_ROWS = ["ABCDE", "FGHIJ", "KLMNO"]
THIRD_ROWS = ["PQRST", "UVWXY", "ZABCD"]
FOURTH_ROWS = ["QQQQQ", "QQQQQ", "QQQQQ"]
STIER = "p0 place STIER A1-B1-C1-d1-E1-e2-E3"


def game(players: int = 3, **rules: Any) -> wm.State:
    sheets = [STIER_ROWS, OTHER_ROWS, THIRD_ROWS, FOURTH_ROWS][:players]
    return wm.new_game(players, rules=wm.Rules(**rules), sheets=sheets).apply(wm.Reveal(1, "a"))


def act(state: wm.State, *texts: str) -> wm.State:
    for text in texts:
        state = state.apply(wm.parse_action(text))
    return state


def code(fn: Any, *args: Any) -> str:
    with pytest.raises(IllegalActionError) as e:
        fn(*args)
    return str(e.value.code)


# -- 1. review by challenge --------------------------------------------------------------


def test_challenge_is_the_default_and_unchallenged_words_stand() -> None:
    assert wm.Rules().review == "challenge"
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass")
    assert s.phase == "challenge"
    assert s.players_to_act == {0, 1, 2}
    assert set(s.legal_actions(2)) == {
        wm.Challenge(2, ()),
        wm.Challenge(2, (0,)),
        wm.Challenge(2, (1,)),
        wm.Challenge(2, (0, 1)),
    }
    ply = s.ply
    s = act(s, "p0 no challenge", "p1 no challenge", "p2 no challenge")
    assert s.phase == "reveal"
    assert s.ply == ply + 3  # one action per player, not one per (voter, word)
    assert s.scores == (5, 2, 0)


def test_challenged_word_goes_to_the_vote_of_every_other_player() -> None:
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass", "p2 challenge p0")
    assert s.challenges == ((2, (0,)),)
    assert s.players_to_act == {0, 1}
    assert all(v.challenges == ((2, (0,)),) for v in (s.view(0), s.view(None)))
    s = act(s, "p0 no challenge", "p1 no challenge")
    assert s.phase == "review"
    assert s.players_to_act == {1, 2}  # voters on p0's word; p1's word stands
    assert code(s.check, wm.parse_action("p0 accept p1")) == "not_challenged"
    assert code(s.check, wm.parse_action("p2 accept p1")) == "not_challenged"
    assert s.legal_actions(1) == (wm.Vote(1, 0, True), wm.Vote(1, 0, False))
    assert wm.State.from_dict(s.to_dict()) == s
    assert wm.View.from_dict(s.view(1).to_dict()) == s.view(1)
    s = act(s, "p1 reject p0", "p2 reject p0")
    assert s.phase == "reveal"
    assert s.scores == (0, 2, 0)


def test_a_tie_on_a_challenged_word_follows_tie_keeps_word() -> None:
    for keep, expected in ((True, 5), (False, 0)):
        s = act(game(3, tie_keeps_word=keep), STIER, "p1 pass", "p2 pass")
        assert s.players_to_act == {1, 2}  # p0 has no other word to consider
        s = act(s, "p1 challenge p0", "p2 no challenge", "p1 reject p0", "p2 accept p0")
        assert s.scores[0] == expected


def test_challenge_errors() -> None:
    s = act(game(3), STIER, "p1 place FG A2-B2")
    assert code(s.check, wm.Challenge(2, ())) == "wrong_phase"
    s = act(s, "p2 pass")
    assert code(s.check, wm.Challenge(0, (0,))) == "own_word"
    assert code(s.check, wm.Challenge(0, (2,))) == "no_word"
    assert code(s.check, wm.Challenge(0, (5,))) == "invalid_player"
    assert code(s.check, wm.Challenge(2, (1, 0))) == "bad_challenge"
    assert code(s.check, wm.Challenge(2, (0, 0))) == "bad_challenge"
    assert code(s.check, wm.parse_action("p1 accept p0")) == "wrong_phase"
    assert code(s.check, wm.parse_action("p2 pass")) == "wrong_phase"
    s = act(s, "p2 challenge p0 p1")
    assert code(s.check, wm.Challenge(2, ())) == "already_decided"
    assert code(s.check_as, 2, wm.Challenge(2, ())) == "not_your_turn"
    assert code(s.check_as, 1, wm.Challenge(0, ())) == "not_your_turn"
    with pytest.raises(IllegalActionError):
        s.apply(wm.Challenge(2, ()))


def test_two_players_the_author_of_the_only_word_does_not_act() -> None:
    s = act(game(2), STIER, "p1 pass")
    assert s.players_to_act == {1}
    assert code(s.check, wm.Challenge(0, ())) == "no_word"
    assert code(s.check_as, 0, wm.Challenge(0, ())) == "not_your_turn"
    s = act(s, "p1 challenge p0")
    assert s.phase == "review"
    assert s.players_to_act == {1}
    s = act(s, "p1 reject p0")
    assert s.scores == (0, 0)


def test_the_other_review_modes_stay_available() -> None:
    s = act(game(3, review="vote"), STIER, "p1 pass", "p2 pass")
    assert s.phase == "review"
    assert s.players_to_act == {1, 2}
    s = act(game(3, review="none"), STIER, "p1 pass", "p2 pass")
    assert s.phase == "reveal"
    assert s.scores == (5, 0, 0)


def test_review_flag_of_the_first_release_still_reads() -> None:
    assert wm.Rules(review=True).review == "vote"
    assert wm.Rules(review=False).review == "none"
    assert wm.Rules.from_dict({"review": True}) == wm.Rules(review="vote")
    assert wm.Rules.from_dict({"review": False}) == wm.Rules(review="none")
    with pytest.raises(RulesError):
        wm.Rules(review="sometimes")
    for bad in ("sometimes", 1, None, ["vote"]):
        with pytest.raises(InvalidStateError):
            wm.Rules.from_dict({"review": bad})
    # a saved state of the first release: no "challenges" field, review as a flag
    d = act(game(3, review="vote"), STIER, "p1 pass", "p2 pass").to_dict()
    del d["challenges"]
    d["rules"]["review"] = True
    assert wm.State.from_dict(d).rules.review == "vote"


def test_from_dict_checks_challenges() -> None:
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass", "p2 challenge p0")
    d = s.to_dict()
    for bad in (
        [[2, [0]], [2, []]],  # twice
        [[2, [2]]],  # own word
        [[0, [2]]],  # no word
        [[2, [1, 0]]],  # order
        [[2, [0]], [0, [1]], [1, []]],  # every decision made but still in the challenge step
        [["2", [0]]],
        [[2, 0]],
        "x",
    ):
        with pytest.raises(InvalidStateError):
            wm.State.from_dict({**d, "challenges": bad})
    with pytest.raises(InvalidStateError):
        wm.State.from_dict({**d, "rules": {**d["rules"], "review": "vote"}})
    reveal = act(s, "p0 no challenge", "p1 no challenge", "p1 accept p0", "p2 accept p0")
    assert reveal.phase == "reveal"
    with pytest.raises(InvalidStateError):
        wm.State.from_dict({**reveal.to_dict(), "challenges": [[2, [0]]]})


def test_leaving_during_the_challenges() -> None:
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass", "p2 challenge p0")
    # p0's word is withdrawn, and so is the challenge of it; p1 has no other word to
    # consider and p2 has decided: nothing is challenged, the round is scored
    s = act(s, "resign 0")
    assert s.phase == "reveal"
    assert s.scores == (0, 2, 0)
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass", "p2 challenge p1", "p0 no challenge")
    s = act(s, "resign 2")  # the only challenger leaves: nothing is challenged any more
    assert s.players_to_act == {1}
    s = act(s, "p1 no challenge")
    assert s.phase == "reveal"
    assert s.scores == (5, 2, 0)


def test_strict_bot_challenges_only_words_outside_its_lexicon() -> None:
    s = act(game(3), STIER, "p1 place FG A2-B2", "p2 pass")
    rng = random.Random(0)
    strict = LongestWordBot(words=("STIER",), strict=True)
    assert strict.choose(s.view(2), rng) == wm.Challenge(2, (1,))
    assert strict.choose(s.view(1), rng) == wm.Challenge(1, ())
    assert LongestWordBot().choose(s.view(2), rng) == wm.Challenge(2, ())


def test_bots_play_whole_games_with_challenges() -> None:
    rng = random.Random(5)
    for _ in range(2):
        start = wm.new_game(3, rules=wm.Rules(rounds=2))
        bots = [LongestWordBot(strict=True), wordgames.RandomBot(), LongestWordBot()]
        record = wordgames.play(start, bots, rng)
        final = record.replay()
        assert final.is_terminal
        assert any(isinstance(a, wm.Challenge) for a in record.actions)


# -- 2. erasing --------------------------------------------------------------------------


def test_erase_circles_before_connecting() -> None:
    s = act(game(2), "p0 circle STIER A1 B1 C1 E1 E3")
    assert wm.Erase(0) in s.legal_actions(0)
    ply = s.ply
    s = act(s, "p0 erase")
    assert s.entries[0] is None
    assert s.ply == ply + 1
    assert s.grid(0) == s.base_grid(0)
    assert s.timer == "off"
    assert s.view(1).to_dict() == act(game(2)).view(1).to_dict() | {"ply": s.ply}
    s = act(s, "p0 circle ST A1 B1", "p0 connect A1-B1")
    assert s.entries[0] is not None
    assert s.entries[0].status == "placed"
    assert code(s.check, wm.Erase(0)) == "already_finished"
    assert code(s.check, wm.Erase(1)) == "nothing_to_erase"


def test_erase_after_the_time_is_up_ends_the_search_with_nothing() -> None:
    s = act(game(2), "p0 circle STIER A1 B1 C1 E1 E3", "p1 place FG A2-B2", "time up")
    assert s.players_to_act == {0}
    s = act(s, "p0 erase")
    assert s.entries[0] == wm.Entry("passed")
    assert s.phase == "challenge"


def test_erase_a_zero_round_whose_marks_stay() -> None:
    rules = wm.Rules(rounds=3, erase_zero_rounds=False, review="none")
    s = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS], rules=rules)
    s = act(s, "reveal 1a", "p0 circle STIER A1 B1 C1 E1 E3", "p0 pass", "p1 pass", "reveal 2a")
    kept = s.results[0][-1].kept
    assert kept is not None
    assert s.base_grid(0).free_count == 10
    assert s.legal_actions(0)[-1] == wm.Erase(0)
    assert wm.Erase(1) not in s.legal_actions(1)
    seen_by_1 = s.redact_action(wm.Erase(0), 1)
    s = act(s, "p0 erase")
    assert seen_by_1 == "p0 erase"  # the sheet changes in every view: it is public
    assert s.results[0][-1] == wm.RoundResult("", 0, None)
    assert s.base_grid(0).free_count == 15
    assert wm.State.from_dict(s.to_dict()) == s
    assert code(s.check, wm.Erase(0)) == "nothing_to_erase"
    # circles of this round come first; erasing them is hidden like every search move
    s2 = act(s, "p1 circle AB A1 B1")
    assert s2.redact_action(wm.Erase(1), 0) == "p1 ?"
    # with the default rules a 0-point round is erased at once: nothing left to erase
    d = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS], rules=wm.Rules(review="none"))
    d = act(d, "reveal 1a", "p0 circle STIER A1 B1 C1 E1 E3", "p0 pass", "p1 pass", "reveal 2a")
    assert code(d.check, wm.Erase(0)) == "nothing_to_erase"
    # between rounds (a chance node) only leaving is open to players
    r = act(wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS], rules=rules), "reveal 1a")
    r = act(r, "p0 circle ST A1 B1", "p0 pass", "p1 pass")
    assert code(r.check, wm.Erase(0)) == "chance_pending"


# -- 3. timer races ----------------------------------------------------------------------


def test_time_up_after_the_round_closed_is_refused_with_timer_stopped() -> None:
    s = game(2, rounds=1, review="none")
    assert code(s.check, wm.TimeUp()) == "timer_not_running"  # nobody finished: a bug
    s = act(s, STIER)
    assert s.frontend_actions() == (wm.TimeUp(),)
    up = act(s, "time up")
    assert code(up.check, wm.TimeUp()) == "timer_stopped"  # a second clock
    over = act(s, "p1 place FG A2-B2")  # the last player finished first: the game is over
    assert over.is_terminal
    assert code(over.apply, wm.TimeUp()) == "timer_stopped"
    s = act(game(2, rounds=2), STIER, "p1 place FG A2-B2")
    assert s.phase == "challenge"
    assert code(s.apply, wm.TimeUp()) == "timer_stopped"
    s = act(s, "p0 no challenge", "p1 no challenge")
    assert s.phase == "reveal"
    assert code(s.apply, wm.TimeUp()) == "timer_stopped"
    # player actions at the reveal keep the shared code
    assert code(s.check, wm.Pass(0)) == "chance_pending"
    assert code(game(2).apply, wm.Reveal(2, "a")) == "not_chance_node"
    first = wm.new_game(2)
    assert code(first.check, wm.TimeUp()) == "chance_pending"  # no search has run yet


# -- 4. bounded search -------------------------------------------------------------------


def test_search_is_bounded_by_default() -> None:
    for fn in (wm.best_placement, wm.find_placements):
        assert inspect.signature(fn).parameters["node_limit"].default == DEFAULT_NODE_LIMIT
    grid = GridState(3, 5, "".join(STIER_ROWS))
    with pytest.raises(wm.SearchLimitError) as e:
        list(wm.find_placements(grid, "STIER", node_limit=1))
    assert e.value.node_limit == 1
    assert 0 <= e.value.lower_bound <= 2
    every = list(wm.find_placements(grid, "STIER", node_limit=None, max_crossed=4))
    assert len(every) >= 1  # unbounded: the full list
    assert wm.best_placement(grid, "STIER") is not None


# -- 5. the letters of the sheets --------------------------------------------------------


@pytest.mark.parametrize("language", ["de", "en"])
def test_builtin_sheets_hold_every_letter(language: str) -> None:
    for n in range(1, 15):
        counts = Counter(builtin_sheet(n, language=language).letters)
        assert min(counts[c] for c in string.ascii_uppercase) >= 2
    for n in range(1, 7):
        counts = Counter(builtin_sheet(n, language=language, intensiv=True).letters)
        assert min(counts[c] for c in string.ascii_uppercase) >= 1
        assert sum(1 for c in string.ascii_uppercase if counts[c] == 1) >= 2


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    language=st.sampled_from(["de", "en"]),
    intensiv=st.booleans(),
    side=st.integers(8, 16),
)
def test_sheet_letters_follow_the_rule_for_any_seed(
    seed: int, language: str, intensiv: bool, side: int
) -> None:
    weights = LETTER_WEIGHTS[language]
    cells = side * side
    letters = sheet_letters(seed, cells, weights, intensiv=intensiv)
    assert letters == sheet_letters(seed, cells, weights, intensiv=intensiv)
    assert len(letters) == cells
    counts = Counter(letters)
    minimum = 1 if intensiv else 2
    if cells >= 2 * 26 * minimum:
        assert min(counts[c] for c in string.ascii_uppercase) >= minimum
        if intensiv:
            assert sum(1 for c in string.ascii_uppercase if counts[c] == 1) >= 2


# -- 8. position builders ----------------------------------------------------------------


def test_position_equals_the_state_reached_by_play() -> None:
    played = wm.new_game(2, sheets=[STIER_ROWS, OTHER_ROWS], rules=wm.Rules(rounds=3))
    played = act(played, "reveal 1a", STIER, "p1 pass", "p1 no challenge", "reveal 2b")
    played = act(played, "p1 circle AB A1 B1")
    built = wm.position(
        2,
        sheets=[STIER_ROWS, OTHER_ROWS],
        rules=wm.Rules(rounds=3),
        drawn=["1a", "2b"],
        results=[
            [
                wm.Line(
                    "STIER",
                    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (2, 4)],
                    crossed=[(0, 3), (1, 4)],
                )
            ],
            [None],
        ],
        entries=[None, wm.Circles("AB", [(0, 1), (0, 0)])],
        ply=played.ply,
    )
    assert built == played
    assert wm.position(2).to_dict() == wm.new_game(2, sheets=[1, 2]).to_dict()


def test_position_refuses_impossible_parts() -> None:
    line = wm.Line("ST", [(0, 0), (0, 1)])
    for kwargs in (
        {"results": [[line, line], [None, None]], "drawn": ["1a", "2a"]},  # cells used twice
        {"results": [[wm.Line("ST", [(0, 0), (5, 5)])], [None]], "drawn": ["1a"]},  # off sheet
        {"results": [[wm.Line("TS", [(0, 0), (0, 1)])], [None]], "drawn": ["1a"]},  # letters
        {"results": [[line], [None]], "drawn": []},  # a round without a card
        {"entries": [line, None], "drawn": ["1a"], "timer": "off"},  # no countdown
        {"entries": ["maybe", None], "drawn": ["1a"]},
        {"results": [[line]], "drawn": ["1a"]},
        {"drawn": ["77z"]},
        {"phase": "review", "drawn": ["1a"]},
        {"votes": [(0, 1, True)]},
        {"challenges": [(0, [1])]},
    ):
        with pytest.raises(InvalidStateError):
            wm.position(2, sheets=[STIER_ROWS, OTHER_ROWS], **kwargs)
    with pytest.raises(InvalidStateError):
        wm.position(9)


# -- notation ----------------------------------------------------------------------------


def test_notation_of_the_new_actions() -> None:
    for text, action in (
        ("p1 challenge p0 p2", wm.Challenge(1, (0, 2))),
        ("p1 no challenge", wm.Challenge(1, ())),
        ("p3 erase", wm.Erase(3)),
    ):
        assert wm.parse_action(text) == action
        assert str(action) == text
    assert wm.parse_action("P1 Challenge P2 p0") == wm.Challenge(1, (0, 2))
    assert wm.parse_action("p1 NO CHALLENGE") == wm.Challenge(1, ())
    for bad in ("p1 challenge p0 p0", "p1 challenge", "p1 challenge x", "p1 erase p0", "p1 no"):
        with pytest.raises(ParseError):
            wm.parse_action(bad)
