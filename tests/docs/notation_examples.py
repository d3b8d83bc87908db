"""The example tables of docs/notation.md, generated from the code.

Each table sits between ``<!-- notation:NAME -->`` and ``<!-- /notation -->`` in the page;
tests/docs/test_notation.py checks that the page holds exactly what this module generates.
After a notation change, rewrite the tables with::

    PYTHONPATH=src python -m tests.docs.notation_examples --write
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import wordgames
from wordgames import regenwormen as rw
from wordgames import wocable as wc
from wordgames import wommeln as wm
from wordgames import wordmeld as wd

PAGE = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
REGION = re.compile(
    r"(<!-- notation:(?P<name>[a-z_]+) -->\n)(?P<body>.*?)(<!-- /notation -->)", re.S
)

# (action, what it is); the text column is str(action), the value column repr(action).
ACTIONS: dict[str, list[tuple[object, str]]] = {
    "regenwormen": [
        (rw.Roll((1, 1, 2, 5, 5, 6, 6, 6)), "chance: the dice thrown (faces sorted, `w` = 6)"),
        (rw.SetAside(6), "set aside every worm of the roll"),
        (rw.SetAside(3), "set aside every 3 of the roll"),
        (rw.Reroll(), "roll the remaining dice"),
        (rw.Take(25), "take tile 25 from the grill"),
        (rw.Steal(25, 2), "take tile 25 from the top of player 2's stack"),
        (wordgames.Resign(1), "player 1 leaves the game"),
    ],
    "wocable": [
        (wc.Place(7, 7, True, "CAT"), "across from H8 (row first = across)"),
        (wc.Place(7, 7, False, "CAT"), "down from H8 (column first = down)"),
        (wc.Place(7, 6, True, "c.T"), "a blank played as C; `.` = the tile already on H8"),
        (wc.Place(7, 7, True, "[CH]E"), "Spanish tiles: the digraph tile CH, then E"),
        (wc.Place(7, 7, True, "[ch]E"), "Spanish tiles: a blank played as CH"),
        (wc.Exchange("ABC?"), "exchange A, B, C and a blank"),
        (wc.Pass(), "pass"),
        (wc.Draw("E"), "chance: an E drawn from the bag"),
        (wc.Draw("?"), "chance: a blank drawn"),
        (wordgames.Resign(1), "player 1 leaves the game"),
        (wc.Timeout(1), "server event: player 1's clock ran out"),
        (wc.Challenge(1), "player 1 challenges the play just made (challenge rules)"),
        (wc.Accept(1), "player 1 accepts the play just made without challenging"),
        (wc.TimePenalty(1, 10), "server event: 10 points off player 1's score for overtime"),
    ],
    "wommeln": [
        (wm.DealSheet(5), "chance: the next seat gets builtin sheet 5 (the deal)"),
        (wm.Reveal(12, "a"), "chance: category card 12, side a"),
        (
            wm.parse_action("p0 place STIER A1-B1-C1-d1-E1-e2-E3"),
            "circle and connect in one action (lower case = crossed out)",
        ),
        (wm.parse_action("p0 circle STIER A1 B1 C1 E1 E3"), "circle the letters"),
        (wm.parse_action("p0 connect A1-B1-C1-d1-E1-e2-E3"), "connect the circled letters"),
        (wm.Pass(0), "no word this round, or give up connecting"),
        (wm.Erase(0), "erase one's own circles (or a 0-point round's kept marks)"),
        (wm.TimeUp(), "server event: the countdown ran out"),
        (wm.Challenge(1, (0, 2)), "player 1 challenges the words of players 0 and 2"),
        (wm.Challenge(1, ()), "player 1 lets every word stand"),
        (wm.Vote(1, 0, True), "player 1 accepts player 0's word"),
        (wm.Vote(1, 0, False), "player 1 rejects player 0's word"),
        (wordgames.Resign(1), "player 1 leaves the game"),
    ],
    "wordmeld": [
        (wd.Draw(17), "chance: card 17 drawn (the deal and every draw)"),
        (wd.PickPile(), "draw from the pile, play no word this turn"),
        (wd.PickDiscard(), "take the top card of the discard pile"),
        (wd.Discard(17), "discard card 17"),
        (wd.Keep(), "keep the drawn card"),
        (wd.Pass(), "nothing can be drawn at all"),
        (wd.Play.new_word(3, 17, 42), "a new word of three cards (the table stays as it is)"),
        (wd.Play.of([3, 17, 42], [5, (101, "E"), 9]), "two new words, joker 101 as E"),
        (wd.Play.extend(0, 8, 3, 17, 42), "table word 0 becomes 8.3.17.42 (an extension)"),
        (wd.Play.borrow(1, [20, 21, 22], [23, 4, 5]), "a borrow: word 1 keeps 20.21.22"),
        (wd.Play.take_back(0) + wd.Play.new_word(3, 8, 9, 4), "word 0 taken back, a new word"),
        (wordgames.Resign(1), "player 1 leaves the game"),
    ],
}

# Text a player may type, read as the canonical text of the same action.
ALSO_READ: dict[str, list[str]] = {
    "regenwormen": ["SET W", "set 6", "Take  25", "roll 6 1 6", "Steal 25 FROM 2", "RESIGN 1"],
    "wocable": [
        "8h CAT",
        "h8 CAT",
        "pass",
        "PASS",
        "-CBA",
        "DRAW E",
        "Resign 1",
        "TIMEOUT 1",
        "Challenge 1",
        "ACCEPT 1",
        "TimePenalty 1 10",
    ],
    "wommeln": [
        "P0 PASS",
        "Time Up",
        "reveal 12A",
        "SHEET 5",
        "p0 circle STIER a1 b1 c1 e1 e3",
        "p0 place ÄPFEL A1-B1-C1-D1-E1",
        "P1 ACCEPT P0",
        "P1 Challenge P2 p0",
        "p1 NO CHALLENGE",
        "p1 resign",
    ],
    "wordmeld": [
        "PICK PILE",
        "Pick  Discard",
        "DRAW 17",
        "Play 3.17.42 5.101=E.9",
        "PLAY 1:- 0:8.3",
        "KEEP",
    ],
}

MODULES = {"regenwormen": rw, "wocable": wc, "wommeln": wm, "wordmeld": wd}


def _code(text: str) -> str:
    return "`" + text.replace("|", "\\|") + "`"


def action_table(game: str) -> str:
    """The canonical examples of ``game``: text, Python value, meaning."""
    rows = ["| text | value | meaning |", "|---|---|---|"]
    for action, what in ACTIONS[game]:
        rows.append(f"| {_code(str(action))} | {_code(repr(action))} | {what} |")
    return "\n".join(rows) + "\n"


def also_read_table(game: str) -> str:
    """Non-canonical input and the canonical text it is read as."""
    parse: Callable[[str], object] = MODULES[game].parse_action
    rows = ["| typed | read as |", "|---|---|"]
    for text in ALSO_READ[game]:
        rows.append(f"| {_code(text)} | {_code(str(parse(text)))} |")
    return "\n".join(rows) + "\n"


def redacted_examples(game: str) -> list[tuple[str, int, str]]:
    """``(text, viewer, as the viewer saw it)`` for the first action of each class that a
    seeded two-player game of random bots shows redacted to some player."""
    module = MODULES[game]
    record = wordgames.play(
        module.new_game(2), module.bots.RandomBot(), random.Random(1), max_actions=80
    )
    found: dict[type, tuple[str, int, str]] = {}
    for state, action in zip(record, record.actions, strict=False):
        for viewer in range(state.num_players):
            shown = state.redact_action(action, viewer)
            if shown != str(action) and type(action) not in found:
                found[type(action)] = (str(action), viewer, shown)
    return list(found.values())


def redacted_table(game: str) -> str:
    """What other players see of hidden actions, from a seeded game."""
    rows = ["| action | seen by | as |", "|---|---|---|"]
    for text, viewer, shown in redacted_examples(game):
        rows.append(f"| {_code(text)} | player {viewer} | {_code(shown)} |")
    return "\n".join(rows) + "\n"


def regions() -> dict[str, str]:
    """Every generated region of the page, by name."""
    out: dict[str, str] = {}
    for game in ACTIONS:
        out[f"{game}_actions"] = action_table(game)
        out[f"{game}_also"] = also_read_table(game)
    for game in ("wocable", "wommeln", "wordmeld"):
        out[f"{game}_redacted"] = redacted_table(game)
    return out


def render(page: str) -> str:
    """``page`` with every region replaced by its generated text."""
    generated = regions()

    def fill(m: re.Match[str]) -> str:
        return m[1] + generated[m["name"]] + m[4]

    return REGION.sub(fill, page)


if __name__ == "__main__":
    text = PAGE.read_text(encoding="utf-8")
    new = render(text)
    if "--write" in sys.argv:
        PAGE.write_text(new, encoding="utf-8")
    else:
        sys.stdout.write(new)
