"""The largest legal action lists found, and the bounds of the RL action spaces (issue 27).

Run: .venv/bin/python benchmarks/rl_actions.py [--quick] [--seed N]

For every game it prints the encoder's fixed sizes (player indices, most steps one action
takes, observation length) and the largest ``legal_actions()`` lists found, each checked to
have every action reachable through the masks:

- Wocable: seeded random games (every decision), then *probes* that drive towards the worst
  case: positions after a few random placements (open boards) given racks of two blanks
  and five random letters, plus the rack ``DEHNV??`` of issue 27. For the step scheme it
  prints the sizes of the index trees (first steps offered, steps per placement) and the
  time to build a tree next to the move generator's; and the size a flat space of one index
  per (square, direction, tiles) would need, which is why placements are chosen in steps.
- WordMeld: seeded random games of 2 to 4 players, then probes: a turn of a random game
  whose player is given both jokers and up to 30 more cards.
- Wömmeln: random games; the largest list against the proven bound
  (``wommeln_list_bound``).
- Regenwormen: the whole action space is enumerated (23 + 16(n - 1) indices).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

import wordgames
from wordgames import regenwormen, wocable, wommeln
from wordgames import wordmeld as wm
from wordgames.rl.encoding import MORE, Encoder, encoder_for, wommeln_list_bound
from wordgames.wocable.actions import split_tokens, token_text


class _Listed:
    """A view whose ``legal_actions()`` is computed once (to time the index tree alone)."""

    def __init__(self, view: Any) -> None:
        self._view = view
        self._legal = view.legal_actions()

    def legal_actions(self) -> Any:
        return self._legal

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def reach(enc: Encoder, view: Any) -> tuple[int, int, int, float]:
    """Walk every index sequence the masks allow: (actions reached, first steps offered,
    most steps, seconds to build the index tree, past ``legal_actions()``); checks that the
    actions reached are exactly ``legal_actions()``."""
    listed = _Listed(view)
    enc._last = None  # type: ignore[attr-defined]  # a fresh tree
    t0 = time.process_time()
    first = enc.legal(listed)
    secs = time.process_time() - t0
    reached: list[Any] = []
    deepest = 1
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        for i, c in zip(*enc.legal(listed, prefix), strict=True):
            if c is MORE:
                stack.append((*prefix, i))
            else:
                reached.append(c)
                deepest = max(deepest, len(prefix) + 1)
    if Counter(reached) != Counter(view.legal_actions()):
        raise AssertionError("the masks do not reach exactly legal_actions()")
    return len(reached), len(first[0]), deepest, secs


def play(state: Any, rng: random.Random, prefer: type | None = None) -> Any:
    """One random step (chance or a player's action, ``prefer`` actions first)."""
    if state.is_chance_node:
        return state.apply(wordgames.sample_chance(state, rng))
    p = min(state.players_to_act)
    legal = state.legal_actions(p)
    if prefer is not None:
        preferred = [a for a in legal if isinstance(a, prefer)]
        legal = preferred or legal
    return state.apply(rng.choice(legal))


def with_rack(state: Any, letters: list[str], blanks: int) -> Any:
    """The Wocable ``state`` with the player on turn holding ``blanks`` blanks and
    ``letters`` (as far as the bag and rack hold them)."""
    d = state.to_dict()
    p = d["turn"]
    pool = Counter(split_tokens(d["bag"])) + Counter(split_tokens(d["racks"][p]))
    rack = ["?"] * min(blanks, pool["?"])
    for x in letters:
        if len(rack) < 7 and pool[x] > Counter(rack)[x]:
            rack.append(x)
    pool -= Counter(rack)
    d["racks"][p] = "".join(map(token_text, rack))
    d["bag"] = "".join(map(token_text, sorted(pool.elements())))
    return wocable.State.from_dict(d)


def report(title: str, found: list[tuple[int, str]], top: int = 5) -> None:
    found.sort(reverse=True)
    print(f"  {title}: " + "; ".join(f"{n:,} ({where})" for n, where in found[:top]))


#: Five-letter leaves that combine into many words (beside two blanks).
RICH = ("AEINS", "AEIRS", "EIRST", "AERST", "EINST", "ADEIR", "AEINR", "EINRS", "AELRS")


def wocable_part(games: int, probes: int, seed: int) -> None:
    state0 = wocable.new_game(2)
    enc = encoder_for(state0)
    view0 = state0.view(None)
    L, S = len(view0.tiles.alphabet), view0.tiles.size
    flat = 130 + sum(2 * S * S * (2 * L) ** k for k in range(1, 8))
    print(f"Wocable (English tiles, 2 players): {enc.num_player_actions:,} player indices, ")
    print(f"  at most {enc.max_steps} steps an action, observation {enc.observation_shape[0]:,}")
    print(f"  one flat index per (square, direction, tiles) would need {flat:.3e} indices")
    rng = random.Random(seed)
    seen: list[tuple[int, str]] = []
    for g in range(games):
        state = wocable.new_game(2)
        while not state.is_terminal:
            if not state.is_chance_node and state.phase == "play":
                view = state.view(state.current_player)
                n = len(view.legal_actions())
                seen.append((n, f"game {g}, rack {rack_text(view)}"))
            state = play(state, rng, wocable.Place)
    report("random games, largest lists", seen)
    probe_rng = random.Random(seed + 1)
    found: list[tuple[int, str, Any]] = []
    for k in range(probes):
        state = wocable.new_game(2)
        target = probe_rng.randrange(0, 8)
        placed = 0
        while not state.is_terminal and not (
            placed >= target and not state.is_chance_node and state.phase == "play"
        ):
            before = state
            state = play(state, probe_rng, wocable.Place)
            placed += _placed(before, state)
        if state.is_terminal:
            continue
        if k % 2:  # five tiles drawn from the unseen ones, as a game deals them
            d = state.to_dict()
            unseen = split_tokens(d["bag"]) + split_tokens(d["racks"][d["turn"]])
            letters = probe_rng.sample([x for x in unseen if x != "?"], 5)
        else:  # a leave that is good for bingos
            letters = list(probe_rng.choice(RICH))
        probe = with_rack(state, letters, 2)
        view = probe.view(probe.current_player)
        t0 = time.process_time()
        n = len(view.legal_actions())
        gen = time.process_time() - t0
        rack = rack_text(view)
        found.append((n, f"probe {k}, {placed} placements on the board, rack {rack}", (view, gen)))
    issue = with_rack(_after_placements(3, 4), list("DEHNV"), 2)
    view = issue.view(issue.current_player)
    t0 = time.process_time()
    n = len(view.legal_actions())
    found.append((n, "rack DEHNV?? of issue 27", (view, time.process_time() - t0)))
    found.sort(key=lambda x: -x[0])
    print("  probes (two blanks on open boards), largest lists, each checked through the masks:")
    for n, where, (view, gen) in found[:5]:
        reached, first, deepest, secs = reach(enc, view)
        assert reached == n
        print(
            f"    {n:>7,}  {where}: {first} first steps offered, up to {deepest} steps,"
            f" index tree {1000 * secs:.0f} ms (move generator {1000 * gen:.0f} ms)"
        )


def _placed(before: Any, after: Any) -> bool:
    """Whether the step from ``before`` to ``after`` put tiles on the board."""
    return _tiles_on_board(after) > _tiles_on_board(before)


def _tiles_on_board(state: Any) -> int:
    return sum(x >= 0 for x in state.view(None).board)


def rack_text(view: Any) -> str:
    """The viewer's rack in notation."""
    return "".join(view.tiles.tile_text(x) for x in sorted(view.rack))


def _after_placements(seed: int, placements: int) -> Any:
    rng = random.Random(seed)
    state = wocable.new_game(2)
    placed = 0
    while not state.is_terminal:
        if placed >= placements and not state.is_chance_node and state.phase == "play":
            return state
        before = state
        state = play(state, rng, wocable.Place)
        placed += _placed(before, state)
    raise RuntimeError("the game ended first")


def wordmeld_part(games: int, probes: int, seed: int) -> None:
    state0 = wm.new_game(2)
    enc = encoder_for(state0)
    D = state0.setup.deck.size
    print(
        f"WordMeld (English deck, D = {D} cards, 2 players): {enc.num_player_actions:,} player"
        f" indices, at most {enc.max_steps} steps an action, observation"
        f" {enc.observation_shape[0]:,}"
    )
    rng = random.Random(seed)
    seen: list[tuple[int, str]] = []
    turns: list[Any] = []
    for g in range(games):
        players = 2 + g % 3
        state = wm.new_game(players)
        steps = 0
        while not state.is_terminal and steps < 3000:
            if not state.is_chance_node:
                view = state.view(state.current_player)
                n = len(view.legal_actions())
                seen.append((n, f"game {g} ({players} players), ply {state.ply}"))
                if state.phase == "turn" and state.melded[state.turn]:
                    turns.append(state)
            state = play(state, rng)
            steps += 1
    report("random games, largest lists", seen)
    prng = random.Random(seed + 1)
    found: list[tuple[int, str, Any]] = []
    for k in range(min(probes, len(turns))):
        base = prng.choice(turns)
        extra = prng.randrange(0, 31)
        state = big_hand(base, extra, prng)
        view = state.view(state.turn)
        t0 = time.process_time()
        n = len(view.legal_actions())
        gen = time.process_time() - t0
        hand = state.hands[state.turn]
        jokers = sum(state.setup.deck.card_letters[c] == "*" for c in hand)
        where = f"probe {k}: hand of {len(hand)} cards ({jokers} jokers), {len(state.table)} words"
        found.append((n, where, (view, gen)))
    found.sort(key=lambda x: -x[0])
    print("  probes (big hands with jokers), largest lists, each checked through the masks:")
    for n, where, (view, gen) in found[:5]:
        reached, first, deepest, secs = reach(enc, view)
        assert reached == n
        print(
            f"    {n:>7,}  {where}: {first} first steps offered, up to {deepest} steps,"
            f" index tree {1000 * secs:.0f} ms (legal_actions {1000 * gen:.0f} ms)"
        )


def big_hand(state: Any, extra: int, rng: random.Random) -> Any:
    """The WordMeld ``state`` (a turn) with the player on turn given the jokers of the draw
    pile and of the other hands (each replaced there by a pile card) and ``extra`` more pile
    cards (as if drawn)."""
    d = state.to_dict()
    letters = state.setup.deck.card_letters
    me = d["turn"]
    pile = [c for c in d["pile"] if letters[c] != "*"]
    rng.shuffle(pile)
    take = [c for c in d["pile"] if letters[c] == "*"]
    for p, hand in enumerate(d["hands"]):
        if p != me:
            jokers = [c for c in hand if letters[c] == "*" and c not in d["known"][p]]
            take += jokers
            d["hands"][p] = sorted([c for c in hand if c not in jokers] + pile[: len(jokers)])
            del pile[: len(jokers)]
    take += pile[:extra]
    del pile[:extra]
    d["pile"] = sorted(pile)
    d["hands"][me] = sorted(d["hands"][me] + take)
    d["ply"] += len(take)
    return wm.State.from_dict(d)


def wommeln_part(games: int, seed: int) -> None:
    rng = random.Random(seed)
    most = 0
    for g in range(games):
        players = 2 + g % 5
        state = wommeln.new_game(players, rules=wommeln.Rules(rounds=3, intensiv=True))
        enc = encoder_for(state)
        while not state.is_terminal:
            for p in state.players_to_act:
                view = state.view(p)
                listed = len(enc.listed(view))  # type: ignore[attr-defined]
                most = max(most, listed)
            state = play(state, rng)
    enc = encoder_for(wommeln.new_game(2))
    print(
        f"Wömmeln (2 players): {enc.num_player_actions} player indices; listed actions: largest"
        f" {most} in {games} random games, proven bound {wommeln_list_bound(2)} (cap {enc.cap})"
    )


def regenwormen_part() -> None:
    sizes = ", ".join(
        f"{n} players {encoder_for(regenwormen.new_game(n)).num_player_actions}" for n in (2, 3, 7)
    )
    print(f"Regenwormen: the whole action space, one index per action ({sizes})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and probes")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    q = args.quick
    t0 = time.process_time()
    regenwormen_part()
    wommeln_part(2 if q else 6, args.seed)
    wordmeld_part(3 if q else 12, 6 if q else 30, args.seed)
    wocable_part(1 if q else 4, 6 if q else 40, args.seed)
    print(f"({time.process_time() - t0:.0f} s CPU)")


if __name__ == "__main__":
    main()
