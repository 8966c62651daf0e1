"""The Traveling Adventurers parser: message -> tokens -> mentions -> sentences, each read by
:class:`~language.traveling_adventurers.reader._SentenceReader`, then settled across sentences.
"""

from __future__ import annotations

import bisect

from language.acts import Act, Agree, Reject
from language.traveling_adventurers.clauses import _Cand, _sentences, _State
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.corrections import correction_spans, follow_context, merge
from language.traveling_adventurers.cues import _CHAT_KEYS
from language.traveling_adventurers.mentions import _find_mentions
from language.traveling_adventurers.normalize import _normalize, _Tok, _tokenize
from language.traveling_adventurers.reader import _SentenceReader
from language.traveling_adventurers.resolution import _confirm_across, _finish_ends
from language.traveling_adventurers.rooms import _Lexicon, _lexicon


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
        text = _normalize(message)  # cut first: nothing below reads more than the message cap
        toks = _tokenize(text)
        if not toks:  # blank
            return []
        lex = _lexicon(tuple(context.rooms.items()))
        spans = correction_spans(toks, lex.vocabulary)
        if not spans:
            acts = self._read(text, toks, lex, context)
        else:  # "kitchen next... actually no, make it the bathroom": each segment on its own
            acts, ctx, lo = [], context, 0
            for a, b in [*spans, (len(toks), len(toks))]:
                segment = text[toks[lo].start : toks[a - 1].end] if a > lo else ""
                seg_toks = _tokenize(segment)
                part = self._read(segment, seg_toks, lex, ctx) if seg_toks else []
                acts = merge(acts, part)
                ctx = follow_context(ctx, part)
                lo = b
                if lo >= len(toks):
                    break
        return self._settle(acts, context)

    def _read(self, text: str, toks: list[_Tok], lex: _Lexicon, context: DialogueContext) -> list[Act]:
        """The acts of ``text`` (tokens ``toks``), before the message-wide settling."""
        mentions = _find_mentions(text, toks, lex, context.start)
        keys = [_CHAT_KEYS.get(t.key, t.key) if t.kind == "word" else t.key for t in toks]
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
            per_sentence.append(cands)
            end_cues.append(end_pos)
        _finish_ends(per_sentence, end_cues, context)
        _confirm_across(per_sentence, context)
        return [c.act for cands in per_sentence for c in cands]

    @staticmethod
    def _settle(acts: list[Act], context: DialogueContext) -> list[Act]:
        """Message-wide rules: no agreement with nothing pending, a verdict with a path replaces a
        bare one, exact duplicates removed."""
        if not context.last_suggestion:  # "cool", "yep", "sounds good" with nothing pending: no act
            acts = [a for a in acts if not isinstance(a, Agree)]
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
