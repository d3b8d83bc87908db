"""Challenges as actions: the window, withdrawal of phonies, each challenge rule's
consequence, draws returned to the bag, views, JSON, notation, and Hypothesis properties
(tiles conserved through challenges, JSON round trips, immutability, stable codes)."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordgames
from wordgames import IllegalActionError, InvalidStateError, Record
from wordgames.wocable import (
    Accept,
    Challenge,
    Pass,
    PendingPlay,
    Place,
    Resign,
    Rules,
    State,
    Timeout,
    View,
    new_game,
    parse_action,
)
from wordgames.wocable.bots import EquityBot, GreedyBot
from wordgames.wocable.engine import BLANK_BIT

from .test_rules import codes, deal, draws
from .test_rules_presets import endgame

NASPA = Rules.preset("naspa")
RACKS = ["ACEQTXZ", "AEHLMNO"]


def opened(rules: Rules, play: str = "8G CAT", drawn: str = "EEE") -> State:
    """Player 0 has made ``play`` and drawn ``drawn``; player 1 is on turn, window open."""
    s = deal(new_game(2, rules=rules), RACKS)
    return draws(s.apply(parse_action(play)), drawn)


# -- the window --------------------------------------------------------------------------------


def test_the_window_opens_after_a_placement_and_is_public() -> None:
    s = opened(NASPA)
    assert s.challenge_window
    assert s.turn == 1
    assert s.pending_play == PendingPlay(0, Place(7, 6, True, "CAT"), 10, ("CAT",), 0)
    assert s.challenge_words == ("CAT",)
    assert s.pending_drawn == s.tiles.parse_rack("EEE")
    legal = s.legal_actions()
    assert legal[-2:] == (Challenge(1), Accept(1))
    assert Pass() in legal
    assert any(isinstance(a, Place) for a in legal)
    for viewer in (None, 0, 1):
        v = s.view(viewer)
        assert v.challenge_window
        assert v.pending_play == s.pending_play
        assert v.pending_drawn_size == 3
        assert v.own_pending_drawn == (s.pending_drawn if viewer == 0 else ())
        assert View.from_dict(json.loads(json.dumps(v.to_dict()))) == v
    assert set(s.view(1).legal_actions()) == set(legal)


def test_no_window_under_the_wocable_rules_or_void() -> None:
    assert not opened(Rules()).challenge_window
    void = attrs.evolve(NASPA, challenge_rule="void")
    assert not opened(void).challenge_window
    s = deal(new_game(2, rules=void), RACKS)
    assert codes(s, Place(7, 6, True, "CTA")) == "word_not_in_lexicon"


def test_the_next_players_own_move_accepts_the_play() -> None:
    s = opened(NASPA)
    after = s.apply(Place(6, 8, False, "A.E"))  # ATE down through the T of CAT (I8)
    assert after.pending_play is not None
    assert after.pending_play.player == 1
    assert after.pending_play.words == ("ATE",)
    assert after.board[7 * 15 + 6] >= 0  # CAT stands
    s2 = s.apply(Pass())
    assert not s2.challenge_window
    assert s2.turn == 0
    assert s2.scores == (10, 0)


def test_challenge_codes() -> None:
    s = deal(new_game(3, rules=NASPA), [*RACKS, "EEEEIII"])
    assert codes(s, Challenge(0)) == "no_challenge_window"
    assert codes(s, Accept(1)) == "no_challenge_window"
    s = draws(s.apply(parse_action("8G CAT")), "EEE")
    assert s.turn == 1
    assert codes(s, Challenge(0)) == "own_play"
    assert codes(s, Accept(0)) == "own_play"
    assert codes(s, Challenge(2)) == "not_your_turn"  # only the next player may challenge
    assert codes(s, Challenge(3)) == "invalid_player"
    assert codes(s, Challenge(-1)) == "invalid_player"
    with pytest.raises(IllegalActionError) as e:
        s.check_as(2, "challenge 1")
    assert e.value.code == "not_your_turn"
    assert s.check_as(1, "challenge 1") == Challenge(1)
    gone = s.apply(Resign(2))
    assert codes(gone, Challenge(2)) == "player_departed"
    # a draw pending: no challenge yet
    pending = deal(new_game(2, rules=NASPA), RACKS).apply(parse_action("8G CAT"))
    assert codes(pending, Challenge(1)) == "chance_pending"


# -- phonies -----------------------------------------------------------------------------------


def test_a_phony_is_legal_but_not_listed() -> None:
    s = deal(new_game(2, rules=NASPA), RACKS)
    phony = Place(7, 6, True, "CTA")
    assert s.is_legal(phony)
    assert phony not in s.legal_actions()
    on_play = deal(new_game(2), RACKS)
    assert codes(on_play, phony) == "word_not_in_lexicon"


def test_a_challenged_phony_is_withdrawn_and_its_draws_go_back() -> None:
    start = deal(new_game(2, rules=NASPA), RACKS)
    s = draws(start.apply(Place(7, 6, True, "CTA")), "EJK")
    assert s.pending_is_phony()
    assert s.scores[0] > 0
    out = s.apply(Challenge(1))
    assert out.board == start.board
    assert out.bag == start.bag
    assert out.racks == start.racks
    assert out.scores == (0, 0)
    assert out.turn == 1
    assert not out.challenge_window
    assert out.pending_drawn == ()
    assert out.passes == 1  # a scoreless turn under the tournament presets
    assert out.ply == s.ply + 1


def test_a_phony_with_a_blank_gives_the_blank_back() -> None:
    s = deal(new_game(2, rules=NASPA), ["ACEQTX?", "AEHLMNO"])
    s = draws(s.apply(Place(7, 6, True, "CTz")), "EEE")
    assert s.board[7 * 15 + 8] & BLANK_BIT
    out = s.apply(Challenge(1))
    assert out.rack_text(0) == "ACEQTX?"


def test_an_unchallenged_phony_stands() -> None:
    s = draws(deal(new_game(2, rules=NASPA), RACKS).apply(Place(7, 6, True, "CTA")), "EEE")
    out = s.apply(Pass())
    assert out.at("H8") == "T"
    assert out.scores[0] == s.scores[0]


# -- the consequence of a valid play -----------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "scores", "turn", "passes"),
    [
        ("double", (10, 0), 0, 1),  # the challenger loses the turn
        ("single", (10, 0), 1, 0),  # nothing happens
        ("five_point", (15, 0), 1, 0),
        ("ten_point", (20, 0), 1, 0),
    ],
)
def test_a_failed_challenge(rule: str, scores: tuple[int, int], turn: int, passes: int) -> None:
    s = opened(attrs.evolve(NASPA, challenge_rule=rule))
    out = s.apply(Challenge(1))
    assert out.scores == scores
    assert out.turn == turn
    assert out.passes == passes
    assert not out.challenge_window
    assert out.racks == s.racks
    assert out.board == s.board


def test_a_lost_turn_with_three_players_goes_to_the_next_player() -> None:
    s = deal(new_game(3, rules=NASPA), [*RACKS, "EEEEIII"])
    s = draws(s.apply(parse_action("8G CAT")), "EEE")
    assert s.apply(Challenge(1)).turn == 2


def test_accept_keeps_the_turn() -> None:
    s = opened(NASPA).apply(Accept(1))
    assert s.turn == 1
    assert not s.challenge_window
    assert s.scores == (10, 0)


# -- leaving during the window -----------------------------------------------------------------


def test_leaving_closes_the_window_and_the_play_stands() -> None:
    s = deal(new_game(3, rules=NASPA), [*RACKS, "EEEEIII"])
    s = draws(s.apply(Place(7, 6, True, "CTA")), "EEE")
    for leaver in (Resign(1), Timeout(1), Resign(0), Resign(2)):
        out = s.apply(leaver)
        assert not out.challenge_window
        assert out.at("H8") == "T"
        assert not out.is_terminal
    assert s.apply(Resign(1)).turn == 2


# -- notation, JSON, records -------------------------------------------------------------------


def test_challenge_notation() -> None:
    for text, action in (
        ("challenge 1", Challenge(1)),
        ("CHALLENGE 0", Challenge(0)),
        ("accept 2", Accept(2)),
        ("Accept  3", Accept(3)),
    ):
        assert parse_action(text) == action
        assert parse_action(str(action)) == action
    for bad in ("challenge", "challenge x", "accept -1", "challenge 1 2"):
        with pytest.raises(wordgames.ParseError):
            parse_action(bad)


def test_json_of_an_open_window_round_trips_and_is_validated() -> None:
    s = draws(deal(new_game(2, rules=NASPA), RACKS).apply(Place(7, 6, True, "CTA")), "EJK")
    d = json.loads(json.dumps(s.to_dict()))
    assert d["pending_play"] == {
        "player": 0,
        "place": "8G CTA",
        "score": s.pending_play.score if s.pending_play else -1,
        "words": ["CTA"],
        "passes": 0,
    }
    assert State.from_dict(d) == s
    bad = [
        {**d, "pending_play": {**d["pending_play"], "place": "8H CTA"}},
        {**d, "pending_play": {**d["pending_play"], "score": 99}},
        {**d, "pending_play": {**d["pending_play"], "words": ["CAT"]}},
        {**d, "pending_play": {**d["pending_play"], "extra": 1}},
        {**d, "pending_play": "8G CTA"},
        {**d, "pending_drawn": "QQQ"},
        {**d, "turn": 0},
        {**d, "rules": Rules().to_dict()},
        {**d, "pending_play": None},
    ]
    for b in bad:
        with pytest.raises(InvalidStateError):
            State.from_dict(b)
    old = {k: v for k, v in opened(Rules()).to_dict().items() if not k.startswith("pending")}
    assert State.from_dict(old) == opened(Rules())


def test_records_with_challenges_replay() -> None:
    s = deal(new_game(2, rules=NASPA), RACKS)
    actions = [
        Place(7, 6, True, "CTA"),
        *(parse_action(f"draw {x}") for x in "EJK"),
        Challenge(1),
        Pass(),
        Place(7, 6, True, "CAT"),
        *(parse_action(f"draw {x}") for x in "EEE"),
        Challenge(1),
    ]
    rec = Record(s, tuple(actions))
    final = rec.replay()
    assert final.scores == (10, 0)
    assert final.turn == 0
    assert Record.from_json(rec.to_json()) == rec
    red = rec.redact(1)
    assert "draw *" in json.dumps(red.to_dict())


# -- properties --------------------------------------------------------------------------------

_PRESETS = [
    NASPA,
    Rules.preset("wespa"),
    attrs.evolve(NASPA, challenge_rule="single"),
    attrs.evolve(NASPA, challenge_rule="ten_point", pass_limit=3),
]
#: every code an action may raise in these games (docs/wocable.md and the shared codes)
_CODES = {
    *wordgames.SHARED_CODES,
    "off_board",
    "square_occupied",
    "gap",
    "not_connected",
    "not_through_centre",
    "tiles_not_on_rack",
    "word_not_in_lexicon",
    "split_digraph",
    "word_not_complete",
    "word_too_short",
    "no_tiles_placed",
    "single_tile_direction",
    "unknown_tile",
    "malformed_word",
    "bag_too_small",
    "empty_exchange",
    "player_departed",
    "tile_not_in_bag",
    "no_challenge_window",
    "own_play",
    "must_challenge_or_accept",
    "bad_penalty",
}


def _shuffled_play(state: State, rng: random.Random) -> Place | None:
    """A listed placement with its new tiles permuted: the same shape, likely a phony."""
    places = [a for a in state.legal_actions() if isinstance(a, Place)]
    if not places:
        return None
    p = rng.choice(places)
    toks = list(p.word)
    new = [i for i, t in enumerate(toks) if t != "."]
    letters = [toks[i] for i in new]
    rng.shuffle(letters)
    for i, x in zip(new, letters, strict=True):
        toks[i] = x
    return attrs.evolve(p, word="".join(toks))


def _conserved(s: State) -> bool:
    t = s.tiles
    total = Counter[int]()
    for v in s.board:
        if v >= 0:
            total[t.blank if v & BLANK_BIT else v] += 1
    for r in s.racks:
        total.update(r)
    total.update(s.aside)
    total.update(s.removed)
    for i, n in enumerate(s.bag):
        total[i] += n
    return all(total[i] == n for i, n in enumerate(t.counts))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(_PRESETS), n=st.sampled_from([2, 3]))
def test_playouts_with_phonies_and_challenges(seed: int, rules: Rules, n: int) -> None:
    """Players play phonies and challenge at random: tiles are conserved, every state
    round-trips through JSON, nothing is changed by apply, illegal actions raise stable
    codes, and every legal placement missing from legal_actions is a phony."""
    _phony_playout(seed, rules, n)


def test_the_phony_playout_plays_and_challenges_phonies() -> None:
    """The property above really exercises phonies and challenges (seeded)."""
    phonies = challenges = 0
    for seed in range(3):
        p, c = _phony_playout(seed, NASPA, 2)
        phonies += p
        challenges += c
    assert phonies > 0
    assert challenges > 0


def _phony_playout(seed: int, rules: Rules, n: int) -> tuple[int, int]:
    rng = random.Random(seed)
    s = new_game(n, rules=rules)
    seen_phony = seen_challenge = 0
    for _ in range(400):
        if s.is_terminal:
            break
        assert _conserved(s)
        d = s.to_dict()
        assert State.from_dict(json.loads(json.dumps(d))) == s
        if s.is_chance_node:
            s = s.apply(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        action = rng.choice(legal)
        cand = _shuffled_play(s, rng) if s.pending_end is None else None
        if cand is not None and rng.random() < 0.5:
            if not s.is_legal(cand):
                with pytest.raises(IllegalActionError) as err:
                    s.check(cand)
                assert err.value.code in _CODES
            else:
                if cand not in legal:  # legal but not listed: a phony
                    assert s.apply(cand).pending_is_phony()
                    seen_phony += 1
                action = cand
        if s.challenge_window and rng.random() < 0.5:
            action = Challenge(s.turn)
            seen_challenge += 1
        for junk in (Challenge(s.turn + 1), Accept(-1), Place(0, 0, True, "QQ")):
            if not s.is_legal(junk):
                with pytest.raises(IllegalActionError) as err:
                    s.apply(junk)
                assert err.value.code in _CODES
        after = s.apply(action)
        assert s.to_dict() == d  # apply changed nothing
        for viewer in (None, *range(n)):
            v = s.view(viewer)
            assert View.from_dict(json.loads(json.dumps(v.to_dict()))) == v
            sampled = v.sample_state(rng)
            assert sampled.view(viewer) == v
        s = after
    assert _conserved(s)
    return seen_phony, seen_challenge


# -- bots --------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [GreedyBot(), EquityBot()])
def test_bots_challenge_phonies_only_and_accept_a_going_out(bot: object) -> None:
    rng = random.Random(0)
    phony = draws(deal(new_game(2, rules=NASPA), RACKS).apply(Place(7, 6, True, "CTA")), "EEE")
    assert bot.choose(phony.view(1), rng) == Challenge(1)  # type: ignore[attr-defined]
    valid = opened(NASPA)
    assert not isinstance(bot.choose(valid.view(1), rng), (Challenge, Accept))  # type: ignore[attr-defined]
    out = endgame(NASPA, ["CAT", "AEI"]).apply(Place(7, 7, True, "CAT"))
    assert bot.choose(out.view(1), rng) == Accept(1)  # type: ignore[attr-defined]


def test_greedy_games_under_the_presets_finish() -> None:
    for rules in _PRESETS:
        rec = wordgames.play(new_game(2, rules=rules), GreedyBot(), random.Random(5))
        final = rec.replay()
        assert final.is_terminal
        assert not any(isinstance(a, Challenge) for a in rec.actions)  # nothing to challenge
