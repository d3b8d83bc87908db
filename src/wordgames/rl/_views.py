"""Every read of a game's view fields, one small function per game.

The encoders and adapters read views only through these functions, so a change to a game's
``View`` touches this file alone. Each function returns plain tuples and ints.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, NamedTuple

__all__ = [
    "RegenwormenFields",
    "WocableFields",
    "WommelnFields",
    "WordMeldFields",
    "regenwormen_fields",
    "wocable_fields",
    "wommeln_fields",
    "wordmeld_fields",
]


class RegenwormenFields(NamedTuple):
    """What the Regenwormen encoder reads (the game is fully open)."""

    num_players: int
    turn: int
    phase: int  # 0 roll pending, 1 set aside, 2 decide, 3 over
    grill: tuple[int, ...]
    flipped: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    kept: tuple[int, ...]  # counts of faces 1..5, worm
    roll: tuple[int, ...]  # counts per face of the roll waiting for a set-aside, else ()
    departed: tuple[int, ...]  # the players who resigned


# Regenwormen's Phase (a str enum) as the index the encoders use
_RW_PHASE = {"roll": 0, "set_aside": 1, "decide": 2, "over": 3}


def regenwormen_fields(view: Any) -> RegenwormenFields:
    """Reads ``view.state`` (players, turn, phase, grill, flipped, stacks, kept, roll,
    departed)."""
    s = view.state
    return RegenwormenFields(
        len(s.players),
        s.turn,
        _RW_PHASE[s.phase],
        s.grill,
        s.flipped,
        s.stacks,
        s.kept,
        s.roll,
        s.departed,
    )


class WocableFields(NamedTuple):
    """What the Wocable encoder reads."""

    num_players: int
    size: int  # board side
    alphabet: tuple[str, ...]  # tile id i < len(alphabet) is that letter; len(alphabet) = blank
    tile_texts: tuple[str, ...]  # notation of every tile id (``[CH]`` for a digraph, ``?``)
    board: tuple[int, ...]  # -1 empty, else tile id (bit 64 set: a blank standing for it)
    rack: tuple[int, ...] | None  # the viewer's tile ids (None for a spectator)
    rack_sizes: tuple[int, ...]
    unseen: tuple[int, ...]  # count per tile id of every tile the viewer cannot see
    scores: tuple[int, ...]
    bag_size: int
    turn: int
    phase: str  # deal, draw, play, over
    passes: int
    departed: tuple[int, ...]
    pending_score: int | None  # the challengeable play's score while the window is open


def wocable_fields(view: Any) -> WocableFields:
    """Reads ``view.tiles`` (size, alphabet, tile_text, blank), ``board``, ``rack``, ``rack_sizes``,
    ``unseen_counts`` (counts per tile id), ``scores``, ``bag_size``, ``turn``, ``phase``,
    ``passes``, ``departed``, ``players``, ``challenge_window`` and ``pending_play``."""
    t = view.tiles
    return WocableFields(
        len(view.players),
        t.size,
        tuple(t.alphabet),
        tuple(t.tile_text(i) for i in range(t.blank + 1)),
        view.board,
        view.rack,
        view.rack_sizes,
        tuple(view.unseen_counts),
        tuple(view.scores),
        view.bag_size,
        view.turn,
        view.phase,
        view.passes,
        view.departed,
        view.pending_play.score if view.challenge_window and view.pending_play else None,
    )


class WordMeldFields(NamedTuple):
    """What the WordMeld encoder reads."""

    num_players: int
    card_letters: tuple[str, ...]  # letter of every card id (``*`` for a joker)
    alphabet: tuple[str, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]  # per player: the cards they are known to hold
    table: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]  # the whole discard pile, bottom to top (all face up)
    unseen: dict[str, int]  # letter (``*`` for a joker) -> cards the viewer cannot see
    pile_size: int
    melded: tuple[bool, ...]
    phase: str  # draw, turn, discard, took, over
    turn: int
    drawn: int | None
    idle: int
    max_idle: int | None
    resigned: tuple[bool, ...]


def wordmeld_fields(view: Any) -> WordMeldFields:
    """Reads ``view.setup.deck`` (card_letters, alphabet), ``rules.max_idle_rounds``,
    ``players``, ``hand``, ``hand_sizes``, ``known``, ``table``, ``discard``, ``unseen``,
    ``pile_size``, ``melded``, ``phase``, ``turn``, ``drawn``, ``idle``, ``resigned``."""
    deck = view.setup.deck
    return WordMeldFields(
        len(view.players),
        deck.card_letters,
        tuple(deck.alphabet),
        view.hand,
        view.hand_sizes,
        view.known,
        view.table,
        view.discard,
        dict(view.unseen),
        view.pile_size,
        view.melded,
        view.phase,
        view.turn,
        view.drawn,
        view.idle,
        view.rules.max_idle_rounds,
        tuple(p in view.departed for p in range(len(view.players))),
    )


class WommelnFields(NamedTuple):
    """What the Wömmeln encoder reads."""

    num_players: int
    viewer: int | None
    rows: int
    cols: int
    letters: str  # the viewer's sheet, row by row ("" for a spectator)
    used: int  # bitmask of the viewer's circled or crossed cells
    circled: int  # bitmask of the viewer's circled cells
    drawn: tuple[tuple[int, str], ...]  # category cards revealed so far: (card, side)
    num_rounds: int
    phase: str  # reveal, search, challenge, review, over
    timer: str  # off, running, up
    scores: tuple[int, ...]
    done: tuple[bool, ...]
    to_act: frozenset[int]
    own_status: str | None  # the viewer's entry this round: circled, placed, passed or None
    left: tuple[int, ...]  # the players who left the game


def wommeln_fields(view: Any) -> WommelnFields:
    """Reads ``viewer``, ``players``, ``sheets`` (rows, cols), ``grid(viewer)`` (letters,
    used, circled), ``drawn``, ``rules.num_rounds``, ``phase``, ``timer``, ``scores``,
    ``done``, ``players_to_act``, ``entries[viewer].status``, ``departed``."""
    v = view.viewer
    seat = 0 if v is None else v
    if seat >= len(view.sheets):  # the deal: builtin sheets of the rules' size, none yet
        size = view.rules.sheet_size
        sheet: Any = SimpleNamespace(rows=size, cols=size)
    else:
        sheet = view.sheets[seat]
    if v is None or seat >= len(view.sheets):
        letters, used, circled, status = "", 0, 0, None
    else:
        g = view.grid(v)
        letters, used, circled = g.letters, g.used, g.circled
        e = view.entries[v]
        status = None if e is None else e.status
    return WommelnFields(
        len(view.players),
        v,
        sheet.rows,
        sheet.cols,
        letters,
        used,
        circled,
        view.drawn,
        view.rules.num_rounds,
        view.phase,
        view.timer,
        tuple(view.scores),
        view.done,
        view.players_to_act,
        status,
        tuple(view.departed),
    )
