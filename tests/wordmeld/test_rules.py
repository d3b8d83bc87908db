"""Scenario tests taken from the WordMeld rules text (tiny lexicon, hand-built positions)."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest

import wordgames
from tests.wordmeld.helpers import DECK, TINY, Dealer, card, make_state
from wordgames import IllegalActionError, InvalidStateError, RulesError
from wordgames import wordmeld as wm


def code_of(state: wm.State, action: object) -> str:
    with pytest.raises(IllegalActionError) as e1:
        state.check(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as e2:
        state.apply(action)  # type: ignore[arg-type]
    assert e1.value.code == e2.value.code
    return e1.value.code


def lay(
    state: wm.State, *words: tuple[int, ...], letters: tuple[tuple[int, str], ...] = ()
) -> wm.Play:
    """A play that lays the new ``words`` (the table stays as it is)."""
    return wm.Play(words, (), letters)


def resolve(state: wm.State, rng: random.Random | None = None) -> wm.State:
    rng = rng or random.Random(0)
    while state.is_chance_node:
        state = state.apply(state.sample_chance(rng))
    return state


# -- setup and dealing ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "es", "nl"])
def test_default_decks(lang: str) -> None:
    deck = wm.DECKS[lang]
    assert 110 <= deck.size <= 120
    assert deck.jokers == 2
    assert deck.card_letters.count(wm.JOKER) == 2
    assert set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") <= set(deck.alphabet)
    assert deck.count("E") == max(n for _, n in deck.letters)  # E is the commonest letter
    assert wm.DeckSpec.from_dict(deck.to_dict()) == deck
    if lang == "es":
        assert deck.count("Ñ") == 1


def test_bad_decks_and_rules() -> None:
    with pytest.raises(RulesError):
        wm.DeckSpec("x", "en", (("A", 2), ("A", 3)))
    with pytest.raises(RulesError):
        wm.DeckSpec("x", "en", (("ab", 2),))
    with pytest.raises(RulesError):
        wm.Rules(hand_size=0)
    with pytest.raises(RulesError):
        wm.Rules(max_idle_rounds=0)
    with pytest.raises(RulesError):
        wm.new_game(2, deck=wm.DeckSpec("small", "en", (("A", 5),)), lexicon=TINY)
    with pytest.raises(RulesError):
        wm.new_game(7, lexicon=TINY)
    with pytest.raises(RulesError):
        wm.new_game(2, language="nl")  # no packaged Dutch lexicon
    with pytest.raises(RulesError):
        wm.new_game(2, language="xx")
    with pytest.raises(RulesError):
        wm.new_game(2, lexicon=TINY, official=["ca t"])
    r = wm.Rules(table_draw_minus_one=False, max_idle_rounds=None)
    assert wm.Rules.from_dict(r.to_dict()) == r
    with pytest.raises(InvalidStateError):
        wm.Rules.from_dict({"hand_size": "ten"})
    with pytest.raises(InvalidStateError):
        wm.Rules.from_dict({"colour": "red"})


def test_setup_folds_lists_and_always_has_wordmeld() -> None:
    setup = wm.Setup.create("de", lexicon=None, official=["Äpfel", "straße"], winning=["Übel"])
    assert setup.official == {"AEPFEL", "STRASSE"}
    assert setup.winning == {"UEBEL", "WORDMELD"}
    assert setup.is_word("STRASSE")
    assert not setup.is_word("STRASE")
    assert wm.Setup.from_dict(setup.to_dict()) == setup


def test_deal_is_chance_nodes_ten_cards_each() -> None:
    state = wm.new_game(3, lexicon=TINY)
    assert state.is_chance_node
    assert state.current_player is None
    assert len(state.pile) == DECK.size
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == 1
    # every card of the pile is one outcome, all equally likely
    assert set(outcomes) == {wm.Draw(c) for c in range(DECK.size)}
    assert set(outcomes.values()) == {Fraction(1, DECK.size)}
    state = resolve(state)
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert len(state.pile) == DECK.size - 30
    assert state.phase == "turn"
    assert state.current_player == 0
    assert state.discard == ()
    assert state.table == ()


def test_draw_takes_the_named_card() -> None:
    state = wm.new_game(2, lexicon=TINY)
    e = card("E", 5)
    after = state.apply(wm.Draw(e))
    assert after.hands[0] == (e,)
    assert e not in after.pile
    assert after.ply == 1
    assert code_of(after, wm.Draw(e)) == "card_not_in_pile"
    assert code_of(after, wm.Draw(DECK.size)) == "card_not_in_pile"
    assert code_of(state, wm.PickPile()) == "chance_pending"


# -- playing words ---------------------------------------------------------------------------


def test_hand_word_draws_one_fewer_than_its_letters() -> None:
    d = Dealer()
    state = make_state([d("STONEQX"), d("RAINZKJ")])
    stone = d.__class__()("STONE")  # the first S, T, O, N, E cards
    play = lay(state, stone)
    after = state.apply(play)
    assert after.is_chance_node
    assert after.queue == (0, 0, 0, 0)
    assert after.table == (stone,)
    assert after.melded == (True, True)
    done = resolve(after)
    assert len(done.hands[0]) == 2 + 4
    assert done.current_player == 1


def test_official_word_short_and_no_draw() -> None:
    d = Dealer()
    state = make_state([d("QIXRRST"), d("AAEE")], official=["QI"], melded=[False, False])
    play = lay(state, (*state.hands[0][:0], card("Q"), card("I")))
    after = state.apply(play)
    assert not after.is_chance_node
    assert after.current_player == 1
    assert len(after.hands[0]) == 5
    # an official word used as a hand word of 2 letters; a common 3-letter one is too short
    d2 = Dealer()
    s2 = make_state([d2("CATSRRX"), d2("EEE")])
    assert code_of(s2, lay(s2, d2.__class__()("CAT"))) == "word_too_short"


def test_extend_table_word_draws_hand_letters_minus_one() -> None:
    d = Dealer()
    cat = d("CAT")
    state = make_state([d("SOXQ"), d("EEE")], table=[cat])
    s_card, o_card = card("S"), card("O")
    # CAT + S -> CATS: one hand card, no draw; rearranged (SCAT) works too
    for word in [(*cat, s_card), (s_card, *cat)]:
        after = state.apply(wm.Play.extend(0, *word))
        assert after.current_player == 1
        assert len(after.hands[0]) == 3
    # CAT + O + S -> COATS: two hand cards, draw 1
    coats = (cat[0], o_card, cat[1], cat[2], s_card)
    after = state.apply(wm.Play.extend(0, *coats))
    assert after.queue == (0,)
    # the other reading: one card per hand letter
    flag = make_state(
        [state.hands[0], state.hands[1]], table=[cat], rules=wm.Rules(table_draw_minus_one=False)
    )
    assert flag.apply(wm.Play.extend(0, *coats)).queue == (0, 0)
    assert flag.apply(wm.Play.extend(0, *cat, s_card)).queue == (0,)


def test_first_word_must_come_from_the_hand() -> None:
    d = Dealer()
    cat = d("CAT")
    hand = d("SDOG")
    state = make_state([hand, d("EEE")], table=[cat], melded=[False, True])
    catss = wm.Play.extend(0, *cat, card("S"))
    assert code_of(state, catss) == "first_word_uses_table"
    dogs_hand = (card("D"), card("O"), card("G"), card("S"))
    assert state.is_legal(lay(state, dogs_hand))
    # a first play that extends CAT and also lays a hand word
    both = catss + wm.Play.new_word(card("D"), card("O"), card("G"))
    assert code_of(state, both) in {"first_word_uses_table"}
    relaxed = make_state(
        [hand, state.hands[1]],
        table=[cat],
        melded=[False, True],
        rules=wm.Rules(first_play_hand_only=False),
    )
    assert code_of(relaxed, catss) == "first_word_uses_table"
    d3 = Dealer()
    d3("CAT")
    relaxed2 = make_state(
        [d3("SDOGS"), d3("EEE")],
        table=[cat],
        melded=[False, True],
        rules=wm.Rules(first_play_hand_only=False),
    )
    s0, s1 = card("S", 0), card("S", 1)
    ok = wm.Play.extend(0, *cat, s0) + wm.Play.new_word(card("D"), card("O"), card("G"), s1)
    assert relaxed2.is_legal(ok)
    assert code_of(make_state(list(relaxed2.hands), table=[cat], melded=[False, True]), ok) == (
        "first_word_uses_table"
    )


def test_taking_back_table_cards() -> None:
    d = Dealer()
    tone = d("TONE")
    state = make_state([d("RAISZ"), d("EEE")], table=[tone])
    t, o, n, e = tone
    r, a, i, s = card("R"), card("A"), card("I"), card("S")
    trains = (t, r, a, i, n, s)
    after = state.apply(wm.Play.extend(0, *trains))  # 4 hand cards in, O and E back: 4 > 2
    assert o in after.hands[0]
    assert e in after.hands[0]
    assert after.queue == (0, 0, 0)  # TRAINS: 4 hand letters - 1
    # NOTE's T and N, only one hand card each way: RAIN from R,A,I + N: takes back T, O, E
    rain = (r, a, i, n)
    assert code_of(state, wm.Play.extend(0, *rain)) == "too_many_taken_back"
    # a word taken back entirely: its cards come back, so the count rule applies
    assert code_of(state, wm.Play.take_back(0) + lay(state, (r, a, i, s))) == (
        "too_many_taken_back"
    )
    # the same with the word taken back into a new word is fine: TRAINS again
    again = state.apply(wm.Play.take_back(0) + lay(state, trains))
    assert again.table == (trains,)
    assert again.hands == after.hands


def test_bad_plays_have_distinct_codes() -> None:
    d = Dealer()
    cat = d("CAT")
    hand = (*d("SDOG*"), card("*", 1))
    opp = d("EEEZ")
    state = make_state([hand, opp], table=[cat])
    s_, d_, o_, g_ = card("S"), card("D"), card("O"), card("G")
    j0, j1 = card("*", 0), card("*", 1)
    codes = {
        "card_not_available": lay(state, (d_, o_, g_, opp[0])),
        "card_used_twice": lay(state, (d_, o_, g_, s_, s_)),
        "unknown_card": lay(state, (d_, o_, g_, 999)),
        "empty_word": lay(state, ()),
        "no_hand_cards": wm.Play.extend(0, cat[1], cat[0], cat[2]),  # ACT: nothing added
        "card_in_untouched_word": lay(state, (*cat, s_)),
        "unknown_table_word": wm.Play.extend(1, *cat, s_),
        "word_changed_twice": wm.Play.extend(0, *cat, s_) + wm.Play.take_back(0),
        "word_unchanged": wm.Play.extend(0, *cat) + lay(state, (d_, o_, g_, s_)),
        "joker_without_letter": lay(state, (d_, o_, g_, j0)),
        "letter_on_plain_card": lay(state, (d_, o_, g_, s_), letters=((s_, "S"),)),
        "bad_joker_letter": lay(state, (d_, o_, g_, j0), letters=((j0, "?"),)),
        "stray_joker_letter": lay(state, (d_, o_, g_, s_), letters=((j0, "S"),)),
        "duplicate_joker_letter": lay(state, (d_, o_, g_, j0), letters=((j0, "S"), (j0, "T"))),
        "invalid_word": lay(state, (d_, g_, o_, s_)),
        "two_jokers_too_short": lay(state, (d_, j0, g_, j1), letters=((j0, "O"), (j1, "S"))),
        "word_too_short": lay(state, (d_, o_, g_)),
        "first_word_uses_table": None,
        "too_many_taken_back": wm.Play.extend(0, cat[0], cat[1], s_),
    }
    seen = set()
    for expected, action in codes.items():
        if action is None:
            continue
        assert code_of(state, action) == expected, expected
        seen.add(expected)
    assert len(seen) == len([a for a in codes.values() if a is not None])
    # wrong field types are not actions at all (the shared code)
    assert code_of(state, lay(state, (d_, "o", g_))) == "not_an_action"  # type: ignore[arg-type]
    assert code_of(state, lay(state, (d_, True, g_))) == "not_an_action"
    assert code_of(state, lay(state, (d_, o_, g_, DECK.size + 3))) == "unknown_card"
    # the same word with one joker is fine, and with two jokers once it has 5 letters
    assert state.is_legal(lay(state, (d_, o_, g_, j0), letters=((j0, "S"),)))
    nothing_changed = state.to_dict()
    for action in codes.values():
        if action is not None:
            assert not state.is_legal(action)
    assert state.to_dict() == nothing_changed


def test_proper_names_only_when_agreed() -> None:
    d = Dealer()
    hand = d("ANNAOTTO")
    base = make_state([hand, d("EEE")])
    anna = (card("A"), card("N"), card("N", 1), card("A", 1))
    assert code_of(base, lay(base, anna)) == "invalid_word"
    agreed = make_state([hand, base.hands[1]], proper_names=["Anna"])
    assert agreed.apply(lay(agreed, anna)).queue == (0, 0, 0)


# -- winning ---------------------------------------------------------------------------------


def test_wordmeld_wins_at_once() -> None:
    d = Dealer()
    hand = d("WORDMELDS")
    state = make_state([hand, d("EEE")], melded=[False, False], lexicon=None)
    word = Dealer()("WORDMELD")
    after = state.apply(lay(state, word))
    assert after.is_terminal
    assert after.finisher == 0
    out = after.outcome
    assert out is not None
    assert out.reason == "winning_word"
    assert out.winners == {0}
    assert out.scores == (1, 0)


def test_long_words_win_only_with_an_official_list() -> None:
    d = Dealer()
    hand = d("SALVAGED")
    other = d("EEE")
    salvaged = Dealer()("SALVAGED")
    plain = make_state([hand, other])
    assert not plain.apply(lay(plain, salvaged)).is_terminal
    premium = make_state([hand, other], official=["CAT"])
    assert premium.apply(lay(premium, salvaged)).outcome.reason == "winning_word"  # type: ignore[union-attr]
    custom = make_state([hand, other], winning=["SALVAGED"])
    assert custom.apply(lay(custom, salvaged)).is_terminal


def test_empty_hand_at_end_of_turn_wins() -> None:
    d = Dealer()
    cat = d("CAT")
    state = make_state([d("S"), d("EEE")], table=[cat])
    after = state.apply(wm.Play.extend(0, *cat, card("S")))
    assert after.is_terminal
    out = after.outcome
    assert out is not None
    assert out.reason == "empty_hand"
    assert out.winners == {0}
    assert out.ranking == (1, 2)
    # premium words draw nothing, so laying them can empty the hand too
    d2 = Dealer()
    s2 = make_state([d2("CAT"), d2("EEE")], official=["CAT"], melded=[False, True])
    assert s2.apply(lay(s2, Dealer()("CAT"))).outcome.reason == "empty_hand"  # type: ignore[union-attr]


def test_hand_not_empty_after_draws_does_not_win() -> None:
    d = Dealer()
    state = make_state([d("STONE"), d("EEE")])
    after = resolve(state.apply(lay(state, Dealer()("STONE"))))
    assert not after.is_terminal
    assert len(after.hands[0]) == 4


# -- drawing, discarding, keeping -----------------------------------------------------------


def test_pick_pile_then_discard_or_keep() -> None:
    d = Dealer()
    hand = d("QXZJ")
    fresh = make_state([hand, d("EEE")], melded=[False, True])
    legal = fresh.legal_actions()
    assert wm.PickPile() in legal
    assert wm.Pass() not in legal
    assert wm.PickDiscard() not in legal  # the discard pile is empty
    drawing = fresh.apply(wm.PickPile())
    assert drawing.is_chance_node
    assert drawing.queue == (0,)
    e = card("E", 3)
    after = drawing.apply(wm.Draw(e))
    assert after.phase == "discard"
    assert after.drawn == e
    assert e in after.hands[0]
    acts = after.legal_actions()
    assert set(acts) == {wm.Discard(c) for c in after.hands[0]}
    assert code_of(after, wm.Keep()) == "keep_before_first_word"
    assert code_of(after, lay(after, Dealer()("QXZJ"))) == "wrong_phase"
    done = after.apply(wm.Discard(card("Q")))
    assert done.discard[-1] == card("Q")
    assert done.current_player == 1
    assert done.view(1).drawn is None
    # after the first word the drawn card may be kept
    melded = attrs.evolve(after, melded=(True, True))
    assert wm.Keep() in melded.legal_actions()
    kept = melded.apply(wm.Keep())
    assert len(kept.hands[0]) == 5
    assert kept.current_player == 1
    # the other reading: the discard must be the drawn card
    strict = attrs.evolve(after, rules=wm.Rules(discard_drawn_only=True))
    assert strict.legal_actions() == (wm.Discard(e),)
    assert code_of(strict, wm.Discard(card("Q"))) == "must_discard_drawn"


def test_pick_discard_then_play_or_discard() -> None:
    d = Dealer()
    hand = d("CATX")
    s = d("S")
    state = make_state([hand, d("EEE")], discard=s)
    legal = state.legal_actions()
    assert wm.PickDiscard() in legal
    took = state.apply(wm.PickDiscard())
    assert took.phase == "took"
    assert s[0] in took.hands[0]
    assert took.discard == state.discard[:-1]
    cats = lay(took, (card("C"), card("A"), card("T"), s[0]))
    assert cats in took.legal_actions()
    assert wm.Discard(card("X")) in took.legal_actions()
    assert code_of(took, wm.Keep()) == "keep_not_allowed"
    played = took.apply(cats)
    assert played.queue == (0, 0, 0)  # no discard after playing
    discarded = took.apply(wm.Discard(card("X")))
    assert discarded.current_player == 1
    assert discarded.discard[-1] == card("X")
    assert discarded.idle == 1
    flag = attrs.evolve(took, rules=wm.Rules(keep_after_discard_pick=True))
    assert wm.Keep() in flag.legal_actions()


def test_reshuffle_the_discard_pile_except_its_top() -> None:
    d = Dealer()
    state = make_state([d("QXZJ"), d("EEE")], pile=(), discard=(card("K"),))
    assert state.pile == ()
    assert len(state.discard) > 2
    top = state.discard[-1]
    drawing = state.apply(wm.PickPile())
    assert drawing.discard == (top,)
    assert len(drawing.pile) == len(state.discard) - 1
    assert drawing.is_chance_node


def test_nothing_to_draw_means_pass_and_draws_are_dropped() -> None:
    word = Dealer()("STONE")
    rest = [c for c in range(DECK.size) if c not in word]
    hands = [[*word, *rest[:40]], rest[40:-1]]
    state = make_state(hands, pile=(), discard=(rest[-1],))
    assert wm.PickPile() not in state.legal_actions()
    assert code_of(state, wm.PickPile()) == "draw_pile_empty"
    assert code_of(state, wm.Pass()) == "must_draw"
    empty = make_state([hands[0], [*hands[1], rest[-1]]], pile=())
    assert empty.pile == ()
    assert empty.discard == ()
    assert wm.Pass() in empty.legal_actions()
    assert code_of(empty, wm.PickDiscard()) == "discard_pile_empty"
    passed = empty.apply(wm.Pass())
    assert passed.current_player == 1
    assert passed.idle == 1
    # a play whose draws cannot be made: they are dropped and the turn ends
    after = state.apply(lay(state, word))
    assert not after.is_chance_node
    assert after.current_player == 1
    assert len(after.hands[0]) == len(hands[0]) - 5


def test_idle_cap_blocks_the_game() -> None:
    d = Dealer()
    state = make_state(
        [d("QXZJ"), d("KVW")], discard=(card("B"),), rules=wm.Rules(max_idle_rounds=1)
    )
    s = state.apply(wm.PickDiscard()).apply(wm.Discard(card("J")))
    assert s.idle == 1
    assert not s.is_terminal
    s = s.apply(wm.PickDiscard()).apply(wm.Discard(card("K")))
    assert s.is_terminal
    out = s.outcome
    assert out is not None
    assert out.reason == "blocked"
    assert out.winners == {1}
    assert out.ranking == (2, 1)
    assert out.scores == (0, 1)


# -- views, records, serialisation ----------------------------------------------------------


def test_views_hide_hands_pile_and_drawn_card() -> None:
    rng = random.Random(3)
    state = resolve(wm.new_game(3, lexicon=TINY), rng)
    state = state.apply(wm.PickPile())
    drawn = state.pile[0]
    assert state.redact_action(wm.Draw(drawn), 1) == "draw ?"
    assert state.redact_action(wm.Draw(drawn), None) == "draw ?"
    assert state.redact_action(wm.Draw(drawn), 0) == f"draw {drawn}"
    state = resolve(state, rng)
    v1 = state.view(1)
    assert v1.hand == state.hands[1]
    assert v1.drawn is None
    assert v1.hand_sizes == (11, 10, 10)
    assert "hands" not in v1.to_dict()
    assert "pile" not in v1.to_dict()
    assert v1.to_dict()["pile_size"] == len(state.pile)
    v0 = state.view(0)
    assert v0.drawn == state.drawn
    assert set(v0.legal_actions()) == set(state.legal_actions())
    assert v1.legal_actions() == ()
    assert sum(v1.unseen.values()) == DECK.size - 10
    assert v1.unseen is not v1.unseen  # a fresh Counter each time
    sampled = v1.sample_state(rng)
    assert sampled.view(1) == v1
    assert wm.View.from_dict(v0.to_dict()) == v0


def test_state_needs_its_lexicon_loaded() -> None:
    state = make_state([*[Dealer()("CAT"), Dealer()("DOG")][:1], (card("E"),)])
    d = state.to_dict()
    d["setup"]["lexicon"]["digest"] = "f" * 64
    with pytest.raises(InvalidStateError, match="not loaded"):
        wm.State.from_dict(d)


def test_record_round_trip_with_greedy_bots() -> None:
    state = wm.new_game(2, lexicon=TINY, official=["CAT", "DOG"])
    rec = wordgames.play(state, wm.bots.GreedyBot(), random.Random(5), max_actions=3000)
    assert rec.replay().is_terminal
    back = wordgames.Record.from_json(rec.to_json())
    assert back == rec


def test_view_from_dict_rejects_bad_data_cleanly() -> None:
    from tests.conformance.harness import _mutations

    rng = random.Random(11)
    state = resolve(wm.new_game(3, lexicon=TINY), rng).apply(wm.PickPile())
    state = resolve(state, rng)
    for viewer in (None, 0, 1):
        d = state.view(viewer).to_dict()
        for bad in [*_mutations(d, rng, 60), None, [], {**d, "kind": "state"}]:
            try:
                view = wm.View.from_dict(bad)
            except InvalidStateError:
                continue
            assert wm.View.from_dict(view.to_dict()) == view


def test_no_idle_cap_means_no_blocked_end() -> None:
    d = Dealer()
    state = make_state(
        [d("QXZJ"), d("KVW")], discard=(card("B"),), rules=wm.Rules(max_idle_rounds=None)
    )
    for _ in range(30):
        state = state.apply(wm.PickDiscard())
        state = state.apply(wm.Discard(state.hands[state.turn][0]))
    assert not state.is_terminal
    assert state.idle == 30


def test_spanish_game_with_enye() -> None:
    state = wm.new_game(2, language="es", official=["niño"])
    assert state.setup.official == {"NIÑO"}
    deck = state.setup.deck
    ids = {x: [c for c in range(deck.size) if deck.card_letters[c] == x] for x in "NIÑOA"}
    n, i, enye, o, a = (ids[x][0] for x in "NIÑOA")
    hand = (n, i, enye, o, a)
    s = attrs.evolve(
        state,
        hands=(tuple(sorted(hand)), (ids["N"][1],)),
        pile=tuple(c for c in range(deck.size) if c not in hand and c != ids["N"][1]),
        phase="turn",
        queue=(),
        after="",
    )
    after = s.apply(wm.Play(((n, i, enye, o),)))
    assert after.word_texts() == ("NIÑO",)
    assert after.current_player == 1  # official: nothing drawn
    nina = s.apply(wm.Play(((n, i, enye, a),)))
    assert nina.queue == (0, 0, 0)  # NIÑA is a common word: 4 - 1 draws
    assert s.is_legal(wm.Play(((n, i, enye, o),)))
