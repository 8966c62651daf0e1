"""Quantified coin statements: one amount for a set of hallways, read per sentence.

| message                                                         | hallways                      |
|-----------------------------------------------------------------|-------------------------------|
| "any hallway touching the attic is 4", "each way out of L: 2",   | every hallway touching the    |
| "K is dead in every direction", "every other one from E",       | room, visited rooms included  |
| "everything else out of the bathroom is 2"                      |                               |
| "every remaining door from here is 1", "the three rooms we      | the hallways from the origin  |
| haven't done are all empty", "none of the rooms left ... 0",    | ("from X", else ``at``) to    |
| "nothing from here to any room we've still got to do"           | the rooms not visited         |
| "... except the attic, which is 10", "apart from the study: 5"   | the exception's own amount;   |
|                                                                 | without one it is left out    |
| "same for all three: 6", "the same for all of them, 4"           | the rooms left (a count equal |
|                                                                 | to them is no amount)         |
| "Both K and A are 6 from here, B only 2"                        | the two hallways named before |
|                                                                 | the amount after "both"       |
| "B, K, C: 3, 7 and 1 respectively", "L-E, E-K: 3 and 1 in that   | the listed hallways (rooms    |
| order"                                                          | from ``at``), amounts in order|

The sentence reader's own informs on the covered hallways give way to these, except an amount the
message states for one of them that differs from the shared one ("kids room 5, attic 7, and everything
else out of the bathroom is 2"). Each sentence is scanned a bounded number of times: linear time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.mentions import _Mention
from language.traveling_adventurers.normalize import _Tok
from language.traveling_adventurers.numbers import _numbers

_EVERY = frozenset("every each all any everything anything everywhere".split())
_HALLS = frozenset(
    "hallway hallways corridor corridors door doors way ways exit exits direction directions edge edges path paths"
    " route routes one ones other others else link links connection connections".split()
)
_OUT = frozenset("out from touching leaving of into to around at".split())
_UNVISITED = frozenset("remaining left leftover unvisited havent haven't still yet rest undone open unexplored".split())
_PLURAL = frozenset("all every each none both two three four five any ones rooms doors hallways rest others".split())
_EXCEPT = frozenset("except apart besides excluding save but other".split())
_ZERO_CUES = frozenset("nothing none zero zeros 0s zilch nada dead empty".split())
_IN_ORDER = frozenset({"respectively"})
_EXCEPT_GAP = frozenset(
    ", which is s its it's thats whichs : = - ( at gets more like about maybe there that a an only just one ones"
    " one's where".split()
)
"""Words between an excepted room and its own amount ("except the attic, which is 8")."""
_COUNT_BEFORE = frozenset("every each other that this the those these".split())
_COUNT_AFTER = frozenset("left remaining rooms doors hallways ones of more".split())
_TERMINAL = frozenset({".", "!", "?", "\n"})


@dataclass(frozen=True, slots=True)
class Quantified:
    """The informs one quantified sentence gives: ``scope`` hallway -> amount (None: left out)."""

    scope: dict[frozenset[str], int | None]
    lo: int
    hi: int
    exact: bool = False  # amounts given one by one ("respectively"): no other amount stands
    others: bool = False  # "everything else", "every other one": amounts stated apart stand
    counts: frozenset[int] = frozenset()  # numbers that count rooms ("the three left"), no amounts
    origin: str = ""


def _amount(amounts: dict[int, int], toks: Sequence[_Tok], k: int) -> int | None:
    """The coin amount token ``k`` states ("4", "four", "nothing", "all zeros"), if any."""
    if k in amounts:
        return amounts[k]
    return 0 if toks[k].key in ("zeros", "0s") else None


def _labelled(k: int, keys: list[str], in_room: set[int]) -> bool:
    """Whether the amount at ``k`` labels a room written just before it ("attic's 10", "kids room 7")."""
    j = k - 1
    while j >= 0 and k - j <= 3 and keys[j] in _EXCEPT_GAP:
        j -= 1
    return j >= 0 and j in in_room


def _sentences(toks: Sequence[_Tok]) -> list[tuple[int, int]]:
    out, lo = [], 0
    for k, t in enumerate(toks):
        if t.text in _TERMINAL or t.kind == "nl":
            if k > lo:
                out.append((lo, k))
            lo = k + 1
    if lo < len(toks):
        out.append((lo, len(toks)))
    return out


def quantified(toks: Sequence[_Tok], mentions: Sequence[_Mention], ctx: DialogueContext) -> list[Quantified]:
    """The quantified statements of the message, one per sentence that makes one."""
    board = list(ctx.rooms)
    keys = [t.key for t in toks]
    for m in mentions:
        for k in range(m.i, m.j + 1):
            keys[k] = "<room>"
    amounts = {n.i: n.value for n in _numbers(toks, keys, 0, len(toks)) if n.value is not None}
    out: list[Quantified] = []
    ms = [m for m in mentions if m.on_board]
    k_m = 0
    prev_own: list[_Mention] = []
    prev_question = False
    for lo, hi in _sentences(toks):
        while k_m < len(ms) and ms[k_m].i < lo:
            k_m += 1
        own = []
        j = k_m
        while j < len(ms) and ms[j].j < hi:
            own.append(ms[j])
            j += 1
        q = _sentence(toks, amounts, own, lo, hi, ctx, board)
        opens = lo < hi and toks[lo].key in ("both", "all", "each")
        if q is None and not own and prev_own and (prev_question or opens):
            q = _those(toks, amounts, prev_own, lo, hi, ctx)
        if q is not None:
            out.append(q)
        prev_own = own
        prev_question = hi < len(toks) and toks[hi].text == "?"
    return out


def _sentence(
    toks: Sequence[_Tok],
    amounts: dict[int, int],
    own: list[_Mention],
    lo: int,
    hi: int,
    ctx: DialogueContext,
    board: list[str],
) -> Quantified | None:
    keys = [t.key for t in toks[lo:hi]]
    at_room = {m.i - lo: m for m in own}
    in_room = {k - lo for m in own for k in range(m.i, m.j + 1)}
    if any(k in _IN_ORDER for k in keys) or "in that order" in " ".join(keys):
        return _in_order(toks, amounts, own, lo, hi, ctx)
    if len(own) >= 3 and own[-1].j + 1 < hi and toks[own[-1].j + 1].key == ":":
        return _in_order(toks, amounts, own, lo, hi, ctx)  # "bathroom, nursery, attic: 1, 4 and 9"
    every = next((k for k, w in enumerate(keys) if w in _EVERY and k not in in_room), None)
    if every is None and "both" in keys and len(own) >= 2:
        return _both(toks, amounts, own, lo, hi, ctx)  # "the attic and the loo, both are 3 for me"
    unvisited = any(w in _UNVISITED for w in keys) or "to do" in " ".join(keys) or "to go" in " ".join(keys)
    count_at = None if every is None else _all_of_them(keys, every, amounts, lo, len(board) - len(ctx.visited))
    if count_at is not None and not any(
        not any(keys[j] in _EXCEPT for j in range(max(0, m.i - lo - 4), m.i - lo)) for m in own
    ):
        unvisited = True  # "same for all three: 6", "all of them are 3 except the attic (7)": the rooms left
    none_of = any(w in ("none", "nothing") for w in keys)
    if every is None and not (unvisited and (none_of or any(w in _PLURAL for w in keys))):
        return None
    # exceptions: "except (the) Y (, which is | :) N"
    excepted: dict[str, int | None] = {}
    skip: set[int] = set()
    exceptions: set[int] = set()
    except_at = hi - lo
    for k, w in enumerate(keys):
        if w not in _EXCEPT or (w == "other" and (k + 1 >= len(keys) or keys[k + 1] != "than")):
            continue
        room = next((at_room[j] for j in range(k + 1, min(len(keys), k + 5)) if j in at_room), None)
        if room is None:
            continue
        except_at = min(except_at, k)
        exceptions.add(room.i)
        far = at_room.get(room.j - lo + 2)
        if far is not None and toks[room.j + 1].kind in ("dash", "arrow"):  # "except K-A": its far end
            exceptions.add(far.i)
            room = far if far.room != ctx.current else room
            pair_first = (
                at_room[k + 1 + (keys[k + 1] == "the")] if (k + 1 + (keys[k + 1] == "the")) in at_room else None
            )
            if pair_first is not None and far.room == ctx.current:
                room = pair_first
        value = None
        for j in range(room.j - lo + 1, min(len(keys), room.j - lo + 7)):
            if j in at_room:
                break
            value = _amount(amounts, toks, lo + j)
            if value is not None:
                skip.add(j)
                break
            if keys[j] not in _EXCEPT_GAP:
                break
        excepted[room.room] = value
    # the shared amount: the first one after the quantifier (else before it), not an exception's
    found: list[tuple[int, int]] = []
    counts: set[int] = set()
    for k in range(len(keys)):
        if k in in_room or k in skip or k == count_at:
            continue
        prev = keys[k - 1] if k else ""
        nxt = keys[k + 1] if k + 1 < len(keys) else ""
        if prev in _COUNT_BEFORE or nxt in _COUNT_AFTER:
            if (value := _amount(amounts, toks, lo + k)) is not None:
                counts.add(value)
            continue  # "every other one", "the two remaining doors", "none of the three left"
        value = _amount(amounts, toks, lo + k)
        if value is not None:
            found.append((k, value))
    others = any(w in ("else", "other", "others", "rest") for k, w in enumerate(keys) if k not in skip)
    unlabelled = [(k, v) for k, v in found if not _labelled(k, keys, in_room)]
    free = {v for _, v in unlabelled}
    if len(free) > 1 and not others:
        return None  # "the two left are 7 and 2": amounts of their own, no shared one
    quant = every if every is not None else next((k for k, w in enumerate(keys) if w in _UNVISITED), 0)
    pool = unlabelled or found  # "the attic is 4" labels the room the statement is about
    later = [v for k, v in pool if k > quant]
    amount = later[0] if later else (pool[0][1] if pool else None)
    words = [w for k, w in enumerate(keys) if k not in in_room]
    if amount is None and "same" in words and ctx.last_amount is not None:
        amount = ctx.last_amount  # "the same as your E-K on every hallway out of E"
    if amount is None and (none_of or any(w in _ZERO_CUES for w in words) or "worth anything" in " ".join(words)):
        amount = 0
    if amount is None:
        return None
    origin, anchored = ctx.current, False
    for m in own:  # "from the garden", "out of the kitchen", "touching the attic"
        prev = keys[m.i - lo - 1] if m.i > lo else ""
        prev2 = keys[m.i - lo - 2] if m.i - lo >= 2 else ""
        if m.i not in exceptions and (prev in _OUT or (prev == "the" and prev2 in _OUT)):
            origin, anchored = m.room, True
            break
    if every is not None and not unvisited:  # every hallway touching the room
        near = [k for k in range(every + 1, min(len(keys), every + 5)) if keys[k] in _HALLS]
        if not near and keys[every] not in ("everything", "anything", "everywhere"):
            return None
        before = [m for m in own if m.i - lo < every and m.i not in exceptions]
        if not anchored and before and "direction" in keys[every : every + 3]:
            origin, anchored = before[0].room, True  # "K is dead for me in every direction"
        if not anchored and "here" not in keys:
            return None
        rooms = [r for r in board if r != origin]
    else:
        rooms = [r for r in board if r not in ctx.visited and r != origin]
    scope: dict[frozenset[str], int | None] = {}
    for r in rooms:
        scope[frozenset((origin, r))] = excepted.get(r, amount) if r in excepted else amount
    if not scope:
        return None
    return Quantified(scope, lo, hi, others=others, counts=frozenset(counts), origin=origin)


def _all_of_them(keys: list[str], every: int | None, amounts: dict[int, int], lo: int, left: int) -> int | None:
    """After a quantifier at ``every``: "all three" (the number of rooms left) or "all of them" /
    "each of those" / "all them". Returns the position of the count word (or of the quantifier when
    there is none), else None."""
    if every is None or every + 1 >= len(keys):
        return None
    nxt = keys[every + 1]
    if amounts.get(lo + every + 1) == left and left >= 2:
        return every + 1
    if nxt == "them" or (nxt == "of" and every + 2 < len(keys) and keys[every + 2] in ("them", "those", "these")):
        return every
    return None


def _edges(toks: Sequence[_Tok], own: list[_Mention], ctx: DialogueContext) -> list[frozenset[str]]:
    """The hallways a run of mentions names: "L-E, E-K" two, "B, K, C" three from ``at``."""
    edges: list[frozenset[str]] = []
    k = 0
    while k < len(own):
        m = own[k]
        nxt = own[k + 1] if k + 1 < len(own) else None
        if nxt is not None and nxt.i == m.j + 2 and toks[m.j + 1].kind in ("dash", "arrow"):
            edges.append(frozenset((m.room, nxt.room)))
            k += 2
        else:
            edges.append(frozenset((ctx.current, m.room)))
            k += 1
    return [e for e in edges if len(e) == 2]


def _those(
    toks: Sequence[_Tok], amounts: dict[int, int], prev: list[_Mention], lo: int, hi: int, ctx: DialogueContext
) -> Quantified | None:
    """ "E-B and E-C? both zero for me": a quantifier without rooms covers the hallways the sentence
    before named."""
    keys = [t.key for t in toks[lo:hi]]
    if not any(w in ("both", "all", "each") for w in keys):
        return None
    values = [v for k in range(lo, hi) if (v := _amount(amounts, toks, k)) is not None]
    if not values and any(w in _ZERO_CUES for w in keys):
        values = [0]
    edges = _edges(toks, prev, ctx)
    if len(values) != 1 or len(edges) < 2:
        return None
    return Quantified(dict.fromkeys(edges, values[0]), lo, hi)


def _both(
    toks: Sequence[_Tok], amounts: dict[int, int], own: list[_Mention], lo: int, hi: int, ctx: DialogueContext
) -> Quantified | None:
    """ "the attic and the loo, both are 3 for me": one amount for the hallways to the rooms named
    (or the hallways named), from ``at``."""
    last = own[-1].j
    values = [v for k in range(lo, hi) if (v := _amount(amounts, toks, k)) is not None]
    edges = _edges(toks, own, ctx)
    if len(values) == 1 and len(edges) == 2 and any(k > last for k in range(lo, hi) if k in amounts):
        return Quantified(dict.fromkeys(edges, values[0]), lo, hi)
    # "Both the kitchen and the attic are 6 from here, the bathroom only 2", "A-B and A-K are both 2,
    # and A-E is 6": the two hallways named before the first amount after "both" (and after any
    # amount before it) share that amount; the rest keep their own
    both = next(k for k in range(lo, hi) if toks[k].key == "both")
    at = next((k for k in range(both + 1, hi) if _amount(amounts, toks, k) is not None), None)
    if at is None:
        return None
    since = max((k for k in range(lo, both) if _amount(amounts, toks, k) is not None), default=lo - 1)
    named = [m for m in own if since < m.i and m.j < at]
    pairs = _edges(toks, named, ctx)
    value = _amount(amounts, toks, at)
    if len(pairs) != 2 or value is None or len(named) == len(own):
        return None
    return Quantified(dict.fromkeys(pairs, value), lo, hi)


def _in_order(
    toks: Sequence[_Tok], amounts: dict[int, int], own: list[_Mention], lo: int, hi: int, ctx: DialogueContext
) -> Quantified | None:
    """ "B, K, C: 3, 7 and 1 respectively", "L-E, E-K, K-B: three, one and eight respectively"."""
    edges = _edges(toks, own, ctx)
    last = own[-1].j if own else lo
    values = [v for k in range(last + 1, hi) if (v := _amount(amounts, toks, k)) is not None]
    if not edges or len(values) != len(edges) or any(len(e) != 2 for e in edges):
        return None
    return Quantified(dict(zip(edges, values, strict=True)), lo, hi, exact=True)
