"""Information-set Monte-Carlo tree search (single-observer ISMCTS) over the game contract.

One tree is grown over the acting player's information set (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012). Every iteration

1. draws a determinisation, a full state consistent with what the player knows, with
   ``view.sample_state(rng)``;
2. walks down the tree with that state: at a decision, the edges are ``(player, action)``
   pairs; an action legal here (or, with ``candidates``, searched here) that has no edge yet
   is expanded, otherwise UCB1 picks among the edges whose action is legal (searched) in this
   determinisation, with *availability counts* in place of the parent's visits (an edge is
   "available" each time its action is legal when its node is passed);
3. chance nodes are not branched on: the walk resolves them with
   :func:`wordgames.sample_chance` and goes on in the same tree node ("open loop"), so a node is
   a sequence of decisions, whatever the dice or draws were;
4. plays out from the new edge (uniformly random legal actions, or a given bot) to the end of
   the game or for ``max_depth`` decisions, and scores the end: a finished game by its
   ``outcome`` ranking, an unfinished one by ``evaluate`` (default: the players' scores);
5. adds each player's value to the edges that player took.

Two optional hooks let a game steer the search without leaving the contract: ``candidates``
gives the actions searched at a decision (default: every legal action; a game may prune and
order them, or add legal actions its listing leaves out), and ``tree_depth`` stops the tree
that many decisions below the root (the rest is playout or ``evaluate``).

Where several players may act at once (Wömmeln's simultaneous rounds), the lowest-numbered of
them acts first, as in :func:`wordgames.play`. The search uses nothing but the public contract
(``legal_actions``, ``apply``, ``is_terminal``, ``outcome``, ``is_chance_node``,
``players_to_act``, ``view``, ``view.sample_state``), so it works for every game. All
randomness comes from the ``rng`` handed to :meth:`ISMCTSBot.choose`: the same seed gives the
same move. The search never reads the clock itself; a time budget needs a caller's ``clock``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from wordgames._core.chance import sample_chance
from wordgames._core.errors import WordgamesError
from wordgames._core.protocols import Action, Bot

__all__ = ["ActionStats", "ISMCTSBot", "outcome_values", "score_values"]

Evaluator = Callable[[Any], Sequence[float]]
Candidates = Callable[[Any], Sequence[Action]]


def outcome_values(outcome: Any) -> tuple[float, ...]:
    """Each player's value of a finished game in ``[0, 1]``, from ``outcome.ranking``: the
    share of opponents placed behind the player, a shared place counting half (two players:
    1 for a win, 0.5 for a draw, 0 for a loss). A solo game is worth 1."""
    ranking: Sequence[int] = outcome.ranking
    n = len(ranking)
    if n < 2:
        return (1.0,) * n
    return tuple(
        (sum(1.0 if r < o else 0.5 if r == o else 0.0 for o in ranking) - 0.5) / (n - 1)
        for r in ranking
    )


def _current_scores(state: Any) -> Sequence[float] | None:
    # every game's ``scores`` is a tuple property; a foreign state without it is "even"
    scores = getattr(state, "scores", None)
    return None if scores is None else tuple(float(s) for s in scores)


def score_values(state: Any) -> tuple[float, ...]:
    """A value in ``[0, 1]`` for each player of an unfinished game, from the current scores
    (higher is better): the mean over opponents of ``0.5 + 0.5 * (mine - theirs) / (|mine| +
    |theirs| + 1)``. The default ``evaluate`` of :class:`ISMCTSBot` at a depth cut-off.
    A game without running scores is even (0.5 for everyone)."""
    scores = _current_scores(state)
    if scores is None:
        players: int = state.num_players
        return (0.5,) * players
    n = len(scores)
    if n < 2:
        return (0.5,) * n
    out = []
    for i, mine in enumerate(scores):
        total = 0.0
        for j, theirs in enumerate(scores):
            if j != i:
                total += 0.5 + 0.5 * (mine - theirs) / (abs(mine) + abs(theirs) + 1.0)
        out.append(total / (n - 1))
    return tuple(out)


@attrs.frozen
class ActionStats:
    """One root action after a search: how often it was tried and its mean value in
    ``[0, 1]`` for the searching player."""

    action: Action
    visits: int
    mean_value: float


class _Node:
    """A tree node reached by the edge ``(player, action)``; mutable, private to one search."""

    __slots__ = ("available", "children", "player", "value_sum", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 1
        self.value_sum = 0.0
        self.children: dict[tuple[int, Action], _Node] = {}


def _acting(state: Any) -> int:
    acting: frozenset[int] = state.players_to_act
    if not acting:
        raise WordgamesError(f"{state.GAME}: no player to act in a non-terminal state")
    return min(acting)


@attrs.frozen
class ISMCTSBot:
    """Information-set MCTS for any game (see the module docstring for the algorithm).

    - ``iterations``: determinisations searched per move (``None``: as many as the time budget
      allows; at least one of the two budgets must be set).
    - ``exploration``: the UCB1 constant (values are in ``[0, 1]``).
    - ``max_depth``: decisions played out after leaving the tree (``None``: to the end of the
      game); an unfinished playout is scored by ``evaluate``.
    - ``rollout``: the bot that plays the playouts (``None``: uniformly random legal actions,
      read from the state without building views).
    - ``evaluate``: a state's value for each player in ``[0, 1]`` (default :func:`score_values`).
    - ``candidates``: ``candidates(view)`` gives the actions searched for the view's player
      (default: all of ``view.legal_actions()``), best first (ties go to the earlier one).
      Every action it returns must be legal; it may leave legal actions out and add legal
      actions that ``legal_actions()`` does not list. In the tree it is called with
      ``state.view(player)`` of the determinisation, so it sees what that player sees.
    - ``tree_depth``: the most decisions the tree holds below the root (``None``: no limit);
      a walk that reaches it goes on as a playout (``1``: flat Monte-Carlo over the root's
      actions, each scored after its chance outcomes).
    - ``clock`` and ``time_budget``: stop after ``time_budget`` units of ``clock()`` (e.g.
      ``time.perf_counter`` and seconds). The search itself never reads a clock, and with a
      time budget the move depends on the machine's speed.

    A move with a single legal action is returned without searching.
    """

    iterations: int | None = 200
    exploration: float = 0.7
    max_depth: int | None = None
    rollout: Bot | None = None
    evaluate: Evaluator | None = None
    clock: Callable[[], float] | None = None
    time_budget: float | None = None
    candidates: Candidates | None = None
    tree_depth: int | None = None

    def __attrs_post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if (self.clock is None) != (self.time_budget is None):
            raise ValueError("a time budget needs both clock and time_budget")
        if self.iterations is None and self.time_budget is None:
            raise ValueError("give iterations, a time budget (clock and time_budget), or both")
        if self.max_depth is not None and self.max_depth < 0:
            raise ValueError(f"max_depth must be >= 0, got {self.max_depth}")
        if self.tree_depth is not None and self.tree_depth < 1:
            raise ValueError(f"tree_depth must be at least 1, got {self.tree_depth}")

    def choose(self, view: Any, rng: random.Random) -> Action:
        """The most visited root action (ties: the higher mean value, then the order of the
        searched actions)."""
        legal = self._root_actions(view)
        if len(legal) == 1:
            return legal[0]
        stats = self._search(view, legal, rng)
        best = max(enumerate(stats), key=lambda e: (e[1].visits, e[1].mean_value, -e[0]))
        return best[1].action

    def _root_actions(self, view: Any) -> tuple[Action, ...]:
        if self.candidates is None:
            return tuple(view.legal_actions())
        return tuple(self.candidates(view))

    def search(self, view: Any, rng: random.Random) -> tuple[ActionStats, ...]:
        """Run the search from ``view`` and return the statistics of every searched action of
        the viewer (the legal actions, or what ``candidates`` gives), in that order (actions
        never tried have 0 visits)."""
        return self._search(view, self._root_actions(view), rng)

    def _search(
        self, view: Any, legal: tuple[Action, ...], rng: random.Random
    ) -> tuple[ActionStats, ...]:
        me = view.viewer
        if me is None or not legal:
            raise WordgamesError("ISMCTSBot was asked to act but the view lists no legal action")
        root = _Node(me)
        deadline = None
        if self.clock is not None and self.time_budget is not None:
            deadline = self.clock() + self.time_budget
        done = 0
        while self.iterations is None or done < self.iterations:
            if (
                deadline is not None
                and done
                and self.clock is not None
                and self.clock() >= deadline
            ):
                break
            self._iterate(root, view.sample_state(rng), me, legal, rng)
            done += 1
        out = []
        for action in legal:
            child = root.children.get((me, action))
            if child is None or not child.visits:
                out.append(ActionStats(action, 0, 0.0))
            else:
                out.append(ActionStats(action, child.visits, child.value_sum / child.visits))
        return tuple(out)

    def _iterate(
        self, root: _Node, state: Any, me: int, legal: Sequence[Action], rng: random.Random
    ) -> None:
        node = root
        path = [root]
        player: int | None = me
        actions: Sequence[Action] = legal
        limit = self.tree_depth
        while True:
            while state.is_chance_node:
                state = state.apply(sample_chance(state, rng))
            if state.is_terminal or (limit is not None and len(path) > limit):
                break
            if player is None:
                player = _acting(state)
                if self.candidates is None:
                    actions = state.legal_actions(player)
                else:
                    actions = self.candidates(state.view(player))
            child, action = self._select(node, player, actions, rng)
            state = state.apply(action)
            path.append(child)
            player = None
            if child.visits == 0:  # just expanded: play out from here
                break
            node = child
        values = self._playout(state, rng)
        for n in path:
            n.visits += 1
            n.value_sum += values[n.player]

    def _select(
        self, node: _Node, player: int, actions: Sequence[Action], rng: random.Random
    ) -> tuple[_Node, Action]:
        children = node.children
        untried = []
        available = []
        for action in actions:
            child = children.get((player, action))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                available.append((child, action))
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = _Node(player)
            children[(player, action)] = child
            return child, action
        c = self.exploration
        best, best_score = available[0], -math.inf
        for pair in available:
            ch = pair[0]
            score = ch.value_sum / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
            if score > best_score:
                best, best_score = pair, score
        return best

    def _playout(self, state: Any, rng: random.Random) -> Sequence[float]:
        depth = 0
        bot = self.rollout
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(sample_chance(state, rng))
                continue
            if self.max_depth is not None and depth >= self.max_depth:
                evaluate = self.evaluate or score_values
                return evaluate(state)
            player = _acting(state)
            if bot is None:
                actions = state.legal_actions(player)
                action = actions[rng.randrange(len(actions))]
            else:
                action = bot.choose(state.view(player), rng)
            state = state.apply(action)
            depth += 1
        return outcome_values(state.outcome)
