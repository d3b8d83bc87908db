"""The source of ``src/wordgames/schemas/*.schema.json``.

The shipped JSON files are what frontends read; this script writes them, so that the parts
they share (rules inside states, states inside records, notation patterns) are written once.
``test_schemas.py`` checks that the shipped files are exactly what :func:`build` returns.
After changing a game's ``to_dict``, update this file and run

    PYTHONPATH=src python -m tests.schemas.generate
"""

from __future__ import annotations

import copy
import json
import pathlib
from typing import Any

from wordgames._core.registry import GAME_INFOS, GAME_NAMES
from wordgames._core.states import EndReason
from wordgames.regenwormen import Phase as RWPhase
from wordgames.wocable import Phase as WocablePhase
from wordgames.wocable._phase import REASONS as WOCABLE_END_REASONS
from wordgames.wordmeld import Phase as WMPhase
from wordgames.wordmeld.state import REASONS as WM_REASONS

OUT = pathlib.Path(__file__).resolve().parents[2] / "src" / "wordgames" / "schemas"
BASE = "https://wordgames.invalid/schemas/"
MAX_PLY = 10**9
#: the facts of each game (player counts), from its GAME_INFO
RW_INFO, WC_INFO, WO_INFO, WM_INFO = (GAME_INFOS[g] for g in GAME_NAMES)


def integer(lo=None, hi=None):
    s = {"type": "integer"}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    return s


def nullable(s):
    return {"anyOf": [{"type": "null"}, s]}


def arr(items, lo=None, hi=None, unique=False):
    s = {"type": "array", "items": items}
    if lo is not None:
        s["minItems"] = lo
    if hi is not None:
        s["maxItems"] = hi
    if unique:
        s["uniqueItems"] = True
    return s


def obj(props, required, additional=True, desc=None):
    s = {"type": "object"}
    if desc:
        s["description"] = desc
    s["properties"] = props
    s["required"] = required
    if not additional:
        s["additionalProperties"] = False
    return s


def string(pattern=None, lo=None, hi=None, desc=None):
    s = {"type": "string"}
    if desc:
        s["description"] = desc
    if pattern:
        s["pattern"] = pattern
    if lo is not None:
        s["minLength"] = lo
    if hi is not None:
        s["maxLength"] = hi
    return s


BOOL = {"type": "boolean"}
PLY = dict(integer(0, MAX_PLY), description="Actions applied since new_game.")


def name(maxlen=100):
    return string(r"\S", 1, maxlen, "A player name: non-empty, not only spaces.")


def players(lo, hi, maxlen=100):
    return dict(
        arr({"$ref": "#/$defs/name"}, lo, hi, unique=True), description="Player names, distinct."
    )


def header(game, kind, version, kind_required=True):
    props = {"game": {"const": game}, "kind": {"const": kind}, "version": {"const": version}}
    req = ["game", "kind", "version"] if kind_required else ["game", "version"]
    return props, req


def doc(game, kind, title, desc, body, defs=None):
    s = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{BASE}{game}.{kind}.schema.json",
        "title": title,
        "description": desc,
    }
    s.update(body)
    if defs:
        s["$defs"] = defs
    return s


def rules_obj(props, desc):
    # rules_from_dict: missing fields take their defaults, unknown fields are rejected
    return obj(props, [], additional=False, desc=desc)


def with_default(s, d):
    s = dict(s)
    s["default"] = d
    return s


OUTCOME = obj(
    {
        "scores": arr(integer()),
        "ranking": dict(
            arr(integer(1)),
            description="Each player's place, 1 = first; tied players share a place.",
        ),
        "winners": dict(
            arr(integer(0), unique=True),
            description="The players in first place (derived; ignored on load).",
        ),
        "reason": {
            "enum": [r.value for r in EndReason],
            "description": "Why the game ended (wordgames.EndReason; each game uses some).",
        },
    },
    ["scores", "ranking", "winners", "reason"],
)

schemas: dict[tuple[str, str], Any] = {}


def add(game, kind, title, desc, body, defs=None):
    schemas[(game, kind)] = doc(game, kind, title, desc, body, defs)


def record(game, state_defs, action_pattern):
    props, req = header(game, "record", 1)
    props.update(
        {
            "initial": {"$ref": "#/$defs/state"},
            "actions": arr({"$ref": "#/$defs/action"}),
            "ply": dict(
                integer(0, MAX_PLY),
                description="The ply of the final state (the initial ply plus one per action).",
            ),
        }
    )
    defs = copy.deepcopy(state_defs)
    defs["action"] = string(action_pattern)
    add(
        game,
        "record",
        f"{game} record",
        f"A replayable {game} game (Record.to_dict): the initial state and every action's text.",
        obj(props, [*req, "initial", "actions", "ply"]),
        defs,
    )


# ---------------------------------------------------------------------------- regenwormen
TILE = integer(21, 36)
RW_RULES = rules_obj(
    {
        "allow_solo": with_default(BOOL, False),
        "flip_returned_if_highest": with_default(BOOL, False),
        "flip_when_nothing_returned": with_default(BOOL, False),
    },
    "Regenwormen rule flags (Rules.to_dict); missing fields take their defaults, unknown ones "
    "are rejected.",
)
props, req = header("regenwormen", "state", 1)
props.update(
    {
        "rules": {"$ref": "#/$defs/rules"},
        "players": players(1, RW_INFO.max_players),  # 1: Rules(allow_solo=True)
        "turn": integer(0, 6),
        "phase": {"enum": [p.value for p in RWPhase]},
        "grill": dict(arr(TILE, 0, 16, unique=True), description="Face-up tiles, ascending."),
        "flipped": dict(arr(TILE, 0, 16, unique=True), description="Face-down tiles, ascending."),
        "stacks": dict(
            arr(arr(TILE, 0, 16, unique=True), 1, 7),
            description="Each player's stack, bottom first.",
        ),
        "kept": dict(
            arr(integer(0, 8), 6, 6),
            description="Dice set aside this turn, counted by face 1-5 and worm.",
        ),
        "roll": dict(
            arr(integer(0, 8), 0, 6),
            description="The roll awaiting a set-aside, counted by face (empty otherwise).",
        ),
        "ply": PLY,
        "departed": dict(
            arr(integer(0, 6), 0, 7, unique=True),
            description="Players who resigned, in the order they left.",
        ),
    }
)
RW_STATE = obj(
    props,
    [
        *req,
        "rules",
        "players",
        "turn",
        "phase",
        "grill",
        "flipped",
        "stacks",
        "kept",
        "roll",
        "ply",
        "departed",
    ],
)
RW_DEFS = {"rules": RW_RULES, "name": name(), "state": RW_STATE}
add(
    "regenwormen",
    "rules",
    "Regenwormen rules",
    RW_RULES["description"],
    {k: v for k, v in RW_RULES.items() if k != "description"},
)
add(
    "regenwormen",
    "state",
    "Regenwormen state",
    "A full Regenwormen state (State.to_dict).",
    {"$ref": "#/$defs/state"},
    RW_DEFS,
)
props, req = header("regenwormen", "view", 1)
props.update({"viewer": nullable(integer(0, 6)), "ply": PLY, "state": {"$ref": "#/$defs/state"}})
add(
    "regenwormen",
    "view",
    "Regenwormen view",
    "A player's or spectator's view (View.to_dict); Regenwormen hides nothing, so it carries the "
    "whole state.",
    obj(props, [*req, "viewer", "ply", "state"]),
    RW_DEFS,
)
F = "[1-5w]"
T = "(?:2[1-9]|3[0-6])"
P7 = "[0-6]"
RW_ACTION = f"^(?:roll {F}(?: {F}){{0,7}}|set {F}|reroll|take {T}|steal {T} from {P7}|resign {P7})$"
record("regenwormen", RW_DEFS, RW_ACTION)

# ---------------------------------------------------------------------------- wocable
WC_RULES = rules_obj(
    {
        "tiles": with_default({"enum": ["en", "es"]}, "en"),
        "layout": with_default({"enum": ["classic", "plain"]}, "classic"),
        "blanks": with_default(BOOL, True),
        "exchange_min_bag": with_default(nullable(integer(1)), None),
        "pass_limit": with_default(integer(1, 100), 4),
        "exchanges_count_as_passes": with_default(BOOL, False),
        "zero_scores_count_as_passes": with_default(BOOL, False),
        "pass_end_subtract": with_default(BOOL, False),
        "departed_tiles_to_bag": with_default(BOOL, True),
        "split_digraphs": with_default(BOOL, False),
        "word_check": with_default({"enum": ["on_play", "challenge"]}, "on_play"),
        "challenge_rule": with_default(
            {"enum": ["double", "single", "void", "five_point", "ten_point"]}, "double"
        ),
        "going_out": with_default({"enum": ["transfer", "double"]}, "transfer"),
    },
    "Wocable rule variant (Rules.to_dict); missing fields take their defaults, unknown ones are "
    "rejected.",
)
TILE_TOK = r"(?:[A-ZÑ?]|\[[A-Z]{2}\])"
CELL_TOK = r"(?:\.|[A-ZÑ]|[a-zñ]|\[[A-Z]{2}\]|\[[a-z]{2}\])"


def tiles(hi=None, desc=None):
    q = "*" if hi is None else f"{{0,{hi}}}"
    return string(
        f"^{TILE_TOK}{q}$",
        desc=desc or "Tiles in notation: letters, ? for a blank, [CH] for a digraph tile.",
    )


WC_LEX = obj(
    {
        "name": {"type": "string"},
        "digest": string(
            r"^[0-9a-f]{64}$",
            desc="SHA-256 digest of the lexicon (it must be loaded to read the data back).",
        ),
    },
    ["name", "digest"],
)
WC_BOARD = dict(
    arr(string(f"^{CELL_TOK}{{15}}$"), 15, 15),
    description="15 rows of 15 squares: . empty, upper case tile, lower case blank, [CH] digraph.",
)
WC_PHASE = {"enum": [p.value for p in WocablePhase]}
WC_END = nullable({"enum": [r.value for r in WOCABLE_END_REASONS]})
WC_PENDING = dict(
    nullable(
        obj(
            {
                "player": integer(0, 3),
                "place": string(desc="The placement in notation, e.g. 8H CAT."),
                "score": integer(0, 10_000),
                "words": arr(string(lo=2, hi=64), 1, 16),
                "passes": integer(0, 100),
            },
            ["player", "place", "score", "words", "passes"],
            additional=False,
        )
    ),
    description="The play that may still be challenged (Rules.word_check = challenge), or null.",
)
props, req = header("wocable", "state", 1, kind_required=False)
props.update(
    {
        "rules": {"$ref": "#/$defs/rules"},
        "lexicon": {"$ref": "#/$defs/lexicon"},
        "players": players(WC_INFO.min_players, WC_INFO.max_players),
        "board": WC_BOARD,
        "racks": arr(tiles(7), 2, 4),
        "bag": tiles(),
        "scores": arr(integer(-100000, 100000), 2, 4),
        "turn": integer(0, 3),
        "phase": WC_PHASE,
        "drawer": dict(integer(-1, 3), description="The player drawing, -1 when none."),
        "to_draw": integer(0, 7),
        "aside": tiles(7, "Tiles put aside by an exchange, back to the bag after the refill."),
        "passes": integer(0, 100),
        "departed": arr(integer(0, 3), 0, 4, unique=True),
        "removed": tiles(desc="Tiles of departed players taken out of the game."),
        "end_reason": WC_END,
        "ply": PLY,
        "pending_play": WC_PENDING,
        "pending_drawn": tiles(
            7, "Tiles drawn after the pending play (back to the bag if it is withdrawn)."
        ),
    }
)
WC_STATE = obj(
    props,
    [
        *req,
        "rules",
        "lexicon",
        "players",
        "board",
        "racks",
        "bag",
        "scores",
        "turn",
        "phase",
        "drawer",
        "to_draw",
        "aside",
        "passes",
        "departed",
        "removed",
        "end_reason",
        "ply",
    ],
)
WC_DEFS = {"rules": WC_RULES, "lexicon": WC_LEX, "name": name(), "state": WC_STATE}
add(
    "wocable",
    "rules",
    "Wocable rules",
    WC_RULES["description"],
    {k: v for k, v in WC_RULES.items() if k != "description"},
)
add(
    "wocable",
    "state",
    "Wocable state",
    "A full Wocable state (State.to_dict).",
    {"$ref": "#/$defs/state"},
    WC_DEFS,
)
props, req = header("wocable", "view", 1)
props.update(
    {
        "viewer": nullable(integer(0, 3)),
        "rules": {"$ref": "#/$defs/rules"},
        "lexicon": {"$ref": "#/$defs/lexicon"},
        "players": players(WC_INFO.min_players, WC_INFO.max_players),
        "board": WC_BOARD,
        "rack": nullable(tiles(7, "The viewer's rack (null for a spectator).")),
        "rack_sizes": arr(integer(0, 7), 2, 4),
        "scores": arr(integer(-(10**9), 10**9), 2, 4),
        "bag_size": integer(0),
        "unseen": tiles(desc="Tiles the viewer cannot see (bag and other racks)."),
        "turn": integer(0, 3),
        "phase": WC_PHASE,
        "drawer": integer(-1, 3),
        "to_draw": integer(0, 7),
        "aside_size": integer(0, 7),
        "own_aside": tiles(7),
        "passes": integer(0, 10**6),
        "departed": arr(integer(0, 3), 0, 4),
        "removed_size": integer(0),
        "end_reason": WC_END,
        "ply": PLY,
        "pending_play": WC_PENDING,
        "pending_drawn_size": integer(0, 7),
        "own_pending_drawn": tiles(7, "The viewer's own draws after their pending play."),
    }
)
WC_VIEW_DEFS = {"rules": WC_RULES, "lexicon": WC_LEX, "name": name()}
add(
    "wocable",
    "view",
    "Wocable view",
    "What one player (or a spectator) may see (View.to_dict).",
    obj(props, req + [k for k in props if k not in ("game", "kind", "version")]),
    WC_VIEW_DEFS,
)
ROW = "(?:1[0-5]|[1-9])"
COL = "[A-O]"
WORD_TOK = r"(?:\.|[A-ZÑ]|[a-zñ]|\[[A-Z]{2}\]|\[[a-z]{2}\])"
WC_ACTION = (
    f"^(?:(?:{ROW}{COL}|{COL}{ROW}) {WORD_TOK}+|-{TILE_TOK}{{0,7}}|"
    f"draw {TILE_TOK}|resign [0-3]|timeout [0-3]|challenge [0-3]|accept [0-3]|"
    "timepenalty [0-3] [0-9]{1,6})$"
)
record("wocable", WC_DEFS, WC_ACTION)

# ---------------------------------------------------------------------------- wommeln
WO_RULES = rules_obj(
    {
        "intensiv": with_default(BOOL, False),
        "rounds": with_default(nullable(integer(1, 30)), None),
        "language": with_default({"enum": ["de", "en"]}, "de"),
        "color": with_default({"enum": ["turquoise", "red"]}, "turquoise"),
        "intensiv_size": with_default(integer(4, 26), 10),
        "timer_seconds": with_default(integer(1, 3600), 45),
        "last_round_timer_seconds": with_default(integer(1, 3600), 90),
        "solo_time_limit": with_default(nullable(integer(1, 3600)), None),
        "lines_may_cross": with_default(BOOL, False),
        "review": with_default(
            {
                "enum": ["challenge", "vote", "none", True, False],
                "description": (
                    'How words are reviewed; the first release\'s true/false read as "vote"/"none".'
                ),
            },
            "challenge",
        ),
        "tie_keeps_word": with_default(BOOL, True),
        "erase_zero_rounds": with_default(BOOL, True),
        "min_word_length": with_default(integer(1, 20), 2),
        "reject_malformed_circles": with_default(BOOL, False),
    },
    "Wömmeln rule variant (Rules.to_dict); missing fields take their defaults, unknown ones are "
    "rejected.",
)
WCELL = "[A-Z](?:[1-9][0-9]?)"
LINE_CELL = "[A-Za-z](?:[1-9][0-9]?)"
LINE = f"{LINE_CELL}(?:-{LINE_CELL})*"
WO_MARKS = obj(
    {
        "word": string("^[A-Z]*$", desc="The word (A-Z, umlauts folded), empty when none."),
        "line": nullable(
            string(
                f"^{LINE}$",
                desc=(
                    "A connected word: its path, circled cells upper case, crossed-out cells "
                    "lower case."
                ),
            )
        ),
        "circled": nullable(arr(string(f"^{WCELL}$"), 1, unique=True)),
    },
    ["word", "line", "circled"],
    desc="Marks on a sheet: a connected line, loose circles, or neither.",
)
WO_SHEET = obj(
    {"id": string(None, 0, 40), "rows": arr(string("^[A-Z]{1,26}$"), 1, 99)},
    ["id", "rows"],
    desc="A letter grid: rows of equal length, column letters A-Z and row numbers from 1.",
)
WO_COMMON = {
    "rules": {"$ref": "#/$defs/rules"},
    "players": players(WO_INFO.min_players, WO_INFO.max_players),
    "sheets": dict(
        arr({"$ref": "#/$defs/sheet"}, 0, WO_INFO.max_players),
        description="Each player's sheet (in the deal phase: the seats dealt so far).",
    ),
    "drawn": dict(
        arr(string("^(?:[1-9]|[12][0-9]|30)[ab]$"), 0, 30, unique=True),
        description="Category cards revealed, in order: number and side.",
    ),
    "phase": {"enum": ["deal", "reveal", "search", "challenge", "review", "over"]},
    "timer": {"enum": ["off", "running", "up"]},
    "timer_starter": nullable(integer(0, 7)),
    "results": dict(
        arr(
            arr(
                obj(
                    {
                        "word": string("^[A-Z]*$"),
                        "score": integer(0),
                        "kept": nullable({"$ref": "#/$defs/marks"}),
                    },
                    ["word", "score", "kept"],
                ),
                0,
                30,
            ),
            1,
            8,
        ),
        description="Each player's scored rounds.",
    ),
    "entries": dict(
        arr(
            nullable(
                obj(
                    {
                        "status": {"enum": ["circled", "placed", "passed"]},
                        "marks": {"$ref": "#/$defs/marks"},
                    },
                    ["status", "marks"],
                )
            ),
            1,
            8,
        ),
        description=(
            "Each player's entry in the running round (null: nothing yet, or hidden in a view)."
        ),
    ),
    "votes": dict(
        arr(
            {
                "type": "array",
                "prefixItems": [integer(0, 7), integer(0, 7), BOOL],
                "minItems": 3,
                "maxItems": 3,
            },
            0,
            64,
        ),
        description="Review votes [voter, author, accepted].",
    ),
    "departed": dict(
        arr(integer(0, 7), 0, 8, unique=True),
        description='Players who left, ascending (version 1 called it "left").',
    ),
    "ply": PLY,
    "challenges": dict(
        arr(
            {
                "type": "array",
                "prefixItems": [integer(0, 7), arr(integer(0, 7), 0, 7, unique=True)],
                "minItems": 2,
                "maxItems": 2,
            },
            0,
            8,
        ),
        description=(
            "This round's challenge decisions in order: [player, [authors challenged]] "
            "(missing in saves of the first release: none)."
        ),
    ),
}
WO_OPTIONAL = ("challenges",)
props, req = header("wommeln", "state", 2, kind_required=False)
props.update(WO_COMMON)
WO_STATE = obj(props, req + [k for k in WO_COMMON if k not in WO_OPTIONAL])
WO_DEFS = {
    "rules": WO_RULES,
    "name": name(),
    "sheet": WO_SHEET,
    "marks": WO_MARKS,
    "state": WO_STATE,
}
add(
    "wommeln",
    "rules",
    "Wömmeln rules",
    WO_RULES["description"],
    {k: v for k, v in WO_RULES.items() if k != "description"},
)
add(
    "wommeln",
    "state",
    "Wömmeln state",
    "A full Wömmeln state (State.to_dict).",
    {"$ref": "#/$defs/state"},
    WO_DEFS,
)
props, req = header("wommeln", "view", 2)
props.update(
    {
        "viewer": nullable(integer(0, 7)),
        "done": dict(arr(BOOL, 1, 8), description="Who is done searching this round."),
    }
)
props.update(WO_COMMON)
add(
    "wommeln",
    "view",
    "Wömmeln view",
    "What one player (or a spectator) may see (View.to_dict): other players' entries are null "
    "during the search.",
    obj(props, [*req, "viewer", "done", *[k for k in WO_COMMON if k not in WO_OPTIONAL]]),
    {k: v for k, v in WO_DEFS.items() if k != "state"},
)
PL = "p[0-7]"
WO_ACTION = (
    f"^(?:sheet [1-9][0-9]?|reveal (?:[1-9]|[12][0-9]|30)[ab]|{PL} place [A-Z]+ {LINE}|"
    f"{PL} circle [A-Z]+(?: {WCELL})+|"
    f"{PL} connect {LINE}|{PL} pass|{PL} erase|time up|{PL} no challenge|"
    f"{PL} challenge {PL}(?: {PL})*|{PL} (?:accept|reject) {PL}|resign [0-7])$"
)
record("wommeln", WO_DEFS, WO_ACTION)

# ---------------------------------------------------------------------------- wordmeld
WM_RULES = rules_obj(
    {
        "hand_size": with_default(integer(1, 1000), 10),
        "hand_word_min": with_default(integer(1, 1000), 4),
        "table_word_min": with_default(integer(1, 1000), 3),
        "two_joker_min": with_default(integer(1, 1000), 5),
        "winning_length": with_default(integer(1, 1000), 8),
        "table_draw_minus_one": with_default(BOOL, True),
        "first_play_hand_only": with_default(BOOL, True),
        "discard_drawn_only": with_default(BOOL, False),
        "keep_after_discard_pick": with_default(BOOL, False),
        "draw_after_discard_pick": with_default(BOOL, False),
        "shortened_word_formed": with_default(BOOL, False),
        "max_idle_rounds": with_default(nullable(integer(1, 1000)), 10),
        "min_players": with_default(integer(2, 12), WM_INFO.min_players),
        "max_players": with_default(integer(2, 12), WM_INFO.max_players),
    },
    "WordMeld rule variant (Rules.to_dict); missing fields take their defaults, unknown ones are "
    "rejected; min_players <= max_players; keep_after_discard_pick and draw_after_discard_pick "
    "are not both true.",
)
WORDS = arr(string(None, 1, 32), 0, 100000, unique=True)
WM_SETUP = obj(
    {
        "deck": obj(
            {
                "name": {"type": "string"},
                "language": {"type": "string"},
                "letters": dict(
                    arr(
                        {
                            "type": "array",
                            "prefixItems": [string(None, 1), integer(1)],
                            "minItems": 2,
                            "maxItems": 2,
                        },
                        1,
                        64,
                    ),
                    description=(
                        "[letter, count] pairs; card ids are dealt letter by letter, jokers last."
                    ),
                ),
                "jokers": integer(0, 1000),
            },
            ["name", "language", "letters", "jokers"],
        ),
        "lexicon": nullable(
            obj({"name": {"type": "string"}, "digest": string(None, 1, 128)}, ["name", "digest"])
        ),
        "official": dict(WORDS, description="Extra words allowed, sorted."),
        "winning": dict(WORDS, description="Winning words (WORDMELD among them), sorted."),
        "proper_names": dict(WORDS, description="Proper names allowed, sorted."),
    },
    ["deck", "lexicon", "official", "winning", "proper_names"],
    desc="The deck and word lists a game is played with.",
)
CARD = integer(0)
CARDS = dict(arr(CARD), description="Card ids.")
WM_COMMON = {
    "rules": {"$ref": "#/$defs/rules"},
    "setup": {"$ref": "#/$defs/setup"},
    "players": players(2, 12, 200),
    "table": dict(
        arr(arr(CARD, 1)), description="The words on the table, each its card ids in reading order."
    ),
    "table_letters": dict(
        arr(
            {"type": "array", "prefixItems": [CARD, string(None, 1)], "minItems": 2, "maxItems": 2}
        ),
        description="[card id, letter] for every joker on the table, by card id.",
    ),
    "discard": dict(arr(CARD), description="The discard pile, bottom first."),
    "melded": arr(BOOL, 2, 12),
    "phase": {"enum": [p.value for p in WMPhase]},
    "turn": integer(0, 11),
    "queue": dict(arr(integer(0, 11)), description="Pending draws: one player index per card."),
    "after": {"enum": ["", "start", "played", "discard"]},
    "drawn": nullable(CARD),
    "idle": integer(0, 10**6),
    "finisher": dict(
        nullable(integer(0, 11)),
        description="The player who went out (winning word or empty hand), else null.",
    ),
    "end_reason": nullable({"enum": [r.value for r in WM_REASONS]}),
    "known": dict(
        arr(arr(CARD, unique=True), 2, 12),
        description="Cards of each hand that every player has seen.",
    ),
    "departed": dict(
        arr(integer(0, 11), 0, 12, unique=True),
        description="Players who resigned, in the order they left.",
    ),
    "ply": PLY,
}
props, req = header("wordmeld", "state", 4)
props.update(WM_COMMON)
props.update(
    {
        "hands": dict(
            arr(arr(CARD, unique=True), 2, 12), description="Each player's hand, sorted card ids."
        ),
        "pile": dict(arr(CARD, unique=True), description="The draw pile, sorted card ids."),
    }
)
WM_STATE = obj(props, req + list(WM_COMMON) + ["hands", "pile"])
WM_DEFS = {"rules": WM_RULES, "setup": WM_SETUP, "name": name(200), "state": WM_STATE}
add(
    "wordmeld",
    "rules",
    "WordMeld rules",
    WM_RULES["description"],
    {k: v for k, v in WM_RULES.items() if k != "description"},
)
add(
    "wordmeld",
    "state",
    "WordMeld state",
    "A full WordMeld state (State.to_dict).",
    {"$ref": "#/$defs/state"},
    WM_DEFS,
)
props, req = header("wordmeld", "view", 4)
props.update(
    {
        "viewer": nullable(integer(0, 11)),
        "hand": nullable(arr(CARD, unique=True)),
        "hand_sizes": arr(integer(0), 2, 12),
        "pile_size": integer(0),
    }
)
props.update(WM_COMMON)
add(
    "wordmeld",
    "view",
    "WordMeld view",
    "What one player (or a spectator, hand null) may see (View.to_dict).",
    obj(props, req + [k for k in props if k not in ("game", "kind", "version")]),
    {k: v for k, v in WM_DEFS.items() if k != "state"},
)
ID = "[0-9]{1,6}"
CARD_TOK = f"{ID}(?:=[^ .=|:]+)?"
WM_WORD = f"(?:{CARD_TOK}(?:\\.{CARD_TOK})*|-)"
WM_ACTION = (
    f"^(?:draw {ID}|pick pile|pick discard|discard {ID}|keep|pass|"
    f"play(?: {ID}:{WM_WORD})*(?: {WM_WORD})*(?: \\|(?: {ID}=[^ .=|:]+)+)?|resign {ID})$"
)
record("wordmeld", WM_DEFS, WM_ACTION)

for game in GAME_NAMES:
    add(
        game,
        "action",
        f"{game} action text",
        f"The canonical text of a {game} action (str(action)); parse_action also reads looser "
        f"spellings (case, spacing).",
        string(
            {
                "regenwormen": RW_ACTION,
                "wocable": WC_ACTION,
                "wommeln": WO_ACTION,
                "wordmeld": WM_ACTION,
            }[game]
        ),
    )

out: dict[str, Any] = {}
for (game, kind), s in schemas.items():
    out[f"{game}.{kind}.schema.json"] = s
outc = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": f"{BASE}outcome.schema.json",
    "title": "Game outcome",
    "description": "How a finished game ended (GameOutcome.to_dict), the same for every game.",
}
outc.update(OUTCOME)
out["outcome.schema.json"] = outc

_NUMBER = {"type": "number"}
_GRADE = {"enum": ["none", "small", "medium", "large"]}
_TURN = {
    "type": "object",
    "properties": {
        "ply": integer(0, MAX_PLY),
        "player": integer(0, 15),
        "played": {"type": "string", "maxLength": 4096},
        "value": _NUMBER,
        "best": {"type": "string", "maxLength": 4096},
        "best_value": _NUMBER,
        "loss": {"type": "number", "minimum": 0, "description": "best_value - value"},
        "unit": {
            "enum": [
                "equity",
                "points",
                "spread",
                "win_probability",
                "worms",
                "cards",
                "squares",
                "letters",
            ]
        },
        "method": {"enum": ["exact", "static", "simulation", "endgame", "preendgame"]},
        "grade": _GRADE,
        "note": {"type": "string", "maxLength": 4096},
        "details": {
            "type": "object",
            "additionalProperties": _NUMBER,
            "maxProperties": 32,
            "description": "Further figures by name (win_loss, letters, missed_win, ...).",
        },
        "scores": arr({"type": "integer"}, hi=16),
    },
    "required": [
        "ply",
        "player",
        "played",
        "value",
        "best",
        "best_value",
        "loss",
        "unit",
        "method",
        "grade",
    ],
    "additionalProperties": False,
}
_SUMMARY = {
    "type": "object",
    "properties": {
        "player": integer(0, 15),
        "name": {"type": "string", "maxLength": 100},
        "decisions": integer(0),
        "total_loss": {"type": "number", "minimum": 0},
        "grades": {
            "type": "object",
            "properties": {g: integer(0) for g in ("none", "small", "medium", "large")},
            "required": ["none", "small", "medium", "large"],
            "additionalProperties": False,
        },
        "accuracy": {"type": "number", "minimum": 0, "maximum": 100},
    },
    "required": ["player", "name", "decisions", "total_loss", "grades", "accuracy"],
    "additionalProperties": False,
}
out["analysis.schema.json"] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": f"{BASE}analysis.schema.json",
    "title": "Game analysis",
    "description": "Every decision of a recorded game against the best one found "
    "(wordgames.analysis.Analysis.to_dict), the same for every game.",
    "type": "object",
    "properties": {
        "game": {"enum": list(GAME_NAMES)},
        "kind": {"const": "analysis"},
        "version": {"const": 1},
        "players": arr({"type": "string", "maxLength": 100}, 1, 16),
        "unit": _TURN["properties"]["unit"],
        "budget": nullable({"type": "number", "minimum": 0}),
        "notes": arr({"type": "string", "maxLength": 4096}, hi=64),
        "turns": arr(_TURN, hi=100000),
        "summaries": arr(_SUMMARY, hi=16),
    },
    "required": ["game", "kind", "version", "players", "unit", "turns", "summaries"],
    "additionalProperties": False,
}


def build() -> dict[str, str]:
    """Every schema file's name and text."""
    return {fn: json.dumps(s, indent=2, ensure_ascii=False) + "\n" for fn, s in out.items()}


if __name__ == "__main__":
    for file_name, text in build().items():
        (OUT / file_name).write_text(text, encoding="utf-8")
    print(len(out), "files written to", OUT)
