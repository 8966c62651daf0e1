"""Self-corrections: "kitchen next... actually no, make it the bathroom", "I get 5 there, sorry, 6".

A correction marker ("actually no", "no wait", "I meant", "scratch that", "correction:", "oops",
"make it", "er", "hang on", "hold on", "strike that", "on second thoughts", "sorry", a lone "wait,"
after a full stop, "(no, ...", ", actually" right before a room or an amount, a "- no," between two
items, an asterisk on a word, which the parser reads as "oops"; punctuation may sit inside a
marker: "wait, no") splits the message into
segments, each read on its own; a later segment is read with the earlier one's last hallway as the
topic and the question it answers (so a bare "6" corrects the amount just said). The correction then
replaces what it corrects: a later suggestion withdraws the earlier suggestions, a later amount the
earlier amount of the same hallway (an amount moved to another hallway keeps both), a later tour
to submit an earlier one; a hallway named after a marker without an amount takes the amount just
said ("L-K is 5, no wait, that's L-B"); "not X" after a marker takes X back; a counter-proposal
after a marker turns an assent into a refusal. A marker with no room, amount or reply word on one
side is no correction, except a leading "I meant (to say)", "ignore my last msg" or "*", dropped.
"5, no 6" and "5 on L-E, no 6" correct when an amount stands shortly before the "no" (a bounded look
back), and so do "3... oh no, is 7" and "5 hmm no, that 5 is for L-C" / "four. ah no that's L-E"
(an interjection before the "no"); "the attic no not the attic the bathroom" (voice typing) is a
marker running over the words repeated; a leading "I meant" may follow an apology ("sorry typo
above, I meant ..."); "(typo, meant L to A)" restates a hallway, it swaps no single room; "nvm" /
"never mind", "or actually" and a bare "meant" after a bracket or comma ("(meant K-C)") are markers. Known limit: a segment after a marker continues from ``at`` unless the agreed path already ends
where the accepted suggestion does, so "ok, then the kitchen... no wait, the attic" with the pending
suggestion not yet on the path proposes the attic from ``at``, not from that suggestion's end.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.acts import Act, Agree, Ask, End, Inform, Reject, Suggest
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.cues import _NUMBER_WORDS
from language.traveling_adventurers.normalize import _Tok

_PAIRS = frozenset(
    {
        ("actually", "no"),
        ("no", "actually"),
        ("no", "wait"),
        ("wait", "no"),
        ("i", "mean"),
        ("i", "meant"),
        ("make", "it"),
        ("make", "that"),
        ("no", "sorry"),
        ("sorry", "no"),
        ("scratch", "that"),
        ("or", "rather"),
        ("my", "bad"),
        ("wait", "actually"),
        ("actually", "wait"),
        ("change", "that"),
        ("actually", "nah"),
        ("hang", "on"),
        ("hold", "on"),
        ("scrap", "that"),
        ("strike", "that"),
        ("second", "thought"),
        ("second", "thoughts"),
        ("ignore", "my"),
        ("scratch", "my"),
        ("forget", "my"),
        ("i", "flipped"),
        ("i", "wanted"),
        ("nah", "wait"),
        ("wait", "nah"),
        ("nah", "actually"),
        ("or", "wait"),
        ("no", "no"),
        ("never", "mind"),
        ("or", "actually"),
    }
)
"""Two-word markers (keys, apostrophes removed)."""
_SINGLE = frozenset(
    {"oops", "typo", "correction", "whoops", "er", "err", "erm", "correcting", "misspoke", "mistyped", "edit", "edited"}
    | {"nvm", "nevermind"}
    | {"sorry", "sry", "soz", "srry", "sorri"}
)
_GLUE = frozenset(
    {
        ",",
        ".",
        "…",
        "-",
        ":",
        "!",
        ";",
        "sorry",
        "actually",
        "no",
        "wait",
        "oh",
        "ah",
        "hmm",
        "i",
        "mean",
        "meant",
        "nah",
        "sry",
        "ugh",
    }
)
"""Words and signs a marker run extends over on either side."""
_ACTUALLY_NEXT = frozenset({"the", "its", "it's", "make", "no", "i", "wait", "sorry"})
"""What may follow a correcting "actually" (besides an amount): not "actually, after that ..."."""
_ZERO = frozenset({"zilch", "nada", "nothing", "none", "zero"})
_LEADING_MARKERS = frozenset({"i", "ignore", "oops", "scratch", "forget"})
"""Markers that open a message correcting the author's earlier one ("ignore my last msg, i meant ...")."""
_SAY = frozenset(
    {"to", "say", "write", "type", "that", "put", "last", "msg", "message", "one", "text", ",", "i", "mean", "meant"}
)
"""What a leading "I meant" may run on over ("I meant to say the attic is 4")."""


def _content(tok: _Tok, vocabulary: frozenset[str]) -> bool:
    """Whether a token may name a room or an amount (a cheap test; the segments are read in full)."""
    if tok.kind == "num":
        return True
    if tok.kind != "word":
        return False
    if tok.key in vocabulary or tok.key in _NUMBER_WORDS or tok.key in _ZERO or tok.key in _VERDICT:
        return True
    # room letters: "K", and lower-case "k" too (not the words "i", "a", "u")
    return len(tok.text) == 1 and (tok.text.isupper() or tok.text not in ("i", "a", "u"))


_VERDICT = frozenset("ok okay yes yeah yep yup sure fine agreed deal nope nah".split())
"""Replies a correction may take back ("ok go for it. actually no, the attic first")."""


_MARKER_FIRST = frozenset({first for first, _ in _PAIRS} | _SINGLE | {"actually", "wait", "no", "meant"})
"""The words a correction marker can start with (:func:`_marker_at`)."""


_POINTING = frozenset({"that", "this", "the", "which", "each", "every", "any", "other"})
"""Words that make a following "one" a pronoun ("2 on that one"), not an amount."""


def _amount(tok: _Tok | None) -> bool:
    return tok is not None and (tok.kind == "num" or tok.key in _NUMBER_WORDS or tok.key in _ZERO)


def _marker_at(toks: Sequence[_Tok], k: int) -> int:
    """The number of tokens of a correction marker starting at ``k`` (0: none)."""
    key, n = toks[k].key, len(toks)
    if key not in _MARKER_FIRST:
        return 0  # no marker below starts with this word
    j = k + 1
    while j < len(toks) and toks[j].kind in ("punct", "dash") and j - k <= 2:
        j += 1  # "wait, no", "no - wait"
    nxt = toks[j].key if j < len(toks) else ""
    if (key, nxt) in _PAIRS:
        return j + 1 - k
    if key == "actually" and k > 0 and toks[k - 1].kind in ("punct", "dash") and toks[k - 1].key != "(":
        follows = toks[j] if j < len(toks) else None  # "the kitchen, actually the attic", "5, actually 6"
        if follows is not None and (follows.kind == "num" or follows.key in _ACTUALLY_NEXT):
            return 1
        return 0
    if key in _SINGLE:
        return 1
    if key == "meant" and k > 0 and toks[k - 1].key in ("(", ",", "-", ";"):
        return 1  # "3 on K-A (meant K-C)"
    after = toks[k + 1].key if k + 1 < n else ""
    if key == "wait" and (k == 0 or toks[k - 1].kind in ("punct", "dash")) and after in (",", "!", ".", "…", "-"):
        return 1  # "kitchen 6. wait, garden's 5"
    if key == "no" and k > 1 and toks[k - 1].key == "," and _amount(toks[j] if j < n else None):
        if any(_amount(t) for t in toks[max(0, k - 6) : k - 1]):
            return 1  # "I get 5, no 6", "5 on L-E, no 6": an amount shortly before (a bounded look back)
    if key == "no" and after == "not":
        return _no_not(toks, k)  # "the attic no not the attic the bathroom"
    if key == "no" and k > 1 and toks[k - 1].key in _OH and j < n and toks[j - 1].key == ",":
        p = j + (toks[j].key in ("is", "its", "it's", "it", "make"))
        if _amount(toks[p] if p < n else None) and any(_amount(t) for t in toks[max(0, k - 6) : k - 1]):
            return p - k  # "I have 2... ay no, is 8": an amount shortly before (a bounded look back)
    if key == "no" and k > 1 and toks[k - 1].key in _OH and after in _THAT_IS:
        if any(_amount(t) for t in toks[max(0, k - 6) : k - 1]):
            return 1  # "L-K 5 hmm no, that 5 is for L-C", "four. ah no that's L-E"
    if key == "no" and k > 0 and toks[k - 1].key == "(" and k + 1 < n and toks[k + 1].key == ",":
        return 1  # "3 on L-B (no, L-C ...)"
    if key == "no" and k > 0 and toks[k - 1].kind in ("dash", "punct") and toks[k - 1].key not in (",", "("):
        follows = toks[k + 1] if k + 1 < len(toks) else None
        return (
            1 if follows is not None and follows.kind in ("punct", "dash") else 0
        )  # "the kitchen - no, the kids' room"
    return 0


_OH = frozenset({"oh", "ah", "ay", "ai", "uh", "um", "hmm", "ugh", "oops", "."})
"""Interjections before a correcting "no" ("... oh no, is 7")."""


_THAT_IS = frozenset({",", "that", "thats", "that's", "its", "it's", "wait"})
"""What may follow an interjection's "no" that corrects ("hmm no, that 5 is for L-C")."""


def _no_not(toks: Sequence[_Tok], k: int) -> int:
    """ "the attic no not the attic the bathroom" (voice typing, no punctuation): a "no not" at
    ``k`` followed by the words just before it (up to three; "the" may be added) is a marker that
    runs over the words repeated. Returns its size, or 0."""
    p = k + 2 + (k + 2 < len(toks) and toks[k + 2].key == "the")
    for w in (3, 2, 1):
        if k - w < 0 or p + w > len(toks):
            continue
        said = [t.key for t in toks[k - w : k]]
        if all(t.kind == "word" for t in toks[k - w : k]) and said == [t.key for t in toks[p : p + w]]:
            return p + w - k
    return 0


def correction_spans(toks: Sequence[_Tok], vocabulary: frozenset[str]) -> list[tuple[int, int]]:
    """Token spans (start, end) of the correction markers that have content on both sides."""
    runs: list[tuple[int, int]] = []
    starred: set[int] = set()  # runs of an "oops" (a correcting asterisk): a correction whatever precedes it
    leading = -1  # the end of a leading marker ("no i meant ...", "*the kids room")
    k, n = 0, len(toks)
    first_content = -1  # the first token that may name a room or an amount, found when needed
    while k < n:
        size = _marker_at(toks, k) if toks[k].kind == "word" else 0
        if not size:
            k += 1
            continue
        lo, hi = k, k + size
        while lo > 0 and toks[lo - 1].key in _GLUE and (not runs or lo - 1 >= runs[-1][1]):
            lo -= 1
        while hi < n:
            more = _marker_at(toks, hi) if toks[hi].kind == "word" else 0
            if more:
                hi += more
            elif toks[hi].key in _GLUE:
                hi += 1
            else:
                break
        meant = any(toks[x].key in ("meant", "mean") for x in range(lo, hi))
        if lo > 0 and (toks[k].key in _LEADING_MARKERS or meant) and first_content < 0:
            first_content = next((x for x, t in enumerate(toks) if _content(t, vocabulary)), n)
        if (lo == 0 or lo <= first_content) and (toks[k].key in _LEADING_MARKERS or meant):
            # a leading "I meant to say ..." (after an apology: "sorry typo above, I meant ..."): dropped
            while hi < n and toks[hi].key in _SAY:
                hi += 1
            if hi < n:
                runs.append((0, hi))
                leading = hi
            k = hi
            continue
        if toks[k].key == "oops":
            starred.add(len(runs))
        runs.append((lo, hi))
        k = hi
    out: list[tuple[int, int]] = []
    prev_end = 0
    for idx, (lo, hi) in enumerate(runs):
        nxt_lo = runs[idx + 1][0] if idx + 1 < len(runs) else n
        before = any(_content(t, vocabulary) for t in toks[prev_end:lo])
        after = any(_content(t, vocabulary) for t in toks[hi:nxt_lo])
        if (before or (lo == 0 and hi == leading) or idx in starred) and after:
            out.append((lo, hi))
            prev_end = hi
    return out


def follow_context(context: DialogueContext, acts: Sequence[Act]) -> DialogueContext:
    """The context the next segment is read in: the last hallway of ``acts`` is the topic, and the
    question a bare amount answers when it was an amount."""
    for act in reversed(acts):
        if isinstance(act, Inform):
            edge = (act.edge[0], act.edge[1])
            return context.model_copy(update={"topic": list(edge), "last_question": edge})
        if isinstance(act, Suggest | Ask) and getattr(act, "path", None):
            path = list(act.path)  # type: ignore[union-attr]
            return context.model_copy(update={"topic": path[-2:]})
    return context


_LEAD = frozenset({"the", "it", "its", "make", "that", "to", "a", "an"})
"""Words that may stand before the corrected item after a marker ("... I mean the kitchen")."""


def _linked(toks: Sequence[_Tok], left: tuple[int, int, str], right: tuple[int, int, str]) -> bool:
    """Whether two room mentions are consecutive stops of one written path ("K -> C", "K-C", "K then C")."""
    return right[0] == left[1] + 2 and (toks[left[1] + 1].kind in ("dash", "arrow") or toks[left[1] + 1].key == "then")


def substitution(
    toks: Sequence[_Tok], rooms: Sequence[tuple[int, int, str]], before: tuple[int, int], after: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A correction that swaps one item: "from the empty room to the attic, sorry, I mean the kitchen",
    "I get 5 there, sorry, 6". When the segment ``before`` (token range) ends with a room mention or an
    amount (its last one, at most three tokens before the marker) and the segment ``after`` starts
    with one of the same kind (after at most three lead words: "make it the"), the corrected item
    replaces the wrong one in place, so the rest of the sentence keeps its meaning. Returns the token
    ranges (inclusive) of the wrong item and of the right one, or None. ``rooms`` are the room
    mentions' token ranges and rooms, in order.

    Inside a written path ("L -> E -> K -> C, sorry, I mean B -> A -> ...", "... -> A -> C... no
    wait, L") the corrected room takes the wrong one's place too, unless the correction restates a
    whole path: the marker follows a question mark ("L-E-K-B-C-A-L? no hold on, ..."), the wrong
    room closes a tour back to where its path started, or the right room starts the same path again
    ("L-E-K, no wait, L-E-B")."""
    lo, hi = before
    a_lo, a_hi = after

    def item_at(k: int, last: bool) -> tuple[str, tuple[int, int]] | None:
        for i, j, _ in rooms:
            if (j == k) if last else (i == k):
                return "room", (i, j)
        if _amount(toks[k]) and not (toks[k].key == "one" and k > 0 and toks[k - 1].key in _POINTING):
            return "amount", (k, k)  # not "that one", a pronoun
        return None

    def in_path(wrong: tuple[int, int], right: tuple[int, int]) -> bool:
        """A room swapped inside a written path of three rooms or more (see above)."""
        w = next(n for n, m in enumerate(rooms) if m[:2] == wrong)
        r = next(n for n, m in enumerate(rooms) if m[:2] == right)
        if any(t.key == "?" for t in toks[wrong[1] + 1 : right[0]]):
            return False
        start, stop = w, r
        while start > 0 and _linked(toks, rooms[start - 1], rooms[start]):
            start -= 1
        while stop + 1 < len(rooms) and _linked(toks, rooms[stop], rooms[stop + 1]):
            stop += 1
        if max(w - start, stop - r) < 2:
            return False  # hallways ("7 on E-C, no, C-A"), not a tour
        if stop > r:  # the path goes on after the corrected room, unless it starts again
            return start == w or rooms[r][2] != rooms[start][2]
        return start < w and rooms[w][2] != rooms[start][2]  # not the room closing a tour

    wrong = None
    for k in range(hi - 1, max(lo, hi - 4) - 1, -1):
        if toks[k].kind in ("word", "num"):
            wrong = item_at(k, last=True)
            if wrong is not None or toks[k].key not in ("next", "then", "there", "please", "pls", "for", "me"):
                break
    if wrong is None:
        return None
    after_link = wrong[0] == "room" and wrong[1][0] > 0 and toks[wrong[1][0] - 1].kind in ("dash", "arrow")
    right = None
    for k in range(a_lo, min(a_hi, a_lo + 4)):
        if toks[k].kind in ("punct", "dash"):
            continue
        right = item_at(k, last=False)
        if right is not None or toks[k].key not in _LEAD:
            break
    if right is None or right[0] != wrong[0]:
        return None
    if toks[wrong[1][0]].key == toks[right[1][0]].key and toks[wrong[1][1]].key == toks[right[1][1]].key:
        return None  # the same item again: "K then A then C - sorry, C then A" reorders, it swaps nothing
    if right[0] == "room" and in_path(wrong[1], right[1]):
        return wrong[1], right[1]
    if after_link:
        return None  # "L-E-B-K-C-A-L? no hold on, ...": the end of a path, not one room to swap
    if right[0] == "room" and any(
        i == right[1][1] + 2 and (toks[i - 1].kind in ("dash", "arrow") or toks[i - 1].key in ("then", "to"))
        for i, _, _ in rooms
    ):
        return None  # "L-E-K-B-C-A-L? *L-E-B-K-C-A-L", "(typo, meant L to A)": a path restated, no room swapped
    return wrong[1], right[1]


class Corrected:
    """The acts of the segments read so far, each new segment correcting the earlier ones: a
    suggestion (or a tour to submit) withdraws the earlier suggestions and tours, an amount the
    earlier amount of its hallway (an amount moved to another hallway keeps both), and a refusal
    of a withdrawn suggestion is dropped ("the attic... no wait, not the attic, the kitchen").
    After a marker, "not X" names the item taken back, not a refusal ("I meant the garden, not the
    playroom"); a hallway named without an amount takes the amount just said ("L-K is 5, no wait,
    that's L-B"); a counter-proposal after an assent turns the assent into a refusal ("ok go for
    it. actually no, let's do the attic first"). Each act is withdrawn at most once, so the whole
    message stays linear however many corrections it holds."""

    def __init__(self, context: DialogueContext) -> None:
        self._ctx = context
        self._acts: list[Act | None] = []
        self._suggests: list[int] = []
        self._informs: dict[frozenset[str], list[int]] = {}
        self._last_inform: int | None = None

    def add(
        self,
        part: list[Act],
        after_marker: bool = False,
        edge: tuple[str, str] | None = None,
        refusing: bool = False,
    ) -> None:
        """Append the acts of the next segment, withdrawing what they correct. ``after_marker``: the
        segment follows a correction marker; ``edge``: the first hallway it names (a segment that
        names one without an amount moves the amount just said there); ``refusing``: the marker says
        "no" ("ya sure! oh wait no, i have nothing there": the assent before it is withdrawn and
        refuses). A whole tour that corrects a submitted one is submitted too ("final: X [sorry, Y]")."""
        if after_marker and edge is not None and not any(isinstance(a, Inform | Agree | End | Reject) for a in part):
            standing = next((a for a in reversed(self._acts) if a is not None), None)
            if isinstance(standing, Ask) and standing.edge is not None and frozenset(standing.edge) != frozenset(edge):
                # "how many do you have on E-A I mean E-C": the question moves to the hallway named
                self._acts[self._acts.index(standing)] = Ask(edge=edge)
                part = [a for a in part if not (isinstance(a, Suggest) and list(a.path) == list(edge))]
            elif isinstance(standing, Suggest) and len(standing.path) == 2 and not part:
                part = [Suggest(path=list(edge))]  # "lets do KB next. *KC": the hop named replaces it
        last = self._ctx.last_suggestion
        if after_marker and refusing and last and not any(isinstance(a, Agree) for a in part):
            for k, act in enumerate(self._acts):
                if isinstance(act, Agree) and (not act.path or list(act.path) == last):
                    self._acts[k] = Reject(path=None)
        if after_marker and any(isinstance(a, End) for a in self._acts):
            rooms = set(self._ctx.rooms)
            part = [
                End(path=a.path)
                if isinstance(a, Suggest) and a.path[0] == a.path[-1] == self._ctx.start and set(a.path) == rooms
                else a
                for a in part
            ]
        if after_marker and edge is not None and not any(isinstance(a, Agree | End) for a in part):
            moved = self._acts[self._last_inform] if self._last_inform is not None else None
            said = any(isinstance(a, Inform) and frozenset(a.edge) == frozenset(edge) for a in part)
            if isinstance(moved, Inform) and frozenset(edge) != frozenset(moved.edge) and not said:
                part = [Inform(edge=edge, coins=moved.coins), *(a for a in part if isinstance(a, Inform))]
                self._acts[self._last_inform or 0] = None
        withdrawn: set[tuple[str, ...]] = set()
        if any(isinstance(a, Suggest | End) for a in part):
            had_suggest = bool(self._suggests)
            for k in self._suggests:
                act = self._acts[k]
                if isinstance(act, Suggest | End):
                    withdrawn.add(tuple(act.path))
                self._acts[k] = None
            self._suggests = []
            last = self._ctx.last_suggestion
            counter = [a for a in part if isinstance(a, Suggest) and last and a.path[0] == last[0]]
            if after_marker and counter and not had_suggest and not any(isinstance(a, Agree) for a in part):
                for k, act in enumerate(self._acts):  # "ok go for it. actually no, the attic first"
                    if isinstance(act, Agree) and (not act.path or list(act.path) == last):
                        self._acts[k] = Reject(path=None)
        for act in part:
            if isinstance(act, Inform):
                for k in self._informs.pop(frozenset(act.edge), []):
                    self._acts[k] = None
        content = any(a is not None and not isinstance(a, Reject) for a in self._acts) or any(
            not isinstance(a, Reject) for a in part
        )
        for act in part:
            if isinstance(act, Reject) and act.path and tuple(act.path) in withdrawn:
                continue
            if (
                after_marker
                and isinstance(act, Reject)
                and act.path
                and content
                and list(act.path) != self._ctx.last_suggestion
            ):
                continue  # "i meant the garden not the playroom": the item taken back
            if isinstance(act, Suggest | End):
                self._suggests.append(len(self._acts))
            elif isinstance(act, Inform):
                self._informs.setdefault(frozenset(act.edge), []).append(len(self._acts))
                self._last_inform = len(self._acts)
            self._acts.append(act)

    def acts(self) -> list[Act]:
        """The acts that stand, in message order."""
        return [a for a in self._acts if a is not None]


def withdrawn_room_span(toks: Sequence[_Tok], rooms: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """In a segment after a correction marker, the tokens of "not X" ("i meant the garden not the
    playroom"): X names the item taken back, not a refusal. Returns the token range to drop."""
    starts = {i: j for i, j in rooms}
    for k, tok in enumerate(toks):
        if tok.key == "not" and k > 0:
            nxt = k + 1 + (k + 1 < len(toks) and toks[k + 1].key == "the")
            if nxt in starts and any(j < k for _, j in rooms):
                end = starts[nxt]
                while end + 2 < len(toks) and (toks[end + 1].kind in ("dash", "arrow") or toks[end + 1].key == "to"):
                    follow = end + 2 + (toks[end + 2].key == "the")
                    if follow not in starts:
                        break
                    end = starts[follow]  # "not K to C": the whole hallway
                return k, end
    return None
