"""The four games as OpenSpiel Python games.

Importing this module registers them::

    import pyspiel
    import wordgames.rl.openspiel  # registers the games

    game = pyspiel.load_game("python_wordgames_regenwormen", {"players": 3})

=================================  ============  =============  ======================
short name                         dynamics      information    parameters (default)
=================================  ============  =============  ======================
``python_wordgames_regenwormen``   sequential    perfect        players (2), grill (16)
``python_wordgames_wocable``       sequential    imperfect      players (2)
``python_wordgames_wordmeld``      sequential    imperfect      players (2)
``python_wordgames_wommeln``       simultaneous  imperfect      players (2), rounds
                                                                (10), intensiv (False)
=================================  ============  =============  ======================

Regenwormen's ``grill`` parameter starts a short game: only the lowest ``grill`` tiles lie
face up, the others face down (an endgame set-up, for quick experiments with search).

Chance is explicit: ``chance_outcomes()`` lists the library's outcomes with their exact
``Fraction`` probabilities converted to floats. Player actions are the indices of
:mod:`wordgames.rl.encoding` (``0 .. num_player_actions - 1``); a Wocable placement or a
WordMeld play takes one per step, all of the same player, and the library state changes at
the last (``state.pending_steps``). Chance outcomes are numbered from 0 in their own range
(the encoder's index minus its ``chance_offset``). Wömmeln's
rounds are simultaneous: every player still searching (or voting) acts at once; a player
with nothing to do has the single action ``num_player_actions`` ("wait").

Rewards come at the end only. A player's return is ``(players ranked below them - players
ranked above them) / (players - 1)``: +1 for a sole winner, -1 for a sole last, the returns
sum to 0 (zero-sum), ties share.

Observation tensors are the encoders' vectors of the player's view (a spectator's view for a
public-information observer); the steps of an action being chosen show only to the player
choosing it. The observation string is the view's JSON. The
information-state string is perfect recall: every action so far as the player saw it
(``state.redact_action``), so other players' hidden draws read ``draw *`` (Wocable) or
``draw ?`` (WordMeld). The information-state tensor is the observation vector (the views carry
scores, boards, hands and unseen counts; it is not a perfect-recall record).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from wordgames._core.registry import GAME_INFOS
from wordgames._core.states import Information
from wordgames.rl._runner import ranking_returns
from wordgames.rl.encoding import MORE, Encoder, Steps, encoder_for

__all__ = ["GAME_NAMES", "load"]

GAME_NAMES = {name: f"python_wordgames_{name}" for name in GAME_INFOS}
"""Library game name -> OpenSpiel short name."""


class _Frozen:
    """Holds an immutable value; OpenSpiel clones states with deepcopy, which shares it."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


def _new_regenwormen(params: dict[str, Any]) -> Any:
    from wordgames import regenwormen

    state = regenwormen.new_game(int(params["players"]))
    face_up = int(params["grill"])
    if face_up == 16:
        return state
    if not 1 <= face_up <= 16:
        raise ValueError("grill must be 1..16 face-up tiles")
    d = state.to_dict()  # a short set-up: only the lowest tiles face up (an endgame)
    d["grill"], d["flipped"] = d["grill"][:face_up], d["grill"][face_up:]
    # as if a bust had turned each tile face down: a roll and a set-aside each at least
    # (the bound ``regenwormen.state.min_ply`` checks)
    d["ply"] = 2 * len(d["flipped"])
    return regenwormen.State.from_dict(d)


def _new_wocable(params: dict[str, Any]) -> Any:
    from wordgames import wocable

    return wocable.new_game(int(params["players"]))


def _new_wordmeld(params: dict[str, Any]) -> Any:
    from wordgames import wordmeld

    return wordmeld.new_game(int(params["players"]))


def _new_wommeln(params: dict[str, Any]) -> Any:
    from wordgames import wommeln

    rules = wommeln.Rules(rounds=int(params["rounds"]), intensiv=bool(params["intensiv"]))
    return wommeln.new_game(int(params["players"]), rules=rules)


_Maker = Callable[[dict[str, Any]], Any]
_Dyn = pyspiel.GameType.Dynamics
_Info = pyspiel.GameType.Information


class _Spec(NamedTuple):
    """What the adapter adds to a game's ``GAME_INFO``: its parameters and their set-up."""

    extra_params: dict[str, Any]
    make: _Maker


_SPECS = {
    "regenwormen": _Spec({"grill": 16}, _new_regenwormen),
    "wocable": _Spec({}, _new_wocable),
    "wordmeld": _Spec({}, _new_wordmeld),
    "wommeln": _Spec({"rounds": 10, "intensiv": False}, _new_wommeln),
}


def _game_type(name: str) -> Any:
    spec = _SPECS[name]
    info = GAME_INFOS[name]
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"wordgames {info.title}",
        dynamics=_Dyn.SIMULTANEOUS if info.simultaneous else _Dyn.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            _Info.PERFECT_INFORMATION
            if info.information == Information.PERFECT
            else _Info.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={"players": 2, **spec.extra_params},
    )


#: (the game's outcome tuple, sorted OpenSpiel pairs, {OpenSpiel index: outcome object})
_ChanceEntry = tuple[Any, list[tuple[int, float]], dict[int, Any]]
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)


class _GameParts(NamedTuple):
    """What every state of one game reads: set-up facts and the shared chance cache."""

    encoder: Encoder
    simultaneous: bool
    wait: int
    chance_cache: dict[int, _ChanceEntry]


class _Game(pyspiel.Game):  # type: ignore[misc]
    """A wordgames game for OpenSpiel (one subclass per game, made by :func:`_register`)."""

    NAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = _SPECS[self.NAME]
        info = GAME_INFOS[self.NAME]
        full = {"players": 2, **spec.extra_params, **(params or {})}
        initial = spec.make(full)
        enc = encoder_for(initial)
        self.initial = initial
        self.encoder: Encoder = enc
        self.simultaneous = info.simultaneous
        self.wait = enc.num_player_actions  # the no-op of simultaneous nodes
        # id(outcome tuple) -> (that tuple, OpenSpiel pairs, {OpenSpiel index: the game's own
        # outcome object}); shared by every state (Regenwormen has one tuple per dice count)
        self.chance_cache: dict[int, _ChanceEntry] = {}
        super().__init__(
            _game_type(self.NAME),
            pyspiel.GameInfo(
                num_distinct_actions=enc.num_player_actions + (1 if self.simultaneous else 0),
                max_chance_outcomes=enc.num_chance_outcomes,
                num_players=initial.num_players,
                min_utility=info.min_utility,
                max_utility=info.max_utility,
                utility_sum=0.0,
                # each library action takes at most max_steps indices (a joint action of a
                # simultaneous node at least one library action)
                max_game_length=info.max_game_length * enc.max_steps,
            ),
            full,
        )

    def new_initial_state(self) -> _State:
        """The library's ``new_game`` (a chance node) wrapped for OpenSpiel."""
        return _State(self, self.initial)

    def state_for(self, state: Any) -> _State:
        """An OpenSpiel state around the library ``state`` (a position of this set-up: the
        same game and number of players), e.g. to search from a given position."""
        return _State(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Observation (default) or information-state (``perfect_recall``) observer."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return _Observer(self.encoder, iig_obs_type)


class _State(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an immutable library state."""

    def __init__(self, game: _Game, state: Any) -> None:
        super().__init__(game)
        # two attributes that deepcopy (OpenSpiel's clone) shares without a copy: the game's
        # set-up and caches, and (library state, log, per-state cache) of this position
        self._game_parts = _Frozen(
            _GameParts(game.encoder, game.simultaneous, game.wait, game.chance_cache)
        )
        self._now = _Frozen((state, None, {}))
        self._prefix: Steps = ()  # steps chosen so far towards an action of several
        self._player = self._player_now()

    # self._now.value: (library state, log, cache). The log is (previous log, library state
    # before, action), newest first; the cache maps player -> {index: action} of this
    # library state (or (player, prefix) -> the same after those steps), ("view", player) ->
    # that player's view, and _CHANCE -> its chance entry.

    @property
    def library_state(self) -> Any:
        """The wrapped wordgames state."""
        return self._now.value[0]

    @property
    def pending_steps(self) -> Steps:
        """The steps the player on turn has chosen so far towards an action chosen in
        several (``()`` when none is under way)."""
        return self._prefix

    def _legal_map(self, player: int) -> dict[int, Any]:
        state, _, cache = self._now.value
        prefix = self._prefix if player == self._player else ()
        key: Any = (player, prefix) if prefix else player
        m: dict[int, Any] | None = cache.get(key)
        if m is None:
            enc: Encoder = self._game_parts.value.encoder
            view = cache.get(("view", player))
            if view is None:  # one view a player and position: the encoder keeps its steps
                view = cache[("view", player)] = state.view(player)
            m = cache[key] = enc._legal_table(view, prefix)[0]
        return m

    def _player_now(self) -> int:
        s = self._now.value[0]
        if s.is_terminal:
            return _TERMINAL
        if s.is_chance_node:
            return _CHANCE
        if self._game_parts.value.simultaneous:
            return _SIMULTANEOUS
        return int(s.current_player)

    def current_player(self) -> int:
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        s = self._now.value[0]
        if s.is_terminal or s.is_chance_node:
            return []
        parts: _GameParts = self._game_parts.value
        if parts.simultaneous and player not in s.players_to_act:
            return [parts.wait]
        return sorted(self._legal_map(player))

    def _chance(self) -> _ChanceEntry:
        state, _, mine = self._now.value
        entry: _ChanceEntry | None = mine.get(_CHANCE)
        if entry is not None:
            return entry
        outcomes = state.chance_outcomes()
        parts: _GameParts = self._game_parts.value
        cache = parts.chance_cache
        hit = cache.get(id(outcomes))
        if hit is not None and hit[0] is outcomes:  # games that reuse their outcome tuples
            mine[_CHANCE] = hit
            return hit
        enc = parts.encoder
        off = enc.chance_offset
        index = [enc.encode_chance(a) - off for a, _ in outcomes]
        pairs = sorted((i, float(p)) for i, (_, p) in zip(index, outcomes, strict=True))
        entry = (outcomes, pairs, {i: a for i, (a, _) in zip(index, outcomes, strict=True)})
        if len(cache) > 64:
            cache.clear()
        cache[id(outcomes)] = mine[_CHANCE] = entry
        return entry

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._chance()[1])

    def _advance(self, action: Any) -> None:
        before, log, _ = self._now.value
        self._now = _Frozen((before.apply(action), (log, before, action), {}))
        self._prefix = ()
        self._player = self._player_now()

    def _apply_action(self, action: int) -> None:
        s = self._now.value[0]
        if s.is_chance_node:
            # the game's own outcome object (its fast path), else the encoder's
            outcome = self._chance()[2].get(action)
            if outcome is None:
                enc = self._game_parts.value.encoder
                outcome = enc.decode_chance(action + enc.chance_offset)
            self._advance(outcome)
        else:
            chosen = self._legal_map(s.current_player)[action]
            if chosen is MORE:
                self._prefix = (*self._prefix, int(action))
            else:
                self._advance(chosen)

    def _apply_actions(self, actions: list[int]) -> None:
        s = self._now.value[0]
        wait = self._game_parts.value.wait
        chosen = [
            self._legal_map(p)[a]
            for p, a in enumerate(actions)
            if p in s.players_to_act and a != wait
        ]
        for a in chosen:  # player order, as wordgames.play does
            self._advance(a)

    def _action_to_string(self, player: int, action: int) -> str:
        parts: _GameParts = self._game_parts.value
        if player == pyspiel.PlayerId.CHANCE:
            return str(parts.encoder.decode_chance(action + parts.encoder.chance_offset))
        if parts.simultaneous and action == parts.wait:
            return f"p{player} wait"
        s = self._now.value[0]
        if not s.is_terminal and not s.is_chance_node:
            a = self._legal_map(player).get(action)
            if a is MORE:
                return f"p{player} step {parts.encoder.step_name(action)}"
            if a is not None:
                return str(a)
        return f"p{player} action {action}"

    def is_terminal(self) -> bool:
        return bool(self._now.value[0].is_terminal)

    def returns(self) -> list[float]:
        s = self._now.value[0]
        if not s.is_terminal:
            return [0.0] * s.num_players
        return ranking_returns(s)

    def seen_history(self, player: int) -> list[str]:
        """Every action so far as ``player`` saw it, oldest first."""
        out: list[str] = []
        node = self._now.value[1]
        while node is not None:
            node, before, action = node
            out.append(before.redact_action(action, player))
        out.reverse()
        if self._prefix and player == self._player:
            out.append("steps " + ".".join(map(str, self._prefix)))
        return out

    def __str__(self) -> str:
        return str(self._now.value[0])


class _Observer:
    """OpenSpiel's PyObserver interface: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, encoder: Encoder, iig_obs_type: Any) -> None:
        self._enc = encoder
        self._recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._private = (
            iig_obs_type is None or iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        )
        self.tensor = np.zeros(encoder.observation_shape, np.float32)
        self.dict = {
            name: self.tensor[start : start + int(np.prod(shape))].reshape(shape)
            for name, (start, shape) in encoder.layout.items()
        }

    def _view(self, state: _State, player: int) -> Any:
        return state.library_state.view(player if self._private else None)

    def _steps(self, state: _State, player: int) -> Steps:
        """The pending steps, shown only to the player choosing them (they name tiles or
        cards from a hidden hand)."""
        if state.pending_steps and self._private and player == state.current_player():
            return state.pending_steps
        return ()

    def set_from(self, state: _State, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        self.tensor[:] = self._enc.observe(self._view(state, player), self._steps(state, player))

    def string_from(self, state: _State, player: int) -> str:
        """The view's JSON, or (perfect recall) the actions as ``player`` saw them."""
        if self._recall:
            seen = state.seen_history(player if self._private else None)  # type: ignore[arg-type]
            return f"p{player}: " + " | ".join(seen)
        d = self._view(state, player).to_dict()
        steps = self._steps(state, player)
        if steps:
            d = {**d, "pending_steps": list(steps)}
        return json.dumps(d, sort_keys=True)


def _register(name: str) -> None:
    cls = type(f"{name.capitalize()}Game", (_Game,), {"NAME": name})
    pyspiel.register_game(_game_type(name), cls)


def load(name: str, **params: Any) -> Any:
    """``pyspiel.load_game`` of the wordgames game ``name`` (``"regenwormen"``...)."""
    return pyspiel.load_game(GAME_NAMES[name], params)


for _name in GAME_NAMES:
    if GAME_NAMES[_name] not in pyspiel.registered_names():
        _register(_name)
