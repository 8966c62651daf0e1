"""Agreement and rejection cues of a sentence (a part of the sentence reader), whose a coin amount
is, and how the cues settle against the reader's last suggestion.
"""

from __future__ import annotations

import bisect

from language.acts import Agree, Reject, Suggest
from language.traveling_adventurers.clauses import _Cand, _Clause, _make
from language.traveling_adventurers.cues import (
    _BARE_FILLER,
    _COIN_WORDS,
    _COPULA,
    _CUE_NEGATORS,
    _EVALUATIVE,
    _FIRST,
    _INDEX,
    _INTENSIFIERS,
    _JOINT,
    _LEADING,
    _NEGATORS,
    _NO_BEFORE,
    _POLARITY_LEAD,
    _SECOND,
    _TRAILING,
    _YOUR,
    _YOUR_NOUNS,
    _find,
)
from language.traveling_adventurers.numbers import _Num
from language.traveling_adventurers.sentence import _SentenceState

_ASSENT_IF = frozenset({"if", "provided", "assuming"})
_RHETORICAL_SUBJECT = frozenset({"it", "that", "we", "this", "you", "u"})


class _Polarity(_SentenceState):
    """Agreement and rejection cues of a sentence, and whose a coin amount is (a part of
    :class:`~language.traveling_adventurers.reader._SentenceReader`, whose state it reads)."""

    # -- cues ---------------------------------------------------------------------------------------

    def _negated(self, s: int, lo: int, ignore: set[int]) -> bool:
        """A negation right before position ``s`` (no punctuation in between, ``ignore`` skipped)."""
        for k in range(s - 1, max(lo, s - 4) - 1, -1):
            if self.toks[k].kind in ("punct", "dash", "nl"):
                return False
            if self.keys[k] in _CUE_NEGATORS and k not in ignore:
                # "wouldn't it be better to ...?", "shouldn't we ...?": a rhetorical question proposes
                return not (self.question and k + 1 < s and self.keys[k + 1] in _RHETORICAL_SUBJECT)
        return False

    def _polarity(self, cl: _Clause) -> list[tuple[int, str]]:
        """Agreement and rejection cues of a clause: (position, agree | agree_weak | reject)."""
        keys, h = self.keys, cl.hits
        spans = [(s, e, name) for name in ("neutral", "agree", "reject", "agree_weak") for s, e in h[name]]
        spans.sort(key=lambda x: (-(x[1] - x[0]), x[0]))
        first = cl.lo
        while first < cl.hi and keys[first] in _POLARITY_LEAD:
            first += 1
        group_ends = {g.j for g in cl.groups}
        cond_at = next((k for k in range(cl.lo, cl.hi) if keys[k] in ("if", "whether", "unless")), cl.hi)
        has_number = bool(self._amounts(cl.lo, cl.hi))
        taken: set[int] = set()
        out: list[tuple[int, str]] = []
        doubt_at = cl.hi  # the first reject phrase of two words or more
        for s, e, name in spans:
            if taken.intersection(range(s, e)):
                continue
            taken.update(range(s, e))
            if name == "neutral":
                continue
            word, nxt = keys[s], (keys[e] if e < cl.hi else "")
            if name == "reject" and word == "no" and e - s == 1 and (s != first or nxt in _NO_BEFORE):
                continue  # "no problem", "no coins": not a refusal
            if name == "agree_weak" and word in ("it", "its"):
                after_ok = e >= self._content_bounds(cl)[1]
                if not ((s - 1) in group_ends and after_ok):
                    continue
            if word == "right" and s != first:
                continue
            if name == "agree_weak" and keys[e - 1] == "go" and nxt not in ("", "then", "now", "there", "!", ".", ","):
                continue  # "let's go" agrees only on its own: "let's go to the lounge" proposes
            # "ok so you get 5 on E-A": a marker before what follows, not a reply
            closed = cl.hi >= self.hi or self.toks[cl.hi].kind != "word" or self.last_content < cl.hi
            assent_if = nxt in _ASSENT_IF or (nxt == "as" and e + 1 < cl.hi and keys[e + 1] == "long")
            if name == "agree_weak" and word not in ("it", "its") and assent_if:
                name = "agree"  # "okay if that's better for you": conditional assent
            elif name == "agree_weak" and word not in ("it", "its") and not (self._whole(cl, [(s, e)]) and closed):
                name = "agree_marker"  # "ok so ...": a discourse marker unless it confirms a suggestion
            window = range(max(cl.lo, s - 3), s)
            negated = any(keys[b] in _NEGATORS or (keys[b] == "doubt" and keys[b - 1] != "no") for b in window)
            conditional = cond_at < s
            if name in ("agree", "agree_weak", "agree_marker"):
                if conditional or (cl.question and word not in ("yes", "yeah", "yep", "sure")):
                    continue
                if nxt == "for" and e + 1 < cl.hi and keys[e + 1] in ("you", "u"):
                    continue
                if e - s == 1 and word in _INTENSIFIERS and s != first:
                    continue  # "we should definitely go": an adverb, not a reply
                if cl.question and cl.lo > self.lo and self._whole(cl, [(s, e)]) and self._groups_before(cl.lo):
                    continue  # "next up the attic, yeah?": a question tag
                if e - s == 1 and word in _EVALUATIVE and has_number:
                    continue  # "your 6 coins are nice": judges an amount
                if name == "agree" and not negated and self._subject_room(cl, s):
                    name = "agree_pred"  # "the kitchen sounds good": judges a room
                out.append((s, "reject" if negated and name == "agree" else name))
            elif not negated and not cl.question:
                out.append((s, "reject"))
                doubt_at = min(doubt_at, s) if e - s > 1 else doubt_at
        # "I'm not sure that's a good move": a judgement after a doubt in its clause is doubted too
        return [(p, kind) for p, kind in out if not (kind.startswith("agree") and p > doubt_at)]

    def _groups_before(self, k: int) -> bool:
        return bool(self.groups) and self.groups[0].j < k

    def _subject_room(self, cl: _Clause, s: int) -> bool:
        """Whether a room is the subject of the cue at ``s`` ("K is fine", "L-E-K would be good")."""
        k = s - 1
        while k >= cl.lo and s - k <= 6 and self.keys[k] in _COPULA:
            k -= 1
        return k >= cl.lo and k in self.group_ends

    def _content_bounds(self, cl: _Clause) -> tuple[int, int]:
        """First and one-past-last token of a clause without leading fillers and trailing punctuation."""
        if (cl.lo, cl.hi) not in self._spans:
            first = cl.lo
            while first < cl.hi and (self.keys[first] in _LEADING or self.toks[first].kind in ("punct", "sym")):
                first += 1
            last = cl.hi
            while last > cl.lo and (self.toks[last - 1].kind in ("punct", "sym") or self.keys[last - 1] in _TRAILING):
                last -= 1
            self._spans[(cl.lo, cl.hi)] = (first, last)
        return self._spans[(cl.lo, cl.hi)]

    def _whole(self, cl: _Clause, spans: list[tuple[int, int]]) -> bool:
        """Whether one of ``spans`` is the whole clause (leading fillers and punctuation aside)."""
        first, last = self._content_bounds(cl)
        return any(s <= first and e >= last for s, e in spans)

    def _bare(self, cl: _Clause) -> bool:
        """A clause that is only a path, fillers and cue words ("L -> E", "kitchen it is")."""
        if not cl.groups:
            return False
        covered: set[int] = set()
        for g in cl.groups:
            covered.update(range(g.i, g.j + 1))
        for name in ("agree", "agree_weak", "suggest", "reject"):
            for s, e in cl.hits[name]:
                covered.update(range(s, e))
        for k in range(cl.lo, cl.hi):
            if k in covered or self.keys[k] in _BARE_FILLER or self.toks[k].kind in ("punct", "arrow", "dash", "sym"):
                continue
            return False
        return True

    def _near_total(self, num: _Num, hi: int) -> bool:
        window = self.keys[num.j + 1 : min(hi, num.j + 5)]
        return any(w in ("each", "total", "combined", "together", "altogether", "overall") for w in window)

    def _owner(self, num: _Num, cl: _Clause) -> str | None:
        """Whose coins a number counts: speaker | listener | joint | None (not said)."""
        keys, toks, ctx = self.keys, self.toks, self.ctx
        speaker, listener = ctx.speaker_coins.lower(), ctx.listener_coins.lower()
        window = keys[num.i : min(cl.hi, num.j + 4)]
        if speaker != listener and listener in window:
            return "listener"
        for k in range(num.j + 1, min(cl.hi, num.j + 7)):
            if keys[k] in ("for", "to") and k + 1 < len(keys) and (keys[k] == "for" or keys[k + 1] in ("me", "you")):
                if keys[k + 1] in ("you", "u", "yourself"):
                    return "listener"
                if keys[k + 1] in ("me", "myself"):
                    return "speaker"
        lo = max(self.lo, num.i - 40)
        excluded: set[int] = set()
        for s, e in _find(keys, lo, num.i, _INDEX["second_exclude"]):
            excluded.update(range(s, e))
        for k in range(num.i - 1, lo - 1, -1):
            if k in excluded:
                continue
            norm = toks[k].norm
            if norm in ("me", "my") and k >= 2 and toks[k - 2].norm in _SECOND:
                return "listener"  # "you told me", "you gave me"
            if norm in _FIRST:
                return "speaker"
            if norm in _SECOND and k > lo and keys[k - 1] == "than":
                return "speaker"  # "a bit more than you, 4": the author's amount, compared
            if norm in _SECOND:
                return "listener"
            if (
                norm in _YOUR
                and k + 1 < len(toks)
                and (
                    toks[k + 1].kind == "num"
                    or keys[k + 1] in _COIN_WORDS
                    or keys[k + 1] in _YOUR_NOUNS
                    or keys[k + 1] in (listener, speaker)
                )
            ):
                return "listener"
            if norm in _JOINT:
                return "joint"
        if speaker != listener and speaker in window:
            return "speaker"
        return None

    def _settle_polarity(self) -> None:
        """Turn the sentence's agreement / rejection cues into acts, given its suggestions."""
        ctx, last = self.ctx, self.ctx.last_suggestion
        strong = [p for p, k in self.polarity if k == "agree"]
        weak = [p for p, k in self.polarity if k == "agree_weak"]
        markers = [p for p, k in self.polarity if k == "agree_marker"]
        preds = [p for p, k in self.polarity if k == "agree_pred"]
        rejects = [p for p, k in self.polarity if k == "reject"]
        suggestions = [c for c in self.cands if c.kind == "suggest"]
        others = [c for c in self.cands if c.kind != "suggest"]
        mentioned = set(self.sentence_rooms)
        extension = [  # "ok, the kitchen and then the attic": our suggestion, and onward from its end
            c
            for c in suggestions
            if last and len(last) >= 2 and len(c.rooms) > len(last) and list(c.rooms[: len(last)]) == last
        ]
        if (strong or weak or markers or preds) and extension and last:
            extended = {id(c) for c in extension}
            for idx, c in enumerate(self.cands):
                if id(c) in extended:
                    rest = list(c.rooms[len(last) - 1 :])
                    act = _make(Suggest, path=rest)
                    self.cands[idx] = _Cand(c.pos, act, "suggest", rooms=tuple(rest)) if act else c
            act = _make(Agree, path=list(last))
            if act:
                self.cands.append(_Cand(min(strong + weak + markers + preds), act, "agree"))
        elif strong or weak or markers or preds:
            pos = min(strong + weak + markers + preds)
            matched = None
            if last:
                for c in suggestions:
                    p = c.rooms
                    if p[-1] == last[-1] and (not c.explicit or p[0] in last or list(p[-len(last) :]) == last):
                        matched = c  # names our suggestion (possibly with the agreed path before it)
                        break
            if matched is not None:
                self.cands.remove(matched)
                act = _make(Agree, path=list(last)) if last else None
                if act:
                    self.cands.append(_Cand(min(pos, matched.pos), act, "agree"))
            elif suggestions:
                counter = last is not None and any(c.rooms[0] == last[0] for c in suggestions)
                onward = last is not None and any(c.rooms[0] == last[-1] for c in suggestions)
                cont = any(c.cont for c in suggestions)
                if (strong or weak or markers or cont) and onward and last:  # "sure, then from the attic ..."
                    act = _make(Agree, path=list(last))
                    if act:
                        self.cands.append(_Cand(pos, act, "agree"))
                elif strong and not counter:
                    act = _make(Agree, path=None)
                    if act:
                        self.cands.append(_Cand(pos, act, "agree"))
            elif strong or preds or (weak and not others):
                named = last is not None and last[-1] in mentioned and last[-1] != ctx.current
                act = _make(Agree, path=list(last) if named and last else None)
                if act:
                    self.cands.append(_Cand(pos, act, "agree"))
        if rejects and not any(c.kind == "reject" for c in self.cands):
            suggested = {r for c in self.cands if c.kind == "suggest" for r in c.rooms[1:]}
            named = last is not None and last[-1] in mentioned and last[-1] not in suggested and last[-1] != ctx.current
            act = _make(Reject, path=list(last) if named and last else None)
            pos = min(rejects)
            if named and last:  # "E-K is bad for me": the refusal sits where the room is named
                k = bisect.bisect_right(self.clause_los, pos) - 1
                lo = self.clause_los[k] if k >= 0 else self.lo
                pos = min([g.i for g in self.groups if lo <= g.i < pos and last[-1] in g.rooms] + [pos])
            if act:
                self.cands.append(_Cand(pos, act, "reject"))
