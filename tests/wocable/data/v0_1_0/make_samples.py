"""Write the Wocable saved games of wordgames 0.1.0 in this folder (run with 0.1.0 installed or
on ``PYTHONPATH``: ``PYTHONPATH=<0.1.0 checkout>/src python make_samples.py``). The JSON files
are 0.1.0's own output; ``expected.json`` records what 0.1.0 said about each one (position
text, player to act, outcome, legal actions), which ``tests/wocable/test_v0_1_0.py`` checks
the current library against after loading them.

0.1.0 had no challenges, so the "naspa" sample uses the preset's other fields (6 scoreless
turns, exchanges need 7 tiles, exchanges and zero scores count, racks subtracted at the end).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import wordgames
from wordgames import wocable
from wordgames.wocable.bots import EquityBot, GreedyBot

HERE = Path(__file__).resolve().parent


def facts(state: Any) -> dict[str, Any]:
    legal = sorted(str(a) for a in state.legal_actions())
    out = state.outcome
    return {
        "position": state.to_position(),
        "ply": state.ply,
        "current_player": state.current_player,
        "is_chance_node": state.is_chance_node,
        "is_terminal": state.is_terminal,
        "outcome": None if out is None else out.to_dict(),
        "legal_count": len(legal),
        "legal_sha256": hashlib.sha256("\n".join(legal).encode()).hexdigest(),
        "frontend_actions": [str(a) for a in state.frontend_actions()],
        "chance_outcomes": len(state.chance_outcomes()),
    }


def view_facts(view: Any) -> dict[str, Any]:
    legal = sorted(str(a) for a in view.legal_actions())
    return {
        "current_player": view.current_player,
        "rack": None if view.rack is None else view.tiles.rack_text(view.rack),
        "unseen": dict(sorted(view.unseen.items())),
        "legal_count": len(legal),
        "legal_sha256": hashlib.sha256("\n".join(legal).encode()).hexdigest(),
    }


def redacted_sample(red: dict[str, Any]) -> dict[str, Any]:
    """A redacted record with every 30th view (and the last): enough to compare, small."""
    n = len(red["views"])
    return {**red, "views": {str(i): red["views"][i] for i in (*range(0, n, 30), n - 1)}}


def advance(state: Any, bots: list[Any], rng: random.Random, actions: int) -> Any:
    for _ in range(actions):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
        else:
            p = state.current_player
            state = state.apply(bots[p].choose(state.view(p), rng))
    return state


def main() -> None:
    expected: dict[str, Any] = {"version": wordgames.__version__, "states": {}, "views": {}}
    states: dict[str, Any] = {}
    greedy, equity = GreedyBot(), EquityBot()

    rng = random.Random(2026)
    st = wocable.new_game(["ann", "bob"])
    states["state_midgame"] = advance(st, [equity, greedy], rng, 14 * 2 + 30)
    while states["state_midgame"].current_player != 0:
        states["state_midgame"] = advance(states["state_midgame"], [equity, greedy], rng, 1)

    # a refill after an exchange: the exchanged tiles are still aside
    st = states["state_midgame"]
    exch = next(a for a in st.legal_actions() if isinstance(a, wocable.Exchange))
    states["state_exchange_draw"] = st.apply(exch)

    naspa = wocable.Rules(
        exchange_min_bag=7,
        pass_limit=6,
        exchanges_count_as_passes=True,
        zero_scores_count_as_passes=True,
        pass_end_subtract=True,
    )
    rng = random.Random(7)
    st = wocable.new_game(["ann", "bob", "cy"], rules=naspa)
    st = advance(st, [equity, greedy, equity], rng, 3 * 7 + 40)
    while st.current_player is None:
        st = advance(st, [equity, greedy, equity], rng, 1)
    states["state_naspa"] = st

    rng = random.Random(11)
    st = wocable.new_game(["ann", "bob"])
    states["state_finished"] = advance(st, [greedy, equity], rng, 10_000)

    # three players, bob resigned and the game runs on (his tiles went back to the bag)
    rng = random.Random(3)
    st = advance(wocable.new_game(["ann", "bob", "cy"]), [greedy] * 3, rng, 3 * 7 + 20)
    while st.current_player is None:
        st = advance(st, [greedy] * 3, rng, 1)
    st = st.apply(wordgames.Resign(1))
    st = advance(st, [greedy] * 3, rng, 6)
    while st.current_player is None:
        st = advance(st, [greedy] * 3, rng, 1)
    states["state_resigned_running"] = st

    # two players, the player on turn resigned: over, "resigned"
    rng = random.Random(5)
    st = advance(wocable.new_game(["ann", "bob"]), [equity] * 2, rng, 2 * 7 + 12)
    while st.current_player is None:
        st = advance(st, [equity] * 2, rng, 1)
    states["state_resigned_over"] = st.apply(wordgames.Resign(st.current_player))

    # two players, a timeout on turn: over, "timeout"
    rng = random.Random(9)
    st = advance(wocable.new_game(["ann", "bob"]), [greedy] * 2, rng, 2 * 7 + 8)
    while st.current_player is None:
        st = advance(st, [greedy] * 2, rng, 1)
    states["state_timeout"] = st.apply(wocable.Timeout(st.current_player))

    for name, state in states.items():
        (HERE / f"{name}.json").write_text(json.dumps(state.to_dict(), indent=1) + "\n")
        expected["states"][name] = facts(state)

    views = {
        "view_midgame_p0": states["state_midgame"].view(0),
        "view_midgame_spectator": states["state_midgame"].view(None),
        "view_exchange_draw_p0": states["state_exchange_draw"].view(0),
        "view_resigned_running_p2": states["state_resigned_running"].view(2),
        "view_finished_p1": states["state_finished"].view(1),
    }
    for name, view in views.items():
        (HERE / f"{name}.json").write_text(json.dumps(view.to_dict(), indent=1) + "\n")
        expected["views"][name] = view_facts(view)

    rng = random.Random(42)
    record = wordgames.play(wocable.new_game(["ann", "bob"]), [greedy, equity], rng)
    (HERE / "record.json").write_text(json.dumps(record.to_dict(), indent=1) + "\n")
    expected["record"] = {
        "actions": len(record.actions),
        "final": facts(record.final),
        "redacted_1": redacted_sample(record.redact(1).to_dict()),
    }
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {len(states)} states, {len(views)} views and a record", file=sys.stderr)


if __name__ == "__main__":
    main()
