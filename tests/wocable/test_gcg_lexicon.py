"""A GCG file's words that the chosen lexicon lacks are added to it for that game (each an
issue), never substituted for it; an explicit ``lexicon=`` behaves the same; move lists equal
the lexicon's own wherever the file's words play no part."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames import IllegalActionError
from wordgames.lexicon import Lexicon
from wordgames.wocable import Place, State, bots, from_gcg, to_gcg
from wordgames.wocable.gcg.replay import FILE_LEXICON

# ZO is not in ENABLE: ann's opening forms only ZO
ZO = """#character-encoding UTF-8
#player1 ann Ann Example
#player2 bob Bob Example
>ann: AOCQTXZ 8H ZO +22 22
>bob: AEHLMNO - +0 0
"""
ENABLE = Lexicon.builtin("en")


def test_the_file_words_are_added_to_the_builtin_lexicon() -> None:
    rec = from_gcg(ZO)
    lex = rec.replay().lexicon
    assert lex.name == f"en+{FILE_LEXICON}"
    assert len(lex) == len(ENABLE) + 1
    assert "ZO" in lex
    assert "ZO" not in ENABLE
    assert [(i.line, i.code) for i in rec.issues] == [(4, "word_not_in_lexicon")]
    assert "ZO" in rec.issues[0].message
    # at ann's opening the game's move list has ZO; ENABLE's is the same less the ZO plays
    first = next(s for s in rec.states() if not s.is_chance_node)
    ours = {m.action for m in first.moves()}
    theirs = {m.action for m in attrs.evolve(first, lexicon=ENABLE).moves()}
    assert theirs < ours
    assert Place(7, 7, True, "ZO") in ours - theirs
    assert all("Z" in a.word and "O" in a.word for a in ours - theirs if isinstance(a, Place))


def test_an_explicit_lexicon_is_extended_the_same_way() -> None:
    small = Lexicon.from_words(["CAT", "AT", "TA"], name="small")
    rec = from_gcg(ZO, lexicon=small)
    lex = rec.replay().lexicon
    assert lex.name == f"small+{FILE_LEXICON}"
    assert sorted(lex) == ["AT", "CAT", "TA", "ZO"]
    assert from_gcg(ZO, lexicon=ENABLE).replay().lexicon == rec_default_lexicon()


def rec_default_lexicon() -> Lexicon:
    return from_gcg(ZO).replay().lexicon


def test_a_file_of_wordgames_reads_back_with_the_same_lexicon_and_no_issue() -> None:
    rec = from_gcg(ZO)
    back = from_gcg(to_gcg(rec))
    assert back.issues == ()
    assert back.replay().lexicon == rec.replay().lexicon


def test_a_file_the_lexicon_agrees_with_keeps_the_lexicon() -> None:
    text = ZO.replace("8H ZO +22 22", "8G CAT +10 10").replace("AOCQTXZ", "ACEQTXZ")
    rec = from_gcg(text)
    assert rec.replay().lexicon is ENABLE
    assert rec.issues == ()


@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 6))
def test_move_lists_equal_the_lexicons_own_where_the_file_words_play_no_part(
    seed: int, plies: int
) -> None:
    """Every placement of the builtin lexicon is in the game's list, and every placement only
    the game's list has is one the builtin lexicon refuses (it forms ZO)."""
    rng = random.Random(seed)
    state: State = from_gcg(ZO).replay()
    bot = bots.GreedyBot()
    for _ in range(plies):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(bot.choose(state.view(state.current_player), rng))
    if state.is_terminal or state.is_chance_node:
        return
    plain = attrs.evolve(state, lexicon=ENABLE)
    ours = {m.action for m in state.moves()}
    theirs = {m.action for m in plain.moves()}
    assert theirs <= ours
    for action in ours - theirs:
        assert isinstance(action, Place)
        with pytest.raises(IllegalActionError) as refused:
            plain.check(action)
        assert refused.value.code == "word_not_in_lexicon"
        assert "ZO" in str(refused.value)


def test_a_withdrawn_play_the_lexicon_accepts_is_taken_out_for_that_game() -> None:
    text = """#player1 ann Ann
#player2 bob Bob
>ann: ACEQTXZ 8G CAT +10 10
>ann: ACEQTXZ -- -10 0
>bob: AEHLMNO - +0 0
"""
    rec = from_gcg(text)
    lex = rec.replay().lexicon
    assert [(i.line, i.code) for i in rec.issues] == [(3, "phony_in_lexicon")]
    assert "CAT" not in lex
    assert len(lex) == len(ENABLE) - 1
    assert from_gcg(to_gcg(rec)).issues == ()
