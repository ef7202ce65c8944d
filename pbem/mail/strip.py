"""Cut quoted replies and signatures off a mail body.

Replying to a report must not re-submit the report.  Everything from the first of these
is dropped: a reply attribution ("On ... wrote:", "... пишет:", "Am ... schrieb"),
an Outlook header block or ``-----Original Message-----`` / underscore rule, the
judge's own marker line (present at the top of every mail the judge sends, so even
an unmarked top-posted quote is cut), a signature separator (``-- ``) or a
"Sent from my ..." tag line.  Lines quoted with ``>`` are dropped wherever they are.
"""
from __future__ import annotations

import re

#: Every mail the judge sends starts with a line matching this; see `render.py`.
JUDGE_MARKER = re.compile(r"^\s*=+ ?pbem\b", re.IGNORECASE)

_ATTRIBUTION = [
    re.compile(r"^\s*on\b.{0,200}\bwrote:\s*$", re.IGNORECASE),
    re.compile(r"^.{0,200}\b(wrote|writes|schrieb|a écrit|escribió|scrisse|написал[аи]?|"
               r"пишет|пишут):\s*$", re.IGNORECASE),
    re.compile(r"^\s*-{2,}\s*(original message|исходное сообщение|forwarded message|"
               r"пересылаемое сообщение|ursprüngliche nachricht)\s*-{2,}", re.IGNORECASE),
    re.compile(r"^\s*_{10,}\s*$"),
    re.compile(r"^\s*begin forwarded message:", re.IGNORECASE),
]
# "On Mon, 21 Nov 2026 at 12:00, Judge <judge@x>" + next line "wrote:" (Gmail wraps)
_ATTRIBUTION_START = re.compile(r"^\s*(on|le|am|el)\s.{5,}", re.IGNORECASE)
_ATTRIBUTION_END = re.compile(r"^.{0,120}\b(wrote|schrieb|a écrit|escribió):\s*$", re.IGNORECASE)
_OUTLOOK_HEADER = re.compile(r"^\s*\*?(from|от|von|de)\s*:\*?\s+\S", re.IGNORECASE)
_OUTLOOK_NEXT = re.compile(r"^\s*\*?(sent|date|to|subject|отправлено|кому|тема|дата|"
                           r"gesendet|an|betreff|envoyé|à|objet)\s*:", re.IGNORECASE)
_SIGNATURE = [
    re.compile(r"^-- ?$"),
    re.compile(r"^\s*(sent from my|sent from mail for|get outlook for|отправлено с|"
               r"отправлено из|sent with|envoyé de mon|von meinem)\b", re.IGNORECASE),
]

#: Any of `_ATTRIBUTION` and `_SIGNATURE`, in one pattern: one match per line (issue 13)
_CUT_LINE = re.compile("|".join(f"(?:{p.pattern})" for p in _ATTRIBUTION + _SIGNATURE),
                       re.IGNORECASE)


def _cut_index(lines: list[str]) -> int:
    """Index of the first line that starts quoted material or a signature."""
    for i, line in enumerate(lines):
        if JUDGE_MARKER.match(line.lstrip("> ")):
            return i
        if _CUT_LINE.match(line):
            return i
        if (_ATTRIBUTION_START.match(line) and i + 1 < len(lines)
                and _ATTRIBUTION_END.match(lines[i + 1])):
            return i
        if _OUTLOOK_HEADER.match(line):
            follow = [ln for ln in lines[i + 1:i + 5] if ln.strip()]
            if sum(1 for ln in follow if _OUTLOOK_NEXT.match(ln)) >= 2:
                return i
    return len(lines)


def strip_quotes(text: str) -> list[tuple[int, str]]:
    """The player's own lines as ``(line_no, text)``, 1-based, quotes and signature removed.

    Line numbers count lines of the decoded body so receipts can point at them.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    cut = _cut_index(lines)
    kept: list[tuple[int, str]] = []
    for no, line in enumerate(lines[:cut], start=1):
        if line.lstrip().startswith(">"):
            continue
        kept.append((no, line.rstrip()))
    while kept and not kept[-1][1].strip():
        kept.pop()
    return kept
