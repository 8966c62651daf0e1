"""The acts of one clause (a part of the sentence reader): informs, asks, best-next questions,
suggestions and path rejections.
"""

from __future__ import annotations

import bisect

from language.acts import Ask, Inform, Reject, Suggest
from language.traveling_adventurers.clauses import _Cand, _Clause, _hops, _make
from language.traveling_adventurers.cues import _ORDINAL
from language.traveling_adventurers.mentions import _Group, _prev_key
from language.traveling_adventurers.numbers import _Num
from language.traveling_adventurers.resolution import _pair, _tour_like
from language.traveling_adventurers.sentence import _SentenceState

_RECAP_WORDS = frozenset(
    "recap recapping summary summarise summarize sum did done visited been already went gone current currently".split()
)
"""Words that make a retelling of the agreed path a recap ("so far we did L, E, K")."""
_NOT_AN_ANSWER = frozenset({"more", "left", "remaining", "to", "of", "out", "so", "already", "in", "x"})
"""Words after a number that make it no coin answer ("2 more to go", "3 left", "25 so far")."""
_TIGHT_GAP = frozenset({":", "=", "-", "is", "s", "(", "a", "about", "around", "like", "only", "just", "maybe"})
"""Words between a room and the amount that labels it ("kitchen: 4", "the kitchen's a 3", "K is about 4")."""
_BARE_NEXT_FILLER = frozenset({"and", "so", "ok", "okay", "k", "what", "um", "hmm", "well"})
"""Words a bare "next?" may carry ("ok so next?", "and now?")."""
_LEAD_GAP = frozenset({"to", "for", "on", "into", "towards"})
"""Words between an amount and the room it is the amount of ("it's 3 to the attic")."""
_QUANTIFIERS = frozenset({"both", "all", "each", "either", "respectively"})
_EVERY = frozenset({"all", "every", "each", "any"})
_HALL_NOUNS = frozenset(
    "hallway hallways corridor corridors edge edges path paths route routes connection connections"
    " way ways door doors exit exits link links hall halls passage passages".split()
)
_SAME_WORDS = frozenset({"same", "ditto", "likewise", "identical"})
_HEDGES = frozenset({"maybe", "perhaps", "probably", "prob", "prolly"})
"""Suggestion cues that only hedge an amount when the room they come with is given one."""
_TIMES = {"double": 2, "twice": 2, "triple": 3, "thrice": 3}
"""Multiples of the amount last said ("double that")."""
_SAME_NEXT = frozenset({"", "here", "for", "as", "on", "with", "there", "again", ",", ".", "!", "lol", "haha", "too"})
_SAME_BLOCK = frozenset(
    "path route plan tour order way idea thing room rooms question story page total totals time".split()
)


class _ClauseActs(_SentenceState):
    """The acts of one clause: informs, asks, suggestions and path rejections (a part of
    :class:`~language.traveling_adventurers.reader._SentenceReader`, whose state it reads)."""

    # -- acts ---------------------------------------------------------------------------------------

    def _best_next(self, cl: _Clause, dest: list[tuple[_Group, list[str]]]) -> None:
        h = cl.hits
        told = any(self.keys[a:b] == ["you", "tell", "me"] for a, b in h["handover"])
        if (
            h["handover"]
            and (not dest or not (told or h["ask_coin"]))
            and not self._negated(h["handover"][0][0], cl.lo, set())
        ):
            act = _make(Ask, about="best_next")  # "you pick", "your call: bathroom or attic": handed over
            if act:
                self.cands.append(_Cand(h["handover"][0][0], act, "ask"))
                self.asked = True
            return
        words = [
            k for k in range(cl.lo, cl.hi) if self.toks[k].kind == "word" and self.keys[k] not in _BARE_NEXT_FILLER
        ]
        if cl.question and not dest and len(words) == 1 and self.keys[words[0]] in ("next", "now", "then"):
            act = _make(Ask, about="best_next")  # a bare "next?" / "and now?"
            if act:
                self.cands.append(_Cand(words[0], act, "ask"))
                self.asked = True
            return
        if not h["best_next"] or not (cl.question or h["ask_imp"]) or dest:
            return
        needs_you = all(" ".join(self.keys[s:e]) in ("your best", "best next") for s, e in h["best_next"])
        has_you = any(self.keys[k] in ("you", "your", "u", "ur", "youd") for k in range(cl.lo, cl.hi))
        if needs_you and not has_you:
            return
        act = _make(Ask, about="best_next")
        if act:
            self.cands.append(_Cand(h["best_next"][0][0], act, "ask"))
            self.asked = True

    def _informs(
        self,
        cl: _Clause,
        resolved: list[tuple[_Group, list[str] | None]],
        numbers: list[_Num],
        path_before: list[str] | None,
        used: set[int],
    ) -> None:
        keys = self.keys
        if len(numbers) == 1 and not cl.question and self._fan_out(cl, resolved, numbers[0], used):
            return  # "the attic and the bathroom are both 4", "every hallway out of K is 6", "the rest: 0"
        sources: list[tuple[int, tuple[str, str] | None, int]] = []  # (position, edge, group id)
        explicit: set[int] = set()
        ends: dict[int, int] = {}  # group id -> its last token
        for g, path in resolved:
            if path is not None and g.kind == "list" and len(g.members) == 2 and self._labels_amount(g.j, cl.hi):
                sources.append((g.i, (g.rooms[0], g.rooms[1]), id(g)))  # "E and B: 7" names a hallway
                explicit.add(id(g))
                continue
            if (
                path is None
                or (g.marker in ("from", "after") and len(g.members) == 1)
                or (g.kind == "list" and len(g.members) > 1)
            ):
                continue
            sources.append((g.i, (path[0], path[1]) if len(path) == 2 else None, id(g)))
            ends[id(g)] = g.j
            if len(g.members) == 2:
                explicit.add(id(g))
        for k in range(cl.lo, cl.hi):
            if self._there(k):
                sources.append((k, self._there_edge(k, path_before), -k - 1))
                if not self.rooms_on_board and not path_before and self.st.last_path is None:
                    explicit.add(-k - 1)  # "nothing there": the hallway under discussion
        for k in range(cl.lo, cl.hi - 1):  # "the first half of that path"
            ordinal = _ORDINAL.get((keys[k], keys[k + 1]))
            if ordinal is None:
                continue
            here = self._path_before(k)
            ref = here if here and len(here) >= 3 else path_before
            if ref and len(ref) >= 3:
                hops = _hops(ref)
                if -len(hops) <= ordinal < len(hops) and not (keys[k + 1] == "half" and len(hops) != 2):
                    sources.append((k, hops[ordinal], -100_000 - k))
        same_at: set[int] = set()
        if not numbers and not cl.question:
            numbers = self._same_amount(cl)  # "same for that corridor": the amount last said
            same_at = {n.i for n in numbers}  # an amount of coins, whoever's ("the attic is the same")
        context_ref = False
        own_clause = bool(same_at) and not cl.groups  # "Same as you for that one, and B to C I get 1"
        if (
            not sources
            and numbers
            and (own_clause or (not self.rooms_on_board and not self.st.prev_edges))
            and not cl.question
        ):
            hallway = self._context_edge(cl)  # "that one's a 3 for me", "3" answering our question
            counts = [
                n
                for n in numbers
                if n.j + 1 >= len(keys)
                or keys[n.j + 1] not in _NOT_AN_ANSWER
                or (keys[n.j + 1] == "to" and n.j + 2 < len(keys) and keys[n.j + 2] in ("me", "us"))
            ]  # "it's worth 7 to me" answers; "2 more to go" does not
            if hallway is not None and len(counts) == len(numbers):
                sources.append((numbers[0].i, hallway, -7))
                explicit.add(-7)
                context_ref = True
        sources.sort(key=lambda s: s[0])
        pairs = _pair(numbers, sources)
        if not sources and numbers and not self.pending_had_numbers and self.pending:
            pairs = _pair(numbers, self.pending)  # "Regarding the bathroom, I only get 3"
            self.pending = []
        if not pairs and numbers and not self.rooms_on_board and self.prev_one_edge:
            if self._owner(numbers[0], cl) == "speaker":  # "How many can you get there? I get 6."
                pairs = [(numbers[0], (numbers[0].i, self.st.prev_edges[0], -2))]
        if not pairs and numbers and not sources and len(self.echo_set) == 1:
            if self._owner(numbers[0], cl) == "speaker":  # "for you it's 6 on E-A, for me it's 1"
                pairs = [(numbers[0], (numbers[0].i, self.echoes[0], -3))]
        totals = bool(cl.hits["total"]) and not context_ref
        coin_context = self.coin_context
        for num, (spos, edge, gid) in pairs:
            if edge is None or totals or self._near_total(num, cl.hi):
                continue
            owner = self._owner(num, cl)
            if owner == "listener":
                self.echoes.append(edge)
                self.echo_set.add(edge)
            tight = gid in ends and (self._tight(ends[gid], num) or self._leads(num, spos))  # "kitchen: 4", "3 to K"
            listing = len(self.number_at) >= 2 and len(self.sentence_rooms) >= 2 and not self.question
            neutral_ok = (
                owner is None
                and not cl.question
                and (gid in explicit or coin_context or tight or listing or num.i in same_at)
            )
            if owner == "speaker" or neutral_ok:
                if num.value is None:  # "-5", "5.5": no coin fact, and the hallway is spoken for
                    used.add(gid)
                    continue
                act = _make(Inform, edge=edge, coins=num.value)
                if act:
                    self.cands.append(_Cand(min(num.i, spos), act, "inform", rooms=edge))
                    used.add(gid)
                    self.informs.append(edge)
        self.pending = [s for s in sources if s[2] not in used and s[1] is not None]
        self.pending_had_numbers = bool(numbers)

    def _fan_out(self, cl: _Clause, resolved: list[tuple[_Group, list[str] | None]], num: _Num, used: set[int]) -> bool:
        """One amount for several hallways: a list of rooms from one origin ("the attic and the
        bathroom are both 4 from here"), several hallways ("5 for E-K and E-A"), every hallway of a
        room ("all hallways out of the attic are 1") or the rooms not visited yet ("the rest are 3")."""
        keys, ctx = self.keys, self.ctx
        each = [a for a, _ in cl.hits["total"] if keys[a] == "each"]  # "kitchen and attic: 3 each"
        if num.value is None or self._owner(num, cl) in ("listener", "joint") or len(each) < len(cl.hits["total"]):
            return False
        sentence_numbers = self._amounts(self.lo, self.hi)
        origin = self.anchor[1][-1] if self.anchor is not None else ctx.current
        groups = [(g, p) for g, p in resolved if g.on_board and p is not None]
        edges: list[tuple[str, str]] = []
        claimed: list[_Group] = []
        need = 1  # hallways the amount must cover: "every hallway of X", "the rest" may be one
        every = self._every_hallway(cl)
        if every is not None:
            target = next((g for g, _ in groups if g.i > every and len(g.members) == 1), None)
            if target is None and self.anchor is None:
                return False
            room = target.rooms[0] if target is not None else origin  # "all the hallways from here"
            edges = [(room, r) for r in ctx.rooms if r != room]
            claimed = [target] if target is not None else []
        elif self._the_rest(cl):
            done = set(ctx.visited) | {origin} | {b for a, b in self.informs if a == origin}
            edges = [(origin, r) for r in ctx.rooms if r not in done]
            claimed = [g for g, _ in groups if len(g.members) == 1 and g.marker == "from"]
        else:
            need = 2
            lists = [g for g, _ in groups if g.kind == "list" and len(g.members) >= 2 and g.marker != "between"]
            pairs = [g for g, p in groups if len(g.members) == 2 and g.kind == "seq" and len(p) == 2]
            if (
                len(lists) == 1
                and (bool(each) or not self._labels_amount(lists[0].j, cl.hi))
                and len(groups) - 1 <= bool(self.anchor)
                and not (self.anchor is not None and origin in lists[0].rooms)
            ):
                rooms = [r for r in lists[0].rooms if r != origin]
                after = [n for n in sentence_numbers if n.i > lists[0].j and n.value is not None]
                letters = all(len(self.toks[m.i].text) == 1 for m in lists[0].members)
                quantified = bool(each) or any(keys[k] in _QUANTIFIERS for k in range(cl.lo, cl.hi))
                if letters and not quantified and self.anchor is None:
                    return False  # "(E,K) is 4": two letters name a hallway, not two rooms
                if len(sentence_numbers) == 1:
                    edges = [(origin, r) for r in rooms]
                    claimed = lists
                elif len(after) == len(rooms) == len(sentence_numbers) and not each:
                    for r, n in zip(rooms, after, strict=True):  # "the attic and kitchen are 2 and 5"
                        act = _make(Inform, edge=(origin, r), coins=n.value)
                        if act:
                            self.cands.append(_Cand(n.i, act, "inform", rooms=(origin, r)))
                            self.informs.append((origin, r))
                    used.update(id(g) for g in lists)
                    return True
            if len(pairs) == 1 and len(groups) == 1 and num.i < pairs[0].i:  # "5 for E-K and E-A"
                later = [g for g in self.groups if g.i > pairs[0].j and len(g.members) == 2]
                more = [g for g in later if g.on_board and g.kind == "seq"]
                if more and len(more) == len(later) and not self._amounts(pairs[0].j + 1, self.hi):
                    pairs = [pairs[0], *more]
                    groups = groups + [(g, g.rooms) for g in more]
            quantified = any(keys[k] in _QUANTIFIERS for k in range(cl.lo, cl.hi))
            if len(pairs) == 1 and len(groups) == 1 and num.i > pairs[0].j and quantified:
                # "E-K, E-A and E-B are all 2": the hallways listed before, in earlier clauses
                k = bisect.bisect_left(self.groups, pairs[0].i, key=lambda g: g.i)
                earlier: list[_Group] = []
                nxt = pairs[0]
                for g in reversed(self.groups[max(0, k - 8) : k]):  # a bounded look back
                    if not (g.on_board and g.kind == "seq" and len(g.members) == 2 and len(g.rooms) == 2):
                        break
                    if self._amounts(g.j + 1, nxt.i):
                        break  # "L-E is 3, E-K and E-A are both 2": L-E has its own amount
                    earlier.insert(0, g)
                    nxt = g
                if earlier and self._joined([*earlier, pairs[0]]):
                    pairs = [*earlier, pairs[0]]
                    groups = [(g, g.rooms) for g in earlier] + groups
            if (
                not edges
                and len(pairs) >= 2
                and len(pairs) == len(groups)
                and len(sentence_numbers) == 1
                and self._joined(pairs)
                and (num.i < pairs[0].i or num.i > pairs[-1].j)
            ):
                edges = [(g.rooms[0], g.rooms[1]) for g in pairs]
                claimed = pairs
        if len(edges) < need:
            return False
        for e in edges:
            act = _make(Inform, edge=e, coins=num.value)
            if act:
                self.cands.append(_Cand(num.i, act, "inform", rooms=e))
                self.informs.append(e)
        used.update(id(g) for g in claimed)
        return True

    def _every_hallway(self, cl: _Clause) -> int | None:
        """Where "all / every / each hallway (out of, from, touching) X" names its room, if it does."""
        keys = self.keys
        for k in range(cl.lo, cl.hi - 1):
            if keys[k] in ("anything", "everything") and (
                keys[k + 1] in ("from", "out", "leaving", "touching") or self.anchor is not None
            ):
                return k  # "anything from the kids room is 5", "from the attic everything is 1"
            if keys[k] not in _EVERY:
                continue
            for j in range(k + 1, min(cl.hi, k + 4)):
                if keys[j] in _HALL_NOUNS:
                    return j
        return None

    def _the_rest(self, cl: _Clause) -> bool:
        """ "the rest", "the remaining ones", "all the others", "everything else"."""
        keys = self.keys
        for k in range(cl.lo, cl.hi):
            w, prev = keys[k], keys[k - 1] if k > cl.lo else ""
            nxt = keys[k + 1] if k + 1 < cl.hi else ""
            if (w == "rest" and prev in ("the", "of")) or w in ("remaining", "remainder", "leftover"):
                return True
            if w == "others" and prev in ("the", "all"):
                return True
            if (w, nxt) in (("everything", "else"), ("everywhere", "else"), ("all", "other"), ("every", "other")):
                return True
        return False

    def _joined(self, groups: list[_Group]) -> bool:
        """Whether hallway groups follow one another joined only by "and", commas or "&"."""
        for a, b in zip(groups, groups[1:], strict=False):
            if not all(k in (",", "and", "&", "+", "/", "the", "for", "on") for k in self.keys[a.j + 1 : b.i]):
                return False
        return True

    def _context_edge(self, cl: _Clause) -> tuple[str, str] | None:
        """The hallway a number without a room counts: the topic when the clause points at it
        ("that one", "there"), else our unanswered question, else the topic."""
        question = self.ctx.last_question
        asked = tuple(question) if isinstance(question, tuple) else None
        pointed = bool(cl.hits["anaphor"]) or any(
            self.keys[k] in ("there", "that", "thats") for k in range(cl.lo, cl.hi)
        )
        topic = self._topic_edge()
        if pointed and topic is not None:
            return topic
        return asked or topic  # type: ignore[return-value]

    def _same_amount(self, cl: _Clause) -> list[_Num]:
        """ "Same for me", "same as you", "ditto": the amount last said, as a number of this clause."""
        amount = self.ctx.last_amount
        if amount is None:
            return []
        keys = self.keys
        for k in range(cl.lo, cl.hi - 1):  # "double that", "two times that", "twice that"
            factor = _TIMES.get(keys[k])
            if keys[k] == "two" and keys[k + 1] == "times" and k + 2 < cl.hi:
                factor, k = 2, k + 1
            if factor and keys[k + 1] in ("that", "it", "this", "yours", "what"):
                return [_Num(k, k, amount * factor)]
        for k in range(cl.lo, cl.hi):
            if keys[k] not in _SAME_WORDS:
                continue
            nxt = keys[k + 1] if k + 1 < cl.hi else ""
            if nxt in _SAME_NEXT and not any(keys[j] in _SAME_BLOCK for j in range(cl.lo, cl.hi)):
                return [_Num(k, k, amount)]
        return []

    def _tight(self, j: int, num: _Num) -> bool:
        """Whether ``num`` labels the room mention ending at ``j`` ("kitchen: 4", "K 3", "L-E = 5")."""
        gap = self.keys[j + 1 : num.i]
        return num.i > j and len(gap) <= 2 and all(k in _TIGHT_GAP for k in gap)

    def _leads(self, num: _Num, i: int) -> bool:
        """Whether ``num`` is the amount of the room mention starting at ``i`` ("it's 3 to the attic",
        "4 for the kitchen"): only "to" / "for" / "on" and "the" between them."""
        gap = self.keys[num.j + 1 : i]
        return i > num.j and 1 <= len(gap) <= 2 and gap[0] in _LEAD_GAP and all(k in _LEAD_GAP | {"the"} for k in gap)

    def _labels_amount(self, j: int, hi: int) -> bool:
        """Whether the mention ending at ``j`` is followed by ":" or "=" and an amount."""
        k = j + 1
        return k + 1 < hi and self.keys[k] in (":", "=") and bool(self._amounts(k + 1, k + 2))

    def _asks(
        self, cl: _Clause, groups: list[tuple[_Group, list[str]]], path_before: list[str] | None, used: set[int]
    ) -> None:
        edges: list[tuple[str, str]] = []
        pos: list[int] = []
        for g, p in groups:
            if g.kind == "list" and len(g.members) > 1:
                new = [(p[0], r) for r in g.rooms if r != p[0]]
            else:
                new = _hops(p)
            edges += new
            pos += [g.i] * len(new)
            used.add(id(g))
        if not groups:
            there = [k for k in range(cl.lo, cl.hi) if self._there(k)]
            if there:
                e = self._there_edge(there[0], path_before)
                if e:
                    edges.append(e)
                    pos.append(there[0])
            elif cl.hits["anaphor"]:
                topic = self._topic_edge()
                ref = self.st.last_sugg or path_before or (list(topic) if topic else self.ctx.last_suggestion)
                for e in _hops(ref) if ref else []:
                    edges.append(e)
                    pos.append(cl.hits["anaphor"][0][0])
        for e, at in zip(edges, pos, strict=True):
            act = _make(Ask, edge=e)
            if act:
                self.cands.append(_Cand(at, act, "ask", rooms=e))
        if edges:
            self.asked = True
            self.mode_prev = "ask"
            self.edges += edges

    def _suggestions(
        self,
        cl: _Clause,
        dest: list[tuple[_Group, list[str]]],
        used: set[int],
        cues: list[int],
        neg: list[int],
        bare: bool,
        what_about: bool,
    ) -> None:
        keys = self.keys
        conditional = [
            s
            for s, _ in cl.hits["cond"]
            if not any(a <= s < b for a, b in cl.hits["cond_except"]) and not self._assent_condition(s)
        ]
        first_cond = min(conditional, default=self.hi)
        first_neg = min(neg, default=self.hi)
        for g, p in dest:  # "I'd rather not go to the kitchen", "not the attic"
            if first_neg < g.i and len(p) >= 2:
                act = _make(Reject, path=self._match_last(p, g))
                if act:
                    self.cands.append(_Cand(first_neg, act, "reject", rooms=tuple(p)))
                    used.add(id(g))
        for g, p in dest:  # "the bathroom rather than the kitchen", "instead of the kitchen, ..."
            prev = _prev_key(self.toks, g.i, frozenset({"the"}))
            before = _prev_key(self.toks, g.i - 1 if keys[g.i - 1] != "the" else g.i - 2)
            instead = prev == "of" and before == "instead"
            rather = prev == "than" and before == "rather"  # "rather than the kitchen, ...": no cue needed
            than = (prev == "than" and bool(cues or what_about)) or (  # "the attic over the kitchen"
                prev == "over" and bool(cues) and any(h.j < g.i for h, _ in dest)
            )
            if id(g) not in used and len(p) >= 2 and (than or instead or rather):
                act = _make(Reject, path=self._match_last(p, g))
                if act:  # "instead of X" withdraws X before the new proposal
                    self.cands.append(_Cand(cl.lo if instead else g.i, act, "reject", rooms=tuple(p)))
                    used.add(id(g))
        if not (cues or bare or what_about):
            return
        blocked = self._blocked()
        cues = sorted(cues)
        dest_starts = [g.i for g, _ in dest]
        for g, p in dest:
            if id(g) in used and (not cues or tuple(p) in blocked or all(keys[c] in _HEDGES for c in cues)):
                continue  # "maybe six-ish on kitchen to attic": the hedge is on the amount
            if first_cond < g.i:  # "if we go to the kitchen, I get 4"
                continue
            if len(p) < 2 or g.marker == "between":
                continue
            if len(g.members) >= 2 and self._agreed_prefix(g.rooms):  # "recap: L, E, K" retells the path
                used.add(id(g))
                continue
            act = _make(Suggest, path=p)
            if act is None:
                continue
            full = _tour_like(p, self.ctx)
            k = bisect.bisect_left(cues, g.i)
            pos = cues[k - 1] if k else g.i
            if bisect.bisect_right(dest_starts, pos) < bisect.bisect_left(dest_starts, g.i):
                pos = g.i  # a later alternative sits where it is written
            self.cands.append(
                _Cand(
                    min(pos, g.i),
                    act,
                    "suggest",
                    rooms=tuple(p),
                    full=full,
                    explicit=len(g.members) >= 2,
                    cont=id(g) in self.cont,
                    anchored=self.anchor is not None and self.anchor[0] < g.i and not self.anchor_cont,
                )
            )
            self.st.last_sugg = p
            used.add(id(g))
            self.edges += _hops(p)
            self.mode_prev = "suggest"

    def _assent_condition(self, s: int) -> bool:
        """ "works for me as long as we do the attic after": a condition attached to an agreement
        before it names what follows, it does not suspend it."""
        if self.keys[s] not in ("as", "so", "provided") or not self.ctx.last_suggestion:
            return False
        idx = bisect.bisect_left(self.st.polarity_at, s)
        return bool(idx) and self.st.polarity_kind[idx - 1] == "agree" and self.st.polarity_at[idx - 1] >= self.lo

    def _agreed_prefix(self, rooms: list[str]) -> bool:
        """Whether ``rooms`` retell the start of the agreed path ("so far we did L, E, K")."""
        visited = self.ctx.visited
        if not (2 <= len(rooms) <= len(visited) and list(visited[: len(rooms)]) == rooms):
            return False
        keys = self.keys
        return any(
            keys[k] in _RECAP_WORDS or (keys[k] == "far" and k > self.lo and keys[k - 1] == "so")
            for k in range(self.lo, self.hi)
        )

    def _blocked(self) -> set[tuple[str, ...]]:
        """The paths refused or asked about so far in the sentence (candidates are only appended
        while clauses are read, so each is looked at once)."""
        for c in self.cands[self._blocked_upto :]:
            if c.kind in ("reject", "ask"):
                self._blocked_paths.add(c.rooms)
        self._blocked_upto = len(self.cands)
        return self._blocked_paths

    def _path_rejects(
        self, dest: list[tuple[_Group, list[str]]], used: set[int], cues: list[int], rejects: list[int]
    ) -> None:
        """A rejection cue with a path no other act claimed: "going from K to C is bad for me"."""
        if not rejects or cues:
            return
        for g, p in dest:
            if id(g) in used or len(p) < 2:
                continue
            act = _make(Reject, path=self._match_last(p, g))
            if act:
                self.cands.append(_Cand(min(rejects[0], g.i), act, "reject", rooms=tuple(p)))
                used.add(id(g))

    def _match_last(self, path: list[str], g: _Group) -> list[str]:
        last = self.ctx.last_suggestion
        if last and len(g.members) == 1 and path[-1] == last[-1]:
            return list(last)
        return path
