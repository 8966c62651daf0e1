"""Resolution across a message: pairing coin amounts with hallways, recognising tours, confirming
suggestions across sentences and turning ending cues into ``end``.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from language.acts import Agree, End
from language.traveling_adventurers.clauses import _Cand, _make
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.numbers import _Num

_PAIR_WINDOW = 30
"""A coin amount and the hallway it counts are at most this many tokens apart."""


def _pair(
    numbers: Sequence[_Num], sources: Sequence[tuple[int, tuple[str, str] | None, int]]
) -> list[tuple[_Num, tuple[int, tuple[str, str] | None, int]]]:
    """Pair each number with its nearest edge mention within a few tokens (each used once).

    As many numbers as mentions are paired in order ("E-A 5 / E-B 2", "5 from E to A, 2 from E to B"):
    a list names its hallways and amounts in the same order, whichever comes first.
    """
    positions = [s[0] for s in sources]  # sorted by the callers
    if 2 <= len(numbers) == len(sources) and all(
        abs(n.i - p) <= _PAIR_WINDOW for n, p in zip(numbers, positions, strict=True)
    ):
        return list(zip(numbers, sources, strict=True))
    options = []
    for a, n in enumerate(numbers):
        lo = bisect.bisect_left(positions, n.i - _PAIR_WINDOW)
        hi = bisect.bisect_right(positions, n.i + _PAIR_WINDOW)
        options += [(abs(n.i - positions[b]), n.i < positions[b], a, b) for b in range(lo, hi)]
    options.sort()
    used_n: set[int] = set()
    used_s: set[int] = set()
    out = []
    for _, _, a, b in options:  # nearest first; on a tie, the amount written after its hallway
        if a in used_n or b in used_s:
            continue
        used_n.add(a)
        used_s.add(b)
        out.append((numbers[a], sources[b]))
    out.sort(key=lambda x: x[0].i)
    return out


def _tour_like(path: Sequence[str], ctx: DialogueContext) -> bool:
    """A path as long as a tour that covers the board or leaves from the start room."""
    return len(path) >= len(ctx.rooms) and (set(path) >= set(ctx.rooms) or path[0] == ctx.start)


def _final_tour(path: list[str], board: set[str], start: str) -> list[str] | None:
    """The tour an ending sentence names: a valid tour closed at ``start``, else the path as stated
    (a mistaken tour is still what the partner submits) when it leaves from ``start``."""
    tour = _close_tour(path, board, start)
    if tour is None and path[0] == start:
        tour = path if path[-1] == start and len(path) > 1 else [*path, start]
    return tour


def _close_tour(path: list[str], board: set[str], start: str) -> list[str] | None:
    """``path`` as a closed tour from ``start`` when it visits every room once, else ``None``."""
    rooms = path[:-1] if len(path) > 1 and path[0] == path[-1] else path
    if len(set(rooms)) != len(rooms) or set(rooms) != board or start not in rooms:
        return None
    k = rooms.index(start)
    return [*rooms[k:], *rooms[:k], start]


def _confirm_across(per_sentence: list[list[_Cand]], ctx: DialogueContext) -> None:
    """ "Yes!! Kitchen next": a bare agreement followed by our own suggestion's room accepts it."""
    last = ctx.last_suggestion
    if not last:
        return
    for s in range(len(per_sentence) - 1):
        here, nxt = per_sentence[s], per_sentence[s + 1]
        if not (here and all(c.kind == "agree" and not c.act.path for c in here)):  # type: ignore[union-attr]
            continue
        if any(c.kind == "suggest" and c.cont for c in nxt):  # "yes! and after that the bathroom"
            act = _make(Agree, path=list(last))
            if act:
                here[:] = [_Cand(here[0].pos, act, "agree")]
            continue
        for idx, c in enumerate(nxt):
            if (
                c.kind == "suggest"
                and not c.full
                and c.rooms[-1] == last[-1]
                and (not c.explicit or c.rooms[0] in last)
            ):
                act = _make(Agree, path=list(last))
                if act:
                    here.clear()
                    nxt[idx] = _Cand(c.pos, act, "agree")
                break


def _finish_ends(per_sentence: list[list[_Cand]], end_cues: list[int | None], ctx: DialogueContext) -> None:
    """Turn full tours in an ending sentence (or right after or before it) into End; else end on the
    agreed path."""
    board, start = set(ctx.rooms), ctx.start
    ended = False
    for s, cue in enumerate(end_cues):
        if cue is None:
            continue
        pools = [per_sentence[s]]
        if s + 1 < len(per_sentence) and per_sentence[s + 1] and all(c.kind == "suggest" for c in per_sentence[s + 1]):
            pools.append(per_sentence[s + 1])
        if s > 0:  # "L -> E -> A -> B -> K -> C -> L, deal? done": the tour just before the cue
            pools.append(per_sentence[s - 1])
        found = False
        for pool in pools:
            for idx, c in enumerate(pool):
                tour = _final_tour(list(c.rooms), board, start) if c.kind == "suggest" and c.full else None
                act = _make(End, path=tour) if tour else None
                if act:
                    pool[idx] = _Cand(c.pos, act, "end")
                    found = ended = True
                    break
            if found:
                break
        if not found and not ended:
            visited = list(ctx.visited)
            if len(visited) > 1 and board <= set(visited):
                act = _make(End, path=visited if visited[-1] == start else [*visited, start])
                if act:
                    per_sentence[s].append(_Cand(cue, act, "end"))
                    per_sentence[s].sort(key=lambda c: c.pos)
                    ended = True
