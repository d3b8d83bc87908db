"""Integer action encodings and fixed-shape observation tensors, one encoder per game.

Every encoder maps the actions of one game set-up (a number of players and the rules) to the
flat index range ``0 .. num_actions - 1``:

- ``0 .. num_player_actions - 1``: the players' decisions;
- ``chance_offset .. num_actions - 1`` (``chance_offset == num_player_actions``): chance
  outcomes (rolls, draws, category cards), each its own index.

Everything is computed from a *view* (``state.view(p)``), never from a state, so an agent sees
exactly what its player may know. **Every** action of ``view.legal_actions()`` has an index
sequence, ``decode_steps(view, encode_steps(view, a)) == a``, and the masks mark exactly the
legal actions. :class:`~wordgames.Resign` and the frontend-only events (Wocable's
``Timeout``, Wömmeln's ``TimeUp``) have no index: they are not decisions a learner makes, and
the games do not list them among the legal actions (``encode`` raises ValueError for them).
Who has left shows in the observations instead: every game's has a ``departed`` flag per seat.

Regenwormen enumerates its whole action space, one index per action. Wömmeln lists its few
offered words after fixed slots, under a cap its rules prove (:class:`WommelnEncoder`). A
Wocable placement and a WordMeld play cannot have one index each in a fixed space of sane
size (tens of thousands of placements with two blanks; a play is any edit of the table), so
they are chosen **in steps** from a fixed space that covers the whole action set: a Wocable
placement is its first square, direction and number of tiles, then its tiles one by one; a
WordMeld play is its words, each a part marker and then its cards (and jokers' letters) one
by one, then "done". :meth:`Encoder.legal` and :meth:`Encoder.action_mask` take the steps
chosen so far (``prefix``) and mark the next steps that lead to at least one legal action;
a step that completes an action maps to it, the others to :data:`MORE`. See docs/rl.md.

The encoders live in one module per game (``wordgames.rl._encoding``); this module is their
public home, and :func:`encoder_for` picks one by the view's ``GAME``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordgames.rl._encoding.base import MORE, OBS_BOUND, Encoder
from wordgames.rl._encoding.base import Mask as Mask  # the adapters' type aliases
from wordgames.rl._encoding.base import Obs as Obs
from wordgames.rl._encoding.base import Steps as Steps
from wordgames.rl._encoding.regenwormen import RegenwormenEncoder
from wordgames.rl._encoding.wocable import WocableEncoder
from wordgames.rl._encoding.wommeln import WommelnEncoder, wommeln_list_bound
from wordgames.rl._encoding.wordmeld import WordMeldEncoder
from wordgames.rl._views import regenwormen_fields

__all__ = [
    "MORE",
    "OBS_BOUND",
    "Encoder",
    "RegenwormenEncoder",
    "WocableEncoder",
    "WommelnEncoder",
    "WordMeldEncoder",
    "encoder_for",
    "wommeln_list_bound",
]

_ENCODERS: dict[str, Callable[[Any], Encoder]] = {
    RegenwormenEncoder.game: lambda view: RegenwormenEncoder(regenwormen_fields(view).num_players),
    WocableEncoder.game: lambda view: WocableEncoder(len(view.players), view),
    WordMeldEncoder.game: lambda view: WordMeldEncoder(len(view.players), view),
    WommelnEncoder.game: lambda view: WommelnEncoder(len(view.players), view),
}
"""Registry name (``view.GAME``) -> the encoder of that game's set-up."""


def encoder_for(state_or_view: Any) -> Encoder:
    """The encoder of the set-up ``state_or_view`` belongs to (its game, number of players,
    rules, tile set, deck or sheet size), chosen by its ``GAME``. Only public set-up facts
    are read: a state is turned into its spectator view first."""
    view = state_or_view
    if hasattr(view, "view") and callable(view.view):
        view = view.view(None)
    game = getattr(view, "GAME", None)
    make = _ENCODERS.get(game) if isinstance(game, str) else None
    if make is None:
        raise ValueError(f"no encoder for {type(state_or_view).__name__}")
    return make(view)
