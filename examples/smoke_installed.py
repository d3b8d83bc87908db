"""Smoke test of an installed wheel (run by .ci/run from outside the checkout).

Checks that the packaged data (word lists, layouts, sheets, categories, decks) ships in the
wheel and that one short game of each kind plays through the public API.
"""

from __future__ import annotations

import random

import wordgames
from wordgames.lexicon import Lexicon

assert "site-packages" in wordgames.__file__, wordgames.__file__
for name in ("en", "es", "es-all", "es-plain"):
    lex = Lexicon.builtin(name)
    assert len(lex) > 50_000, (name, len(lex))
    print(f"lexicon {name}: {len(lex)} words, digest {lex.digest[:12]}")
assert "QUIXOTIC" in Lexicon.builtin("en")

for game in wordgames.GAMES:
    module = wordgames.GAMES[game]
    state = module.new_game(2)
    record = wordgames.play(state, wordgames.RandomBot(), random.Random(1), max_actions=3000)
    back = wordgames.Record.from_json(record.to_json())
    assert back == record
    final = back.replay()
    print(f"{game}: {len(record)} actions, terminal={final.is_terminal}, outcome={final.outcome}")
print("installed wheel OK")
