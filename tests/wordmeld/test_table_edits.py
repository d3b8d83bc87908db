"""Issue #16: explicit table edits, the rules corners and the position builder (scenarios)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from tests.wordmeld.helpers import SAMPLE, TINY, Dealer, card, make_state
from wordgames import IllegalActionError, InvalidStateError, RulesError
from wordgames import wordmeld as wm
from wordgames.lexicon import Lexicon

ANIMALS = Lexicon.from_words(
    [
        "elephant",
        "elephants",
        "cat",
        "cats",
        "cast",
        "act",
        "acts",
        "tone",
        "stone",
        "stones",
        "notes",
        "atone",
        "sac",
    ],
    name="wordmeld-animals",
)


def code_of(state: wm.State, action: object) -> str:
    with pytest.raises(IllegalActionError) as e1:
        state.check(action)
    with pytest.raises(IllegalActionError) as e2:
        state.apply(action)
    assert e1.value.code == e2.value.code
    return e1.value.code


def held(state: wm.State, letters: str, player: int = 0) -> tuple[int, ...]:
    """Cards of ``player``'s hand spelling ``letters`` (``*`` a joker), each used once."""
    cl = state.setup.deck.card_letters
    free = list(state.hands[player])
    out = []
    for ch in letters:
        c = next(c for c in free if cl[c] == ch)
        free.remove(c)
        out.append(c)
    return tuple(out)


def resolve(state: wm.State) -> wm.State:
    rng = random.Random(0)
    while state.is_chance_node:
        state = state.apply(state.sample_chance(rng))
    return state


# -- 6. explicit table edits -----------------------------------------------------------------


def test_a_word_the_play_does_not_mention_stays_on_the_table() -> None:
    # player 1 laid CAT, player 0 laid TONE; player 0 extends TONE to STONE and says nothing
    # about CAT: CAT stays (under the old format, leaving it out took it into the hand)
    state = wm.position(["SDOGS", "EEE"], table=["CAT", "TONE"], lexicon=TINY)
    cat, tone = state.table
    s, d, o, g, s2 = held(state, "SDOGS")
    after = state.apply(wm.Play.extend(1, s, *tone))
    assert after.table == (cat, (s, *tone))
    assert after.word_texts() == ("CAT", "STONE")
    assert not set(cat) & set(after.hands[0])
    # its cards cannot be used without naming the word
    assert code_of(state, wm.Play.new_word(*cat, s)) == "card_in_untouched_word"
    # naming it and leaving it out of the new table takes it back explicitly
    take_back = wm.Play.take_back(0) + wm.Play.extend(1, s, *tone)
    assert code_of(state, take_back) == "too_many_taken_back"  # 1 card added, 3 back
    took = state.apply(take_back + wm.Play.new_word(d, o, g, s2))  # 5 added, 3 back
    assert took.table == ((s, *tone), (d, o, g, s2))
    assert set(cat) <= set(took.hands[0])
    assert set(cat) <= set(took.known[0])


def test_jokers_on_untouched_words_are_never_restated() -> None:
    state = wm.position(["CATS", "DOGE"], table=["T*ONE", "*CAT"], lexicon=TINY)
    tone, cat = state.table
    j_tone, j_cat = tone[1], cat[0]
    assert dict(state.table_letters) == {j_tone: "O", j_cat: "C"}
    c, a, t, s = held(state, "CATS")
    # a new word: the table's jokers keep their letters without a mention
    play = wm.Play.new_word(c, a, s, t)
    assert play.letters == ()
    after = state.apply(play)
    assert dict(after.table_letters) == {j_tone: "O", j_cat: "C"}
    assert after.word_texts() == ("TONE", "CAT", "CAST")
    # a changed word keeps its joker's letter too (STONE) ...
    stone = wm.Play.extend(0, s, *tone)
    assert state.play_result(stone).formed == ("STONE",)
    # ... unless the play gives it another one (T*NE as TUNE is not a word here)
    assert code_of(state, wm.Play((), ((0, (s, *tone)),), ((j_tone, "U"),))) == "invalid_word"
    # a joker from the hand still needs its letter
    hand_joker = wm.position(["CA*S", "DOGE"], lexicon=TINY, melded=[True, True])
    c, a, j, s = held(hand_joker, "CA*S")
    assert code_of(hand_joker, wm.Play.new_word(c, a, j, s)) == "joker_without_letter"
    assert hand_joker.is_legal(wm.Play.new_word(c, a, (j, "T"), s))


def test_builders_and_notation_of_every_listed_play() -> None:
    state = wm.position(
        ["CATSONE*", "DOGE"], table=["TONE", "STONE", "ACTS"], lexicon=TINY, discard="Q"
    )
    kinds = set()
    for option in state.play_options():
        play = option.action
        kinds.add(option.kind)
        assert wm.parse_action(str(play)) == play
        if option.kind == "hand":
            assert play.changes == ()
            assert len(play.new) == 1
        elif option.kind == "extend":
            ((i, word),) = play.changes
            assert play == wm.Play((), ((i, word),), play.letters)
            assert str(play).startswith(f"play {i}:")
        else:
            ((i, rest),) = play.changes
            assert play == wm.Play.borrow(i, rest, play.new[0])
        # the result's new table: changed words in place, new words at the end
        result = state.play_result(play)
        expected = [dict(play.changes).get(i, w) for i, w in enumerate(state.table)]
        assert result.words == (*expected, *play.new)
    assert kinds == {"hand", "extend", "borrow"}


def test_listed_plays_hold_only_the_hand_jokers_letters() -> None:
    state = wm.position(["CAS*", "DOGE"], table=["T*ONE", "STONE"], lexicon=TINY)
    hand_jokers = {c for c in state.hands[0] if state.setup.deck.card_letters[c] == wm.JOKER}
    assert state.play_options()
    for option in state.play_options():
        assert {c for c, _ in option.action.letters} <= hand_jokers


@given(st.integers(0, 2**32 - 1))
def test_random_listed_plays_round_trip_and_agree_with_the_result(seed: int) -> None:
    rng = random.Random(seed)
    state = resolve(wm.new_game(2, lexicon=SAMPLE, rules=wm.Rules(hand_size=9)))
    for _ in range(40):
        if state.is_terminal:
            break
        options = state.play_options()
        for option in options[:: max(1, len(options) // 5)]:
            play = option.action
            assert wm.parse_action(str(play)) == play
            result = state.play_result(play)
            assert result.formed[-1] == option.word or option.word in result.formed
            untouched = [w for i, w in enumerate(state.table) if i not in dict(play.changes)]
            assert set(untouched) <= set(result.words)  # nothing silently picked up
        state = resolve(state.apply(rng.choice(state.legal_actions())))


# -- 7. rules corners --------------------------------------------------------------------------


def test_a_word_shortened_by_a_borrow_is_not_formed_and_cannot_win() -> None:
    # with an official list, words of 8+ letters win; ELEPHANTS -> ELEPHANT is only shortened
    parts = {"table": ["ELEPHANTS"], "lexicon": ANIMALS, "official": ["TONE"]}
    state = wm.position(["CAT", "DOGE"], **parts)  # type: ignore[arg-type]
    (elephants,) = state.table
    s = elephants[-1]
    c, a, t = held(state, "CAT")
    borrow = wm.Play.borrow(0, elephants[:-1], (c, a, t, s))
    result = state.play_result(borrow)
    assert result.formed == ("CATS",)
    assert result.shortened == ("ELEPHANT",)
    assert not result.wins
    after = state.apply(borrow)
    assert not after.is_terminal
    assert after.word_texts() == ("ELEPHANT", "CATS")
    option = next(o for o in state.play_options() if o.kind == "borrow" and o.word == "CATS")
    assert option.action == borrow
    assert not option.wins
    # the other reading: the shortened word counts as formed, and ELEPHANT wins at once
    flag = wm.position(
        ["CAT", "DOGE"],
        rules=wm.Rules(shortened_word_formed=True),
        **parts,  # type: ignore[arg-type]
    )
    assert flag.play_result(borrow).formed == ("CATS", "ELEPHANT")
    assert flag.apply(borrow).outcome.reason == "winning_word"  # type: ignore[union-attr]
    assert next(o for o in flag.play_options() if o.action == borrow).wins
    # a shortened word must still be a word of the game
    bad = wm.Play.borrow(0, (*elephants[:4], *elephants[5:-1]), (c, a, t, elephants[4]))
    assert code_of(state, bad) == "invalid_word"


def test_a_rebuilt_shorter_word_is_formed() -> None:
    # STONES -> NOTES (a borrowed S) is a rearrangement, formed; STONES -> STONE is shortened
    state = wm.position(["CA", "DOGE"], table=["STONES"], lexicon=ANIMALS)
    (stones,) = state.table
    s1, t, o, n, e, s2 = stones
    c, a = held(state, "CA")
    rebuilt = state.play_result(wm.Play.borrow(0, (n, o, t, e, s1), (s2, a, c)))
    assert rebuilt.formed == ("SAC", "NOTES")
    assert rebuilt.shortened == ()
    shortened = state.play_result(wm.Play.borrow(0, (s1, t, o, n, e), (s2, a, c)))
    assert shortened.formed == ("SAC",)
    assert shortened.shortened == ("STONE",)
    # a joker given another letter is a change, not a shortening: *STONES -> *ATONE
    joker = wm.position(["CA", "DOGE"], table=["*STONES"], lexicon=ANIMALS)
    j, *tone, s3 = joker.table[0]
    c, a = held(joker, "CA")
    relettered = wm.Play(((s3, a, c),), ((0, (j, *tone)),), ((j, "A"),))
    result = joker.play_result(relettered)
    assert result.formed == ("SAC", "ATONE")
    assert result.shortened == ()
    kept = joker.play_result(wm.Play(((s3, a, c),), ((0, (j, *tone)),)))
    assert kept.shortened == ("STONE",)


def test_third_reading_draw_after_taking_the_discard() -> None:
    d = Dealer()
    state = make_state([d("CATSX"), d("EEE")], discard=d("Q"))
    rules = wm.Rules(draw_after_discard_pick=True)
    took = attrs.evolve(state, rules=rules).apply(wm.PickDiscard())
    legal = took.legal_actions()
    assert wm.PickPile() in legal
    assert not any(isinstance(a, wm.Discard) for a in legal)
    assert code_of(took, wm.Discard(card("X"))) == "must_draw"
    assert code_of(took, wm.Keep()) == "keep_not_allowed"
    # a word may still be played at once (then nothing is drawn from the pile first)
    cats = wm.Play.new_word(card("C"), card("A"), card("T"), card("S"))
    assert cats in legal
    drawing = took.apply(wm.PickPile())
    assert drawing.is_chance_node
    assert drawing.queue == (0,)
    after = resolve(drawing)
    assert after.phase == "discard"
    assert after.drawn is not None
    assert card("Q") in after.known[0]  # the card taken from the discard stays known
    assert len(after.hands[0]) == 7
    assert wm.Keep() in after.legal_actions()  # melded: as after a pile draw
    assert code_of(after, cats) == "wrong_phase"
    done = after.apply(wm.Discard(card("X")))
    assert done.current_player == 1
    assert done.idle == 1
    assert wm.State.from_dict(after.to_dict()) == after
    assert after.view(1).drawn is None
    # nothing left to draw: the player discards at once
    word = Dealer()("STONE")
    rest = [c for c in range(wm.DECKS["en"].size) if c not in word]
    hands = [[*word, *rest[:40]], rest[40:-1]]
    empty = make_state(hands, pile=(), discard=(rest[-1],), rules=rules)
    took = empty.apply(wm.PickDiscard())
    assert wm.PickPile() not in took.legal_actions()
    assert code_of(took, wm.PickPile()) == "draw_pile_empty"
    assert took.is_legal(wm.Discard(rest[-1]))
    # default reading: a pile pick after the discard is the wrong phase
    assert code_of(state.apply(wm.PickDiscard()), wm.PickPile()) == "wrong_phase"


def test_the_two_discard_readings_exclude_each_other() -> None:
    with pytest.raises(RulesError):
        wm.Rules(keep_after_discard_pick=True, draw_after_discard_pick=True)
    d = wm.Rules(draw_after_discard_pick=True).to_dict()
    d["keep_after_discard_pick"] = True
    with pytest.raises(InvalidStateError):
        wm.Rules.from_dict(d)
    assert wm.Rules.from_dict({"draw_after_discard_pick": True}).draw_after_discard_pick


def test_greedy_bot_plays_under_the_third_reading() -> None:
    rules = wm.Rules(draw_after_discard_pick=True, shortened_word_formed=True)
    state = wm.new_game(2, lexicon=TINY, official=["CAT", "DOG"], rules=rules)
    rec = wordgames.play(state, wm.bots.GreedyBot(), random.Random(8), max_actions=3000)
    assert rec.replay().is_terminal
    texts = [str(a) for a in rec.actions]
    assert ("pick discard", "pick pile") in set(itertools.pairwise(texts))
    assert wordgames.Record.from_json(rec.to_json()) == rec


# -- 8. position builders ----------------------------------------------------------------------


def test_position_builds_the_same_state_as_placing_cards_by_hand() -> None:
    d = Dealer()
    hands = [d("CATS*"), d("DOGE")]
    cat = d("CAT")
    q = d("Q")
    built = make_state(hands, table=[cat], discard=q)
    pos = wm.position(["cats*", "D O G E"], table=["CAT"], discard="Q", lexicon=TINY)
    assert pos == built
    assert wm.State.from_dict(pos.to_dict()) == pos
    assert pos.phase == "turn"
    assert pos.current_player == 0
    assert pos.melded == (True, True)
    assert wm.position(["CATS", "DOGE"], lexicon=TINY).melded == (False, False)


def test_position_table_jokers_and_options() -> None:
    pos = wm.position(
        ["EEQ", "XK"],
        table=["*SCAT", "WORD*MELD"],
        players=["ann", "bob"],
        turn=1,
        lexicon=None,
        official=["SCAT"],
        winning=["WORDMELD"],
    )
    assert pos.players == ("ann", "bob")
    assert pos.word_texts() == ("SCAT", "WORDMELD")
    assert pos.current_player == 1
    assert len(pos.table_letters) == 2  # the deck has two jokers
    assert sorted(dict(pos.table_letters).values()) == ["M", "S"]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"hands": ["QQ", "E"]}, "no free card"),
        ({"hands": ["***", "E"]}, "no free joker"),
        ({"hands": ["CAT", "E"], "table": ["CTA"]}, "not valid"),
        ({"hands": ["CAT", "E"], "table": ["CA*"]}, "joker as \\*"),
        ({"hands": ["", "CAT"]}, "holds no cards"),
        ({"hands": ["CAT", "E"], "turn": 5}, None),
        ({"hands": ["CAT", "E"], "melded": [True]}, None),
        ({"hands": ["CAT", "E"], "table": "CAT"}, "list of words"),
        ({"hands": "CAT"}, "list of strings"),
        ({"hands": ["CAT", 5]}, "string of letters"),
        ({"hands": ["CAT", "E"], "table": ["CAT"], "melded": [False, False]}, None),
        ({"hands": ["CAT", "E1"]}, "no free card"),
    ],
)
def test_position_refuses_impossible_positions(
    kwargs: dict[str, object], match: str | None
) -> None:
    with pytest.raises(InvalidStateError, match=match):
        wm.position(lexicon=TINY, **kwargs)  # type: ignore[arg-type]


def test_position_refuses_bad_configuration() -> None:
    with pytest.raises(RulesError):
        wm.position(["CAT"], lexicon=TINY)  # one player
    with pytest.raises(RulesError):
        wm.position(["CAT", "DOG"], players=["a", "b", "c"], lexicon=TINY)


@given(st.integers(0, 2**32 - 1))
def test_position_of_a_random_state_rebuilds_it(seed: int) -> None:
    # letters of a played position, turned back into a position: same letters everywhere
    rng = random.Random(seed)
    state = resolve(wm.new_game(2, lexicon=SAMPLE))
    for _ in range(rng.randrange(30)):
        if state.is_terminal:
            break
        state = resolve(state.apply(rng.choice(state.legal_actions())))
    if state.phase != "turn":
        return
    cl = state.setup.deck.card_letters
    letters = dict(state.table_letters)

    def spell(word: tuple[int, ...]) -> str:
        return "".join(f"*{letters[c]}" if cl[c] == wm.JOKER else cl[c] for c in word)

    pos = wm.position(
        ["".join(cl[c] for c in h) for h in state.hands],
        table=[spell(w) for w in state.table],
        discard="".join(cl[c] for c in state.discard),
        turn=state.turn,
        melded=state.melded,
        setup=state.setup,
    )
    assert pos.word_texts() == state.word_texts()
    for a, b in zip(pos.hands, state.hands, strict=True):
        assert sorted(cl[c] for c in a) == sorted(cl[c] for c in b)
    assert len(pos.pile) == len(state.pile)
    assert {o.word for o in pos.play_options()} == {o.word for o in state.play_options()}


# -- JSON versions -----------------------------------------------------------------------------


def test_version_2_states_views_and_records_are_refused_with_a_reason() -> None:
    state = wm.position(["CATS", "DOGE"], lexicon=TINY)
    old = dict(state.to_dict(), version=2)
    with pytest.raises(InvalidStateError, match="play format changed"):
        wm.State.from_dict(old)
    view = dict(state.view(0).to_dict(), version=2)
    with pytest.raises(InvalidStateError, match="play format changed"):
        wm.View.from_dict(view)
    rec = wordgames.play(state, wm.bots.GreedyBot(), random.Random(1), max_actions=5).to_dict()
    rec["initial"]["version"] = 2
    with pytest.raises(InvalidStateError, match="play format changed"):
        wordgames.Record.from_dict(rec)
