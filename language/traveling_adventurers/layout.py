"""The layout of a message, read before its words: markdown marks (struck, bold, starred words),
numbered lines and tables of hallway amounts, room letters run together ("LE" for L-E), and "5, not
3"."""

from __future__ import annotations

import re

from language.traveling_adventurers.rooms import _Lexicon

_PAIR_RE = re.compile(
    r"(?<![\w'])([A-Z]{2,14})(?![\w'])|(?<![\w'])([a-z]{2})(?=\s?[=:,]\s?\d)|(?<![\w'])([a-zA-Z]{6,14})(?![\w'])"
)


_PAIR_WORDS = frozenset(
    "OK AM PM TO GO AT AS DO SO NO ME WE BE OR OF ON IN IS IT IF MY BY UP US AN HE OH AH TA GG TV PC OW OP ST"
    " CT OT PS DM".split()
)


def _split_letter_pairs(text: str, lex: _Lexicon) -> str:
    """ "EK is 4", "what if we did LBKECAL", "ek=3": capital room letters written together are the
    path "E-K" / "L-B-K-E-C-A-L" (each room once, the start again only at the end; not words such as
    "OK" or "TO", nor names such as "WC", nor in mostly-capital text); two lower-case ones only
    right before "=", ":" or "," and an amount, more only as a whole tour ("lekbcal", "lEbKcAl")."""
    board = set(lex.board)
    start = lex.board[0] if lex.board else ""

    def is_run(word: str) -> bool:
        run = word.upper()
        body = run[:-1] if len(run) > 3 and run[-1] == start == run[0] else run
        return set(run) <= board and len(set(body)) == len(body) and run not in _PAIR_WORDS

    words = [w for w in re.findall(r"[^\W\d_]+", text) if len(w) >= 3 and w.lower() not in lex.vocabulary]
    plain = [w for w in words if not (w.isupper() and is_run(w))]  # runs of room letters are not text
    letters = sum(len(w) for w in plain)
    shouting = letters > 0 and sum(c.isupper() for w in plain for c in w) * 2 > letters

    def pair(m: re.Match[str]) -> str:
        word = m.group(0)
        if shouting or not is_run(word) or word.lower() in lex.vocabulary:
            return word
        if m.group(3) and not (word[0].lower() == word[-1].lower() == start.lower()):
            return word  # lower case only a whole tour: "lekbcal?"
        return "-".join(word.upper())

    text = _PAIR_RE.sub(pair, text)
    if not board or _LOWER_HOPS_RE.search(text) is None:
        return text
    return _LOWER_HOPS_RE.sub(lambda m: _lower_hops(m, board, start), text)


_LOWER_HOPS_RE = re.compile(r"(?<![\w'-])[a-z]{2}(?:(?:, ?| )[a-z]{2}){1,12}(?![\w'-])")
"""Runs of two or more lower-case letter pairs ("ek ka ab")."""


def _lower_hops(m: re.Match[str], board: set[str], start: str) -> str:
    """ "ek ka ab??": lower-case hops written one after another, each leaving from where the one
    before ends and every letter a board room, are the path E-K-A-B (each room once, the start again
    only at the end); anything else ("is it ok", "go to") stays as written."""
    pairs = [w.upper() for w in re.split(r", ?| ", m.group(0))]
    if any(not set(p) <= board or p[0] == p[1] for p in pairs):
        return m.group(0)
    if any(a[1] != b[0] for a, b in zip(pairs, pairs[1:], strict=False)):
        return m.group(0)
    path = [pairs[0][0], *(p[1] for p in pairs)]
    body = path[:-1] if len(path) > 2 and path[-1] == start == path[0] else path
    if len(set(body)) != len(body):
        return m.group(0)
    return "-".join(path)


_STRUCK_RE = re.compile(r"~~[^~\n]{0,120}~~")


_BOLD_RE = re.compile(r"\*\*(?=\S)([^*\n]{1,120})(?<=\S)\*\*")


_STAR_AFTER_RE = re.compile(r"(?<![\w'])([\w']+)\*+(?![\w*])")


_STAR_BEFORE_RE = re.compile(r"(?<![\w*])\*+(?=\w)")


_PICK_BETWEEN_RE = re.compile(r"\b(pick|choose|decide|call|choice)\s+between\b", re.IGNORECASE)


_WBU_RE = re.compile(r"(?<![\w'])(?:wbu|hbu|wby|hby)(?![\w'])\??", re.IGNORECASE)


_HOW_ABOUT_YOU_ON_RE = re.compile(r"(?<![\w'])(?:how|what) (?:about|bout|abt|abut) (?:you|u|ya) on\b", re.IGNORECASE)


_IF_WE_START_RE = re.compile(
    r"(?<![\w'])(?:if|say|suppose|supposing|assuming)\s+(?:we|u|you|i)\s+(?:were\s+to\s+)?"
    r"(?:start|starts|started|begin|began|leave|left|set\s+off|go|went|are|were|was)\s+(?:from|at|in)\s",
    re.IGNORECASE,
)
"""A hypothetical origin ("if we start from the kids' room: 2 to the loo, ..."): the amounts after
it leave from that room, as after "from the kids' room"."""


def _marks(text: str) -> str:
    """Markdown and chat marks: "wbu" / "hbu" is "and you?", struck text ("~~kitchen~~ bathroom") is
    withdrawn, bold is plain, and an asterisk on a word ("*kitchen", "attic***") marks it as a correction ("oops kitchen")."""
    lower = text.lower()
    if any(c in lower for c in ("if ", "say ", "suppos", "assuming")):
        text = _IF_WE_START_RE.sub("from ", text)
    if not any(c in lower for c in ("~", "*", "bu", "by", "between", "how", "what")):
        return text
    text = _STRUCK_RE.sub(" ", text)
    text = _WBU_RE.sub(" and you?", text)
    text = _HOW_ABOUT_YOU_ON_RE.sub("what do you get on", text)  # "how bout you on C-A?" asks C-A
    text = _PICK_BETWEEN_RE.sub(r"\1 among", text)
    text = _BOLD_RE.sub(r"\1", text)
    text = _STAR_BEFORE_RE.sub(" oops ", text)
    return _STAR_AFTER_RE.sub(r" oops \1 . ", text)


_RULE_RE = re.compile(r"^[\s|:+=\-]*$")


_CELL_NUMBER_RE = re.compile(r"^(?:~|about |like )?\d{1,2}\??$|^(?:zero|none|nothing|nil|zilch)$", re.IGNORECASE)


_DASH_ROW_RE = re.compile(r"^\s*([^\d\n|,\t]{1,40}?)\s+[-–—]\s+(\d{1,2})\s*$")


_NUMBERED_LINE_RE = re.compile(r"^\s*\d{1,2}\s*[.)]\s+(\S.*)$")


_INLINE_NUMBER_RE = re.compile(r"(?:(?<=\s)|^)\d\)\s*")


def _numbered(text: str) -> str:
    """Numbered lists ("1. bathroom\n2. kids room\n3. attic", "1) loo 2) nursery 3) attic"): the
    numbers are list marks, not amounts; a list of rooms alone is one comma list (a path), items
    with their own amounts ("1) bathroom – 2") keep their lines."""
    if ")" not in text and "." not in text:
        return text
    if ")" in text and "\n" not in text.strip():
        marks = _INLINE_NUMBER_RE.findall(text)
        if len(marks) >= 2:
            parts = [p.strip() for p in _INLINE_NUMBER_RE.split(text)]
            head, items = parts[0], [p for p in parts[1:] if p]
            if items and not any(c.isdigit() for p in items for c in p):
                return (head + " " if head else "") + ", ".join(p.rstrip(",;") for p in items)
        return text
    lines = text.split("\n")
    out: list[str] = []
    run: list[str] = []
    raw: list[str] = []
    for line in [*lines, None]:
        m = _NUMBERED_LINE_RE.match(line) if line is not None else None
        if m is not None and line is not None:
            run.append(m.group(1).strip())
            raw.append(line)
            continue
        if run:
            if len(run) < 2:
                out.extend(raw)  # "7. no sorry 2": one line is no list
            elif not any(c.isdigit() for r in run for c in r):
                out.append(", ".join(r.rstrip(",;.") for r in run))
            else:
                out.extend(run)
            run, raw = [], []
        if line is not None:
            out.append(line)
    return "\n".join(out)


def _table_rows(text: str) -> str:
    """Rows of a pasted table ("| B | 2 |", "kids room,5", "B<tab>2") as the line "B: 2" (a row of a
    hallway in two cells, "K | B | 4", as "K-B: 4"); rules ("|---|---|") are dropped. A comma row
    counts only in a message of several lines and when its last cell is an amount ("L,E,K" stays a
    path)."""
    text = _numbered(text)
    if "|" not in text and "\t" not in text and "," not in text and " - " not in text and "–" not in text:
        return text
    lines = text.split("\n")
    several = len(lines) > 1
    out: list[str] = []
    for line in lines:
        dashed = _DASH_ROW_RE.match(line) if several else None
        if dashed is not None:  # "bathroom – 2" on a line of its own
            out.append(f"{dashed.group(1)}: {dashed.group(2)}")
            continue
        sep = "|" if line.count("|") >= 2 or line.lstrip().startswith("|") else "\t" if "\t" in line else ","
        if sep == "," and not several:
            out.append(line)
            continue
        if sep != "," and _RULE_RE.match(line):
            continue  # "|---|---|"
        cells = [c.strip() for c in line.split(sep)]
        cells = [c for c in cells if c]
        numbered = bool(cells) and _CELL_NUMBER_RE.match(cells[-1]) is not None
        if sep == "," and not (numbered and 2 <= len(cells) <= 3):
            out.append(line)
        elif len(cells) == 2 and sep != ",":
            out.append(f"{cells[0]}: {cells[1]}")
        elif len(cells) == 2 and numbered:
            out.append(f"{cells[0]}: {cells[1]}")
        elif len(cells) == 3 and numbered:
            out.append(f"{cells[0]} - {cells[1]}: {cells[2]}")
        else:
            out.append(", ".join(cells) if sep != "," else line)
    return "\n".join(out)


_ORIGIN_AFTER_RE = re.compile(
    r"[(,;\u2013\u2014-]\s{0,3}(?:all|both|each|everything|those|these|they)(?:\s{1,3}(?:are|were|of them))?"
    r"\s{1,3}(?:from|out of|leaving)\s{1,3}([^()\n.!?,;:]{1,30}?)\s{0,3}\)?(?=\s{0,3}(?:$|[.!?\n]))",
    re.IGNORECASE,
)


def _origin_after(text: str) -> str:
    """ "garden 6, playroom 6, attic 1 (all from the kitchen)": an origin given after a list of
    amounts is moved before it ("from the kitchen: garden 6, ..."), so the list leaves from it as
    after a leading "from the kitchen:". Only when the words before it, back to the last sentence
    end, hold an amount; one scan of one bounded regex (linear)."""
    if "from" not in text and "out of" not in text and "leaving" not in text:
        return text
    out, last, lo, scanned = [], 0, 0, 0
    for m in _ORIGIN_AFTER_RE.finditer(text):
        stop = max(text.rfind(c, scanned, m.start()) for c in ".!?\n")  # each character scanned once
        lo, scanned = max(lo, stop + 1, last), m.end()
        body = text[lo : m.start()]
        if not any(c.isdigit() for c in body):
            continue
        out.append(text[last:lo])
        lead = " " if lo > 0 and not text[lo - 1].isspace() else ""
        out.append(f"{lead}from {m.group(1).strip()}: {body.strip()}")
        last = m.end()
    out.append(text[last:])
    return "".join(out)


_PICTOGRAPH_RE = re.compile(
    "(?<=[\\w.!?])[ \\t]{0,3}([\U0001f300-\U0001f5ff\U0001f600-\U0001f64f\U0001f900-\U0001faff\u2600-\u26ff]"
    "[\U0001f300-\U0001faff\u2600-\u26ff\ufe0f\u200d]{0,7})"
    "[ \\t]{0,3}(?=[^\\W\\d_])"
)
_CUE_SIGNS = frozenset("👍 👌 ✅ ✔ 🙌 👏 💯 👎 ❌ 🚫 🤔".split())
"""Signs that carry an act themselves ("👍"): left as they are."""


def _pictograph_breaks(text: str) -> str:
    """ "we havent even started 😂 kitchen first?": a pictograph between two words ends a clause, as a
    comma would, so a negation or a cue before it does not reach the words after it ("bathroom 🚽?"
    and the cue signs are left as they are)."""
    if text.isascii():
        return text
    return _PICTOGRAPH_RE.sub(lambda m: m.group(0) if m.group(1)[:1] in _CUE_SIGNS else f" {m.group(1)} , ", text)


_AMOUNT_NOT_RE = re.compile(r"(?<![\w-])(\d{1,2})\s*,?\s+not\s+(\d{1,2})(?![\w-])")


def _amount_not(text: str) -> str:
    """ "I get 4 on L-E. wait 3 not 4", "LB is 6 not 5": the amount said before is corrected in place
    (the earlier "4" becomes "3") and "not 4" is dropped. Only when the refused amount
    was said before in the message; one pass of one regex (linear)."""
    if " not " not in text:
        return text
    out, last = [], 0
    for m in _AMOUNT_NOT_RE.finditer(text):
        new, old = m.group(1), m.group(2)
        before = text[last : m.start()]
        hit = None
        for h in re.finditer(rf"(?<![\w-]){old}(?![\w])", before):
            hit = h
        if hit is None:
            continue
        kept = text[m.start() : m.end(1)]  # "garden's 5 not 4": "garden's 5" stays, " not 4" goes
        out.append(before[: hit.start()] + new + before[hit.end() :] + kept + " " * (m.end() - m.end(1)))
        last = m.end()
    return "".join(out) + text[last:] if out else text
