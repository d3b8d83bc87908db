"""How the sample files beside this script were written, with the 0.1.0 release (a checkout
of the tag): ``PYTHONPATH=<0.1.0>/src python generate.py tests/wommeln/data/v0_1_0``. The
files are that version's own output; tests/wommeln/test_compat.py loads them."""

import json
import random
import sys
from pathlib import Path

import wordgames
from wordgames import wommeln as wm

out = Path(sys.argv[1])
rng = random.Random(2026)


def dump(name, d):
    (out / f"{name}.json").write_text(json.dumps(d, indent=1, ensure_ascii=False) + "\n")


def step(s, r):
    if s.is_chance_node:
        return s.apply(s.sample_chance(r))
    p = min(s.players_to_act)
    legal = s.legal_actions(p)
    return s.apply(legal[r.randrange(len(legal))])


start = wm.new_game(["ann", "bob", "cy"], rules=wm.Rules(rounds=2), rng=rng)
dump("state_start", start.to_dict())
# mid-round: the search with one word placed and the countdown running
s = start.apply(start.sample_chance(rng))
s = s.apply(s.legal_actions(0)[0])
assert (s.phase, s.timer) == ("search", "running")
dump("state_search", s.to_dict())
dump("view_search_p1", s.view(1).to_dict())
# the review (0.1.0: the vote on every word)
while s.phase != "review":
    s = step(s, rng)
dump("state_review", s.to_dict())
dump("view_review_p2", s.view(2).to_dict())
# finished
record = wordgames.play(start, wm.bots.LongestWordBot(), random.Random(7))
final = record.replay()
assert final.is_terminal
dump("state_over", final.to_dict())
dump("view_over_spectator", final.view(None).to_dict())
dump("record", record.to_dict())
# a player left mid-game (the game goes on with two)
t = wm.new_game(["ann", "bob", "cy"], rules=wm.Rules(rounds=2, review=False), sheets=[3, 4, 5])
t = t.apply(t.sample_chance(rng))
t = t.apply(wordgames.Resign(1))
assert t.left == (1,)
assert not t.is_terminal
dump("state_left", t.to_dict())
dump("view_left_p0", t.view(0).to_dict())
# a game that ended because too few were left
u = t.apply(wordgames.Resign(2))
assert u.outcome.reason == "resigned"
dump("state_resigned", u.to_dict())
print(sorted(p.name for p in out.iterdir()))
