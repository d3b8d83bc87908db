"""Wocable plugged into the shared conformance suite."""

from __future__ import annotations

import random
from typing import Any

import attrs

from tests.conformance.harness import ConformanceSuite, GameSpec
from wordgames.wocable import (
    Accept,
    Challenge,
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Rules,
    State,
    Timeout,
    TimePenalty,
    new_game,
)

_RULES = [
    Rules(),
    Rules(layout="plain", blanks=False),
    Rules(exchange_min_bag=7, exchanges_count_as_passes=True, pass_end_subtract=True),
    Rules(departed_tiles_to_bag=False, zero_scores_count_as_passes=True, pass_limit=2),
]


def new_state(rng: random.Random) -> State:
    state = new_game(rng.choice([2, 2, 3, 4]), rules=rng.choice(_RULES))
    return state


#: the tournament presets and the other challenge rules (phonies may be played)
_CHALLENGE_RULES = [
    Rules.preset("naspa"),
    Rules.preset("wespa"),
    attrs.evolve(Rules.preset("naspa"), challenge_rule="single", going_out="transfer"),
    attrs.evolve(Rules.preset("wespa"), challenge_rule="ten_point", pass_limit=3),
    attrs.evolve(Rules.preset("naspa"), challenge_rule="void"),
]


def new_challenge_state(rng: random.Random) -> State:
    return new_game(rng.choice([2, 2, 3, 4]), rules=rng.choice(_CHALLENGE_RULES))


def _phony(state: State, rng: random.Random) -> Place | None:
    """A placement of rack tiles that forms a word outside the lexicon, if one is found."""
    rack = state.rack_text(state.turn).replace("?", "")
    if len(rack) < 2 or any(len(tok) > 1 for tok in rack):
        return None
    for _ in range(20):
        word = "".join(rng.sample(rack, rng.randint(2, len(rack))))
        for cand in (
            Place(7, 7, True, word),
            Place(rng.randrange(15), rng.randrange(15), True, word),
        ):
            try:
                cand = state.normalize(cand)
            except Exception:
                continue
            if state.is_legal(cand) and cand not in state.legal_actions():
                return cand
    return None


def _random_word(rng: random.Random) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "".join(rng.choice(letters + letters.lower() + "..") for _ in range(rng.randint(1, 8)))


def candidate_actions(state: State, rng: random.Random) -> list[Any]:
    out: list[Any] = []
    legal = list(state.legal_actions())
    out.extend(rng.sample(legal, min(5, len(legal))))
    places = [a for a in legal if isinstance(a, Place)]
    for a in rng.sample(places, min(5, len(places))):
        out.append(attrs.evolve(a, col=a.col + 1))
        out.append(attrs.evolve(a, row=a.row + 1))
        out.append(attrs.evolve(a, across=not a.across))
        out.append(attrs.evolve(a, word=a.word.swapcase()))
        out.append(attrs.evolve(a, word=a.word + "Q"))
        out.append(attrs.evolve(a, col=14))
    for _ in range(8):
        out.append(
            Place(
                rng.randrange(-1, 16), rng.randrange(-1, 16), rng.random() < 0.5, _random_word(rng)
            )
        )
    out.append(Place(7, 7, True, "ZZZZZZZZ"))
    out.append(Place(7, 3, True, "QXJZ"))
    out.append(Exchange("ZZZZ"))
    out.append(Exchange("ABCDEFGH"))
    out.append(Exchange("?"))
    out.append(Pass())
    for tile in ("A", "E", "Q", "Z", "?", "CH", "K"):
        out.append(Draw(tile))
    for p in range(-1, state.num_players + 1):
        if p < 0 or p >= state.num_players or p in state.departed or state.phase != "play":
            out.append(Resign(p))
        if p != state.turn or state.phase != "play" or p in state.departed:
            out.append(Timeout(p))
    for p in range(-1, state.num_players + 1):
        out.append(Challenge(p))
        out.append(Accept(p))
        # legal ones are not listed (a server event, accepted in play and after the end)
        if (
            p < 0
            or p >= state.num_players
            or p in state.departed
            or state.phase not in ("play", "over")
        ):
            out.append(TimePenalty(p, 10))
    out.append(TimePenalty(0, 0))
    out.append(TimePenalty(0, 100_000))
    if state.phase == "play" and state.rules.challenges:
        phony = _phony(state, rng)
        if phony is not None:
            out.append(phony)
    out.append("8H CAT")
    out.append(None)
    return out


def shuffle_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """Re-deal everything the viewer cannot see: other racks, a hidden exchange, the removed
    pile and the bag (sizes kept)."""
    pool: list[int] = [i for i, n in enumerate(state.bag) for _ in range(n)]
    hidden_racks = [p for p in range(state.num_players) if p != viewer]
    if viewer is None:
        hidden_racks = list(range(state.num_players))
    for p in hidden_racks:
        pool.extend(state.racks[p])
    aside_hidden = not (state.aside and state.drawer == viewer)
    if aside_hidden:
        pool.extend(state.aside)
    pool.extend(state.removed)
    rng.shuffle(pool)
    racks = list(state.racks)
    for p in hidden_racks:
        k = len(racks[p])
        racks[p] = tuple(sorted(pool[:k]))
        del pool[:k]
    aside = state.aside
    if aside_hidden:
        aside = tuple(sorted(pool[: len(state.aside)]))
        del pool[: len(state.aside)]
    removed = tuple(sorted(pool[: len(state.removed)]))
    del pool[: len(state.removed)]
    bag = [0] * len(state.bag)
    for x in pool:
        bag[x] += 1
    drawn = state.pending_drawn
    pp = state.pending_play
    if pp is not None and pp.player in hidden_racks and drawn:
        drawn = tuple(sorted(rng.sample(racks[pp.player], len(drawn))))
    return attrs.evolve(
        state,
        racks=tuple(racks),
        aside=aside,
        removed=removed,
        bag=tuple(bag),
        pending_drawn=drawn,
    )


def invalid_dicts(d: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out = []
    # an extra tile in the bag / a tile missing from the bag
    out.append({**d, "bag": d["bag"] + "Z"})
    if d["bag"]:
        out.append({**d, "bag": d["bag"][1:]})
    # a duplicated rack
    out.append({**d, "racks": [d["racks"][0] + "E", *d["racks"][1:]]})
    # an eighth tile
    if d["bag"]:
        out.append(
            {**d, "racks": [d["racks"][0] + d["bag"][0] * 8, *d["racks"][1:]], "bag": d["bag"][1:]}
        )
    # a board tile that comes from nowhere
    rows = list(d["board"])
    rows[0] = "Q" + rows[0][1:] if rows[0][0] == "." else "." + rows[0][1:]
    out.append({**d, "board": rows})
    # malformed rows
    out.append({**d, "board": d["board"][:-1]})
    out.append({**d, "board": [*d["board"][:-1], d["board"][-1] + "."]})
    # phase / turn inconsistencies
    out.append({**d, "phase": "dealing"})
    out.append({**d, "turn": len(d["players"])})
    out.append({**d, "players": d["players"][:1]})
    out.append({**d, "players": [d["players"][0]] * len(d["players"])})
    out.append({**d, "scores": [*d["scores"], 0]})
    out.append({**d, "lexicon": {"name": "en", "digest": "0" * 64}})
    out.append({**d, "passes": 99})
    out.append({**d, "departed": [0, 0]})
    if d["phase"] == "play":
        out.append({**d, "phase": "over"})
        out.append({**d, "to_draw": 3})
        out.append({**d, "end_reason": "passes"})
    if d["phase"] == "over":
        out.append({**d, "phase": "play"})
        out.append({**d, "end_reason": None})
    if d["phase"] in ("deal", "draw"):
        out.append({**d, "drawer": (d["drawer"] + 1) % len(d["players"])})
        out.append({**d, "to_draw": 0})
    out.append({**d, "rules": {**d["rules"], "tiles": "xx"}})
    out.append({**d, "rules": {**d["rules"], "word_check": "sometimes"}})
    out.append({**d, "rules": {**d["rules"], "going_out": 2}})
    pp = d.get("pending_play")
    if pp is not None:
        out.append({**d, "pending_play": {**pp, "score": pp["score"] + 1}})
        out.append({**d, "pending_play": {**pp, "words": ["ZZZZ"]}})
        out.append({**d, "pending_play": {**pp, "player": (pp["player"] + 1) % 2}})
        out.append({**d, "pending_play": {**pp, "place": "8H " + "Q" * 200}})
        out.append({**d, "pending_play": {**pp, "place": "-"}})
        out.append({**d, "rules": {**d["rules"], "word_check": "on_play"}})
        rack = d["racks"][pp["player"]]
        # more tiles than the rack holds (which rack tiles were drawn is not checkable)
        out.append({**d, "pending_drawn": rack + (rack[:1] or "E")})
    else:
        out.append({**d, "pending_drawn": "E"})
        if d["phase"] == "play" and d["rules"].get("word_check") == "challenge":
            out.append(
                {
                    **d,
                    "pending_play": {
                        "player": 0,
                        "place": "8H CAT",
                        "score": 10,
                        "words": ["CAT"],
                        "passes": 0,
                    },
                }
            )
    out.append({**d, "rules": {**d["rules"], "bogus": 1}})
    return out


class TestWocableConformance(ConformanceSuite):
    spec = GameSpec(
        name="wocable",
        new_state=new_state,
        candidate_actions=candidate_actions,
        shuffle_hidden=shuffle_hidden,
        invalid_dicts=invalid_dicts,
        complete_legal_actions=True,
        max_actions=3000,
        deep_checks=15,
        examples=0.2,
    )


class TestWocableChallengeConformance(ConformanceSuite):
    """The tournament presets: phonies are legal but not listed by ``legal_actions``
    (``complete_legal_actions=False``); tests/wocable/test_challenge.py checks that every
    legal placement missing from the list is a phony."""

    spec = GameSpec(
        name="wocable",
        new_state=new_challenge_state,
        candidate_actions=candidate_actions,
        shuffle_hidden=shuffle_hidden,
        invalid_dicts=invalid_dicts,
        complete_legal_actions=False,
        max_actions=3000,
        deep_checks=15,
        examples=0.2,
    )
