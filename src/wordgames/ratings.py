"""Ratings from finished games: pairwise results, multi-player Elo and Glicko-2.

Pure functions on numbers and :class:`~wordgames.GameOutcome`: no I/O, no clock, no state.

- :func:`pairwise_results` turns any game's outcome into the pairs of a multi-player game as
  the Wocable rules define them: the winner has beaten every other player, each player has lost
  to every player ranked above and beaten every player ranked below, equal places draw. Every
  game's ``outcome.ranking`` already ranks players who left below every player who stayed, so
  a leaver loses to everyone who stayed.
- :func:`elo_update` rates a multi-player game from those pairs (each pair an Elo game with
  ``K / (n - 1)``, so a two-player game is plain Elo and a rating changes by at most ``K`` a
  game whatever the number of players).
- :func:`glicko2_period` is one Glicko-2 rating period exactly as Glickman's "Example of the
  Glicko-2 system" defines it (rating, deviation, volatility, ``tau``, the Illinois iteration
  for the new volatility); :func:`glicko2_update` rates a multi-player game as one rating
  period per player against the other players' ratings before the game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from wordgames._core.outcome import GameOutcome

__all__ = [
    "ELO_K",
    "GLICKO2_SCALE",
    "Glicko2Rating",
    "PairResult",
    "elo_expected",
    "elo_update",
    "glicko2_period",
    "glicko2_update",
    "pairwise_results",
]

ELO_K = 32.0
"""The default Elo K factor: the most a rating can change in one game (any number of players)."""

GLICKO2_SCALE = 173.7178
"""Glickman's factor between the Glicko scale (1500, 350) and the Glicko-2 scale (0, 2.01)."""


class PairResult(NamedTuple):
    """One pair of a finished game: players ``a < b`` and ``score``, what ``a`` scored
    against ``b`` (1.0 a win, 0.5 a draw, 0.0 a loss)."""

    a: int
    b: int
    score: float


def pairwise_results(outcome: GameOutcome) -> tuple[PairResult, ...]:
    """Every pair of players of a finished game, ``(a, b, score of a)`` with ``a < b``, in
    order of ``a`` then ``b``.

    A player ranked above another has beaten them, equal places are a draw: with more than two
    players the winner has beaten everyone and each lower score has lost to each higher one
    (Wocable's rules). The ranking is the game's own (``outcome.ranking``): Wocable and
    Wömmeln by score, Regenwormen by worms then highest tile, WordMeld the winner first then
    by cards held; in every game a player who left ranks below every player who stayed (a
    later leaver above an earlier one in Wocable and Regenwormen; Wömmeln's leavers among
    themselves by score, WordMeld's by cards held), so
    a leaver loses to everyone who stayed. ``ValueError`` for an outcome whose ranking is not
    one place (1 to n) per player.
    """
    ranking = outcome.ranking
    n = len(ranking)
    if (
        n < 2
        or len(outcome.scores) != n
        or not all(type(r) is int and 1 <= r <= n for r in ranking)
    ):
        raise ValueError(f"an outcome needs one place from 1 to n per player, got {ranking!r}")
    out = []
    for a in range(n):
        for b in range(a + 1, n):
            ra, rb = ranking[a], ranking[b]
            out.append(PairResult(a, b, 1.0 if ra < rb else 0.0 if ra > rb else 0.5))
    return tuple(out)


def _finite(x: float, what: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise ValueError(f"{what} must be a finite number, got {x!r}")
    return float(x)


def _pairs(results: Iterable[PairResult] | GameOutcome, n: int) -> list[PairResult]:
    if isinstance(results, GameOutcome):
        if len(results.ranking) != n:
            raise ValueError(f"an outcome of {len(results.ranking)} players for {n} ratings")
        results = pairwise_results(results)
    out = []
    for r in results:
        a, b, s = r
        if not (type(a) is int and type(b) is int and 0 <= a < n and 0 <= b < n and a != b):
            raise ValueError(f"a result needs two different players of 0..{n - 1}, got {r!r}")
        if not (0.0 <= _finite(s, "a score") <= 1.0):
            raise ValueError(f"a score is between 0 and 1, got {s!r}")
        out.append(PairResult(a, b, float(s)))
    return out


def elo_expected(rating: float, opponent: float) -> float:
    """The Elo expected score of a player rated ``rating`` against ``opponent``:
    ``1 / (1 + 10 ** ((opponent - rating) / 400))``."""
    d = _finite(opponent, "a rating") - _finite(rating, "a rating")
    return 1.0 / (1.0 + math.pow(10.0, d / 400.0))


def elo_update(
    ratings: Sequence[float],
    results: Iterable[PairResult] | GameOutcome,
    *,
    k: float | Sequence[float] = ELO_K,
) -> tuple[float, ...]:
    """The Elo ratings after one game of ``len(ratings)`` players with these pairwise
    ``results`` (or the game's ``GameOutcome``, read with :func:`pairwise_results`).

    Every pair is an Elo game played on the ratings before the game, with the K factor divided
    by ``n - 1``: player ``p`` gains ``k[p] / (n - 1) * (score - elo_expected(r_p, r_q))``
    against each opponent ``q``. Two players: plain Elo. A player who beats all ``n - 1``
    others gains at most ``k`` (like a two-player win), so ratings from games of different
    sizes stay comparable. ``k`` is one factor for all or one per player; with one ``k`` for
    both players of every pair the sum of the ratings is conserved. ``ValueError`` for bad
    numbers or players.
    """
    rs = [_finite(r, "a rating") for r in ratings]
    n = len(rs)
    if n < 2:
        raise ValueError(f"a game has at least 2 players, got {n}")
    ks = [_finite(k, "k")] * n if isinstance(k, (int, float)) else [_finite(x, "k") for x in k]
    if len(ks) != n or any(x < 0 for x in ks):
        raise ValueError(f"k must be one non-negative factor or one per player, got {k!r}")
    delta = [0.0] * n
    for a, b, s in _pairs(results, n):
        e = elo_expected(rs[a], rs[b])
        delta[a] += ks[a] * (s - e)
        delta[b] += ks[b] * ((1.0 - s) - (1.0 - e))
    return tuple(r + d / (n - 1) for r, d in zip(rs, delta, strict=True))


@attrs.frozen
class Glicko2Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 for a new player), ``rd`` the
    rating deviation (350 new) and ``volatility`` (0.06 new, Glickman's example). ``ValueError``
    unless the numbers are finite with ``rd`` and ``volatility`` positive."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def __attrs_post_init__(self) -> None:
        _finite(self.rating, "rating")
        if _finite(self.rd, "rd") <= 0 or _finite(self.volatility, "volatility") <= 0:
            raise ValueError(
                f"rd and volatility must be positive, got {self.rd}, {self.volatility}"
            )

    def to_dict(self) -> dict[str, float]:
        """JSON-safe form: ``rating``, ``rd``, ``volatility``."""
        return {"rating": self.rating, "rd": self.rd, "volatility": self.volatility}


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def glicko2_period(
    player: Glicko2Rating,
    games: Sequence[tuple[Glicko2Rating, float]],
    *,
    tau: float = 0.5,
    epsilon: float = 1e-6,
) -> Glicko2Rating:
    """``player``'s rating after one rating period in which they played ``games``, each an
    ``(opponent's rating, score)`` pair with score 1 a win, 0.5 a draw and 0 a loss.

    Glickman's steps 1-8: convert to the Glicko-2 scale (``mu = (r - 1500) / 173.7178``,
    ``phi = RD / 173.7178``), the estimated variance ``v`` and improvement ``Delta``, the new
    volatility by the Illinois (regula falsi) iteration on ``f`` to within ``epsilon``, then
    ``phi*``, the new ``phi`` and ``mu``. With no games only the deviation grows
    (``phi' = sqrt(phi^2 + sigma^2)``). ``tau`` (0.3 to 1.2 in the paper) limits how fast the
    volatility changes. ``ValueError`` for a score outside [0, 1] or bad ``tau``/``epsilon``.
    """
    if _finite(tau, "tau") <= 0 or _finite(epsilon, "epsilon") <= 0:
        raise ValueError(f"tau and epsilon must be positive, got {tau}, {epsilon}")
    mu = (player.rating - 1500.0) / GLICKO2_SCALE
    phi = player.rd / GLICKO2_SCALE
    sigma = player.volatility
    if not games:
        return Glicko2Rating(player.rating, math.sqrt(phi**2 + sigma**2) * GLICKO2_SCALE, sigma)
    inv_v = 0.0
    total = 0.0
    for opponent, s in games:
        if not isinstance(opponent, Glicko2Rating) or not 0.0 <= _finite(s, "a score") <= 1.0:
            raise ValueError(f"a game is (Glicko2Rating, score in [0, 1]), got {(opponent, s)!r}")
        g = _g(opponent.rd / GLICKO2_SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (opponent.rating - 1500.0) / GLICKO2_SCALE)))
        inv_v += g * g * e * (1.0 - e)
        total += g * (s - e)
    v = 1.0 / inv_v
    delta = v * total
    # step 5: the new volatility, the root of f by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2.0 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi**2 + new_sigma**2)
    new_phi = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
    new_mu = mu + new_phi**2 * total
    return Glicko2Rating(new_mu * GLICKO2_SCALE + 1500.0, new_phi * GLICKO2_SCALE, new_sigma)


def glicko2_update(
    ratings: Sequence[Glicko2Rating],
    results: Iterable[PairResult] | GameOutcome,
    *,
    tau: float = 0.5,
) -> tuple[Glicko2Rating, ...]:
    """The Glicko-2 ratings after one game of ``len(ratings)`` players with these pairwise
    ``results`` (or the game's ``GameOutcome``, read with :func:`pairwise_results`): for each
    player one rating period
    (:func:`glicko2_period`) whose games are their pairs, against the others' ratings before
    the game. Glicko-2 does not conserve the sum of ratings (a player with a wide deviation
    moves further). ``ValueError`` for bad players or scores."""
    rs = list(ratings)
    n = len(rs)
    if n < 2:
        raise ValueError(f"a game has at least 2 players, got {n}")
    games: list[list[tuple[Glicko2Rating, float]]] = [[] for _ in range(n)]
    for a, b, s in _pairs(results, n):
        games[a].append((rs[b], s))
        games[b].append((rs[a], 1.0 - s))
    return tuple(glicko2_period(r, g, tau=tau) for r, g in zip(rs, games, strict=True))
