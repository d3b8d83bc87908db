"""Full move generation against scrabble-solver (node), side by side in one run (issue 25).

Run: .venv/bin/python benchmarks/peer_scrabble_solver.py --peer-dir DIR [--positions N]

The peer (kamilmielnik/scrabble-solver, a TypeScript project, with its GADDAG package) is built
by hand outside this repository, from its public source, following its own instructions; this
project holds no copy of it and no script that builds it. Give the built checkout with
``--peer-dir`` or ``$SCRABBLE_SOLVER_DIR``; without either the script says so and exits.
``--trie``: a release before 2.17 (the kind the earlier figures were measured against), whose
``solve`` searches a ``@kamilmielnik/trie`` trie linked in place of the gaddag.

Ours runs in the build that ``import wordgames`` finds: the installed wheel (compiled where
one fits), the source tree, or a copy compiled in place put first with ``PYTHONPATH``
(docs/benchmarks.md, "The compiled build"); the first line printed says which.

The positions are those of ``benchmarks/wocable.py`` (seeded greedy self-play midgame
positions, ENABLE) with 7-tile racks without a blank and with one. Both sides list every
placement with its score: ours ``wocable.generate_moves(board_rows, rack, lexicon, rules)``,
the peer ``solve(gaddag, config, board, tiles)`` with a GADDAG of the same word list
(``enable1.txt`` of the shared data folder ``../shared/data``, or ``--words``) and its
English (US) Scrabble config. CPU time, best of 3 per set, each side in its own process, the
peer's GADDAG built before timing; the move counts are compared position by position.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordgames
from wocable import generation_sets  # type: ignore[import-not-found]
from wordgames import wocable
from wordgames.lexicon import Lexicon

ROOT = Path(__file__).resolve().parent.parent

NODE_DRIVER = r"""
const fs = require('fs');
const path = require('path');
const [peer, data, words, kind] = process.argv.slice(2);
const req = (p) => require(path.join(peer, 'node_modules', p));
// releases from 2.17 search a GADDAG; older ones a trie (solve takes either as its first argument)
const Graph = kind === 'trie' ? req('@kamilmielnik/trie').Trie : req('@kamilmielnik/gaddag').Gaddag;
const { solve } = req('@scrabble-solver/solver');
const { getConfig } = req('@scrabble-solver/configs');
const { Board, Tile, Game, Locale } = req('@scrabble-solver/types');
const sets = JSON.parse(fs.readFileSync(data, 'utf8'));
const list = fs.readFileSync(words, 'utf8').split(/\r?\n/).map((w) => w.trim().toLowerCase())
  .filter((w) => w.length > 0);
const graph = Graph.fromArray(list);
const config = getConfig(Game.Scrabble, Locale.EN_US);
const prepared = {};
for (const [name, items] of Object.entries(sets)) {
  prepared[name] = items.map(([rows, rack]) => {
    const blanks = [];
    const plain = rows.map((row, y) => row.split('').map((ch, x) => {
      if (ch === '.') return ' ';
      if (ch !== ch.toUpperCase()) blanks.push([x, y]);
      return ch.toLowerCase();
    }).join(''));
    const tiles = rack.split('').map((ch) => ch === '?'
      ? new Tile({ character: ' ', isBlank: true })
      : new Tile({ character: ch.toLowerCase() }));
    return { plain, blanks, tiles };
  });
}
const boardOf = (p) => {
  const board = Board.fromStringArray(p.plain);
  for (const [x, y] of p.blanks) board.rows[y][x].tile.isBlank = true;
  return board;
};
const out = {};
for (const [name, items] of Object.entries(prepared)) {
  let best = Infinity;
  let counts = [];
  for (let run = 0; run < 3; run++) {
    const boards = items.map(boardOf);
    const c0 = process.cpuUsage();
    const got = items.map((p, i) => solve(graph, config, boards[i], p.tiles));
    const c1 = process.cpuUsage(c0);
    best = Math.min(best, (c1.user + c1.system) / 1e6);
    counts = got.map((r) => [r.length, r.reduce((a, m) => a + m.points, 0)]);
  }
  out[name] = [best, counts];
}
console.log(JSON.stringify(out));
"""


def ours(
    sets: dict[str, list[tuple[list[str], str]]],
) -> dict[str, tuple[float, list[list[int]]]]:
    lex = Lexicon.builtin("en")
    lex.gaddag  # noqa: B018  (decoded before timing)
    rules = wocable.Rules()
    out = {}
    for name, items in sets.items():
        best = float("inf")
        counts: list[list[int]] = []
        for _ in range(3):
            c0 = time.process_time()
            got = [wocable.generate_moves(r, k, lex, rules) for r, k in items]
            best = min(best, time.process_time() - c0)
            counts = [[len(g), sum(m.score for m in g)] for g in got]
        out[name] = (best, counts)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--peer-dir",
        default=os.environ.get("SCRABBLE_SOLVER_DIR"),
        help="a built scrabble-solver checkout (default: $SCRABBLE_SOLVER_DIR)",
    )
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument(
        "--words",
        default=str(
            Path(os.environ.get("WORDGAMES_SHARED_DATA") or ROOT.parent / "shared" / "data")
            / "enable1.txt"
        ),
    )
    ap.add_argument(
        "--trie",
        action="store_true",
        help="the peer is a release before 2.17, whose solve() searches a @kamilmielnik/trie",
    )
    args = ap.parse_args()
    if not args.peer_dir:
        print("no peer: give --peer-dir or set SCRABBLE_SOLVER_DIR (skipped)")
        return
    sets = {k: v for k, v in generation_sets(args.positions).items() if k != "rack on turn"}
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "sets.json"
        data.write_text(json.dumps(sets))
        driver = Path(tmp) / "driver.cjs"
        driver.write_text(NODE_DRIVER)
        got = subprocess.run(
            [
                "node",
                str(driver),
                str(Path(args.peer_dir).resolve()),
                str(data),
                args.words,
                "trie" if args.trie else "gaddag",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        peer = json.loads(got.stdout.strip().splitlines()[-1])
    mine = ours(sets)
    build = "compiled (mypyc)" if wordgames.COMPILED else "pure Python"
    print(f"wordgames {build}, from {Path(wordgames.__file__).parent}")
    print(
        f"full generation, {args.positions} positions, CPU s (best of 3); speed ratio ="
        " the peer's time / ours (> 1: wordgames is faster)"
    )
    for name in sets:
        t_us, c_us = mine[name]
        t_them, c_them = peer[name]
        diff = [i for i, (a, b) in enumerate(zip(c_us, c_them, strict=True)) if a != b]
        same = "same move counts and score sums" if not diff else f"DIFFER at {len(diff)} positions"
        n_us = sum(c[0] for c in c_us)
        n_them = sum(c[0] for c in c_them)
        print(
            f"  {name:8s} wordgames {t_us:.3f} s ({n_us:,} moves)   scrabble-solver"
            f" {t_them:.3f} s ({n_them:,} moves)   ratio {t_them / t_us:.2f}x; {same}"
        )
        for i in diff[:5]:
            print(f"    position {i}: {sets[name][i][1]} wordgames {c_us[i]}, peer {c_them[i]}")


if __name__ == "__main__":
    main()
