"""The Traveling Adventurers parser: message -> tokens -> mentions -> sentences, each read by
:class:`~language.traveling_adventurers.reader._SentenceReader`, then settled across sentences
(the message-level passes are in :mod:`.passes`, the layout read first in :mod:`.layout`).
"""

from __future__ import annotations

import bisect

from language.acts import Act, Agree, Inform, Reject, Suggest
from language.traveling_adventurers.clauses import _Cand, _sentences, _State
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.corrections import (
    Corrected,
    correction_spans,
    follow_context,
    substitution,
    withdrawn_room_span,
)
from language.traveling_adventurers.cues import cue_key
from language.traveling_adventurers.layout import (
    _amount_not,
    _marks,
    _origin_after,
    _pictograph_breaks,
    _split_letter_pairs,
    _table_rows,
)
from language.traveling_adventurers.mentions import _find_mentions, _Mention
from language.traveling_adventurers.normalize import _normalize, _Tok, _tokenize
from language.traveling_adventurers.passes import (
    _after_recap,
    _bare_route,
    _ellipsis_ask,
    _home_after,
    _informed_hops,
    _instead,
    _postponed,
    _still_to_do,
    _submitted_agreement,
    _swapped,
    _tour_asked,
    _unpending_refusal,
    _via,
)
from language.traveling_adventurers.quantifiers import Quantified, quantified
from language.traveling_adventurers.reader import _SentenceReader
from language.traveling_adventurers.resolution import _confirm_across, _finish_ends
from language.traveling_adventurers.rooms import _Lexicon, _lexicon

_WHERE_NEXT = frozenset("do should shall to can next now".split())


MAX_SUBSTITUTIONS = 4
"""The most one-item corrections a message has done in place (more are read segment by segment)."""


_MARKER_NO = frozenset({"no", "nah", "nope"})


_INJECTION_VERBS = frozenset({"ignore", "disregard", "forget", "override", "bypass"})


_INJECTION_NOUNS = frozenset({"instructions", "instruction", "prompt", "prompts", "rules", "guidelines"})


_AUTHORITY = frozenset({"system", "admin", "administrator", "moderator", "developer", "operator"})


_AUTHORITY_NEXT = frozenset({"prompt", "message", ":", "override", "notice", "note", "instruction", "command", "]"})


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
        text = _origin_after(
            _table_rows(_marks(_normalize(message)))
        )  # cut first: nothing below reads more than the cap
        lex = _lexicon(tuple(context.rooms.items()))
        text = _pictograph_breaks(_amount_not(_split_letter_pairs(text, lex)))
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
            elif keys[k] == "as" and keys[k + 1] == "well" and "'" not in toks[k + 1].text:
                keys[k + 1] = "too"  # "to the attic 3 as well": not "we'll"
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
