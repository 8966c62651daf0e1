"""The sentence reader: one sentence, clause by clause, into candidate acts; this module holds
the driver and the path resolution, :mod:`.clause_acts` and :mod:`.polarity` the act and cue parts.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from language.acts import Ask, Suggest
from language.traveling_adventurers.clause_acts import _ClauseActs
from language.traveling_adventurers.clauses import _Cand, _Clause, _clause_bounds, _make, _State
from language.traveling_adventurers.cues import (
    _COIN_WORDS,
    _CUE_NEGATORS,
    _GREETING_BEFORE_THERE,
    _INDEX,
    _LEADING,
    _MOTION,
    _QWORDS,
    _SECOND,
    _SEQ_WORDS,
    _THERE_STOP,
    _find,
    _find_all,
)
from language.traveling_adventurers.mentions import _build_groups, _Group, _Mention, _prev_key
from language.traveling_adventurers.normalize import _Tok
from language.traveling_adventurers.numbers import _Num
from language.traveling_adventurers.polarity import _Polarity
from language.traveling_adventurers.resolution import _tour_like

_TOPIC_ASK_FILLER = frozenset("and what how about then so ok okay hmm also for".split())


class _SentenceReader(_ClauseActs, _Polarity):
    """Reads one sentence, clause by clause, into candidate acts."""

    def __init__(
        self,
        toks: Sequence[_Tok],
        keys: Sequence[str],
        mentions: list[_Mention],
        lo: int,
        hi: int,
        question: bool,
        st: _State,
    ) -> None:
        self.toks, self.keys, self.lo, self.hi, self.question, self.st = toks, keys, lo, hi, question, st
        self.ctx = st.ctx
        self.groups = _build_groups(toks, mentions)
        bounds = _clause_bounds(toks, lo, hi, self.groups)
        self.clauses = []
        starts = [g.i for g in self.groups]
        for c_lo, c_hi in bounds:
            first = c_lo
            while first < c_hi and (keys[first] in _LEADING or toks[first].kind in ("punct", "dash", "sym")):
                first += 1
            is_q = (question and (c_lo, c_hi) == bounds[-1]) or (first < c_hi and keys[first] in _QWORDS)
            hits = _find_all(keys, c_lo, c_hi)
            in_cue = {k for a, b in hits["suggest"] for k in range(a, b)}  # "work for you" is no coin question
            hits["ask_coin"] = [(s, e) for s, e in hits["ask_coin"] if not {s, e - 1} <= in_cue] + [
                (k, k + 1) for k in range(c_lo, c_hi - 1) if keys[k] == "your" and keys[k + 1] == "<room>"
            ]  # "tell me your E-B"
            cg = self.groups[bisect.bisect_left(starts, c_lo) : bisect.bisect_left(starts, c_hi)]
            self.clauses.append(_Clause(c_lo, c_hi, is_q, cg, hits))
        self.clause_los = [cl.lo for cl in self.clauses]
        self._amounts_at = {}
        number_at = [n.i for n in self._amounts(lo, hi)]
        self.number_at = number_at
        self.sentence_numbers = bool(number_at)
        self.group_ends = {g.j for g in self.groups}
        self.last_content = max([g.i for g in self.groups] + number_at + [-1])  # last room or amount
        # "E to B, how much do you get?": a coin question without an object asks about the path
        # another clause of the sentence names
        self.borrow_ask = (
            question
            and not self.sentence_numbers
            and any(
                cl.hits["ask_coin"]
                and not cl.groups
                and not cl.hits["anaphor"]
                and not any(keys[k] == "there" for k in range(cl.lo, cl.hi))
                for cl in self.clauses
            )
        )
        self._spans = {}
        self._paths = ([], [])  # this clause's paths, by position
        self.cands = []
        self._blocked_paths = set()
        self._blocked_upto = 0
        self.anchor = None  # "from X": where later destinations leave from
        self.cont = set()  # groups that continue from the reader's agreed suggestion
        self.anchor_cont = False  # the anchor is the end of the reader's agreed suggestion
        sentence_keys = set(keys[lo:hi])
        self.coin_context = bool(sentence_keys & _COIN_WORDS) or st.ctx.speaker_coins.lower() in sentence_keys
        self.sentence_rooms = [r for g in self.groups if g.on_board for r in g.rooms]
        self.rooms_on_board = bool(self.sentence_rooms)  # some group of the sentence names board rooms
        self.prev_one_edge = len(set(st.prev_edges)) == 1  # the sentence before spoke of one hallway
        inside = {k for g in self.groups for k in range(g.i + 1, g.j)}
        self.relative = [s for s, _ in _find(keys, lo, hi, _INDEX["relative"]) if keys[s] != "from" and s not in inside]
        self.relative += [  # "the attic after": a trailing "after" orders like "then"
            k
            for k in range(lo + 1, hi)
            if keys[k] in ("after", "afterwards", "afterward")
            and (k + 1 >= hi or toks[k + 1].kind in ("punct", "nl"))
            and toks[k - 1].kind == "word"
        ]
        self.relative.sort()
        self.polarity = []
        self.end_pos = None
        self.mode_prev = ""
        self.pending = []
        self.pending_had_numbers = True
        self.edges = []
        self.informs = []
        self.echoes = []  # edges whose number the message gave to the reader
        self.echo_set = set()
        self.asked = False

    # -- driver -----------------------------------------------------------------------------------

    def read(self) -> tuple[list[_Cand], int | None]:
        for cl in self.clauses:
            self._clause(cl)
        self._settle_polarity()
        order = {"agree": 0, "reject": 0, "suggest": 1}
        self.cands.sort(key=lambda c: (c.pos, order.get(c.kind, 2)))
        st = self.st
        st.prev_ask = self.asked
        st.prev_edges = self.edges + self.informs + self.echoes
        if self.informs:
            st.recent_inform_edges = self.informs
        return self.cands, self.end_pos

    def _clause(self, cl: _Clause) -> None:
        keys, h, st, ctx = self.keys, cl.hits, self.st, self.ctx
        polarity = self._polarity(cl)
        self.polarity += polarity
        for at, kind in sorted(polarity):  # clauses come in order, so the log stays sorted
            st.polarity_at.append(at)
            st.polarity_kind.append("reject" if kind == "reject" else "agree")
        done = [(k, k + 1) for k in range(cl.lo, cl.hi) if keys[k] in ("done", "finished", "fin", "final")]
        if h["end"] and not cl.question and self.end_pos is None:
            self.end_pos = h["end"][0][0]
        elif done and not cl.question and self.end_pos is None and self._whole(cl, done):
            self.end_pos = done[0][0]  # "done!"
        elif done and not cl.question and self.end_pos is None and done[-1][0] - 1 in self.group_ends:
            tour = any(g.j == done[-1][0] - 1 and len(g.members) >= 3 for g in cl.groups)
            if tour and all(self.toks[k].kind != "word" for k in range(done[-1][1], cl.hi)):
                self.end_pos = done[-1][0]  # "L E K A B C L final": the last word, right after a path
        for k in range(cl.lo, cl.hi - 1):  # "from there" / "from here"
            if keys[k] == "from" and keys[k + 1] in ("there", "here"):
                origin = ctx.current
                if keys[k + 1] == "there" and st.last_path:
                    origin = st.last_path[-1]
                elif keys[k + 1] == "there" and self._continuation(k):
                    origin = self._continuation(k) or origin  # "agreed, from there the attic"
                    self.anchor_cont = True
                self.anchor = (k, [origin])
        path_before = st.last_path
        resolved = self._resolve_all(cl)
        with_paths = [(g.i, p) for g, p in resolved if p and len(p) >= 2]
        self._paths = ([i for i, _ in with_paths], [p for _, p in with_paths])
        dest = [(g, p) for g, p in resolved if p and not (g.marker in ("from", "after") and len(g.members) == 1)]
        used: set[int] = set()
        numbers = self._amounts(cl.lo, cl.hi)

        group_starts = {g.i for g in cl.groups}
        cue_cover = {  # negations inside a suggestion cue: "why not", "why don't we"
            k for a, b in h["suggest"] if any(keys[j] in _CUE_NEGATORS for j in range(a, b)) for k in range(a, b)
        }
        neg = [
            s
            for s, e in h["neg_motion"]
            if s not in cue_cover and (keys[s] != "not" or (e < cl.hi and keys[e] in _MOTION))
        ]
        neg += [
            s
            for s, e in h["neg_motion"]
            if keys[s] == "not" and s not in cue_cover and e < cl.hi and (keys[e] == "the" or e in group_starts)
        ]
        refused = {k for a, b in h["neg_motion"] if keys[a] != "not" for k in range(a, b)}
        in_reject = {k for a, b in h["reject"] if b - a > 1 for k in range(a + 1, b)}  # "a no go for me"
        cues = [
            s
            for s, _ in h["suggest"]
            if s not in refused
            and s not in in_reject
            and not (s > cl.lo and keys[s - 1] == "for" and keys[s] in _MOTION)  # "6 coin for go to the loo"
        ]
        cues += [p for p, k in polarity if k == "agree_pred"]
        negated_cues = [s for s in cues if self._negated(s, cl.lo, cue_cover)]  # "I don't think we should go"
        cues = [s for s in cues if s not in negated_cues]
        neg += negated_cues
        ask_imp = bool(h["ask_imp"])
        rejecting = any(k == "reject" for _, k in polarity)
        bare = self._bare(cl) and not rejecting  # "kitchen's bad for me" judges, it does not propose
        asking = cl.question or ask_imp or (self.question and not self.sentence_numbers)
        is_ask = (asking and bool(h["ask_coin"]) and not numbers) or (self.borrow_ask and bare and not cues)
        what_about = [s for s in range(cl.lo, cl.hi - 1) if keys[s] == "what" and keys[s + 1] == "about"]
        how_about = [s for s in range(cl.lo, cl.hi - 1) if keys[s] == "how" and keys[s + 1] == "about"]
        motion = any(keys[k] in _MOTION for k in range(cl.lo, cl.hi))
        wa_edge = bool(what_about) and not motion and any(len(g.members) == 2 for g, _ in dest) and not numbers
        inherit_ask = (
            (st.prev_ask or self.mode_prev == "ask")
            and not cues
            and not numbers
            and bool(dest)
            and (cl.question or self.question or (self.mode_prev == "ask" and bare))
            and (bool(what_about) or bare)
        )

        self._best_next(cl, dest)
        self._informs(cl, resolved, numbers, path_before, used)
        if h["handover"] and any(isinstance(c.act, Ask) and c.act.about == "best_next" for c in self.cands):
            # "you pick between the attic and the loo": the rooms are the choice, no proposal
            used.update(id(g) for g, _ in dest)
        totals = any(c.hits["total"] for c in self.clauses)  # "I'm at 30 total so far, you?": no coin question
        ask_back = cl.question and self._whole(cl, h["ask_you"]) and not cl.groups and not numbers and not totals
        if ask_back:
            for e in self.st.recent_inform_edges + self.informs:  # "I get 5 there, and you?"
                act = _make(Ask, edge=e)
                if act:
                    self.cands.append(_Cand(h["ask_you"][0][0], act, "ask", rooms=e))
                    self.asked = True
        elif is_ask or wa_edge or inherit_ask or self._topic_ask(cl, dest, numbers, bool(what_about or how_about)):
            self._asks(cl, [(g, p) for g, p in dest if id(g) not in used], path_before, used)
        else:
            bare_ok = bare and (not self.sentence_numbers or (cl.question and not numbers))
            # a route of three or more rooms is a proposal even inside other words ("route: E, K, C")
            you = any(self.toks[k].norm in _SECOND for k in range(cl.lo, cl.hi))  # "you suggested L-E-A"
            route = not you and any(len(set(g.rooms)) >= 3 and not self._recap(p) for g, p in dest)
            bare_ok = bare_ok or (route and not numbers and not rejecting)
            self._suggestions(cl, dest, used, cues, neg, bare_ok, bool(what_about or how_about))
        if cues and not dest and not numbers and (motion or bool(how_about)):
            there = [k for k in range(cl.lo, cl.hi) if self._there(k)]
            edge = self._there_edge(there[0], path_before) if there else None
            if there and not self._path_before(there[0]) and not path_before and st.last_path is None:
                edge = self._topic_target() or edge  # "let's head over there": the room under discussion
            conditional = any(s < there[0] for s, _ in h["cond"]) if there else True
            if edge and not conditional and not neg:
                act = _make(Suggest, path=list(edge))
                if act:  # "can we go there instead?"
                    self.cands.append(_Cand(min(cues), act, "suggest", rooms=edge))
        if cues and not dest and not numbers and not neg and not rejecting and self._topic_room_cue(cl):
            edge = self._topic_target()
            act = _make(Suggest, path=list(edge)) if edge else None
            if act and edge:  # "let's do that room next": the room under discussion
                self.cands.append(_Cand(min(cues), act, "suggest", rooms=edge))
        self._path_rejects(dest, used, cues, [p for p, k in polarity if k == "reject"])
        if self.end_pos is not None:  # a full tour written in an ending sentence, with or without cue
            for g, p in resolved:
                if p and id(g) not in used and _tour_like(p, ctx):
                    act = _make(Suggest, path=p)
                    if act:
                        self.cands.append(_Cand(g.i, act, "suggest", rooms=tuple(p), full=True, explicit=True))
                        used.add(id(g))

    # -- rooms ------------------------------------------------------------------------------------

    def _resolve_all(self, cl: _Clause) -> list[tuple[_Group, list[str] | None]]:
        st = self.st
        resolved: list[tuple[_Group, list[str] | None]] = []
        for g in cl.groups:
            if not g.on_board:
                resolved.append((g, None))
                continue
            path = self._resolve(g, cl.hi)
            if g.marker in ("from", "after") and len(g.members) == 1 and path:
                self.anchor = (g.i, path)
                self.anchor_cont = id(g) in self.cont
                path = [g.rooms[0]]
            resolved.append((g, path))
            if path and len(path) >= 2:
                st.last_path = path
        for idx, (g, _path) in enumerate(resolved):  # "to the kitchen from the attic", "K is 2 from A"
            if g.on_board and g.marker in ("to", "bare") and len(g.members) == 1 and idx + 1 < len(resolved):
                nxt, _ = resolved[idx + 1]
                if nxt.marker == "from" and len(nxt.members) == 1 and nxt.on_board and nxt.rooms[0] != g.rooms[0]:
                    resolved[idx] = (g, [nxt.rooms[0], g.rooms[0]])
                    st.last_path = [nxt.rooms[0], g.rooms[0]]
        return resolved

    def _recap(self, path: list[str]) -> bool:
        """Whether ``path`` only retells the agreed path (and our pending suggestion): "so far L -> E -> K"."""
        history = list(self.ctx.visited)
        last = self.ctx.last_suggestion
        if last and history and last[0] == history[-1]:
            history += last[1:]
        return len(path) <= len(history) and history[: len(path)] == path

    def _continuation(self, k: int) -> str | None:
        """The end of the reader's last suggestion when the message agreed to it before token ``k``."""
        last = self.ctx.last_suggestion
        idx = bisect.bisect_left(self.st.polarity_at, k)  # the latest reply cue before ``k``
        return last[-1] if last and idx and self.st.polarity_kind[idx - 1] == "agree" else None

    def _resolve(self, g: _Group, hi: int) -> list[str] | None:
        """The path group ``g`` names, read in the clause that ends at ``hi``."""
        rooms = g.rooms
        if g.marker == "from":
            return rooms if len(rooms) >= 2 else [rooms[0]]
        if g.marker == "between":
            return rooms
        via = _prev_key(self.toks, g.i, frozenset({"the"})) in ("through", "via")
        if (
            len(rooms) >= 2
            and g.kind == "seq"
            and via
            and rooms[0] != self.ctx.current
            and (self.anchor is None or self.anchor[0] > g.i)
        ):
            return [self.ctx.current, *rooms]  # "going through the garden to the playroom": from here
        if len(rooms) >= 2 and g.kind == "seq" and g.marker in ("bare", "to"):
            gap = {t.key for t in self.toks[g.members[0].j + 1 : g.members[1].i]}
            sequential = g.reorder or "then" in gap or bool(gap & _SEQ_WORDS and not gap & {"to", "->", "-"})
            if not sequential and (g.marker == "bare" or gap & {"to", "->", "-"}):
                return rooms  # "L -> E -> A", "how about K to C?": the path names its origin
        if g.kind == "list" and len(rooms) >= len(self.ctx.rooms) and rooms[0] == self.ctx.start:
            return rooms  # a whole tour written as a list of names
        relative = self._relative_cue(g, hi)
        if self.anchor is not None and self.anchor[0] < g.i:
            prefix = self.anchor[1]
            if self.anchor_cont:
                self.cont.add(id(g))
        elif self.st.last_path and relative:
            prefix = [self.st.last_path[-1]]
        elif relative and self._continuation(g.i) not in (None, rooms[-1]):
            prefix = [self._continuation(g.i) or ""]  # "sounds good, then the bathroom": from its end
            self.cont.add(id(g))
        else:
            prefix = [self.ctx.current]
        if g.marker == "after":  # "after the attic, the bathroom": the attic is a stop on the way
            prefix = self._after_prefix(g, prefix)
        path = [*prefix, *rooms[1:]] if prefix[-1] == rooms[0] else [*prefix, *rooms]
        return path if len(path) >= 2 or g.marker == "after" else None

    def _relative_cue(self, g: _Group, hi: int) -> bool:
        """Whether a relative cue ("then", "next") before ``hi`` precedes ``g`` or follows it in its clause."""
        cues = self.relative  # sorted token positions
        n = bisect.bisect_left(cues, hi)
        if not n:
            return False
        k = bisect.bisect_right(cues, g.j)
        return cues[0] < g.i or (k < n and cues[k] < self._clause_end(g))

    def _after_prefix(self, g: _Group, prefix: list[str]) -> list[str]:
        """Where "after X" leaves from: X itself when the talk already ends there, else a stop at X."""
        x = g.rooms[0]
        ends = {prefix[-1]}
        if self.st.last_path:
            ends.add(self.st.last_path[-1])
        last = self.ctx.last_suggestion
        if last and x == last[-1]:
            self.cont.add(id(g))
            return [x]
        return [x] if x in ends else [*prefix, x]

    def _clause_end(self, g: _Group) -> int:
        k = bisect.bisect_right(self.clause_los, g.i) - 1
        return self.clauses[k].hi if k >= 0 else self.hi

    def _topic_ask(self, cl: _Clause, dest: list[tuple[_Group, list[str]]], numbers: list[_Num], about: bool) -> bool:
        """ "what about that hallway?", "and that one?": a question about the hallway under discussion."""
        topic = self.ctx.topic
        if not cl.question or dest or numbers or not cl.hits["anaphor"] or not topic or len(topic) != 2:
            return False
        covered = {k for a, b in cl.hits["anaphor"] for k in range(a, b)}
        rest = [
            self.keys[k]
            for k in range(cl.lo, cl.hi)
            if k not in covered and self.toks[k].kind not in ("punct", "sym", "dash")
        ]
        return all(w in _TOPIC_ASK_FILLER for w in rest) and (about or not rest or rest[0] == "and")

    def _topic_room_cue(self, cl: _Clause) -> bool:
        """ "that room next", "that one then": a room reference ordered as the next stop."""
        keys = self.keys
        rooms = [b for a, b in cl.hits["anaphor"] if keys[b - 1] in ("room", "one")]
        return bool(rooms) and any(keys[k] in ("next", "then", "now") for k in range(cl.lo, cl.hi))

    def _there(self, k: int) -> bool:
        keys = self.keys
        if keys[k] != "there" or self.toks[k].norm != "there":
            return False
        prev = keys[k - 1] if k > 0 else ""
        nxt = keys[k + 1] if k + 1 < len(keys) else ""
        return prev not in _GREETING_BEFORE_THERE and prev != "from" and nxt not in _THERE_STOP

    def _path_before(self, k: int) -> list[str] | None:
        """The last path of the current clause written before token ``k``."""
        starts, paths = self._paths
        idx = bisect.bisect_left(starts, k)
        return paths[idx - 1] if idx else None

    def _there_edge(self, k: int, path_before: list[str] | None) -> tuple[str, str] | None:
        path = self._path_before(k) or path_before
        if not path and self.st.last_path is None:
            topic = self._topic_edge()
            if topic is not None:
                return topic
        path = path or self.ctx.last_suggestion
        return (path[-2], path[-1]) if path and len(path) >= 2 else None

    def _topic_edge(self) -> tuple[str, str] | None:
        """The hallway under discussion: the context's topic (a room is the hop to it from ``at``)."""
        topic, here = self.ctx.topic, self.ctx.current
        if not topic or any(r not in self.ctx.rooms for r in topic):
            return None
        if len(topic) == 2:
            return (topic[0], topic[1]) if topic[0] != topic[1] else None
        return (here, topic[0]) if topic[0] != here else None

    def _topic_target(self) -> tuple[str, str] | None:
        """The hop from ``at`` to the room under discussion ("let's head over there")."""
        topic, here = self.ctx.topic, self.ctx.current
        if not topic or any(r not in self.ctx.rooms for r in topic):
            return None
        target = topic[-1] if topic[-1] != here else topic[0]
        return (here, target) if target != here else None
