"""Wömmeln ("WÖrter saMMELN"): find a word for the category on your own letter grid and
connect its letters with a line of king-move steps; unused letters under the line are crossed
out and lines never cross. 1-8 players, simultaneous rounds.

>>> from wordgames import wommeln
>>> state = wommeln.new_game(2)
>>> state.is_chance_node
True
"""

from __future__ import annotations

from wordgames._core.outcome import GameOutcome
from wordgames.wommeln import bots
from wordgames.wommeln.actions import (
    Action,
    Challenge,
    Circle,
    Connect,
    DealSheet,
    Erase,
    Pass,
    Place,
    Resign,
    Reveal,
    TimeUp,
    Vote,
    parse_action,
)
from wordgames.wommeln.categories import Category, category, fold
from wordgames.wommeln.engine import (
    DEFAULT_NODE_LIMIT,
    GridState,
    Placement,
    PlacementError,
    SearchLimitError,
    best_placement,
    can_place,
    check_placement,
    find_placements,
    validate,
)
from wordgames.wommeln.info import GAME_INFO
from wordgames.wommeln.marks import Entry, Marks, RoundResult
from wordgames.wommeln.phases import Phase, Status, Timer
from wordgames.wommeln.positions import Circles, Line, position
from wordgames.wommeln.rules import Rules
from wordgames.wommeln.sheets import Sheet, builtin_sheet
from wordgames.wommeln.state import State, new_game
from wordgames.wommeln.svg import svg
from wordgames.wommeln.view import View

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "GAME_INFO",
    "Action",
    "Category",
    "Challenge",
    "Circle",
    "Circles",
    "Connect",
    "DealSheet",
    "Entry",
    "Erase",
    "GameOutcome",
    "GridState",
    "Line",
    "Marks",
    "Pass",
    "Phase",
    "Place",
    "Placement",
    "PlacementError",
    "Resign",
    "Reveal",
    "RoundResult",
    "Rules",
    "SearchLimitError",
    "Sheet",
    "State",
    "Status",
    "TimeUp",
    "Timer",
    "View",
    "Vote",
    "best_placement",
    "bots",
    "builtin_sheet",
    "can_place",
    "category",
    "check_placement",
    "find_placements",
    "fold",
    "new_game",
    "parse_action",
    "position",
    "svg",
    "validate",
]
