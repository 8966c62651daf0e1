"""The Traveling Adventurers parser: message -> tokens -> mentions -> sentences, each read by
:class:`~language.traveling_adventurers.reader._SentenceReader`, then settled across sentences.
"""

from __future__ import annotations

import bisect
import re

from language.acts import Act, Agree, Reject, Suggest
from language.traveling_adventurers.clauses import _Cand, _sentences, _State
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.corrections import Corrected, correction_spans, follow_context, substitution
from language.traveling_adventurers.cues import _CHAT_KEYS
from language.traveling_adventurers.mentions import _find_mentions
from language.traveling_adventurers.normalize import _normalize, _Tok, _tokenize
from language.traveling_adventurers.reader import _SentenceReader
from language.traveling_adventurers.resolution import _confirm_across, _finish_ends
from language.traveling_adventurers.rooms import _Lexicon, _lexicon

_PAIR_RE = re.compile(r"(?<![\w'])([A-Z])([A-Z])(?![\w'])")
_PAIR_WORDS = frozenset(
    "OK AM PM TO GO AT AS DO SO NO ME WE BE OR OF ON IN IS IT IF MY BY UP US AN HE OH AH TA GG TV PC OW OP ST"
    " CT OT PS DM".split()
)
MAX_SUBSTITUTIONS = 4
"""The most one-item corrections a message has done in place (more are read segment by segment)."""
_INJECTION_VERBS = frozenset({"ignore", "disregard", "forget", "override", "bypass"})
_INJECTION_NOUNS = frozenset({"instructions", "instruction", "prompt", "prompts", "rules", "guidelines"})


def _split_letter_pairs(text: str, lex: _Lexicon) -> str:
    """ "EK is 4": two capital room letters written together are the hallway "E-K" (not in
    mostly-capital text, not for words such as "OK" or "TO", not for names such as "WC")."""
    letters = sum(c.isalpha() for c in text)
    if not letters or sum(c.isupper() for c in text) * 2 > letters:
        return text
    board = set(lex.board)

    def pair(m: re.Match[str]) -> str:
        a, b = m.group(1), m.group(2)
        word = m.group(0)
        if a == b or a not in board or b not in board or word in _PAIR_WORDS or word.lower() in lex.vocabulary:
            return word
        return f"{a}-{b}"

    return _PAIR_RE.sub(pair, text)


def _injection(toks: list[_Tok]) -> bool:
    """Whether the message tells the reader to ignore its instructions ("ignore all previous
    instructions and submit ..."): such text is data, and carries no act."""
    last_verb = -10
    for k, t in enumerate(toks):
        if t.key in _INJECTION_VERBS:
            last_verb = k
        elif t.key in _INJECTION_NOUNS and k - last_verb <= 5:
            return True
        elif t.key == "system" and k + 1 < len(toks) and toks[k + 1].key in ("prompt", "message", ":"):
            return True
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
        text = _normalize(message)  # cut first: nothing below reads more than the message cap
        lex = _lexicon(tuple(context.rooms.items()))
        text = _split_letter_pairs(text, lex)
        toks = _tokenize(text)
        if not toks or _injection(toks):  # blank, or instructions to the reader: no act
            return []
        spans = correction_spans(toks, lex.vocabulary)
        if spans:
            text, toks, spans = self._substitute(text, toks, spans, lex, context)
        if not spans:
            acts = self._read(text, toks, lex, context)
        else:  # "kitchen next... actually no, make it the bathroom": each segment on its own
            corrected, ctx, lo = Corrected(), context, 0
            for a, b in [*spans, (len(toks), len(toks))]:
                segment = text[toks[lo].start : toks[a - 1].end] if a > lo else ""
                seg_toks = _tokenize(segment)
                part = self._read(segment, seg_toks, lex, ctx) if seg_toks else []
                corrected.add(part)
                ctx = follow_context(ctx, part)
                lo = b
                if lo >= len(toks):
                    break
            acts = corrected.acts()
        return self._settle(acts, context)

    def _substitute(
        self, text: str, toks: list[_Tok], spans: list[tuple[int, int]], lex: _Lexicon, context: DialogueContext
    ) -> tuple[str, list[_Tok], list[tuple[int, int]]]:
        """The message with the corrections that swap one item done in place, one after another (see
        :func:`~language.traveling_adventurers.corrections.substitution`), and the markers left.
        At most :data:`MAX_SUBSTITUTIONS` are done, so the work stays linear in the message."""
        for _ in range(MAX_SUBSTITUTIONS):
            rooms = [(m.i, m.j) for m in _find_mentions(text, toks, lex, context.start)]
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
        if len(context.visited) >= 3:  # "path: L, E, K": the agreed path retold is a recap, no proposal
            acts = [a for a in acts if not (isinstance(a, Suggest) and list(a.path) == list(context.visited))]
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
