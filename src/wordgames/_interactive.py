"""A game between a person at a terminal and bots (``wordgames play GAME --human 0``).

The person sees only their own view as text, types actions in the game's notation
(docs/notation.md), ``?`` for the legal actions (``? TEXT`` for those starting with TEXT) and
``quit`` to resign. Input and output are handed in, so a script can drive it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from wordgames._core.chance import sample_chance
from wordgames._core.errors import IllegalActionError, ParseError
from wordgames._core.protocols import Bot
from wordgames._core.registry import GAMES

__all__ = ["LIST_LIMIT", "bust_note", "end_line", "play_human", "view_text"]

LIST_LIMIT = 60
"""``?`` lists at most this many actions (and says how many more there are)."""

_QUIT = ("quit", "exit", "resign")


def bust_note(before: Any, after: Any) -> str:
    """``" (bust: P1 returns 24)"`` when the action from ``before`` to ``after`` ended a
    Regenwormen turn in a bust (the turn passed and the player took no tile); else ``""``
    (the note of the game's entry in ``_NOTES``)."""
    note = _NOTES.get(before.GAME)
    return "" if note is None or before.is_terminal else note(before, after)


def _regenwormen_bust(before: Any, after: Any) -> str:
    p = before.turn
    if after.turn == p and not after.is_terminal:
        return ""
    if p in after.departed or len(after.stacks[p]) > len(before.stacks[p]):
        return ""  # left the game, or took or stole a tile
    lost = before.stacks[p][-1] if len(after.stacks[p]) < len(before.stacks[p]) else None
    turned = sorted(set(after.flipped) - set(before.flipped))
    parts = [f"returns {lost}"] if lost is not None else []
    parts += [f"{t} turned down" for t in turned]
    return f" (bust: P{p}" + (" " + ", ".join(parts) if parts else "") + ")"


def end_line(outcome: Any, names: Sequence[str]) -> str:
    """The last line of a game shown as text: the reason, the scores and the winners, each
    player as ``P<seat> <name>`` (seats from 0, as in the notation)."""
    winners = ", ".join(f"P{p} {names[p]}" for p in sorted(outcome.winners))
    scores = ", ".join(f"P{p} {s}" for p, s in enumerate(outcome.scores))
    return f"game over ({outcome.reason}): scores {scores}; won by {winners}"


def view_text(state: Any, viewer: int) -> str:
    """What ``viewer`` may know of ``state``, as text (hidden racks and hands left out)."""
    view = state.view(viewer)
    text = _TEXTS.get(state.GAME)
    return str(view) if text is None else text(view)  # Wocable's and Wömmeln's: their own


def _wordmeld_text(view: Any) -> str:
    from wordgames.wordmeld.engine import word_text

    cl = view.setup.deck.card_letters
    letters = dict(view.table_letters)
    top = view.discard_top
    lines = [
        f"WordMeld [{view.phase}] ply {view.ply}",
        f"pile {view.pile_size}  discard {view.discard_size}"
        f" (top {'-' if top is None else f'{cl[top]}{top}'})",
    ]
    words = [f"{word_text(w, cl, letters)}({'.'.join(map(str, w))})" for w in view.table]
    lines.append("table: " + ("  ".join(words) if words else "-"))
    for i, name in enumerate(view.players):
        mark = "*" if i == view.current_player else " "
        if i == view.viewer and view.hand is not None:
            cards = " ".join(f"{cl[c]}{c}" for c in view.hand)
        else:  # a hand is hidden except for the cards everyone saw it take
            known = " ".join(f"{cl[c]}{c}" for c in view.known[i])
            cards = f"{view.hand_sizes[i]} cards" + (f", known: {known}" if known else "")
        first = "" if view.melded[i] else " (no word yet)"
        first += " (resigned)" if i in view.departed else ""
        lines.append(f"{mark}{name}{first}: {cards}")
    return "\n".join(lines)


_TEXTS: dict[str, Callable[[Any], str]] = {
    "regenwormen": lambda view: str(view.state),  # nothing is hidden
    "wordmeld": _wordmeld_text,
}
"""The games whose view text is not ``str(view)``: registry name -> the view's text."""

_NOTES: dict[str, Callable[[Any, Any], str]] = {"regenwormen": _regenwormen_bust}
"""The games that add a note to an action shown (a Regenwormen bust): name -> the note."""


def _legal_texts(state: Any, viewer: int) -> list[str]:
    """The viewer's legal actions as text; Wocable's placements first, best first, with their
    scores."""
    view = state.view(viewer)
    moves = getattr(view, "moves", None)
    if callable(moves):  # a view that ranks its placements (Wocable's ``moves()``)
        ranked = moves()
        placed = {m.action for m in ranked}
        placements = [f"{m.action}  (+{m.score})" for m in ranked]
        others = [str(a) for a in view.legal_actions() if a not in placed]
        return placements + others
    return list(dict.fromkeys(str(a) for a in view.legal_actions()))


def _listing(texts: Sequence[str], prefix: str) -> list[str]:
    if prefix:
        texts = [x for x in texts if x.lower().startswith(prefix.lower())]
    if not texts:
        return ["no legal action" + (f" starts with {prefix!r}" if prefix else "")]
    lines = ["  " + x for x in texts[:LIST_LIMIT]]
    if len(texts) > LIST_LIMIT:
        lines.append(f"  ... and {len(texts) - LIST_LIMIT} more ('? TEXT' lists those starting")
        lines[-1] += " with TEXT)"
    return lines


def play_human(
    game: str,
    human: int,
    bots: Sequence[Bot],
    names: Sequence[str],
    seed: int | str,
    inp: TextIO,
    out: TextIO,
    *,
    echo: bool = False,
    options: Mapping[str, Any] | None = None,
) -> Any:
    """Play ``game`` with the person at seat ``human`` (0 = first) reading ``inp`` and the
    ``bots`` in the other seats in order; returns the final state. ``names`` are the players'
    names (the game's too); ``options`` go to ``new_game`` (``rules``, ``lexicon``).

    Chance and the bots use ``random.Random(seed)``. The person's view is printed before each
    of their decisions, other players' actions as the person sees them (hidden draws
    redacted). End of input resigns, as ``quit`` does. ``echo`` writes each line read after
    its prompt (for input that is not typed at a terminal, so the output reads as a
    transcript)."""
    n = len(bots) + 1
    if not 0 <= human < n:
        raise ValueError(f"--human is a seat from 0 to {n - 1}, got {human}")
    module = GAMES[game]
    seats: list[Bot | None] = list(bots)
    seats.insert(human, None)
    state = module.new_game(list(names), **dict(options or {}))
    rng = random.Random(seed)
    you = f"P{human}"
    print(f"{game}: " + ", ".join(f"P{i} {x}" for i, x in enumerate(names)), file=out)
    print(f"you are {you}; type an action, '?' for the legal ones, 'quit' to resign", file=out)
    shown = -1  # the ply of the view last printed
    chance: list[str] = []  # chance outcomes not printed yet (one line for a run of them)
    while not state.is_terminal:
        if state.is_chance_node:
            action = sample_chance(state, rng)
            after = state.apply(action)
            chance.append(state.redact_action(action, human) + bust_note(state, after))
            state = after
            continue
        if chance:
            print(f"  chance: {'; '.join(chance)}", file=out)
            chance = []
        player = min(state.players_to_act)
        bot = seats[player]
        if bot is not None:
            action = bot.choose(state.view(player), rng)
            after = state.apply(action)
            shown_action = state.redact_action(action, human) + bust_note(state, after)
            print(f"  P{player} {names[player]}: {shown_action}", file=out)
            state = after
            continue
        if shown != state.ply:
            print(view_text(state, human), file=out)
            shown = state.ply
        out.write(f"{you}> ")
        out.flush()
        line = inp.readline()
        if echo:
            out.write(line if line.endswith("\n") else line + "\n")
        if not line:  # end of input
            print("(end of input: you resign)", file=out)
            line = "quit"
        text = line.strip()
        if not text:
            continue
        if text.startswith("?"):
            legal = _legal_texts(state, human)
            print("\n".join(_listing(legal, text[1:].strip())), file=out)
            continue
        if text.lower() in _QUIT:
            text = str(module.Resign(human))
        try:
            action = state.check_as(human, text)
        except (ParseError, IllegalActionError) as exc:
            print(f"  {exc}", file=out)
            continue
        after = state.apply(action)
        print(f"  {you} {names[human]}: {action}{bust_note(state, after)}", file=out)
        state = after
    if chance:
        print(f"  chance: {'; '.join(chance)}", file=out)
    print(view_text(state, human), file=out)
    outcome = state.outcome
    if outcome is not None:
        print(end_line(outcome, names), file=out)
    return state
