"""GCG game records: reading (:func:`read_gcg`, :func:`from_gcg`), writing (:func:`to_gcg`)
and the draw reconstruction of the replay.

Modules: :mod:`~wordgames.wocable.gcg.records` (what a file holds, the issues and the
error), :mod:`~wordgames.wocable.gcg.reader`, :mod:`~wordgames.wocable.gcg.replay`,
:mod:`~wordgames.wocable.gcg.writer`. Everything public is re-exported here and from
:mod:`wordgames.wocable`.
"""

from __future__ import annotations

from wordgames.wocable.gcg.reader import MAX_GCG_LINE, from_gcg, infer_rules, read_gcg
from wordgames.wocable.gcg.records import (
    GCG_WORK_LIMIT,
    MAX_GCG_ISSUES,
    MAX_GCG_LINES,
    MAX_GCG_TEXT,
    GcgBonus,
    GcgEnd,
    GcgError,
    GcgFile,
    GcgIssue,
    GcgLeave,
    GcgLine,
    GcgMove,
    GcgNote,
    GcgRecord,
    GcgTime,
    GcgWithdraw,
)
from wordgames.wocable.gcg.writer import to_gcg

__all__ = [
    "GCG_WORK_LIMIT",
    "MAX_GCG_ISSUES",
    "MAX_GCG_LINE",
    "MAX_GCG_LINES",
    "MAX_GCG_TEXT",
    "GcgBonus",
    "GcgEnd",
    "GcgError",
    "GcgFile",
    "GcgIssue",
    "GcgLeave",
    "GcgLine",
    "GcgMove",
    "GcgNote",
    "GcgRecord",
    "GcgTime",
    "GcgWithdraw",
    "from_gcg",
    "infer_rules",
    "read_gcg",
    "to_gcg",
]
