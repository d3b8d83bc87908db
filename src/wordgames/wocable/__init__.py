"""Wocable: the Scrabble-style crossword game for 2-4 players (English and Spanish).

>>> from wordgames import wocable
>>> state = wocable.new_game(players=2)        # a chance node: the opening deal
>>> state.is_chance_node
True

See docs/wocable.md for the rules as implemented, every decided ambiguity and the notation.
"""

from __future__ import annotations

from wordgames._core.outcome import GameOutcome
from wordgames.wocable import bots, endgame, gcg
from wordgames.wocable.actions import (
    Accept,
    Action,
    Challenge,
    Draw,
    Exchange,
    Pass,
    PendingPlay,
    Place,
    Resign,
    Timeout,
    TimePenalty,
    parse_action,
)
from wordgames.wocable.cgp import from_cgp, to_cgp
from wordgames.wocable.endgame import (
    EndgameError,
    EndgameSolution,
    PreendgameCandidate,
    PreendgameSolution,
    endgame_action,
    solve_endgame,
    solve_preendgame,
)
from wordgames.wocable.engine import Tiles
from wordgames.wocable.gcg import (
    GCG_WORK_LIMIT,
    GcgError,
    GcgFile,
    GcgIssue,
    GcgRecord,
    from_gcg,
    read_gcg,
    to_gcg,
)
from wordgames.wocable.inference import Inference, infer
from wordgames.wocable.info import GAME_INFO
from wordgames.wocable.leavetable import LeaveTable
from wordgames.wocable.movegen import Move, PlacedTile, generate_moves
from wordgames.wocable.notation import from_position, to_position
from wordgames.wocable.rules import RULE_PRESETS, Rules
from wordgames.wocable.simulation import LeaveSampler, SimCandidate, SimResult, simulate
from wordgames.wocable.state import Phase, State, new_game
from wordgames.wocable.svg import svg
from wordgames.wocable.view import View
from wordgames.wocable.winprob import WinTable, win_probability, win_table

__all__ = [
    "GAME_INFO",
    "GCG_WORK_LIMIT",
    "RULE_PRESETS",
    "Accept",
    "Action",
    "Challenge",
    "Draw",
    "EndgameError",
    "EndgameSolution",
    "Exchange",
    "GameOutcome",
    "GcgError",
    "GcgFile",
    "GcgIssue",
    "GcgRecord",
    "Inference",
    "LeaveSampler",
    "LeaveTable",
    "Move",
    "Pass",
    "PendingPlay",
    "Phase",
    "Place",
    "PlacedTile",
    "PreendgameCandidate",
    "PreendgameSolution",
    "Resign",
    "Rules",
    "SimCandidate",
    "SimResult",
    "State",
    "Tiles",
    "TimePenalty",
    "Timeout",
    "View",
    "WinTable",
    "bots",
    "endgame",
    "endgame_action",
    "from_cgp",
    "from_gcg",
    "from_position",
    "gcg",
    "generate_moves",
    "infer",
    "new_game",
    "parse_action",
    "read_gcg",
    "simulate",
    "solve_endgame",
    "solve_preendgame",
    "svg",
    "to_cgp",
    "to_gcg",
    "to_position",
    "win_probability",
    "win_table",
]
