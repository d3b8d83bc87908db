"""Static typing checks, run by ``mypy --strict tests/typing`` in CI (not collected by pytest).

``assert_type`` fails the mypy run when the inferred type differs, so these lines pin the
public types: ``play`` returns a ``Record`` of the game's own ``State``, ``apply`` and
``apply_as`` return the game's ``State``, and views have the common members.
"""

from __future__ import annotations

import random
from collections import Counter

from typing_extensions import assert_type

import wordgames
from wordgames import Record, regenwormen, wocable, wommeln, wordmeld

rng = random.Random(1)

rw_record = wordgames.play(regenwormen.new_game(2), regenwormen.bots.HeuristicBot(), rng)
assert_type(rw_record, Record[regenwormen.State])
assert_type(rw_record.replay(), regenwormen.State)
assert_type(rw_record.initial.apply(regenwormen.Roll((6,) * 8)), regenwormen.State)
assert_type(rw_record.initial.apply_as(0, "set w", ply=1), regenwormen.State)
assert_type(rw_record.initial.scores, tuple[int, ...])
assert_type(rw_record.initial.ply, int)

wc_record = wordgames.play(wocable.new_game(2), wocable.bots.GreedyBot(), rng)
assert_type(wc_record, Record[wocable.State])
assert_type(wc_record.replay().scores, tuple[int, ...])

wo_record = wordgames.play(wommeln.new_game(2), wommeln.bots.LongestWordBot(), rng, max_actions=5)
assert_type(wo_record, Record[wommeln.State])

wm_record = wordgames.play(wordmeld.new_game(2), wordmeld.bots.GreedyBot(), rng)
assert_type(wm_record, Record[wordmeld.State])

view = wm_record.initial.view(0)
assert_type(view, wordmeld.View)
assert_type(view.current_player, int | None)
assert_type(view.unseen, Counter[str])
assert_type(view.scores, tuple[int, ...])
assert_type(view.ply, int)

state: wordgames.GameState = wc_record.initial
assert_type(state.apply_as(0, "pass"), wordgames.GameState)
assert_type(wordgames.GAMES["wocable"], wordgames.GameModule)
