"""Differential test of the two builds: the compiled (mypyc) and the pure-Python one must play
every game the same way (issue 26).

Usage:
    python tools/differential.py dump [--games N] [--trace FILE]
    python tools/differential.py compare PYTHON [PYTHON2] [--games N]

``dump`` plays seeded random games of all four games with the ``wordgames`` that this
interpreter imports and prints one digest per game (and with ``--trace`` writes every line
that went into the digests, for a diff). Every decision records the acting player's legal
actions in order, the chosen action and the state after it (``to_dict()``: the transition);
every chance node the outcome drawn and the state after it; in Wocable also the full move list
of the player on turn (notation and score, in order) and ``best_moves(3)``, and in a
two-player game, at each decision with the bag empty, ``solve_endgame`` to at most
:data:`ENDGAME_PLIES` plies (its value, line, proof flag, depth and node count).

``compare`` runs ``dump`` twice in fresh processes: with ``PYTHON`` as installed (it must be
the compiled build: ``wordgames.COMPILED`` is checked) and with ``PYTHON2`` (default:
``PYTHON``) on the source tree of this checkout (``PYTHONPATH=src``, the pure build), and
fails unless the digests are equal. Run from anywhere; exit status 0 when they agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: game -> seeded games played (times ``--games``); Wommeln plays 3 rounds, the others in full
GAMES: dict[str, int] = {"regenwormen": 12, "wordmeld": 4, "wocable": 3, "wommeln": 1}

#: the depth limit of the Wocable endgame searches (node counts are deterministic; time is not)
ENDGAME_PLIES = 3


def _new_game(name: str, seed: int) -> Any:
    from wordgames import GAMES as MODULES

    module = MODULES[name]
    if name == "wommeln":
        sheets = random.Random(seed).sample(range(1, 15), 2)  # as the deprecated rng= drew them
        return module.new_game(2, rules=module.Rules(rounds=3), sheets=sheets)
    return module.new_game(2 + seed % 2)


def play_lines(name: str, seed: int) -> list[str]:
    """The lines of one seeded random game of ``name``."""
    import wordgames
    from wordgames._core.states import derive

    rng = random.Random(f"differential:{name}:{seed}")
    state = _new_game(name, seed)
    lines = [json.dumps(state.to_dict(), sort_keys=True)]
    while not state.is_terminal:
        if state.is_chance_node:
            action = wordgames.sample_chance(state, rng)
            lines.append(f"chance {action}")
        else:
            player = min(state.players_to_act)
            legal = state.legal_actions(player)
            lines.append(f"legal {player} " + " | ".join(map(str, legal)))
            if name == "wocable":
                fresh = derive(state, {})  # no cached move list: best_moves searches
                best = fresh.best_moves(3)
                lines.append("best " + " | ".join(f"{m.action} {m.score}" for m in best))
                moves = state.moves()
                lines.append("moves " + " | ".join(f"{m.action} {m.score}" for m in moves))
                if state.bag_size == 0 and len(state.scores) == 2:
                    from wordgames.wocable import solve_endgame

                    sol = solve_endgame(state, max_plies=ENDGAME_PLIES)
                    line = " | ".join(map(str, sol.moves))
                    lines.append(f"endgame {sol.value} {sol.exact} {sol.plies} {sol.nodes} {line}")
            action = legal[rng.randrange(len(legal))]
            lines.append(f"act {player} {action}")
        state = state.apply(action)
        lines.append(json.dumps(state.to_dict(), sort_keys=True))
    lines.append(json.dumps(state.outcome.to_dict(), sort_keys=True))
    return lines


def dump(games: int, trace: Path | None) -> dict[str, Any]:
    """Digest per game (and the build) of the fixed seeded workload."""
    import wordgames

    out: dict[str, Any] = {"compiled": wordgames.COMPILED, "file": wordgames.__file__}
    sink = trace.open("w") if trace is not None else None
    try:
        for name, count in GAMES.items():
            h = hashlib.sha256()
            n = 0
            for seed in range(count * games):
                for line in play_lines(name, seed):
                    h.update(line.encode())
                    h.update(b"\n")
                    n += 1
                    if sink is not None:
                        sink.write(f"{name}:{seed}: {line}\n")
            out[name] = f"{h.hexdigest()[:16]} ({n} lines)"
    finally:
        if sink is not None:
            sink.close()
    return out


def _run_dump(python: str, pure: bool, games: int, trace: Path) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(ROOT / "src")
    cmd = [python, str(Path(__file__).resolve()), "dump", "--games", str(games)]
    cmd += ["--trace", str(trace)]
    done = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compare(compiled_python: str, pure_python: str, games: int) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="wordgames-differential-"))
    compiled = _run_dump(compiled_python, False, games, tmp / "compiled.txt")
    pure = _run_dump(pure_python, True, games, tmp / "pure.txt")
    print(f"compiled build: {compiled.pop('file')}")
    print(f"pure build:     {pure.pop('file')}")
    failed = False
    if compiled.pop("compiled") is not True:
        print("the first interpreter does not run the compiled build (wordgames.COMPILED)")
        failed = True
    if pure.pop("compiled") is not False:
        print("the source tree did not run as the pure build")
        failed = True
    for name in GAMES:
        same = compiled[name] == pure[name]
        failed |= not same
        verdict = "same" if same else "DIFFER"
        print(f"{name:12} compiled {compiled[name]}  pure {pure[name]}  {verdict}")
    if failed:
        print(f"traces for a diff: {tmp}/compiled.txt {tmp}/pure.txt")
        return 1
    print("differential: the compiled and the pure build play the same games")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--games", type=int, default=1, help="multiplies the games per game")
    d.add_argument("--trace", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("python", help="an interpreter with the compiled wheel installed")
    c.add_argument("python2", nargs="?", help="the interpreter for the pure run")
    c.add_argument("--games", type=int, default=1)
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        print(json.dumps(dump(args.games, args.trace)))
        return 0
    # absolute paths (not resolved: a venv's python is a symlink), since the dumps run elsewhere
    python = os.path.abspath(args.python) if os.sep in args.python else args.python
    python2 = args.python2 or args.python
    python2 = os.path.abspath(python2) if os.sep in python2 else python2
    return compare(python, python2, args.games)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
