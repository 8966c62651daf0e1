"""Self-corrections: "kitchen next... actually no, make it the bathroom", "I get 5 there, sorry, 6".

A correction marker ("actually no", "no wait", "I meant", "scratch that", "correction:", "oops",
"make it", "er", a "sorry" right before an amount, ", actually" right before a room or an amount, a
"- no," between two items; punctuation may sit inside a marker: "wait, no") splits the message into
segments, each read on its own; a later segment is read with the earlier one's last hallway as the
topic and the question it answers (so a bare "6" corrects the amount just said). The correction then
replaces what it corrects: a later suggestion withdraws the earlier suggestions, a later amount the
earlier amount of the same hallway (an amount moved to another hallway keeps both). A marker with no
room or amount on one side is no correction, except a leading "I meant (to say)", which is dropped.
"5, no 6" and "5 on L-E, no 6" correct when an amount stands shortly before the "no" (a bounded look
back). Known limit: a segment after a marker continues from ``at`` unless the agreed path already ends
where the accepted suggestion does, so "ok, then the kitchen... no wait, the attic" with the pending
suggestion not yet on the path proposes the attic from ``at``, not from that suggestion's end.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.acts import Act, Ask, Inform, Reject, Suggest
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
        ("nah", "wait"),
        ("wait", "nah"),
        ("nah", "actually"),
    }
)
"""Two-word markers (keys, apostrophes removed)."""
_SINGLE = frozenset(
    {"oops", "typo", "correction", "whoops", "er", "err", "erm", "correcting", "misspoke", "mistyped", "edit", "edited"}
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
    }
)
"""Words and signs a marker run extends over on either side."""
_ACTUALLY_NEXT = frozenset({"the", "its", "it's", "make", "no", "i", "wait", "sorry"})
"""What may follow a correcting "actually" (besides an amount): not "actually, after that ..."."""
_ZERO = frozenset({"zilch", "nada", "nothing", "none", "zero"})
_SAY = frozenset({"to", "say", "write", "type", "that", "put"})
"""What a leading "I meant" may run on over ("I meant to say the attic is 4")."""


def _content(tok: _Tok, vocabulary: frozenset[str]) -> bool:
    """Whether a token may name a room or an amount (a cheap test; the segments are read in full)."""
    if tok.kind == "num":
        return True
    if tok.kind != "word":
        return False
    if tok.key in vocabulary or tok.key in _NUMBER_WORDS or tok.key in _ZERO:
        return True
    # room letters: "K", and lower-case "k" too (not the words "i", "a", "u")
    return len(tok.text) == 1 and (tok.text.isupper() or tok.text not in ("i", "a", "u"))


def _amount(tok: _Tok | None) -> bool:
    return tok is not None and (tok.kind == "num" or tok.key in _NUMBER_WORDS or tok.key in _ZERO)


def _marker_at(toks: Sequence[_Tok], k: int) -> int:
    """The number of tokens of a correction marker starting at ``k`` (0: none)."""
    key, n = toks[k].key, len(toks)
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
    if key == "sorry":  # "I get 5 there, sorry, 6": "sorry" right before the corrected amount
        j = k + 1
        while j < len(toks) and toks[j].kind == "punct":
            j += 1
        return 1 if j < len(toks) and toks[j].kind == "num" else 0
    if key == "no" and k > 1 and toks[k - 1].key == "," and _amount(toks[j] if j < n else None):
        if any(_amount(t) for t in toks[max(0, k - 6) : k - 1]):
            return 1  # "I get 5, no 6", "5 on L-E, no 6": an amount shortly before (a bounded look back)
    if key == "no" and k > 0 and toks[k - 1].kind in ("dash", "punct") and toks[k - 1].key not in (",", "("):
        follows = toks[k + 1] if k + 1 < len(toks) else None
        return (
            1 if follows is not None and follows.kind in ("punct", "dash") else 0
        )  # "the kitchen - no, the kids' room"
    return 0


def correction_spans(toks: Sequence[_Tok], vocabulary: frozenset[str]) -> list[tuple[int, int]]:
    """Token spans (start, end) of the correction markers that have content on both sides."""
    runs: list[tuple[int, int]] = []
    k, n = 0, len(toks)
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
        if lo == 0 and toks[k].key == "i":  # a leading "I meant to say ...": the marker alone is dropped
            while hi < n and toks[hi].key in _SAY:
                hi += 1
            if hi < n:
                runs.append((0, hi))
            k = hi
            continue
        runs.append((lo, hi))
        k = hi
    out: list[tuple[int, int]] = []
    prev_end = 0
    for idx, (lo, hi) in enumerate(runs):
        nxt_lo = runs[idx + 1][0] if idx + 1 < len(runs) else n
        before = any(_content(t, vocabulary) for t in toks[prev_end:lo])
        after = any(_content(t, vocabulary) for t in toks[hi:nxt_lo])
        if (before or (lo == 0 and toks[0].key == "i")) and after:
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


def substitution(
    toks: Sequence[_Tok], rooms: Sequence[tuple[int, int]], before: tuple[int, int], after: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A correction that swaps one item: "from the empty room to the attic, sorry, I mean the kitchen",
    "I get 5 there, sorry, 6". When the segment ``before`` (token range) ends with a room mention or an
    amount (its last one, at most three tokens before the marker) and the segment ``after`` starts
    with one of the same kind (after at most three lead words: "make it the"), the corrected item
    replaces the wrong one in place, so the rest of the sentence keeps its meaning. Returns the token
    ranges (inclusive) of the wrong item and of the right one, or None. ``rooms`` are the room
    mentions' token ranges, in order."""
    lo, hi = before
    a_lo, a_hi = after

    def item_at(k: int, last: bool) -> tuple[str, tuple[int, int]] | None:
        for i, j in rooms:
            if (j == k) if last else (i == k):
                return "room", (i, j)
        if _amount(toks[k]):
            return "amount", (k, k)
        return None

    wrong = None
    for k in range(hi - 1, max(lo, hi - 4) - 1, -1):
        if toks[k].kind in ("word", "num"):
            wrong = item_at(k, last=True)
            if wrong is not None or toks[k].key not in ("next", "then", "there", "please", "pls", "for", "me"):
                break
    if wrong is None:
        return None
    right = None
    for k in range(a_lo, min(a_hi, a_lo + 4)):
        if toks[k].kind in ("punct", "dash"):
            continue
        right = item_at(k, last=False)
        if right is not None or toks[k].key not in _LEAD:
            break
    if right is None or right[0] != wrong[0]:
        return None
    return wrong[1], right[1]


class Corrected:
    """The acts of the segments read so far, each new segment correcting the earlier ones: a
    suggestion withdraws the earlier suggestions, an amount the earlier amount of its hallway (an
    amount moved to another hallway keeps both), and a refusal of a withdrawn suggestion is dropped
    ("the attic... no wait, not the attic, the kitchen"). Each act is withdrawn at most once, so
    the whole message stays linear however many corrections it holds."""

    def __init__(self) -> None:
        self._acts: list[Act | None] = []
        self._suggests: list[int] = []
        self._informs: dict[frozenset[str], list[int]] = {}

    def add(self, part: list[Act]) -> None:
        """Append the acts of the next segment, withdrawing what they correct."""
        withdrawn: set[tuple[str, ...]] = set()
        if any(isinstance(a, Suggest) for a in part):
            for k in self._suggests:
                act = self._acts[k]
                if isinstance(act, Suggest):
                    withdrawn.add(tuple(act.path))
                self._acts[k] = None
            self._suggests = []
        for act in part:
            if isinstance(act, Inform):
                for k in self._informs.pop(frozenset(act.edge), []):
                    self._acts[k] = None
        for act in part:
            if isinstance(act, Reject) and act.path and tuple(act.path) in withdrawn:
                continue
            if isinstance(act, Suggest):
                self._suggests.append(len(self._acts))
            elif isinstance(act, Inform):
                self._informs.setdefault(frozenset(act.edge), []).append(len(self._acts))
            self._acts.append(act)

    def acts(self) -> list[Act]:
        """The acts that stand, in message order."""
        return [a for a in self._acts if a is not None]
