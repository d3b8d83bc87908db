"""The Python half of the web page: one person against the library's bots, and bot games.

The page (``index.html``) runs this file inside Pyodide, in a web worker, and calls three
functions, each answering with JSON text:

- ``new_game(game, seed, bot)``: a new game with the person in seat 0 and ``bot`` in seat 1;
  chance (rolls, draws, deals) and the bot use ``random.Random(seed)``;
- ``act(text, ply)``: the person's action, typed in the game's notation or clicked in the
  list. It goes through the same checked entry points as a server's requests: the stored
  position is loaded with ``State.from_dict`` and the text checked with
  ``state.check_as(0, text, ply=ply)``; a refusal answers ``{"error": code, "message": ...}``
  and changes nothing;
- ``bot_game(game, seed, bot)``: a whole game between two copies of ``bot``, played with
  ``wordgames.play`` and ``random.Random(seed)``; the answer holds its record;
- ``analyze_game(record)``: the analysis of a finished game's record (JSON text, as the two
  other answers hold it) by :func:`wordgames.analysis.analyze`: the table's rows, the
  summaries and the picture (:func:`wordgames.analysis.svg`).

The same file runs in CPython: ``python examples/web/webgame.py record GAME SEED`` prints the
record and the final picture of the bot game the page plays for that seed, ``analysis GAME
SEED`` that game's analysis, and ``session GAME SEED ACTION...`` the answer the page shows
after those actions of the person (the browser test compares the two runtimes' answers,
byte for byte).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import wordgames
from wordgames import IllegalActionError, InvalidStateError, ParseError

#: Seat 0 is the person, seat 1 the bot.
PLAYERS = ("player", "bot")
#: The seats of a bot game.
BOT_PLAYERS = ("bot A", "bot B")
HUMAN = 0

#: The bots the page offers for each game (the first is the default).
BOTS: dict[str, tuple[str, ...]] = {
    "regenwormen": ("OptimalTurnBot", "HeuristicBot", "RandomBot"),
    "wocable": ("EquityBot", "GreedyBot", "RandomBot"),
    "wommeln": ("LongestWordBot", "RandomBot"),
    "wordmeld": ("GreedyBot", "RandomBot"),
}

#: At most this many legal actions are sent to the page (Wocable: the best placements first).
MAX_LISTED = 1000
#: Wocable: how many of the best placements are listed (the rest can be typed).
WOCABLE_LISTED = 40
#: Seeds are integers of at most this many digits.
MAX_SEED_DIGITS = 30


class PageError(Exception):
    """A request the page itself refuses (unknown game or bot, bad seed, no game)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def parse_seed(seed: object) -> int:
    """The seed as typed in the page: an integer (``bad_seed`` otherwise)."""
    text = str(seed).strip()
    digits = text[1:] if text[:1] == "-" else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_SEED_DIGITS:
        raise PageError("bad_seed", f"a seed is a whole number of at most {MAX_SEED_DIGITS} digits")
    return int(text)


def make_bot(game: str, name: str | None) -> Any:
    """One of the bots the page offers for ``game`` (``bad_game``, ``bad_bot`` otherwise)."""
    if game not in BOTS:
        raise PageError("bad_game", f"games: {', '.join(BOTS)}")
    name = name or BOTS[game][0]
    if name not in BOTS[game]:
        raise PageError("bad_bot", f"{game} bots: {', '.join(BOTS[game])}")
    if name == "RandomBot":
        return wordgames.RandomBot()
    return getattr(wordgames.GAMES[game].bots, name)()


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def _outcome(state: Any) -> dict[str, Any] | None:
    return state.outcome.to_dict() if state.is_terminal else None


class Session:
    """One game against a bot. The position is kept as JSON, as a server would store it."""

    def __init__(self, game: str, seed: int, bot_name: str | None) -> None:
        self.game = game
        self.seed = seed
        self.bot = make_bot(game, bot_name)
        self.bot_name = type(self.bot).__name__
        self.module = wordgames.GAMES[game]
        self.rng = random.Random(seed)
        self.initial = self.module.new_game(list(PLAYERS))
        self.actions: list[Any] = []
        self.log: list[str] = []  # the actions as the person saw them (hidden draws redacted)
        self.bot_ms: list[float] = []
        self.stored = ""
        self._advance(self.initial)

    def _apply(self, state: Any, action: Any) -> Any:
        # applied first: an action the rules refuse leaves the log and the record as they were
        after = state.apply(action)
        actor = state.actor(action)
        who = "chance" if actor is None else state.players[actor]
        self.log.append(f"{who}: {state.redact_action(action, HUMAN)}")
        self.actions.append(action)
        return after

    def _advance(self, state: Any) -> None:
        """Resolve chance and let the bot act until the person may act or the game ends."""
        self.bot_ms = []
        while not state.is_terminal:
            if state.is_chance_node:
                state = self._apply(state, wordgames.sample_chance(state, self.rng))
                continue
            player = min(state.players_to_act)  # as wordgames.play: the lowest seat first
            if player == HUMAN:
                break
            start = time.perf_counter()
            action = self.bot.choose(state.view(player), self.rng)
            self.bot_ms.append(_ms(start))
            state = self._apply(state, action)
        self.stored = json.dumps(state.to_dict())

    def load(self) -> Any:
        """The stored position, loaded and validated as a server loads it."""
        return self.module.State.from_dict(json.loads(self.stored))

    def act(self, text: object, ply: object) -> None:
        if not isinstance(text, str) or (ply is not None and type(ply) is not int):
            raise PageError("bad_request", "an action is text and its ply an integer")
        state = self.load()
        action = state.check_as(HUMAN, text, ply=ply)  # ParseError, IllegalActionError
        self._advance(self._apply(state, action))

    def record(self) -> wordgames.Record[Any]:
        return wordgames.Record(self.initial, tuple(self.actions))

    def payload(self) -> dict[str, Any]:
        state = self.load()
        view = state.view(HUMAN)
        out: dict[str, Any] = {
            "game": self.game,
            "seed": self.seed,
            "bot": self.bot_name,
            "players": list(state.players),
            "ply": state.ply,
            "to_act": sorted(state.players_to_act),
            "your_turn": HUMAN in state.players_to_act,
            "outcome": _outcome(state),
            "log": self.log[-200:],
            "log_length": len(self.log),
            "bot_ms": self.bot_ms,
        }
        start = time.perf_counter()
        legal = view.legal_actions() if out["your_turn"] else ()
        out["legal_ms"] = _ms(start)
        out["legal_total"] = len(legal)
        out["legal"] = _listed(self.game, view, legal)
        out["svg"] = _svg(self.game, view, self.actions)
        # the whole record (hidden tiles and cards included) only once the game is over
        out["record"] = self.record().to_json() if state.is_terminal else None
        return out


def _listed(game: str, view: Any, legal: Any) -> list[dict[str, str]]:
    """The legal actions to offer as buttons: ``text`` to send, ``label`` to show."""
    if not legal:
        return []
    if game == "wocable":
        from wordgames.wocable import Place

        best = [
            {"text": str(m.action), "label": f"{m.action} (+{m.score})"}
            for m in view.best_moves(WOCABLE_LISTED)
        ]
        others = [{"text": str(a), "label": str(a)} for a in legal if not isinstance(a, Place)]
        return (best + others)[:MAX_LISTED]
    seen: dict[str, str] = {}
    for a in legal:
        seen.setdefault(str(a), _wordmeld_label(view, a) if game == "wordmeld" else str(a))
    return [{"text": t, "label": lab} for t, lab in list(seen.items())[:MAX_LISTED]]


def _wordmeld_label(view: Any, action: Any) -> str:
    """A WordMeld action with the letters of its cards (its notation names cards by id)."""
    from wordgames.wordmeld import JOKER, Discard, Play

    cards = view.setup.deck.card_letters
    if isinstance(action, Discard):
        return f"{action} ({cards[action.card]})"
    if isinstance(action, Play):
        letter_of = {**dict(view.table_letters), **dict(action.letters)}
        words = [*action.new, *(w for _, w in action.changes if w)]
        spelled = [
            "".join(letter_of.get(c, "?") if cards[c] == JOKER else cards[c] for c in w)
            for w in words
        ]
        return f"{action} ({' '.join(spelled)})"
    return str(action)


def _svg(game: str, view: Any, actions: list[Any]) -> str:
    svg = wordgames.GAMES[game].svg  # type: ignore[attr-defined]
    if game == "wocable":
        from wordgames.wocable import Place

        last = next((a for a in reversed(actions) if isinstance(a, Place)), None)
        return str(svg(view, last_move=last))
    return str(svg(view))


def play_bots(game: str, seed: int, bot_name: str | None = None) -> wordgames.Record[Any]:
    """The bot game the page's "bots play" button plays: the same record in every runtime."""
    bot = make_bot(game, bot_name)
    state = wordgames.GAMES[game].new_game(list(BOT_PLAYERS))
    return wordgames.play(state, bot, random.Random(seed))


# -- what the page calls (JSON text in the answers; errors as {"error": code, "message": ...})

_session: Session | None = None


def _answer(fn: Any, *args: Any) -> str:
    try:
        result = fn(*args)
    except PageError as exc:
        result = {"error": exc.code, "message": str(exc)}
    except ParseError as exc:
        result = {"error": "parse_error", "message": str(exc)}
    except IllegalActionError as exc:
        result = {"error": exc.code, "message": str(exc)}
    except InvalidStateError as exc:
        result = {"error": "corrupt_state", "message": str(exc)}
    return json.dumps(result)


def _new_game(game: object, seed: object, bot: object) -> dict[str, Any]:
    global _session
    if not isinstance(game, str) or game not in BOTS:
        raise PageError("bad_game", f"games: {', '.join(BOTS)}")
    if bot is not None and not isinstance(bot, str):
        raise PageError("bad_bot", "a bot is named by text")
    start = time.perf_counter()
    session = Session(game, parse_seed(seed), bot)
    _session = session  # only a game that started replaces the one being played
    out = session.payload()
    out["start_ms"] = _ms(start)
    return out


def _act(text: object, ply: object) -> dict[str, Any]:
    if _session is None:
        raise PageError("no_game", "start a game first")
    start = time.perf_counter()
    _session.act(text, ply)
    out = _session.payload()
    out["act_ms"] = _ms(start)
    return out


def _bot_game(game: object, seed: object, bot: object) -> dict[str, Any]:
    if not isinstance(game, str) or game not in BOTS:
        raise PageError("bad_game", f"games: {', '.join(BOTS)}")
    if bot is not None and not isinstance(bot, str):
        raise PageError("bad_bot", "a bot is named by text")
    start = time.perf_counter()
    record = play_bots(game, parse_seed(seed), bot)
    took = _ms(start)
    final = record.replay()
    return {
        "game": game,
        "seed": parse_seed(seed),
        "bot": type(make_bot(game, bot)).__name__,
        "players": list(final.players),
        "actions": len(record),
        "ms": took,
        "outcome": _outcome(final),
        "svg": _svg(game, final.view(None), list(record.actions)),
        "record": record.to_json(),
    }


#: The longest record text the page analyses.
MAX_RECORD_TEXT = 5_000_000


def _analyze(record_text: object) -> dict[str, Any]:
    from wordgames.analysis import analyze, svg

    if not isinstance(record_text, str) or not record_text:
        raise PageError("no_record", "finish a game first: its record is analysed")
    if len(record_text) > MAX_RECORD_TEXT:
        raise PageError("bad_record", "the record is too long")
    start = time.perf_counter()
    record = wordgames.Record.from_json(record_text)
    analysis = analyze(record)
    names = analysis.players
    rows = [
        {
            "turn": k,
            "player": names[t.player],
            "played": t.played,
            "best": "=" if t.best == t.played else t.best,
            "loss": f"{t.loss:.2f} {t.unit}" if t.loss else "0",
            "grade": t.grade,
            "note": t.note,
        }
        for k, t in enumerate(analysis.turns, 1)
    ]
    summaries = [
        f"{s.name}: {s.decisions} decisions, loss {s.total_loss:.2f} {analysis.unit}, "
        f"{s.count('small')} small, {s.count('medium')} medium, {s.count('large')} large; "
        f"accuracy {s.accuracy:.1f}%"
        for s in analysis.summaries
    ]
    return {
        "game": analysis.game,
        "rows": rows,
        "summaries": summaries,
        "notes": list(analysis.notes),
        "svg": svg(analysis),
        "ms": _ms(start),
    }


def analyze_game(record_text: object) -> str:
    return _answer(_analyze, record_text)


def new_game(game: object, seed: object, bot: object = None) -> str:
    return _answer(_new_game, game, seed, bot)


def act(text: object, ply: object = None) -> str:
    return _answer(_act, text, ply)


def bot_game(game: object, seed: object, bot: object = None) -> str:
    return _answer(_bot_game, game, seed, bot)


def games() -> str:
    """The games and their bots, for the page's menus, and the library's version."""
    return json.dumps({"games": BOTS, "version": wordgames.__version__})


USAGE = """usage: python examples/web/webgame.py record GAME SEED
       python examples/web/webgame.py analysis GAME SEED
       python examples/web/webgame.py session GAME SEED [ACTION ...]"""


def main(argv: list[str]) -> int:
    """Answers to compare with the page's, as JSON on one line:

    - ``record GAME SEED``: the bot game's record (JSON text) and final picture,
      ``{"record": ..., "svg": ...}``;
    - ``analysis GAME SEED``: the answer of ``analyze_game`` for that record (without the
      timing);
    - ``session GAME SEED ACTION...``: a game against the default bot with the person's
      actions in order; the answer to the last one (as the page's, without the timings).
    """
    if len(argv) < 3 or argv[0] not in ("record", "analysis", "session"):
        print(USAGE, file=sys.stderr)
        return 2
    game, seed = argv[1], parse_seed(argv[2])
    if argv[0] == "analysis":
        answer = json.loads(analyze_game(play_bots(game, seed).to_json()))
        print(json.dumps({k: v for k, v in answer.items() if k != "ms"}))
        return 0
    if argv[0] == "record":
        if len(argv) != 3:
            print(USAGE, file=sys.stderr)
            return 2
        record = play_bots(game, seed)
        picture = _svg(record.game, record.replay().view(None), list(record.actions))
        print(json.dumps({"record": record.to_json(), "svg": picture}))
        return 0
    answer = json.loads(new_game(game, seed))
    for text in argv[3:]:
        answer = json.loads(act(text, answer.get("ply")))
    print(json.dumps({k: v for k, v in answer.items() if not k.endswith("_ms")}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
