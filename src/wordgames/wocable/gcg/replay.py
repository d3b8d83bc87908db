"""Replaying GCG records against the rules: the draws are reconstructed where racks are
missing or partial (an exact, complete search with a work limit).

Here are the entry point of :func:`~wordgames.wocable.gcg.from_gcg`'s replay and the file's
own words (:data:`FILE_LEXICON`); the work is split by job over private modules:
``gcg._plan`` turns the lines into events and a plan, ``gcg._draws`` is the draw-order solver,
``gcg._replayer`` applies the lines between its draws and ``gcg._retry`` is the forgiving
replay's retry policy (docs/wocable-internals.md)."""

from __future__ import annotations

import functools
from typing import Any

from wordgames._core.errors import RulesError, short_repr
from wordgames._core.record import Record
from wordgames.lexicon import Lexicon, LexiconError
from wordgames.wocable.actions import Draw
from wordgames.wocable.gcg._draws import _TOO_MUCH, _DrawError, _WorkError
from wordgames.wocable.gcg._plan import _Plan
from wordgames.wocable.gcg._replayer import _Replay
from wordgames.wocable.gcg._retry import _forgiving
from wordgames.wocable.gcg.records import GcgFile, _fatal, _Issues
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import State, new_game

__all__ = ["FILE_LEXICON"]


def _file_lexicon(
    plan: _Plan, lex: Lexicon, checked: bool
) -> tuple[Lexicon, frozenset[str], frozenset[str]] | None:
    """The lexicon ``lex`` with the file's judgments added, when ``lex`` disagrees with the
    file: the words the file proves valid that ``lex`` lacks are added, the words the file
    proves phonies that ``lex`` accepts are taken out; None when it agrees. Returns the
    lexicon, the words added and the words taken out. ``checked``: the rules check words
    when they are played (every standing play is then valid); else only a challenge proves a
    word valid (a play that stood one) or a play a phony (a withdrawn one).

    Proven valid: the words of the standing plays (under ``checked``) and of the plays that
    stood a challenge. A phony: every word of a withdrawn play whose words ``lex`` all
    accepts (one of them made it a phony), less the words proven valid."""
    t = plan.t
    must = (plan.words if checked else set()) | plan.proven_words
    add = {w for w in must if not t.accepts(w)}
    drop = {w for ws in plan.phony_words if all(t.accepts(w) for w in ws) for w in ws} - must
    if not add and not drop:
        return None
    added = frozenset(lex.decode(w) for w in add)
    dropped = frozenset(lex.decode(w) for w in drop)
    try:
        return _extended(lex, added, dropped), added, dropped
    except LexiconError:
        return None


@functools.lru_cache(maxsize=8)
def _extended(lex: Lexicon, added: frozenset[str], dropped: frozenset[str]) -> Lexicon:
    """``lex`` plus ``added`` less ``dropped`` (kept for the next file that needs the same;
    building one from the 172,823 words of ENABLE takes about a second)."""
    words = [w for w in lex if w not in dropped] if dropped else list(lex)
    words.extend(sorted(added))
    return Lexicon.from_words(
        words,
        name=_extended_name(lex.name),
        language=lex.language,
        alphabet=lex.alphabet,
    )


def _extended_name(name: str) -> str:
    """The name of a lexicon with a file's words: ``"en+gcg-file-words"``."""
    return name if name.endswith(FILE_LEXICON) else f"{name}+{FILE_LEXICON}"


FILE_LEXICON = "gcg-file-words"
"""the suffix of the name of a lexicon :func:`from_gcg` extends with a file's own words
(``"en+gcg-file-words"``: the builtin English lexicon plus the words of the file)"""


def _match_gcg(
    gcg: GcgFile,
    rules: Rules,
    lex: Lexicon,
    work_limit: int | None,
    issues: _Issues,
    file_words: bool = False,
) -> Record[State]:
    """:func:`_match` with the draws of each refill in tile order (the order of the draws
    within one refill is not known from a file; one order makes the same file give the same
    record)."""
    return _canonical(_match(gcg, rules, lex, work_limit, issues, file_words))


def _canonical(record: Record[State]) -> Record[State]:
    """The record with every run of draws by one drawer sorted by tile."""
    actions = record.actions
    out: list[Any] = []
    state = record.initial
    i, n = 0, len(actions)
    while i < n:
        a = actions[i]
        if not isinstance(a, Draw):
            out.append(a)
            state = state.apply(a)
            i += 1
            continue
        drawer = state.drawer
        run: list[Draw] = []
        while i < n and isinstance(actions[i], Draw) and state.drawer == drawer:
            d = actions[i]
            assert isinstance(d, Draw)
            run.append(d)
            state = state.apply(d)
            i += 1
        out.extend(sorted(run, key=lambda d: d.tile))
    return Record(record.initial, tuple(out))


def _match(
    gcg: GcgFile,
    rules: Rules,
    lex: Lexicon,
    work_limit: int | None,
    issues: _Issues,
    file_words: bool = False,
) -> Record[State]:
    """Replay the records of ``gcg``: every draw decided by a feasibility test over the rest
    of the game (the tiles each player must still draw fit in their remaining draws, player
    by player and tile by tile, each window tied to when exchanged tiles come back), with
    backtracking over the draws when a later line still refuses them.

    Forgiving (``issues`` not strict): when no order of the draws fits the rack fields (or
    the search passes half its work), the replay starts again from what the board proves,
    every rack field left out, and each rack field the new draws do not give is an issue.
    ``file_words``: when the lexicon disagrees with the file, play with the file's words."""
    names = list(gcg.nicks)
    try:
        start = new_game(names, rules=rules, lexicon=lex)
    except RulesError as exc:
        raise _fatal(None, "bad_rules", short_repr(str(exc))) from None
    plan = _Plan(gcg, start, issues)
    if file_words:
        # written by to_gcg with the words added: no news to report
        declared = (gcg.lexicon or "").endswith(FILE_LEXICON)
        checked = not rules.challenges
        found = _file_lexicon(plan, lex, checked)
        if found is not None:
            own, _, taken_out = found
            t = plan.t
            gone = {plan.events[k].lineno for k in plan.withdrawn}
            for lineno, words in plan.line_words:
                if declared:
                    break
                if lineno in gone:
                    out = [lex.decode(w) for w in words if lex.decode(w) in taken_out]
                    if out:
                        issues.add(
                            lineno,
                            "phony_in_lexicon",
                            f"the lexicon {lex.name!r} has {', '.join(out)[:60]}, which the "
                            "file's withdrawal judges a phony: taken out of it for this game",
                        )
                    continue
                if not (checked or set(words) <= plan.proven_words):
                    continue
                lacks = [lex.decode(w) for w in words if not t.accepts(w)]
                if lacks:
                    issues.add(
                        lineno,
                        "word_not_in_lexicon",
                        f"the lexicon {lex.name!r} lacks {', '.join(lacks)[:60]}: added to it "
                        "for this game",
                    )
            start = new_game(names, rules=rules, lexicon=own)
            plan = _Plan(gcg, start, _Issues(False))
    if issues.strict:
        replay = _Replay(plan, start, work_limit, issues)
        try:
            return replay.run()
        except _DrawError as exc:
            raise exc.gcg_error("rack_not_drawable") from None
        except _WorkError:
            raise _fatal(None, "too_much_work", _TOO_MUCH) from None
    return _forgiving(gcg, start, plan, work_limit, issues)
