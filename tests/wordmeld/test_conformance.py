"""WordMeld plugged into the conformance suite (random playouts on a sampled lexicon)."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs

from tests.conformance.harness import ConformanceSuite, GameSpec
from tests.wordmeld.helpers import SAMPLE
from wordgames import wordmeld as wm


def new_state(rng: random.Random) -> wm.State:
    keep = rng.random() < 0.3
    rules = wm.Rules(
        hand_size=rng.choice((5, 7, 10)),
        table_draw_minus_one=rng.random() < 0.7,
        first_play_hand_only=rng.random() < 0.7,
        discard_drawn_only=rng.random() < 0.3,
        keep_after_discard_pick=keep,
        draw_after_discard_pick=not keep and rng.random() < 0.3,
        shortened_word_formed=rng.random() < 0.3,
        max_idle_rounds=rng.choice((2, 3, 5)),
    )
    official = rng.choice(((), ("CAT", "DOG", "QI", "ZA", "OX", "RAINS"), ("STONE", "TRAIN")))
    return wm.new_game(
        rng.randint(2, 4),
        rules=rules,
        lexicon=SAMPLE,
        official=official,
        winning=rng.choice(((), ("TRAINS",))),
        proper_names=rng.choice(((), ("ANNA", "OTTO", "EDEN"))),
    )


def _with_word(play: wm.Play, word: tuple[int, ...]) -> wm.Play:
    """``play`` with its main word (its last new word, else its last change) replaced."""
    if play.new:
        return wm.Play((*play.new[:-1], word), play.changes, play.letters)
    i = play.changes[-1][0]
    return wm.Play((), (*play.changes[:-1], (i, word)), play.letters)


def _mutated_plays(state: wm.State, rng: random.Random) -> list[Any]:
    """Plausible illegal plays derived from legal ones and from the position."""
    out: list[Any] = []
    p = state.turn
    hand = state.hands[p]
    n = state.setup.deck.size
    cl = state.setup.deck.card_letters
    table = state.table
    others = [c for i, h in enumerate(state.hands) if i != p for c in h] + list(state.pile)
    plays = [a for a in state.legal_actions() if isinstance(a, wm.Play)][:30]
    for play in rng.sample(plays, min(4, len(plays))):
        last = play.new[-1] if play.new else play.changes[-1][1]
        out.append(_with_word(play, (*last, last[0])))  # used twice
        if others:
            out.append(_with_word(play, (*last, rng.choice(others))))
        out.append(_with_word(play, (*last, n + 5)))  # unknown card
        out.append(_with_word(play, tuple(reversed(last))))
        out.append(_with_word(play, last[:2]))
        out.append(wm.Play((), play.changes, play.letters))  # drops the new word (if any)
        out.append(wm.Play(play.new, play.changes, ()))  # jokers without letters (if any)
        out.append(wm.Play(play.new, play.changes, (*play.letters, (last[0], "E"))))
        out.append(wm.Play((*play.new, ()), play.changes, play.letters))
        for i, _ in play.changes:
            out.append(play + wm.Play.take_back(i))  # a word changed twice
            if i + 1 < len(table):
                out.append(play + wm.Play.new_word(*table[i + 1]))  # an untouched word's cards
    if len(hand) >= 3:
        out.append(wm.Play((tuple(rng.sample(hand, 3)),)))
        out.append(wm.Play.extend(len(table), *hand[:3]))  # no such table word
    if len(hand) >= 2:
        out.append(wm.Play((tuple(hand[:2]),), ()))
    if table:
        k = rng.randrange(len(table))
        w = table[k]
        out.append(wm.Play.take_back(k))
        out.append(wm.Play.extend(k, *w) + wm.Play.new_word(*hand[:4]))  # restated unchanged
        out.append(wm.Play.take_back(k) + wm.Play.new_word(*w, *hand[:1]))
        out.append(wm.Play.extend(k, *w, *hand[:1]))
        out.append(wm.Play.new_word(*w, *hand[:1]))  # an untouched word's cards
        if len(w) > 1:
            out.append(wm.Play.extend(k, *w[1:]) + wm.Play.new_word(w[0], *hand[:2]))
            out.append(wm.Play.borrow(k, w[1:], (*hand[:2], w[0])))
        jokers_on_table = [c for c in w if cl[c] == wm.JOKER]
        if jokers_on_table:  # a table joker given another letter
            j = jokers_on_table[0]
            out.append(wm.Play((), ((k, (*w, *hand[:1])),), ((j, "Z"),)))
    jokers = [c for c in hand if cl[c] == wm.JOKER]
    if jokers and len(hand) >= 4:
        j = jokers[0]
        rest = [c for c in hand if c != j][:3]
        out.append(wm.Play(((j, *rest),), (), ((j, "?"),)))
    return out


def candidate_actions(state: wm.State, rng: random.Random) -> list[Any]:
    n = state.setup.deck.size
    out: list[Any] = [
        wm.PickPile(),
        wm.PickDiscard(),
        wm.Pass(),
        wm.Keep(),
        wm.Discard(-1),
        wm.Discard(n),
        wm.Discard(rng.randrange(n)),
        wm.Draw(-1),
        wm.Draw(n),
        wm.Draw(rng.randrange(n)),
        wm.Draw(10**30),
        wm.Play(()),
        wm.Play((), ((0, ()),)),
        wm.Resign(state.num_players),
        "not an action",
    ]
    out.extend(wm.Resign(i) for i in state.departed)
    if state.is_chance_node:
        out.extend(wm.Draw(c) for c in state.pile[:2])
        out.extend(wm.Draw(c) for h in state.hands for c in h[:1])
    if state.is_terminal or state.is_chance_node:
        out.append(wm.Play(((0, 1, 2),)))
        return out
    p = state.turn
    out.extend(wm.Discard(c) for c in state.hands[p][:3])
    for i, h in enumerate(state.hands):
        if i != p and h:
            out.append(wm.Discard(h[0]))
    if state.phase in ("turn", "took"):
        out.extend(_mutated_plays(state, rng))
    return out


def shuffle_hidden(state: wm.State, viewer: int | None, rng: random.Random) -> wm.State:
    """Deal the cards ``viewer`` cannot see (the other hands' cards that are not known, the
    pile) anew; the discard pile and known cards are public."""
    n = state.num_players
    hidden_hands = [i for i in range(n) if i != viewer]
    secret = {i: [c for c in state.hands[i] if c not in state.known[i]] for i in hidden_hands}
    pool = [c for i in hidden_hands for c in secret[i]] + list(state.pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    pos = 0
    for i in hidden_hands:
        k = len(secret[i])
        hands[i] = tuple(sorted((*state.known[i], *pool[pos : pos + k])))
        pos += k
    pile = tuple(sorted(pool[pos:]))
    drawn = state.drawn
    if drawn is not None and state.turn != viewer:
        drawn = rng.choice([c for c in hands[state.turn] if c not in state.known[state.turn]])
    return attrs.evolve(state, hands=tuple(hands), pile=pile, drawn=drawn)


def invalid_dicts(d: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def edit(fn: Any) -> None:
        e = copy.deepcopy(d)
        fn(e)
        out.append(e)

    edit(lambda e: e.__setitem__("version", 2))  # before explicit table edits: refused
    edit(lambda e: e["rules"].update(keep_after_discard_pick=True, draw_after_discard_pick=True))
    hands = d["hands"]
    holder = next((i for i, h in enumerate(hands) if h), None)
    if holder is not None and d["pile"]:
        # a card in two places
        edit(lambda e: e["pile"].__setitem__(0, e["hands"][holder][0]))
        # a card missing
        edit(lambda e: e["hands"][holder].pop())
    if d["pile"]:
        edit(lambda e: e["pile"].append(e["setup"]["deck"]["jokers"] + 10**4))
    edit(lambda e: e["setup"]["deck"].__setitem__("jokers", e["setup"]["deck"]["jokers"] + 1))
    edit(lambda e: e["setup"]["lexicon"].__setitem__("digest", "0" * 64))
    edit(lambda e: e.__setitem__("turn", len(e["players"])))
    edit(lambda e: e.__setitem__("melded", e["melded"][:-1]))
    edit(lambda e: e.__setitem__("phase", "dance"))
    edit(lambda e: e["setup"]["winning"].remove("WORDMELD"))
    edit(lambda e: e["setup"].__setitem__("official", ["ZZ", "AA"]))
    edit(lambda e: e.__setitem__("players", ["same"] * len(e["players"])))
    cap = d["rules"]["max_idle_rounds"]
    edit(lambda e: e.__setitem__("idle", cap * len(e["players"]) + 1))
    if d["phase"] == "turn":
        edit(lambda e: e.__setitem__("queue", [0]))
        edit(lambda e: e.__setitem__("drawn", 0))
        edit(lambda e: e.__setitem__("phase", "discard"))
        edit(lambda e: e.__setitem__("finisher", 0))
        edit(lambda e: e.__setitem__("end_reason", "empty_hand"))
    if d["table"]:
        # a table word replaced by its reverse spelled backwards is (usually) not a word;
        # a plain card given a letter; a joker's letter dropped
        edit(lambda e: e["table_letters"].append([e["table"][0][0], "E"]))
        edit(lambda e: e["table"][0].append(e["table"][0][0]))
    if d["table_letters"]:
        edit(lambda e: e["table_letters"].pop())
    if d["phase"] == "draw":
        edit(lambda e: e.__setitem__("queue", []))
        edit(lambda e: e.__setitem__("after", "elsewhere"))
    return out


class TestWordMeldConformance(ConformanceSuite):
    spec = GameSpec(
        name="wordmeld",
        new_state=new_state,
        candidate_actions=candidate_actions,
        shuffle_hidden=shuffle_hidden,
        invalid_dicts=invalid_dicts,
        complete_legal_actions=False,
        max_actions=4000,
        deep_checks=25,
        examples=0.4,
    )
