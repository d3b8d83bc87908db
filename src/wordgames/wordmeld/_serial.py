"""Loading WordMeld states from JSON: the checks of ``State.from_dict`` (every field's type
and range, the cards conserved, the phase consistent, ``ply`` large enough), the shared
list readers of ``View.from_dict``, and the migration of older versions (:func:`upgrade`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordgames._core.errors import InvalidStateError, short_repr
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_opt_int,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.engine import word_text
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup
from wordgames.wordmeld.state import (
    _AFTERS,
    AFTER_DISCARD,
    AFTER_PLAYED,
    AFTER_START,
    DISCARD,
    DRAW,
    OVER,
    REASONS,
    STATE_VERSION,
    TOOK,
    TURN,
    Phase,
    State,
)

__all__: list[str] = []

_PHASES = frozenset(p.value for p in Phase)


def refuse_old(data: Any, kind: str) -> Any:
    """``data``, unless it is an older JSON version than the current one, which is refused
    with an explanation (:class:`InvalidStateError`)."""
    if isinstance(data, Mapping) and data.get("version") in (1, 2):
        raise InvalidStateError(
            f"wordmeld {kind} version {data.get('version')} is from before the play format "
            f"changed (version {STATE_VERSION}: a play names the table words it changes); "
            "its records' play texts mean something else now, so it is not read"
        )
    return data


def _int_list(v: Any, what: str, limit: int) -> tuple[int, ...]:
    """A JSON list of at most ``limit`` ints (the length is checked before the items)."""
    if not isinstance(v, list):
        raise InvalidStateError(f"{what} must be a list of integers")
    if len(v) > limit:
        raise InvalidStateError(f"{what} has {len(v)} entries (at most {limit})")
    if not all(type(x) is int for x in v):
        raise InvalidStateError(f"{what} must be a list of integers")
    return tuple(v)


def _bool_list(v: Any, what: str, n: int) -> tuple[bool, ...]:
    if not isinstance(v, list) or len(v) != n or not all(type(x) is bool for x in v):
        raise InvalidStateError(f"{what} must be one true/false per player")
    return tuple(v)


def upgrade(data: Any, kind: str) -> Any:
    """``data`` in the current version: version 3 (``resigned`` booleans, ``reason``,
    ``winner``) becomes version 4 (``departed`` ascending, ``end_reason``, ``finisher``:
    the old winner, except after resignations, where nobody went out); 1 and 2 are refused
    (:func:`refuse_old`); anything else is returned as it is, for the header check."""
    data = refuse_old(data, kind)
    if not isinstance(data, Mapping) or data.get("version") != 3:
        return data
    d = dict(data)
    players = get_list(d, "players")
    resigned = _bool_list(get_list(d, "resigned"), "resigned", len(players))
    reason = d.pop("reason", "missing")
    winner = d.pop("winner", "missing")
    if reason == "missing" or winner == "missing":
        raise InvalidStateError("a version 3 document needs reason and winner")
    del d["resigned"]
    d["version"] = STATE_VERSION
    d["departed"] = [p for p, gone in enumerate(resigned) if gone]
    d["end_reason"] = reason
    d["finisher"] = None if reason == "resigned" else winner
    return d


def state_from_dict(data: Any) -> State:
    """``State.from_dict``."""
    return _from_dict(data)


def _departed(d: Mapping[str, Any], n: int) -> tuple[int, ...]:
    departed = _int_list(get_list(d, "departed"), "departed", n)
    if len(set(departed)) != len(departed) or not all(0 <= p < n for p in departed):
        raise InvalidStateError("departed must list distinct players")
    return departed


@guarded_loader
def _from_dict(data: Any) -> State:
    d: Mapping[str, Any] = check_header(upgrade(data, "state"), "wordmeld", "state", STATE_VERSION)
    rules = Rules.from_dict(get_map(d, "rules"))
    setup = Setup.from_dict(get_map(d, "setup"))
    deck = setup.deck
    size = deck.size
    cl = deck.card_letters
    players = get_list(d, "players")
    if len(players) > rules.max_players:
        raise InvalidStateError(f"{len(players)} players is outside the rules' range")
    if not all(isinstance(x, str) and x.strip() and len(x) <= 200 for x in players) or len(
        set(players)
    ) != len(players):
        raise InvalidStateError("players must be distinct non-empty names")
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise InvalidStateError(f"{n} players is outside the rules' range")
    hands_raw = get_list(d, "hands")
    if len(hands_raw) != n:
        raise InvalidStateError("one hand per player expected")
    hands = tuple(_int_list(h, "a hand", size) for h in hands_raw)
    pile = _int_list(get_list(d, "pile"), "pile", size)
    discard = _int_list(get_list(d, "discard"), "discard", size)
    table_raw = get_list(d, "table")
    if len(table_raw) > size:
        raise InvalidStateError("more table words than cards")
    table = tuple(_int_list(w, "a table word", size) for w in table_raw)
    for seq, what in [*((h, "hand") for h in hands), (pile, "pile")]:
        if list(seq) != sorted(set(seq)):
            raise InvalidStateError(f"a {what} must be sorted without repeats")
    every = [c for h in hands for c in h] + list(pile) + list(discard)
    every += [c for w in table for c in w]
    if len(every) != size or sorted(every) != list(range(size)):
        raise InvalidStateError(
            "cards are not conserved: every card id must be in exactly one place"
        )
    if any(not w for w in table):
        raise InvalidStateError("a table word is empty")
    letters_raw = get_list(d, "table_letters")
    if len(letters_raw) > size:
        raise InvalidStateError("more joker letters than cards")
    letters: list[tuple[int, str]] = []
    on_table = {c for w in table for c in w}
    alphabet = set(deck.alphabet)
    for item in letters_raw:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and type(item[0]) is int
            and isinstance(item[1], str)
        ):
            raise InvalidStateError(f"bad table letter entry {short_repr(item)}")
        letters.append((item[0], item[1]))
    if [c for c, _ in letters] != sorted({c for c, _ in letters}):
        raise InvalidStateError("table letters must be sorted by card, one per card")
    jokers_on_table = sorted(c for c in on_table if cl[c] == JOKER)
    if [c for c, _ in letters] != jokers_on_table:
        raise InvalidStateError("every joker on the table (and nothing else) needs a letter")
    if any(s not in alphabet for _, s in letters):
        raise InvalidStateError("a joker's letter is not in the deck's alphabet")
    letter_of = dict(letters)
    for w in table:
        if not setup.is_word(word_text(w, cl, letter_of)):
            raise InvalidStateError(f"table word {word_text(w, cl, letter_of)} is not valid")
    melded = _bool_list(get_list(d, "melded"), "melded", n)
    departed = _departed(d, n)
    gone = set(departed)
    active = n - len(departed)
    known_raw = get_list(d, "known")
    if len(known_raw) != n:
        raise InvalidStateError("known cards: one list per player expected")
    known = tuple(_int_list(k, "known cards", size) for k in known_raw)
    for k, h in zip(known, hands, strict=True):
        if list(k) != sorted(set(k)) or not set(k) <= set(h):
            raise InvalidStateError("known cards must be sorted cards of that player's hand")
    phase = get_str(d, "phase")
    if phase not in _PHASES:
        raise InvalidStateError(f"unknown phase {short_repr(phase)}")
    turn = get_int(d, "turn", 0, n - 1)
    queue = _int_list(get_list(d, "queue"), "queue", max(size, n * rules.hand_size))
    if any(not 0 <= q < n or q in gone for q in queue):
        raise InvalidStateError("queue names a player out of range or out of the game")
    after = get_str(d, "after")
    drawn = get_opt_int(d, "drawn", 0, size - 1)
    idle = get_int(d, "idle", 0, 10**6)
    finisher = get_opt_int(d, "finisher", 0, n - 1)
    reason = d.get("end_reason", "missing")
    if reason is not None and reason not in REASONS:
        raise InvalidStateError(f"bad end_reason {short_repr(reason)}")
    ply = get_ply(d)
    cap = rules.max_idle_rounds
    if cap is not None and idle > cap * n:
        raise InvalidStateError("idle turn count beyond the rules' cap")
    # phase consistency
    if phase == DRAW:
        if not queue or not pile or after not in _AFTERS:
            raise InvalidStateError("a draw phase needs pending draws, a pile and a follow-up")
    elif queue or after:
        raise InvalidStateError("pending draws outside the draw phase")
    if phase == DRAW and after == AFTER_START and any(melded):
        raise InvalidStateError("nobody has played during the deal")
    if phase == DRAW and after == AFTER_DISCARD and queue != (turn,):
        raise InvalidStateError("a pile draw goes to the player on turn")
    if phase == DRAW and after == AFTER_PLAYED and set(queue) != {turn}:
        raise InvalidStateError("draws after a play go to the player on turn")
    if drawn is not None and (phase != DISCARD or drawn not in hands[turn] or drawn in known[turn]):
        raise InvalidStateError("drawn card only in the discard phase, hidden in the player's hand")
    if phase == DISCARD and drawn is None:
        raise InvalidStateError("the discard phase needs the drawn card")
    if (phase == OVER) != (reason is not None):
        raise InvalidStateError("end_reason is set exactly when the game is over")
    if finisher is not None and reason not in ("winning_word", "empty_hand"):
        raise InvalidStateError("a finisher went out: by the winning word or an empty hand")
    if reason in ("winning_word", "empty_hand") and finisher is None:
        raise InvalidStateError("this end needs a finisher")
    if reason == "empty_hand" and finisher is not None and hands[finisher]:
        raise InvalidStateError("a finisher who emptied the hand holds no cards")
    if reason == "resigned" and active != 1:
        raise InvalidStateError("a game ends by resignation when one player is left")
    if phase != OVER and active < 2:
        raise InvalidStateError("a game goes on only while two players are in it")
    if finisher is not None and finisher in gone:
        raise InvalidStateError("a player who resigned cannot go out")
    if reason == "blocked" and (cap is None or idle < cap * active):
        raise InvalidStateError("a blocked end needs the idle cap reached")
    if phase != OVER and cap is not None and idle >= cap * active:
        raise InvalidStateError("idle cap reached but the game goes on")
    on_turn = phase in (TURN, DISCARD, TOOK) or (phase == DRAW and after != AFTER_START)
    if on_turn and turn in gone:
        raise InvalidStateError("the player on turn has resigned")
    if phase in (TURN, DISCARD, TOOK) and not hands[turn]:
        raise InvalidStateError("the player on turn holds no cards")
    if phase != OVER and table and not any(melded):
        raise InvalidStateError("words on the table but nobody has played")
    # every card out of the pile was drawn (one action each) and every discard discarded
    lower = size - len(pile) + len(discard)
    if ply < lower:
        raise InvalidStateError(f"ply {ply} is below the {lower} actions this position needs")
    return State(
        rules,
        setup,
        tuple(players),
        hands,
        pile,
        discard,
        table,
        tuple(letters),
        melded,
        phase,
        turn,
        queue,
        after,
        drawn,
        idle,
        finisher,
        reason,
        known,
        departed,
        ply,
    )
