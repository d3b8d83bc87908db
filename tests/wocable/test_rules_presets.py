"""Rule presets (Wocable, NASPA, WESPA): their fields, the going-out rules, the six-zero
ending and time penalties."""

from __future__ import annotations

import json

import attrs
import pytest

from wordgames import IllegalActionError, InvalidStateError, ParseError, RulesError
from wordgames.wocable import (
    RULE_PRESETS,
    Accept,
    Challenge,
    Exchange,
    Pass,
    Place,
    Resign,
    Rules,
    State,
    TimePenalty,
    new_game,
    parse_action,
)

from .test_rules import codes, deal, draws


def endgame(rules: Rules, racks: list[str], turn: int = 0) -> State:
    """A play-phase position with an empty bag and the given racks on an empty board.

    Built directly (the other tiles are simply absent): these tests are about scoring, not
    about conservation, which the property tests check on real games."""
    st = new_game(len(racks), rules=rules)
    t = st.tiles
    return attrs.evolve(
        st,
        racks=tuple(t.parse_rack(r) for r in racks),
        bag=(0,) * len(st.bag),
        phase="play",
        drawer=-1,
        to_draw=0,
        turn=turn,
        ply=100,
    )


# -- the presets -------------------------------------------------------------------------------


def test_presets_are_the_documented_rule_sets() -> None:
    assert RULE_PRESETS == ("wocable", "naspa", "wespa")
    assert Rules.preset("wocable") == Rules()
    naspa = Rules.preset("naspa")
    assert (naspa.word_check, naspa.challenge_rule, naspa.going_out) == (
        "challenge",
        "double",
        "double",
    )
    assert naspa.pass_limit == 6
    assert naspa.exchanges_count_as_passes
    assert naspa.zero_scores_count_as_passes
    assert naspa.pass_end_subtract
    assert naspa.exchange_min_bag == 7
    wespa = Rules.preset("wespa")
    assert attrs.evolve(wespa, challenge_rule="double") == naspa
    assert wespa.challenge_rule == "five_point"
    assert naspa.challenges
    assert wespa.challenges
    assert not Rules().challenges
    assert not attrs.evolve(naspa, challenge_rule="void").challenges


def test_defaults_stay_the_wocable_rules() -> None:
    r = Rules()
    assert (r.word_check, r.challenge_rule, r.going_out) == ("on_play", "double", "transfer")
    assert r.pass_limit == 4


@pytest.mark.parametrize("name", ["", "NASPA", "collins", "tournament"])
def test_unknown_preset_is_a_rules_error(name: str) -> None:
    with pytest.raises(RulesError):
        Rules.preset(name)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("word_check", "always"),
        ("word_check", 1),
        ("challenge_rule", "triple"),
        ("challenge_rule", None),
        ("going_out", "half"),
        ("going_out", True),
    ],
)
def test_bad_rule_values_are_refused(field: str, value: object) -> None:
    with pytest.raises(RulesError):
        Rules(**{field: value})  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        Rules.from_dict({field: value})


@pytest.mark.parametrize("name", RULE_PRESETS)
def test_presets_round_trip_through_json(name: str) -> None:
    r = Rules.preset(name)
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_old_rules_json_without_the_new_fields_loads_as_wocable() -> None:
    d = Rules().to_dict()
    for key in ("word_check", "challenge_rule", "going_out"):
        del d[key]
    assert Rules.from_dict(d) == Rules()


# -- going out ---------------------------------------------------------------------------------


def test_going_out_wocable_transfers_the_rack_value() -> None:
    # opponent keeps AEI = 3 points; 8H CAT = (3 + 1 + 1) x 2 = 10
    s = endgame(Rules.preset("wocable"), ["CAT", "AEI"]).apply(Place(7, 7, True, "CAT"))
    assert s.is_terminal
    assert s.end_reason == "played_out"
    assert s.scores == (10 + 3, -3)


def test_going_out_naspa_waits_for_the_challenge_then_doubles() -> None:
    s = endgame(Rules.preset("naspa"), ["CAT", "AEI"]).apply(Place(7, 7, True, "CAT"))
    assert not s.is_terminal
    assert s.challenge_window
    assert s.pending_end == "played_out"
    assert s.turn == 1
    assert s.scores == (10, 0)
    assert s.legal_actions() == (Challenge(1), Accept(1))
    for move in (Pass(), Place(6, 7, False, "A.E"), Exchange("A")):
        assert codes(s, move) == "must_challenge_or_accept"
    accepted = s.apply(Accept(1))
    assert accepted.is_terminal
    assert accepted.end_reason == "played_out"
    assert accepted.scores == (10 + 6, 0)
    challenged = s.apply(Challenge(1))  # CAT is good: the game ends all the same
    assert challenged.is_terminal
    assert challenged.scores == (16, 0)


def test_going_out_wespa_adds_the_challenge_bonus() -> None:
    s = endgame(Rules.preset("wespa"), ["CAT", "AEI"]).apply(Place(7, 7, True, "CAT"))
    assert s.apply(Challenge(1)).scores == (10 + 5 + 6, 0)
    assert s.apply(Accept(1)).scores == (16, 0)


def test_going_out_double_with_three_players_counts_every_rack_twice() -> None:
    rules = attrs.evolve(Rules(), going_out="double")
    s = endgame(rules, ["CAT", "AEI", "QZ"]).apply(Place(7, 7, True, "CAT"))
    assert s.is_terminal
    assert s.scores == (10 + 2 * (3 + 20), 0, 0)


def test_phony_going_out_is_withdrawn_and_the_game_goes_on() -> None:
    s = endgame(Rules.preset("naspa"), ["CTA", "AEI"]).apply(Place(7, 7, True, "CTA"))
    assert s.pending_is_phony()
    assert s.pending_end == "played_out"
    back = s.apply(Challenge(1))
    assert not back.is_terminal
    assert back.rack_text(0) == "ACT"
    assert back.scores == (0, 0)
    assert back.turn == 1
    assert not back.challenge_window
    assert back.is_first_move


# -- six scoreless turns -----------------------------------------------------------------------


def test_six_scoreless_turns_end_the_naspa_game_with_racks_subtracted() -> None:
    s = deal(new_game(2, rules=Rules.preset("naspa")), ["ACEQTXZ", "AEHLMNO"])
    s = draws(s.apply(parse_action("8G CAT")), "EEE")  # P0 10 points
    s = s.apply(Accept(1))
    val0 = s.tiles.rack_value(s.racks[0])
    val1 = s.tiles.rack_value(s.racks[1])
    for k in range(6):
        assert not s.is_terminal
        s = s.apply(Pass())
        assert s.passes == k + 1 or s.is_terminal
    assert s.is_terminal
    assert s.end_reason == "passes"
    assert s.scores == (10 - val0, -val1)


def test_a_lost_challenge_counts_as_a_scoreless_turn() -> None:
    s = deal(new_game(2, rules=Rules.preset("naspa")), ["ACEQTXZ", "AEHLMNO"])
    s = s.apply(Pass()).apply(Pass())  # 2 scoreless turns
    s = draws(s.apply(parse_action("8G CAT")), "EEE")
    assert s.passes == 0
    s = s.apply(Challenge(1))  # CAT is good: player 1 loses the turn
    assert s.passes == 1
    assert s.turn == 0


# -- time penalties ----------------------------------------------------------------------------


def test_time_penalty_is_a_recorded_server_event() -> None:
    s = deal(new_game(2), ["ACEQTXZ", "AEHLMNO"])
    after = s.apply(TimePenalty(1, 10))
    assert after.scores == (0, -10)
    assert after.ply == s.ply + 1
    assert after.turn == s.turn
    assert s.actor(TimePenalty(1, 10)) is None
    with pytest.raises(IllegalActionError) as e:
        s.check_as(1, "timepenalty 1 10")
    assert e.value.code == "server_event_from_player"
    assert codes(s, TimePenalty(0, 0)) == "bad_penalty"
    assert codes(s, TimePenalty(0, 1001)) == "bad_penalty"
    assert codes(s, TimePenalty(2, 10)) == "invalid_player"
    gone = deal(new_game(3), ["ACEQTXZ", "AEHLMNO", "EEEEEEE"]).apply(Resign(2))
    assert codes(gone, TimePenalty(2, 10)) == "player_departed"
    assert codes(draws(s.apply(parse_action("8G CAT")), "E"), TimePenalty(0, 10)) == (
        "chance_pending"
    )


def test_time_penalty_notation() -> None:
    assert parse_action("timepenalty 1 10") == TimePenalty(1, 10)
    assert parse_action("TimePenalty 0 5") == TimePenalty(0, 5)
    assert str(TimePenalty(1, 10)) == "timepenalty 1 10"
    for bad in ("timepenalty 1", "timepenalty x 10", "timepenalty 1 -5", "timepenalty 1 ١٠"):
        with pytest.raises(ParseError):
            parse_action(bad)


def test_leaving_while_a_going_out_waits_ends_the_game_played_out() -> None:
    s = endgame(Rules.preset("naspa"), ["CAT", "AEI", "QZ"]).apply(Place(7, 7, True, "CAT"))
    assert s.pending_end == "played_out"
    out = s.apply(Resign(1))  # the would-be challenger leaves: the play stands
    assert out.is_terminal
    assert out.end_reason == "played_out"
    assert out.scores == (10 + 2 * 20, 0, 0)  # player 1's rack no longer counts
