"""Regenwormen (Heckmeck am Bratwurmeck / Pickomino): 8 dice, 16 worm tiles, 2-7 players.

>>> from wordgames import regenwormen as rw
>>> state = rw.new_game(players=3)
>>> state.is_chance_node
True
>>> state = state.apply(rw.Roll((1, 2, 2, 3, 5, 6, 6, 6)))
>>> print(*state.legal_actions(), sep=", ")
set 1, set 2, set 3, set 5, set w

See docs/regenwormen.md for the rules as implemented, every rule decision and its flag.
"""

from wordgames._core.outcome import GameOutcome
from wordgames.regenwormen import bots, endgame, solver
from wordgames.regenwormen.actions import (
    FACE_POINTS,
    FACES,
    WORM,
    Action,
    Reroll,
    Resign,
    Roll,
    SetAside,
    Steal,
    Take,
    parse_action,
)
from wordgames.regenwormen.info import GAME_INFO
from wordgames.regenwormen.rules import MAX_PLAYERS, Rules
from wordgames.regenwormen.state import DICE, TILES, Phase, State, new_game, worms
from wordgames.regenwormen.svg import svg
from wordgames.regenwormen.view import View

__all__ = [
    "DICE",
    "FACES",
    "FACE_POINTS",
    "GAME_INFO",
    "MAX_PLAYERS",
    "TILES",
    "WORM",
    "Action",
    "GameOutcome",
    "Phase",
    "Reroll",
    "Resign",
    "Roll",
    "Rules",
    "SetAside",
    "State",
    "Steal",
    "Take",
    "View",
    "bots",
    "endgame",
    "new_game",
    "parse_action",
    "solver",
    "svg",
    "worms",
]
