"""Seeded bot-vs-bot games of all four games, with their results.

Run it with ``./dev demo`` (or ``python examples/demo.py [seed]``). Only the public API is used.
"""

from __future__ import annotations

import random
import sys
import time

import wordgames
from wordgames import regenwormen, wocable, wommeln, wordmeld


def show(title: str, record: wordgames.Record, bot_names: list[str], seconds: float) -> None:
    final = record.replay()
    outcome = final.outcome
    assert outcome is not None
    print(f"\n== {title}: {len(record)} actions in {seconds:.2f} s, ended: {outcome.reason}")
    order = sorted(range(final.num_players), key=lambda p: outcome.ranking[p])
    for p in order:
        print(
            f"   {outcome.ranking[p]}. {final.players[p]:<6} {bot_names[p]:<16}"
            f" score {outcome.scores[p]}"
        )


def main(seed: int) -> None:
    print(f"wordgames {wordgames.__version__}: bot-vs-bot games, seed {seed}")

    t = time.perf_counter()
    state = regenwormen.new_game(["ann", "bob", "cy", "dee"])
    bots = [
        regenwormen.bots.OptimalTurnBot(),
        regenwormen.bots.HeuristicBot(),
        wordgames.RandomBot(),
        regenwormen.bots.OptimalTurnBot(steal_weight=0.0),
    ]
    names = ["OptimalTurn", "Heuristic", "Random", "OptimalNoSteal"]
    rec = wordgames.play(state, bots, random.Random(seed))
    show("Regenwormen", rec, names, time.perf_counter() - t)
    print("   stacks:", rec.replay().stacks)

    t = time.perf_counter()
    state = wocable.new_game(["ann", "bob"])
    rec = wordgames.play(
        state, [wocable.bots.EquityBot(), wocable.bots.GreedyBot()], random.Random(seed)
    )
    show("Wocable (English, ENABLE)", rec, ["Equity", "Greedy"], time.perf_counter() - t)
    moves = [str(a) for a in rec.actions if isinstance(a, wocable.Place)]
    print(f"   {len(moves)} placements, first ones: {', '.join(moves[:6])}")
    print("   final board:")
    print("\n".join("      " + line for line in str(rec.replay()).splitlines()))

    t = time.perf_counter()
    state = wommeln.new_game(["ann", "bob", "cy"])
    rec = wordgames.play(
        state,
        [wommeln.bots.LongestWordBot(), wommeln.bots.LongestWordBot(), wordgames.RandomBot()],
        random.Random(seed),
    )
    show("Wömmeln", rec, ["LongestWord", "LongestWord", "Random"], time.perf_counter() - t)
    final = rec.replay()
    for p, name in enumerate(final.players):
        words = [r.word or "-" for r in final.results[p]]
        print(f"   {name}'s words: {' '.join(words)}")

    t = time.perf_counter()
    state = wordmeld.new_game(["ann", "bob", "cy"])
    rec = wordgames.play(
        state,
        [wordmeld.bots.GreedyBot(), wordmeld.bots.GreedyBot(), wordgames.RandomBot()],
        random.Random(seed),
        max_actions=5000,
    )
    show("WordMeld (English)", rec, ["Greedy", "Greedy", "Random"], time.perf_counter() - t)
    final = rec.replay()
    print(
        "   cards left in hand:",
        ", ".join(f"{n} {len(h)}" for n, h in zip(final.players, final.hands, strict=True)),
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2026)
