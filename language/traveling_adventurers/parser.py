"""The Traveling Adventurers parser: message -> tokens -> mentions -> sentences, each read by
:class:`~language.traveling_adventurers.reader._SentenceReader`, then settled across sentences.
"""

from __future__ import annotations

import bisect
import re

from language.acts import Act, Agree, Ask, End, Inform, Reject, Suggest
from language.traveling_adventurers.clauses import _Cand, _sentences, _State
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.corrections import (
    Corrected,
    correction_spans,
    follow_context,
    substitution,
    withdrawn_room_span,
)
from language.traveling_adventurers.cues import _INDEX, _find, cue_key
from language.traveling_adventurers.mentions import _find_mentions, _Mention
from language.traveling_adventurers.normalize import _normalize, _Tok, _tokenize
from language.traveling_adventurers.quantifiers import Quantified, quantified
from language.traveling_adventurers.reader import _SentenceReader
from language.traveling_adventurers.resolution import _confirm_across, _finish_ends
from language.traveling_adventurers.rooms import _Lexicon, _lexicon

_PAIR_RE = re.compile(
    r"(?<![\w'])([A-Z]{2,14})(?![\w'])|(?<![\w'])([a-z]{2})(?=\s?[=:,]\s?\d)|(?<![\w'])([a-zA-Z]{6,14})(?![\w'])"
)
_PAIR_WORDS = frozenset(
    "OK AM PM TO GO AT AS DO SO NO ME WE BE OR OF ON IN IS IT IF MY BY UP US AN HE OH AH TA GG TV PC OW OP ST"
    " CT OT PS DM".split()
)
_WHERE_NEXT = frozenset("do should shall to can next now".split())
MAX_SUBSTITUTIONS = 4
"""The most one-item corrections a message has done in place (more are read segment by segment)."""
_MARKER_NO = frozenset({"no", "nah", "nope"})
_INJECTION_VERBS = frozenset({"ignore", "disregard", "forget", "override", "bypass"})
_INJECTION_NOUNS = frozenset({"instructions", "instruction", "prompt", "prompts", "rules", "guidelines"})
_AUTHORITY = frozenset({"system", "admin", "administrator", "moderator", "developer", "operator"})
_AUTHORITY_NEXT = frozenset({"prompt", "message", ":", "override", "notice", "note", "instruction", "command", "]"})


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

    return _PAIR_RE.sub(pair, text)


_STRUCK_RE = re.compile(r"~~[^~\n]{0,120}~~")
_BOLD_RE = re.compile(r"\*\*(?=\S)([^*\n]{1,120})(?<=\S)\*\*")
_STAR_AFTER_RE = re.compile(r"(?<![\w'])([\w']+)\*+(?![\w*])")
_STAR_BEFORE_RE = re.compile(r"(?<![\w*])\*+(?=\w)")


_PICK_BETWEEN_RE = re.compile(r"\b(pick|choose|decide|call|choice)\s+between\b", re.IGNORECASE)
_WBU_RE = re.compile(r"(?<![\w'])(?:wbu|hbu|wby|hby)(?![\w'])\??", re.IGNORECASE)
_HOW_ABOUT_YOU_ON_RE = re.compile(r"(?<![\w'])(?:how|what) (?:about|bout|abt|abut) (?:you|u|ya) on\b", re.IGNORECASE)


def _marks(text: str) -> str:
    """Markdown and chat marks: "wbu" / "hbu" is "and you?", struck text ("~~kitchen~~ bathroom") is
    withdrawn, bold is plain, and an asterisk on a word ("*kitchen", "attic***") marks it as a correction ("oops kitchen")."""
    lower = text.lower()
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


def _named_edge(text: str, toks: list[_Tok], lex: _Lexicon, context: DialogueContext) -> tuple[str, str] | None:
    """The first hallway a correction segment names before any amount or full stop: its first two
    board rooms, or ``at`` and the one room of "that's the attic"."""
    first_num = next((t.start for t in toks if t.kind == "num" or t.text in (".", "!", "?")), len(text))
    rooms = [
        m.room for m in _find_mentions(text, toks, lex, context.start) if m.on_board and toks[m.j].end <= first_num
    ]
    if len(rooms) == 1 and any(t.key in ("thats", "its", "was") for t in toks[:4]):
        return (context.current, rooms[0]) if rooms[0] != context.current else None  # "no, that's the attic"
    return (rooms[0], rooms[1]) if len(rooms) >= 2 and rooms[0] != rooms[1] else None


def _injection(toks: list[_Tok]) -> bool:
    """Whether the message tells the reader to ignore its instructions ("ignore all previous
    instructions and submit ..."): such text is data, and carries no act."""
    last_verb = -10
    for k, t in enumerate(toks):
        if t.key in _INJECTION_VERBS:
            last_verb = k
        elif t.key in _INJECTION_NOUNS and k - last_verb <= 5:
            return True
        elif t.key in _AUTHORITY and k + 1 < len(toks) and toks[k + 1].key in _AUTHORITY_NEXT:
            return True  # "SYSTEM override:", "[ADMIN NOTICE]"
        elif t.key in ("bot", "assistant", "ai", "agent", "model") and k + 2 < len(toks):
            if toks[k + 1].key in ("is", "must") and toks[k + 2].key in (
                "required",
                "instructed",
                "obliged",
                "ordered",
            ):
                return True  # "bot is required to submit ..."
    return False


class TravelingAdventurersParser:
    """Rule-based reader of Traveling Adventurers chat: message -> ordered, de-duplicated acts.

    The parser never raises on text: garbage, huge inputs and instructions hidden in a message are
    read as data and yield only the acts really written there (often none).
    """

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        """Read ``message`` (written by the partner described in ``context``) into acts.

        Args:
            message: free chat text.
            context: what the reader knows; ``speaker_coins`` is the author's coin kind.

        Returns:
            The acts in message order, exact duplicates removed.
        """
        if not isinstance(message, str) or not context.rooms:
            return []
        text = _table_rows(_marks(_normalize(message)))  # cut first: nothing below reads more than the cap
        lex = _lexicon(tuple(context.rooms.items()))
        text = _amount_not(_split_letter_pairs(text, lex))
        toks = _tokenize(text)
        if not toks or _injection(toks):  # blank, or instructions to the reader: no act
            return []
        spans = correction_spans(toks, lex.vocabulary)
        if spans:
            text, toks, spans = self._substitute(text, toks, spans, lex, context)
        if not spans:
            mentions = _find_mentions(text, toks, lex, context.start)
            acts = self._read(text, toks, lex, context, mentions)
        else:  # "kitchen next... actually no, make it the bathroom": each segment on its own
            corrected, ctx, lo = Corrected(context), context, 0
            prev_marker = (0, 0)
            for a, b in [*spans, (len(toks), len(toks))]:
                segment = text[toks[lo].start : toks[a - 1].end] if a > lo else ""
                seg_toks = _tokenize(segment)
                if lo > 0 and seg_toks:  # "i meant the garden not the playroom": the playroom is taken back
                    found = _find_mentions(segment, seg_toks, lex, context.start)
                    cut = withdrawn_room_span(seg_toks, [(m.i, m.j) for m in found])
                    pending = context.last_suggestion[-1] if context.last_suggestion else None
                    if cut is not None and not any(m.j == cut[1] and m.room == pending for m in found):
                        segment = segment[: seg_toks[cut[0]].start] + segment[seg_toks[cut[1]].end :]
                        seg_toks = _tokenize(segment)
                part = self._read(segment, seg_toks, lex, ctx) if seg_toks else []
                refusing = lo > 0 and any(toks[k].key in _MARKER_NO for k in range(prev_marker[0], prev_marker[1]))
                corrected.add(
                    part, after_marker=lo > 0, edge=_named_edge(segment, seg_toks, lex, context), refusing=refusing
                )
                prev_marker = (a, b)
                ctx = follow_context(ctx, part)
                lo = b
                if lo >= len(toks):
                    break
            acts = corrected.acts()
            mentions = _find_mentions(text, toks, lex, context.start)
        acts = _apply_quantified(acts, quantified(toks, mentions, context))
        acts = _ellipsis_ask(acts, toks, mentions, context)
        acts = _unpending_refusal(acts, toks, mentions, context)
        acts = _swapped(acts, toks, mentions)
        acts = _instead(acts, toks, mentions, context)
        acts = _home_after(acts, context, toks, mentions)
        acts = _still_to_do(acts, toks, mentions, context)
        acts = _tour_asked(acts, context)
        acts = _via(acts, toks, mentions, context)
        acts = _informed_hops(acts, toks, mentions)
        acts = _submitted_agreement(acts, toks, context)
        if not acts:
            acts = _bare_route(toks, mentions, context)
        acts = _postponed(acts, toks, mentions, context)
        return self._settle(acts, context)

    def _substitute(
        self, text: str, toks: list[_Tok], spans: list[tuple[int, int]], lex: _Lexicon, context: DialogueContext
    ) -> tuple[str, list[_Tok], list[tuple[int, int]]]:
        """The message with the corrections that swap one item done in place, one after another (see
        :func:`~language.traveling_adventurers.corrections.substitution`), and the markers left.
        At most :data:`MAX_SUBSTITUTIONS` are done, so the work stays linear in the message."""
        for _ in range(MAX_SUBSTITUTIONS):
            rooms = [(m.i, m.j, m.room) for m in _find_mentions(text, toks, lex, context.start)]
            lo, swap, marker = 0, None, (0, 0)
            for idx, (a, b) in enumerate(spans):
                nxt = spans[idx + 1][0] if idx + 1 < len(spans) else len(toks)
                swap = substitution(toks, rooms, (lo, a), (b, nxt)) if a > lo and nxt > b else None
                if swap is not None:
                    marker = (a, b)
                    break
                lo = b
            if swap is None:
                break
            (w_i, w_j), (r_i, r_j) = swap
            a = marker[0]
            text = (
                text[: toks[w_i].start]
                + text[toks[r_i].start : toks[r_j].end]
                + text[toks[w_j].end : toks[a - 1].end]
                + text[toks[r_j].end :]
            )
            toks = _tokenize(text)
            spans = correction_spans(toks, lex.vocabulary)
            if not spans:
                break
        return text, toks, spans

    def _read(
        self,
        text: str,
        toks: list[_Tok],
        lex: _Lexicon,
        context: DialogueContext,
        mentions: list[_Mention] | None = None,
    ) -> list[Act]:
        """The acts of ``text`` (tokens ``toks``, room ``mentions`` when already found), before the
        message-wide settling."""
        if mentions is None:
            mentions = _find_mentions(text, toks, lex, context.start)
        keys = [cue_key(t.key) if t.kind == "word" else t.key for t in toks]
        for k in range(len(toks) - 1):  # "how many on K-A 4 u": "4" is "for" before "you"
            if toks[k].text == "4" and keys[k + 1] == "you" and toks[k + 1].key in ("u", "you", "ya"):
                keys[k] = "for"
            elif keys[k] == "were" and keys[k + 1] in _WHERE_NEXT and (k == 0 or toks[k - 1].kind != "word"):
                keys[k] = "where"  # "were do u wanna go nxt"
        for m in mentions:  # room words are not cue words ("K" is not "k" = ok)
            for k in range(m.i, m.j + 1):
                keys[k] = "<room>"
        state = _State(context)
        per_sentence: list[list[_Cand]] = []
        end_cues: list[int | None] = []
        starts = [m.i for m in mentions]
        for lo, hi, question in _sentences(toks):
            own = [m for m in mentions[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)] if m.j < hi]
            reader = _SentenceReader(toks, keys, own, lo, hi, question, state)
            cands, end_pos = reader.read()
            if any(c.kind == "suggest" and c.full for c in cands):  # "attic before kids room: L-E-B-K-A-C-L"
                cands = [c for c in cands if c.kind != "suggest" or c.full]
            per_sentence.append(cands)
            end_cues.append(end_pos)
        _finish_ends(per_sentence, end_cues, context)
        _confirm_across(per_sentence, context)
        return _chained([(k, c) for k, cands in enumerate(per_sentence) for c in cands], context)

    @staticmethod
    def _settle(acts: list[Act], context: DialogueContext) -> list[Act]:
        """Message-wide rules: no agreement with nothing pending, a verdict with a path replaces a
        bare one, exact duplicates removed."""
        acts = _last_verdict(acts, context)
        acts = [b for a in acts if (b := _after_recap(a, context.visited)) is not None]
        if len(context.visited) >= 3:  # "path: L, E, K": the agreed path retold is a recap, no proposal
            acts = [a for a in acts if not (isinstance(a, Suggest) and list(a.path) == list(context.visited))]
        if not context.last_suggestion:  # "cool", "yep", "sounds good" with nothing pending: no act
            acts = [a for a in acts if not isinstance(a, Agree)]
            informed = False  # "... and I've got 2 there. not great tbh": a verdict on the amount said
            kept: list[Act] = []
            for a in acts:
                if not (
                    informed and isinstance(a, Reject) and not a.path and not any(isinstance(b, Suggest) for b in acts)
                ):
                    kept.append(a)
                informed = informed or isinstance(a, Inform)
            acts = kept
        if any(isinstance(a, Agree) and a.path for a in acts):  # "ok! ... yes, kitchen it is"
            acts = [a for a in acts if not (isinstance(a, Agree) and not a.path)]
        if any(isinstance(a, Reject) and a.path for a in acts):
            acts = [a for a in acts if not (isinstance(a, Reject) and not a.path)]
        seen: set[str] = set()
        out: list[Act] = []
        for act in acts:
            key = act.model_dump_json()
            if key not in seen:
                seen.add(key)
                out.append(act)
        return out


def _last_verdict(acts: list[Act], context: DialogueContext) -> list[Act]:
    """ "yep fine. oh hold on, no", "nope. hmm, on second thoughts yes": of an assent and a refusal
    of the pending suggestion in one message, the later one stands."""
    last = context.last_suggestion

    def on_pending(act: Act) -> str | None:
        if isinstance(act, Agree | Reject) and (not act.path or list(act.path) == last):
            return "agree" if isinstance(act, Agree) else "reject"
        return None

    kinds = [on_pending(a) for a in acts]
    if "agree" not in kinds or "reject" not in kinds:
        return acts
    final = [k for k in kinds if k][-1]
    return [a for a, k in zip(acts, kinds, strict=True) if k is None or k == final]


def _chained(cands: list[tuple[int, _Cand]], context: DialogueContext) -> list[Act]:
    """The acts of ``cands`` (with their sentence numbers), where a suggestion that leaves from where
    the one just before it ends (not from ``at``) continues it: one suggest with the whole path
    ("rec room next? then the garden"; "EK, KB, BA, AC" or "from the kitchen the attic, and from the
    attic the kids room" in one sentence), when the whole path visits no room twice (a return to the
    start only ending a full tour). Hops written with their own origin in separate sentences stay
    apart: the renderer says two suggestions that way."""
    out: list[Act] = []
    prev_sentence, prev_written = -1, False
    for sentence, c in cands:
        act, prev = c.act, out[-1] if out else None
        written = c.explicit or c.anchored
        if (
            isinstance(act, Suggest)
            and isinstance(prev, Suggest)
            and (not written or (sentence == prev_sentence and prev_written))
            and act.path[0] == prev.path[-1] != context.current
        ):
            path = [*prev.path, *act.path[1:]]
            body = path[:-1] if path[-1] == context.start and len(set(path)) == len(context.rooms) else path
            if len(set(body)) == len(body):
                out[-1] = Suggest(path=path)
                prev_sentence = sentence
                continue
        out.append(act)
        prev_sentence, prev_written = sentence, written or isinstance(act, Suggest) and act.path[0] == context.current
    return out


def _apply_quantified(acts: list[Act], found: list[Quantified]) -> list[Act]:
    """The acts with the quantified statements' informs (see :mod:`.quantifiers`): on each covered
    hallway the shared amount (or the exception's), unless the message states another amount for
    it; a hallway excepted without an amount keeps only an amount stated for it; a proposal of a
    covered hop ("except maybe the playroom, 2") is none."""
    if not found:
        return acts
    scope: dict[frozenset[str], int | None] = {}
    for q in found:
        scope.update(q.scope)
    shared = {e: v for q in found for e, v in q.scope.items()}
    apart = {e for q in found if q.others and not q.exact for e in q.scope} | {
        e for e, v in shared.items() if v is None
    }
    stated: dict[frozenset[str], Inform] = {}
    for a in acts:
        if isinstance(a, Inform) and frozenset(a.edge) in scope:
            e = frozenset(a.edge)
            if a.coins != shared.get(e) and e in apart:
                stated[e] = a
    out: list[Act] = []
    for a in acts:
        if isinstance(a, Inform) and frozenset(a.edge) in scope:
            continue
        if isinstance(a, Inform) and any(a.coins in q.counts and q.origin in a.edge for q in found):
            continue  # "none of the three left": a count of rooms, no amount
        if isinstance(a, Inform) and any(
            q.origin in a.edge and a.coins in q.scope.values() and not q.exact for q in found
        ):
            continue  # the same amount on a hallway the statement leaves out ("every remaining door")
        if isinstance(a, Suggest) and len(a.path) == 2 and frozenset(a.path) in scope:
            continue
        out.append(a)
    for q in found:
        for e, v in q.scope.items():
            if e in stated:
                out.append(stated.pop(e))
            elif v is not None:
                x, y = sorted(e)
                out.append(Inform(edge=(x, y), coins=v))
    return out


_ELLIPSIS_WORDS = frozenset(
    "and for the one hmm what about how ok so then you your on that this hallway corridor there u ur".split()
)


def _ellipsis_ask(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """After the reader gave its coins on a hallway (``topic``, ``last_amount``): "and the bathroom?"
    asks about the parallel hallway from the same room, "what about you on that hallway?" about it."""
    topic, here = context.topic, context.current
    if not topic or len(topic) != 2 or context.last_amount is None or not toks or toks[-1].text != "?":
        return acts
    if any(not isinstance(a, Suggest) for a in acts):
        return acts
    rooms = [m for m in mentions if m.on_board]
    inside = {k for m in mentions for k in range(m.i, m.j + 1)}
    words = [t.key for k, t in enumerate(toks) if t.kind == "word" and k not in inside]
    if not set(words) <= _ELLIPSIS_WORDS or "and" not in words and "you" not in words and "u" not in words:
        return acts
    origin = topic[0] if topic[0] == here or topic[1] != here else topic[1]
    if len(rooms) == 1 and "and" in words and rooms[0].room not in topic:
        return [Ask(edge=(origin, rooms[0].room))]
    if not rooms and ({"that", "this", "there"} & set(words)) and ({"you", "u", "your", "ur"} & set(words)):
        return [Ask(edge=(topic[0], topic[1]))]
    return acts


def _after_recap(act: Act, visited: list[str]) -> Act | None:
    """ "we did L, E and K, the loo next?": a proposal that retells the agreed path first proposes
    only what comes after it (nothing, when it only retells it: "route till now = L, B, K")."""
    if not isinstance(act, Suggest) or len(visited) < 2 or len(act.path) <= len(visited) or act.path[0] != visited[-1]:
        return act
    path, n = list(act.path), len(visited)
    if len(path) == n + 1 and path[1:] == visited:
        return None
    for s in range(1, len(path) - n):  # after the room it left from: a whole tour from L stays
        if path[s] == visited[0] and path[s : s + n] == visited:
            return Suggest(path=[visited[-1], *path[s + n :]])
    return act


_PROPOSING = frozenset("lets let's let how what try maybe instead rather prefer suggest".split())


def _unpending_refusal(
    acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext
) -> list[Act]:
    """With nothing pending, a refusal is of the room the message names ("the attic is a no-go for
    me", "keep me away from the loft") or, naming none, of the room under discussion ("skip it"):
    ``reject`` with the path from ``at`` to it."""
    if context.last_suggestion or not any(isinstance(a, Reject) and not a.path for a in acts):
        return acts
    keys = [cue_key(t.key) for t in toks]
    refusing = {k for a, b in _find(keys, 0, len(keys), _INDEX["reject"]) for k in range(a, b)}
    proposing = [a for a, _ in _find(keys, 0, len(keys), _INDEX["suggest"]) if a not in refusing]
    if any(k in _PROPOSING for k in keys) or proposing:
        return acts  # "no, let's do the attic", "my proposal: ...": a proposal, not a refusal of it
    here = context.current
    rooms = {m.room for m in mentions if m.on_board and m.room != here}
    target = None
    informed = {r for a in acts if isinstance(a, Inform) for r in a.edge}
    if len(rooms) == 1 and not rooms & informed:  # a room given an amount is spoken of, not refused
        target = rooms.pop()
    elif not rooms and context.topic and context.topic[-1] in context.rooms and context.topic[-1] != here:
        target = context.topic[-1] if len(context.topic) == 1 or context.topic[0] == here else None
    if target is None:
        return acts
    kept = [a for a in acts if not (isinstance(a, Reject) and not a.path)]
    kept = [a for a in kept if not (isinstance(a, Suggest) and list(a.path) == [here, target])]
    if any(not (isinstance(a, Inform) and set(a.edge) == {here, target}) for a in kept):
        return acts  # other acts on other rooms: the refusal is of something else
    return [Reject(path=[here, target]), *kept]


_SWAP = frozenset({"swap", "switch", "flip", "swapping", "switching"})


def _swapped(acts: list[Act], toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "L-E-B-K-C-A-G-P-D-S-L? ugh no, swap the study and the dining room": a correction given as
    an edit of the path just proposed; the path with the two rooms exchanged stands alone."""
    at = next((k for k, t in enumerate(toks) if t.key in _SWAP), None)
    if at is None:
        return acts
    named: list[str] = []
    for m in mentions:
        if m.i > at and m.on_board and m.room not in named:
            named.append(m.room)
    paths = [a for a in acts if isinstance(a, Suggest | End) and len(a.path) >= 4]
    if len(named) != 2 or len(paths) != 1 or not set(named) <= set(paths[0].path[1:-1]):
        return acts
    x, y = named
    path = [y if r == x else x if r == y else r for r in paths[0].path]
    fixed: Act = End(path=path) if isinstance(paths[0], End) else Suggest(path=path)
    return [fixed if a is paths[0] else a for a in acts if not (isinstance(a, Reject | Suggest) and a is not paths[0])]


def _instead(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "bathroom instead?", "the attic instead of the bathroom" against the pending suggestion: an
    alternative to it, so a refusal of it plus the proposal of the other room (from ``at``)."""
    last = context.last_suggestion
    keys = [t.key for t in toks]
    alternative = any(
        k == "instead" or (k == "rather" and n + 1 < len(keys) and keys[n + 1] == "than") for n, k in enumerate(keys)
    )
    if not last or not alternative or any(isinstance(a, Agree | End) for a in acts):
        return acts
    here = context.current
    rejected = any(isinstance(a, Reject) and (not a.path or list(a.path) == last) for a in acts)
    offered = [a for a in acts if isinstance(a, Suggest) and a.path[0] == here and a.path[-1] != last[-1]]
    if not offered:
        others = {m.room for m in mentions if m.on_board and m.room != here and m.room not in last}
        if (
            not rejected
            or len(others) != 1
            or any(isinstance(a, Reject) and a.path and a.path[-1] in others for a in acts)
        ):
            return acts
        return [*acts, Suggest(path=[here, others.pop()])]
    if rejected or any(isinstance(a, Reject) for a in acts):
        return acts
    return [Reject(), *acts]


_POSTPONE_VERBS = frozenset({"leave", "save", "keep", "push", "postpone", "hold", "delay", "park"})
_POSTPONE_TO = frozenset({"till", "til", "until", "for", "to", "at", "as"})


def _postponed(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "leave the garden till last", "let's save the kitchen for the end", "postpone the attic",
    "leave the bathroom and the kitchen till last": postponing a room refuses it for now (``reject``
    of the pending suggestion when it goes there, else of the hop from ``at``, one per room); a
    proposal of that hop in the same breath is dropped."""
    keys = [t.key for t in toks]
    rooms = [m for m in mentions if m.on_board and m.room != context.current]
    targets: list[str] = []
    verbs = [k for k, w in enumerate(keys) if w in _POSTPONE_VERBS][:3]  # a few: the work stays linear
    for k in verbs:
        w = keys[k]
        end = k + 1
        while (
            end < len(keys)
            and end - k <= 12
            and keys[end] not in _POSTPONE_TO
            and keys[end] not in (".", "?", "!", ",", ";")
        ):
            end += 1
        named = [m.room for m in rooms if k < m.i < end and m.i - k <= 10]
        tail = keys[end : end + 4]
        later = w == "postpone" or (
            bool(tail) and tail[0] in _POSTPONE_TO and any(t in ("last", "later", "end") for t in tail[1:])
        )
        if named and later:
            targets += [r for r in named if r not in targets]
    if not targets:
        return acts
    here, last = context.current, context.last_suggestion
    out = list(acts)
    refusals: list[Act] = []
    for target in targets:
        hop = [here, target]
        out = [a for a in out if not (isinstance(a, Suggest) and list(a.path) == hop)]
        if last and last[-1] == target:
            out = [a for a in out if not (isinstance(a, Agree | Reject) and (not a.path or list(a.path) == last))]
            refusals.append(Reject())
        else:
            out = [a for a in out if not (isinstance(a, Reject) and a.path and list(a.path) == hop)]
            refusals.append(Reject(path=hop))
    return [*refusals, *out]


def _home_after(acts: list[Act], context: DialogueContext, toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "loo, nursery, attic, back home", "... children's, attic, back to L": a return to the start
    written after a proposal that visits every room left continues that proposal (one suggest of
    the completion), not a hop from ``at``; "... to children room and go back living room": a
    proposal of every room left, with the start named last after "back", returns there."""
    here, start = context.current, context.start
    on_board = [m for m in mentions if m.on_board]
    back = bool(on_board) and on_board[-1].room == start and any(t.key in ("back", "home") for t in toks)

    def from_origin(room: str, hop: bool = False) -> bool:
        """ "from the kids room back home" names its origin, and so does one hop written "K -> L"."""
        for m in on_board:
            if m.room != room:
                continue
            after = toks[m.j + 1] if m.j + 1 < len(toks) else None
            if after is not None and (after.text == "(" or hop and after.kind in ("arrow", "dash")):
                return True
            k = m.i - 1 if m.i > 0 and toks[m.i - 1].key != "the" else m.i - 2
            if k >= 0 and toks[k].key in ("from", "frm"):
                return True
        return False

    out: list[Act] = []
    for a in acts:
        prev = next((b for b in reversed(out) if isinstance(b, Suggest)), None)
        if (
            isinstance(a, Suggest)
            and list(a.path) == [here, start]
            and prev is not None
            and prev.path[-1] != start
            and start not in prev.path[1:]
            and not from_origin(here)
            and (
                (prev.path[0] == here and set(prev.path) | set(context.visited) >= set(context.rooms))
                or (prev.path[0] == start and set(prev.path) >= set(context.rooms))
            )
        ):
            out[out.index(prev)] = Suggest(path=[*prev.path, start])
            continue
        out.append(a)
    pending_end = context.last_suggestion[-1] if context.last_suggestion else None
    agreed = any(isinstance(a, Agree) for a in out)

    for k, a in enumerate(out):  # "only the attic left and then back home": the completion from at
        if (
            isinstance(a, Suggest)
            and not agreed
            and a.path[0] != pending_end
            and not from_origin(a.path[0], hop=len(a.path) == 2)
            and a.path[0] != here
            and a.path[0] not in context.visited
            and a.path[-1] == start
            and set(a.path) | set(context.visited) >= set(context.rooms)
            and len(set(a.path)) == len(a.path)
        ):
            out[k] = Suggest(path=[here, *a.path])
    if back:
        whole = [a for a in out if isinstance(a, Suggest) and a.path[-1] != start and start not in a.path[1:]]
        rooms = set(context.rooms)
        if len(whole) == 1 and set(whole[0].path) | set(context.visited) >= rooms and len(whole[0].path) >= 3:
            out = [Suggest(path=[*a.path, start]) if a is whole[0] else a for a in out]
    return out


_TO_DO = frozenset({"remaining", "rest", "left", "need", "todo", "leftover", "outstanding"})
_TO_DO_AFTER_STILL = frozenset({"got", "have", "need", "to", "owe"})


def _still_to_do(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "the rest is B, C and A", "remaining: bathroom, attic", "still got the playroom, loo and
    attic": naming two or more of the rooms still to do is part of a recap, no proposal (unless a
    question follows the list)."""
    keys = [t.key for t in toks]
    cues = [
        k for k, w in enumerate(keys) if w in _TO_DO or (w in _TO_DO_AFTER_STILL and k > 0 and keys[k - 1] == "still")
    ][:4]  # a few lists: the work stays linear in the message
    if not cues or not any(isinstance(a, Suggest) for a in acts):
        return acts
    unvisited = set(context.rooms) - set(context.visited)
    here = context.current
    listed: set[str] = set()
    in_list: set[int] = set()
    found = [m for m in mentions if m.on_board and m.room in unvisited]

    def joined(a: _Mention, b: _Mention) -> bool:  # list neighbours: close, in one sentence
        return b.i - a.j <= 3 and not any(toks[k].text in (".", "?", "!", "\n") for k in range(a.j + 1, b.i))

    for c in cues:
        run = [m for m in found if c < m.i <= c + 4][:1]
        if not run:  # "B and A still to do": the list before the cue
            run = [m for m in found if c - 3 <= m.j < c][-1:]
            if run:
                lo = run[0]
                k = found.index(lo)
                while k > 0 and joined(found[k - 1], lo):
                    k -= 1
                    lo = found[k]
                run = found[k : found.index(run[0]) + 1]
        else:
            k = found.index(run[0])
            while k + 1 < len(found) and joined(found[k], found[k + 1]):
                k += 1
                run.append(found[k])
        if len(run) >= 2 and not (run[-1].j + 1 < len(toks) and toks[run[-1].j + 1].text == "?"):
            listed |= {m.room for m in run}
            in_list |= {id(m) for m in run}
    outside = {m.room for m in found if id(m) not in in_list}  # "left: B, C, A. thoughts on the kids room?"
    if not listed:
        return acts
    out: list[Act] = []
    for a in acts:
        if not isinstance(a, Suggest):
            out.append(a)
            continue
        rooms = set(a.path[1:] if a.path[0] == here else a.path)
        if rooms and rooms <= listed and not rooms <= outside:  # "..., I'd do the bathroom then the kids room"
            tail = list(a.path[1:]) if a.path[0] != here else []
            if tail and set(tail) <= outside and a.path[0] in listed:  # "remaining: B, C, A. B next?"
                out.append(Suggest(path=[here, *tail]))
            continue
        out.append(a)
    return out


def _complete(path: list[str], context: DialogueContext) -> bool:
    """Whether ``path`` is a whole tour (from the start back to it) or the completion from ``at``."""
    start, rooms = context.start, set(context.rooms)
    if len(path) < 3 or path[-1] != start or len(set(path[:-1])) != len(path) - 1:
        return False
    if path[0] == start:
        return set(path) == rooms
    return path[0] == context.current and set(path) | set(context.visited) == rooms


def _tour_asked(acts: list[Act], context: DialogueContext) -> list[Act]:
    """ "what do you get in total for L-A-C-B-K-E-L?", "is it possible for you: E → A → K → B → C →
    L?": a whole tour (or the completion from ``at``) inside a question is a proposal of it, not a
    question per hallway."""
    asks = [a for a in acts if isinstance(a, Ask) and a.edge is not None]
    if len(asks) < 2:
        return acts
    path = [asks[0].edge[0], asks[0].edge[1]]  # type: ignore[index]
    for a in asks[1:]:
        if a.edge is None or a.edge[0] != path[-1]:
            return acts
        path.append(a.edge[1])
    if not _complete(path, context):
        return acts
    first = acts.index(asks[0])
    rest = [a for a in acts if not (isinstance(a, Ask) and a.edge is not None)]
    return [*rest[:first], Suggest(path=path), *rest[first:]]


_ROUTE_GLUE = frozenset({"->", "-", ",", "to", "then", "and", "the", ">", "→", "/"})
_RETOLD = frozenset({"said", "suggested", "proposed", "mentioned", "wrote", "did", "done", "been", "visited"})


def _bare_route(toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """A message that otherwise says nothing but writes a route of three or more rooms from ``at``
    ("would you be ok going E → K → A from here?", "what do you reckon to L-G-P-E-B-K-C-A-L"):
    a proposal of it. Routes someone else said or the agreed path retold are left alone."""
    if any(t.key in _RETOLD for t in toks):
        return []
    runs: list[list[_Mention]] = []
    for m in (m for m in mentions if m.on_board):
        prev = runs[-1][-1] if runs else None
        if prev is not None and all(
            toks[k].key in _ROUTE_GLUE or toks[k].kind in ("arrow", "dash") for k in range(prev.j + 1, m.i)
        ):
            runs[-1].append(m)
        else:
            runs.append([m])
    routes = [[m.room for m in r] for r in runs if len(r) >= 3]
    if len(routes) != 1:
        return []
    path = routes[0]
    here = context.current
    if path[0] != here and path[0] == context.start and path[-1] == context.start and _complete(path, context):
        return [Suggest(path=path)]
    if path[0] != here or len(set(path)) != len(path) - (
        path[-1] == context.start and len(path) > 1 and path.count(context.start) == 2
    ):
        return []
    if any(r in context.visited for r in path[1:] if r != context.start):
        return []
    return [Suggest(path=path)]


_VIA = frozenset({"via", "through", "thru", "thro"})
_MOTION = frozenset({"go", "going", "head", "heading", "reach", "get", "getting", "move", "moving", "pass", "route"})


def _via(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "to the nursery via the attic", "reach the attic by way of the kids room", "go through the
    bathroom on the way to the kids room", "is it worth going via the kitchen to the attic?": the
    room passed through is a stop before the destination (one suggest ``at -> X -> Y``)."""
    keys = [t.key for t in toks]
    cue = next(
        (
            k
            for k, w in enumerate(keys)
            if w in _VIA or (w == "way" and 0 < k < len(keys) - 1 and keys[k - 1] == "by" and keys[k + 1] == "of")
        ),
        None,
    )
    if cue is None:
        return acts
    here = context.current
    on_board = [m for m in mentions if m.on_board]
    via = next((m for m in on_board if cue < m.i <= cue + 3), None)
    if via is None or via.room == here:
        return acts
    x = via.room
    others = [m.room for m in on_board if m is not via and m.room not in (here, x)]
    if len(set(others)) != 1:
        return acts
    y = others[0]
    hops = {(here, x), (here, y), (x, y), (here, y, x), (here, x, y)}
    moves = [a for a in acts if isinstance(a, Suggest) and tuple(a.path) in hops]
    asks = [a for a in acts if isinstance(a, Ask) and a.edge is not None and tuple(a.edge) in hops]
    coin_question = any(w in ("many", "much", "coins", "coin") for w in keys)
    if asks and (coin_question or not any(w in _MOTION for w in keys[:cue])):
        return acts  # "how many from B through K to C": a question per hallway
    if not moves and not asks:
        return acts
    path = Suggest(path=[here, x, y])
    out: list[Act] = []
    for a in acts:
        if a in moves or a in asks:
            if path not in out:
                out.append(path)
            continue
        out.append(a)
    return out


def _informed_hops(acts: list[Act], toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "B-C and C-A? both 5 for me", "attic->kitchen like 10, attic->bath 0, ...": hallways written
    as a list of amounts are no proposal; a suggest each of whose hops the message gives an amount,
    with two amounts or more and no proposal cue, is dropped when its destination is written only
    inside hallway names ("... so kitchen?" proposes)."""
    informed = {frozenset(a.edge) for a in acts if isinstance(a, Inform)}
    if len(informed) < 2 or not any(isinstance(a, Suggest) for a in acts):
        return acts
    keys = [cue_key(t.key) for t in toks]
    if _find(keys, 0, len(keys), _INDEX["suggest"]) or any(k in _PROPOSING for k in keys):
        return acts

    def in_edges(room: str) -> bool:
        named = [m for m in mentions if m.on_board and m.room == room]
        return bool(named) and all(m.i > 0 and toks[m.i - 1].kind in ("arrow", "dash") for m in named)

    return [
        a
        for a in acts
        if not (
            isinstance(a, Suggest)
            and all(frozenset(hop) in informed for hop in zip(a.path, a.path[1:], strict=False))
            and in_edges(a.path[-1])
        )
    ]


def _submitted_agreement(acts: list[Act], toks: list[_Tok], context: DialogueContext) -> list[Act]:
    """ "great, that's the tour then: L-E-B-K-C-A-L, submitting now" with the completion C-A-L
    pending, read as an acceptance of it and no end: with a submission cue (no question, no "if")
    it submits the whole tour, ``end`` only."""
    last = context.last_suggestion
    agreed = [a for a in acts if isinstance(a, Agree) and (not a.path or list(a.path) == last)]
    if not last or not agreed or any(isinstance(a, End) for a in acts):
        return acts  # an end already read keeps the agreement with it ("Yes definitely ... submitting X")
    if any(t.text == "?" or t.key == "if" for t in toks):
        return acts
    tour = [*context.visited, *last[1:]]
    if tour[0] != context.start or tour[-1] != context.start or set(tour) != set(context.rooms):
        return acts
    if len(set(tour[:-1])) != len(tour) - 1:
        return acts
    keys = [cue_key(t.key) for t in toks]
    if not _find(keys, 0, len(keys), _INDEX["end"]):
        return acts
    rest = [a for a in acts if a not in agreed and not (isinstance(a, Suggest) and list(a.path) in (last, tour))]
    return [End(path=tour), *rest]
