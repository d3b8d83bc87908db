"""Static equity against MAGPIE's (issue 38 item 2): every move's equity and the best move.

Run: PYTHONPATH=src python benchmarks/peer_magpie_static.py [--positions N] [--seed S]
     [--magpie-bin PATH] [--magpie-data DIR] [--lexicon NAME] [--leaves NAME] [--csv PATH]
     PYTHONPATH=src python benchmarks/peer_magpie_static.py --game [--games N] [--seed S]
     [--magpie-bin PATH] [--magpie-data DIR] [--lexicon NAME] [--leaves NAME] [--csv PATH]
     [--magpie-games M] [--magpie-wmp true|false]

MAGPIE (https://github.com/jvc56/MAGPIE) is a peer built by hand outside the repository;
without ``--magpie-bin`` (env ``MAGPIE_BIN``) and ``--magpie-data`` (env ``MAGPIE_DATA``) the
benchmark says so and stops. ``MAGPIE_DATA`` is a directory named ``data`` (MAGPIE reads
``./data`` under its working directory, which is its parent) holding ``layouts``,
``letterdistributions``, and in ``lexica`` the word list of this library's ENABLE lexicon as
KWG (``convert text2kwg TWLENABLE`` on enable1.txt in upper case, words of 2-15 letters; a
name starting ``TWL`` selects the English distribution) and the superleave table as KLV2
(``NWL20.klv2``, from MAGPIE-DATA: the table ``--csv`` holds, which this library loads with
``LeaveTable.from_csv``).

Positions: ``--positions`` midgame states of seeded EquityBot self-play (English, ENABLE),
each after 3-12 moves, the board not empty and at least 20 tiles in the bag. Each is written
as CGP, MAGPIE generates every move (``gen`` with ``-numplays 100000``) with the table as its
leaves, and every move MAGPIE lists is matched to this library's by notation (MAGPIE's
``(X)`` for board tiles is this notation's ``.``; its exchanges are ``(exch TILES)``). Prints
per position the moves on each side, the moves whose equities differ by more than 0.005 (MAGPIE
prints two decimals) and whether the best equities agree, and then totals.

``--game``: whole static-equity games instead, CPU time per game. Ours: ``--games`` (default
20) seeded games (game ``i`` seeded ``f"{seed}:{i}"``) of ``EquityBot(leave=table)`` against
itself (the table of ``--csv``), two players, English, ENABLE, the whole game timed
(``time.process_time``: chance draws, move choice, ``apply``), after one untimed game (the
lexicon's load and the one-off tables are not counted, as MAGPIE's load is not). MAGPIE's:
``autoplay games N -threads 1 -seed S`` (its static best-equity player on both seats, the
same lexicon and leaves; ``--magpie-wmp``, default ``true``, its word map on or off), the CPU
time of the process (``getrusage`` of the children) with ``N`` = ``--magpie-games``
(default 1000: a game of MAGPIE's takes milliseconds) minus that with ``N`` = 1 (the lexicon
load and one game), over ``N - 1``. Printed: both times per game, mean scores and turns, and
the ratio ours / MAGPIE.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import time
from pathlib import Path

from _shared import NWL20  # type: ignore[import-not-found]

from wordgames import wocable
from wordgames.wocable import LeaveTable
from wordgames.wocable.bots import EquityBot
from wordgames.wocable.engine import BLANK_BIT, exchanges
from wordgames.wocable.movegen import raw_moves

_CSV = NWL20  # ../shared/data/leaves/NWL20.csv (benchmarks/_shared.py)
_LINE = re.compile(
    r"(\d+):\s+(?:\(exch (?P<ex>[A-Z?]+)\)|(?P<pos>[0-9A-O]+) (?P<word>\S+))\s+"
    r"(?:(?P<leave>[A-Z?]+)\s+)?(?P<score>-?\d+)\s+(?P<eq>-?\d+\.\d+)"
)


def _positions(n: int, seed: int) -> list[wocable.State]:
    rng = random.Random(seed)
    out: list[wocable.State] = []
    bot = EquityBot()
    while len(out) < n:
        state = wocable.new_game(2)
        stop = rng.randint(3, 12)
        moves = 0
        while not state.is_terminal:
            while state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            if moves == stop:
                if state.bag_size >= 20 and any(v >= 0 for v in state.board):
                    out.append(state)
                break
            state = state.apply(bot.choose(state.view(state.turn), rng))
            moves += 1
    return out


def _ours(state: wocable.State, table: LeaveTable) -> dict[str, float]:
    """Every placement and exchange of the player on turn -> score + table value kept."""
    t = state.tiles
    rack = sorted(state.racks[state.turn])
    fn = table.for_tiles(t)
    out: dict[str, float] = {}
    for mv in raw_moves(t, state.board, rack):
        kept = list(rack)
        for _, v in mv[2]:
            kept.remove(t.blank if v & BLANK_BIT else v)
        out[str(state.action_of(mv))] = mv[1] + fn(tuple(kept))
    for ex in exchanges(t, rack, state.bag_size, state.rules):
        kept = list(rack)
        for u in t.parse_rack(ex.tiles):
            kept.remove(u)
        out[f"exch {t.rack_text(t.parse_rack(ex.tiles))}"] = fn(tuple(kept))
    return out


def _notation(pos: str, word: str) -> str:
    """MAGPIE's move text in this library's notation: board tiles in parentheses -> dots."""
    return f"{pos} " + re.sub(r"\(([^)]*)\)", lambda m: "." * len(m.group(1)), word)


def _magpie(
    binary: str, data: Path, cgp: str, lexicon: str, leaves: str, pause: float
) -> tuple[dict[str, float], float]:
    setup = (
        f"cgp {cgp} -lex {lexicon} -leaves {leaves} -wmp false -numplays 100000"
        " -pretty false -printboards false\n"
    )
    # MAGPIE's prompt refuses a line sent while the previous command still runs: the
    # commands go one at a time, a pause after each (gen lists 15 moves; shmoves all)
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [binary],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=data.parent,
    )
    assert proc.stdin is not None
    for line in (setup, "gen\n", "shmoves 100000\n"):
        proc.stdin.write(line)
        proc.stdin.flush()
        time.sleep(pause)
    stdout, _ = proc.communicate(timeout=120)
    took = time.perf_counter() - t0
    res = subprocess.CompletedProcess([binary], 0, stdout)
    out: dict[str, float] = {}
    for m in _LINE.finditer(res.stdout):
        if m.group("ex"):
            key = "exch " + "".join(sorted(m.group("ex"), key=lambda c: (c == "?", c)))
        else:
            key = _notation(m.group("pos"), m.group("word"))
        out[key] = float(m.group("eq"))
    return out, took


def _our_games(n: int, seed: int, table: LeaveTable) -> tuple[float, float, float]:
    """(CPU seconds per game, mean score of a seat, mean turns) of EquityBot self-play."""
    bot = EquityBot(leave=table)
    cpu = 0.0
    scores = turns = 0
    for i in range(-1, n):  # game -1: untimed (the lexicon's load, the bounds' word index)
        rng = random.Random(f"{seed}:{i}")
        c0 = time.process_time()
        state = wocable.new_game(2)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(bot.choose(state.view(state.turn), rng))
                turns += i >= 0
        if i >= 0:
            cpu += time.process_time() - c0
            scores += sum(state.scores)
    return cpu / n, scores / (2 * n), turns / n


def _magpie_autoplay(
    binary: str, data: Path, games: int, seed: int, lexicon: str, leaves: str, wmp: str
) -> tuple[float, str]:
    """(CPU seconds, output) of one MAGPIE process playing ``games`` static games."""
    command = (
        f"autoplay games {games} -lex {lexicon} -leaves {leaves} -wmp {wmp} -threads 1"
        f" -seed {seed}\n"
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [binary], input=command, capture_output=True, text=True, cwd=data.parent, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, proc.stdout + proc.stderr


def game_main(args: argparse.Namespace, table: LeaveTable, data: Path) -> None:
    """``--game``: CPU time per whole static-equity game, ours and MAGPIE's."""
    n = max(2, args.games)
    ours, score, turns = _our_games(n, args.seed, table)
    print(f"ours: {n} games, {ours * 1000:.1f} ms CPU a game ({score:.1f} points a seat,")
    print(f"      {turns:.1f} turns a game; wordgames.COMPILED={wocable_compiled()})")
    one, _ = _magpie_autoplay(
        args.magpie_bin, data, 1, args.seed, args.lexicon, args.leaves, args.magpie_wmp
    )
    many, out = _magpie_autoplay(
        args.magpie_bin,
        data,
        max(2, args.magpie_games),
        args.seed,
        args.lexicon,
        args.leaves,
        args.magpie_wmp,
    )
    m = re.search(r"Score:\s+(-?[0-9.]+)", out)
    t = re.search(r"Turns per Game:\s+([0-9.]+)", out)
    if m is None or t is None:
        print(f"no MAGPIE result: {out[-500:]}")
        return
    played = max(2, args.magpie_games)
    theirs = (many - one) / (played - 1)
    print(
        f"MAGPIE: {played} games, {theirs * 1000:.2f} ms CPU a game (load and one game:"
        f" {one:.2f} s; {m.group(1)} points a seat, {t.group(1)} turns a game; wmp"
        f" {args.magpie_wmp})"
    )
    if theirs > 0:
        print(f"ratio ours / MAGPIE: {ours / theirs:.1f}x")


def wocable_compiled() -> bool:
    """Whether the wordgames imported is the compiled build."""
    import wordgames

    return bool(wordgames.COMPILED)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="store_true", help="whole games, CPU time per game")
    ap.add_argument("--games", type=int, default=20, help="--game: games on each side")
    ap.add_argument("--magpie-games", type=int, default=1000, help="--game: MAGPIE's games")
    ap.add_argument("--magpie-wmp", default="true", choices=["true", "false"])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=38)
    ap.add_argument("--magpie-bin", default=os.environ.get("MAGPIE_BIN"))
    ap.add_argument("--magpie-data", default=os.environ.get("MAGPIE_DATA"))
    ap.add_argument("--lexicon", default="TWLENABLE")
    ap.add_argument("--leaves", default="NWL20")
    ap.add_argument("--csv", default=os.environ.get("LEAVES_CSV", str(_CSV)))
    ap.add_argument("--pause", type=float, default=1.0, help="seconds after each command")
    args = ap.parse_args()
    if not args.magpie_bin or not args.magpie_data:
        print("skipped: MAGPIE_BIN and MAGPIE_DATA (or --magpie-bin, --magpie-data) not set")
        return
    if not Path(args.csv).is_file():
        print(f"skipped: no leave table at {args.csv}")
        return
    table = LeaveTable.from_csv(Path(args.csv))
    data = Path(args.magpie_data).resolve()
    if args.game:
        game_main(args, table, data)
        return
    totals = {"moves": 0, "differ": 0, "only_ours": 0, "only_magpie": 0, "best_agree": 0}
    print(f"{'pos':>3} {'bag':>3} {'ours':>6} {'magpie':>6} {'differ':>6} {'best':>5}  best move")
    for i, state in enumerate(_positions(args.positions, args.seed)):
        cgp = " ".join(wocable.to_cgp(state).split()[:4])
        ours = _ours(state, table)
        theirs, _took = _magpie(args.magpie_bin, data, cgp, args.lexicon, args.leaves, args.pause)
        common = ours.keys() & theirs.keys()
        differ = [k for k in common if abs(ours[k] - theirs[k]) > 0.005 + 1e-9]
        best_o = max(ours.values())
        best_m = max(theirs.values()) if theirs else float("nan")
        agree = abs(round(best_o, 2) - best_m) <= 0.005 + 1e-9
        top = max(ours, key=lambda k: (ours[k], k))
        totals["moves"] += len(common)
        totals["differ"] += len(differ)
        totals["only_ours"] += len(ours.keys() - theirs.keys())
        totals["only_magpie"] += len(theirs.keys() - ours.keys())
        totals["best_agree"] += agree
        print(
            f"{i:3} {state.bag_size:3} {len(ours):6} {len(theirs):6} {len(differ):6}"
            f" {'yes' if agree else 'NO':>5}  {top} {best_o:.2f} (MAGPIE {best_m:.2f})"
        )
        for k in sorted(differ)[:3]:
            print(f"      differs: {k}: ours {ours[k]:.3f}, MAGPIE {theirs[k]:.2f}")
        for k in sorted(ours.keys() - theirs.keys())[:3]:
            print(f"      only ours: {k} {ours[k]:.3f}")
        for k in sorted(theirs.keys() - ours.keys())[:3]:
            print(f"      only MAGPIE: {k} {theirs[k]:.2f}")
    n = args.positions
    print(
        f"total: {totals['moves']} moves on both sides, {totals['differ']} with different"
        f" equities, {totals['only_ours']} only ours, {totals['only_magpie']} only MAGPIE's;"
        f" best equity agrees on {totals['best_agree']}/{n} positions"
    )


if __name__ == "__main__":
    main()
