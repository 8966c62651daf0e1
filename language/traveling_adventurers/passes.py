"""Message-level passes over the acts the sentences gave, with the dialogue context: an ellipsis asked
back, recaps, refusals of what is not pending, swaps, "instead", postponed rooms, going home after,
the rooms still to do, a tour asked for, bare routes, routes via a room, hops informed, and
agreement by submission."""

from __future__ import annotations

from language.acts import Act, Agree, Ask, End, Inform, Reject, Suggest
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.cues import _INDEX, _find, cue_key
from language.traveling_adventurers.mentions import _Mention
from language.traveling_adventurers.normalize import _Tok

_ELLIPSIS_WORDS = frozenset(
    "and for the one hmm what about how ok so then you your on that this hallway corridor there u ur".split()
)


def _ellipsis_ask(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """After the reader gave its coins on a hallway (``topic``, ``last_amount``): "and the bathroom?"
    asks about the parallel hallway from the same room, "what about you on that hallway?" about it."""
    topic, here = context.topic, context.current
    if not topic or len(topic) != 2 or context.last_amount is None or not toks or toks[-1].text != "?":
        return acts
    if any(not isinstance(a, Suggest) for a in acts):
        return acts
    rooms = [m for m in mentions if m.on_board]
    inside = {k for m in mentions for k in range(m.i, m.j + 1)}
    words = [t.key for k, t in enumerate(toks) if t.kind == "word" and k not in inside]
    if not set(words) <= _ELLIPSIS_WORDS or "and" not in words and "you" not in words and "u" not in words:
        return acts
    origin = topic[0] if topic[0] == here or topic[1] != here else topic[1]
    if len(rooms) == 1 and "and" in words and rooms[0].room not in topic:
        return [Ask(edge=(origin, rooms[0].room))]
    if not rooms and ({"that", "this", "there"} & set(words)) and ({"you", "u", "your", "ur"} & set(words)):
        return [Ask(edge=(topic[0], topic[1]))]
    return acts


def _after_recap(act: Act, visited: list[str]) -> Act | None:
    """ "we did L, E and K, the loo next?": a proposal that retells the agreed path first proposes
    only what comes after it (nothing, when it only retells it: "route till now = L, B, K")."""
    if not isinstance(act, Suggest) or len(visited) < 2 or len(act.path) <= len(visited) or act.path[0] != visited[-1]:
        return act
    path, n = list(act.path), len(visited)
    if len(path) == n + 1 and path[1:] == visited:
        return None
    for s in range(1, len(path) - n):  # after the room it left from: a whole tour from L stays
        if path[s] == visited[0] and path[s : s + n] == visited:
            return Suggest(path=[visited[-1], *path[s + n :]])
    return act


_PROPOSING = frozenset("lets let's let how what try maybe instead rather prefer suggest".split())


def _unpending_refusal(
    acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext
) -> list[Act]:
    """With nothing pending, a refusal is of the room the message names ("the attic is a no-go for
    me", "keep me away from the loft") or, naming none, of the room under discussion ("skip it"):
    ``reject`` with the path from ``at`` to it."""
    if context.last_suggestion or not any(isinstance(a, Reject) and not a.path for a in acts):
        return acts
    keys = [cue_key(t.key) for t in toks]
    refusing = {k for a, b in _find(keys, 0, len(keys), _INDEX["reject"]) for k in range(a, b)}
    proposing = [a for a, _ in _find(keys, 0, len(keys), _INDEX["suggest"]) if a not in refusing]
    if any(k in _PROPOSING for i, k in enumerate(keys) if i not in refusing) or proposing:
        return acts  # "no, let's do the attic", "my proposal: ...": a proposal, not a refusal of it
    here = context.current
    rooms = {m.room for m in mentions if m.on_board and m.room != here}
    target = None
    informed = {r for a in acts if isinstance(a, Inform) for r in a.edge}
    if len(rooms) == 1 and not rooms & informed:  # a room given an amount is spoken of, not refused
        target = rooms.pop()
    elif not rooms and context.topic and context.topic[-1] in context.rooms and context.topic[-1] != here:
        target = context.topic[-1] if len(context.topic) == 1 or context.topic[0] == here else None
    if target is None:
        return acts
    kept = [a for a in acts if not (isinstance(a, Reject) and not a.path)]
    kept = [a for a in kept if not (isinstance(a, Suggest) and list(a.path) == [here, target])]
    if any(not (isinstance(a, Inform) and set(a.edge) == {here, target}) for a in kept):
        return acts  # other acts on other rooms: the refusal is of something else
    return [Reject(path=[here, target]), *kept]


_SWAP = frozenset({"swap", "switch", "flip", "swapping", "switching"})


def _swapped(acts: list[Act], toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "L-E-B-K-C-A-G-P-D-S-L? ugh no, swap the study and the dining room": a correction given as
    an edit of the path just proposed; the path with the two rooms exchanged stands alone."""
    at = next((k for k, t in enumerate(toks) if t.key in _SWAP), None)
    if at is None:
        return acts
    named: list[str] = []
    for m in mentions:
        if m.i > at and m.on_board and m.room not in named:
            named.append(m.room)
    paths = [a for a in acts if isinstance(a, Suggest | End) and len(a.path) >= 4]
    if len(named) != 2 or len(paths) != 1 or not set(named) <= set(paths[0].path[1:-1]):
        return acts
    x, y = named
    path = [y if r == x else x if r == y else r for r in paths[0].path]
    fixed: Act = End(path=path) if isinstance(paths[0], End) else Suggest(path=path)
    return [fixed if a is paths[0] else a for a in acts if not (isinstance(a, Reject | Suggest) and a is not paths[0])]


def _instead(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "bathroom instead?", "the attic instead of the bathroom" against the pending suggestion: an
    alternative to it, so a refusal of it plus the proposal of the other room (from ``at``)."""
    last = context.last_suggestion
    keys = [t.key for t in toks]
    alternative = any(
        k == "instead" or (k == "rather" and n + 1 < len(keys) and keys[n + 1] == "than") for n, k in enumerate(keys)
    )
    if not last or not alternative or any(isinstance(a, Agree | End) for a in acts):
        return acts
    here = context.current
    rejected = any(isinstance(a, Reject) and (not a.path or list(a.path) == last) for a in acts)
    offered = [a for a in acts if isinstance(a, Suggest) and a.path[0] == here and a.path[-1] != last[-1]]
    if not offered:
        others = {m.room for m in mentions if m.on_board and m.room != here and m.room not in last}
        if (
            not rejected
            or len(others) != 1
            or any(isinstance(a, Reject) and a.path and a.path[-1] in others for a in acts)
        ):
            return acts
        return [*acts, Suggest(path=[here, others.pop()])]
    if rejected or any(isinstance(a, Reject) for a in acts):
        return acts
    return [Reject(), *acts]


_POSTPONE_VERBS = frozenset({"leave", "save", "keep", "push", "postpone", "hold", "delay", "park"})


_POSTPONE_TO = frozenset({"till", "til", "until", "for", "to", "at", "as"})


def _postponed(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "leave the garden till last", "let's save the kitchen for the end", "postpone the attic",
    "leave the bathroom and the kitchen till last": postponing a room refuses it for now (``reject``
    of the pending suggestion when it goes there, else of the hop from ``at``, one per room); a
    proposal of that hop in the same breath is dropped."""
    keys = [t.key for t in toks]
    rooms = [m for m in mentions if m.on_board and m.room != context.current]
    targets: list[str] = []
    verbs = [k for k, w in enumerate(keys) if w in _POSTPONE_VERBS][:3]  # a few: the work stays linear
    for k in verbs:
        w = keys[k]
        end = k + 1
        while (
            end < len(keys)
            and end - k <= 12
            and keys[end] not in _POSTPONE_TO
            and keys[end] not in (".", "?", "!", ",", ";")
        ):
            end += 1
        named = [m.room for m in rooms if k < m.i < end and m.i - k <= 10]
        tail = keys[end : end + 4]
        later = w == "postpone" or (
            bool(tail) and tail[0] in _POSTPONE_TO and any(t in ("last", "later", "end") for t in tail[1:])
        )
        if named and later:
            targets += [r for r in named if r not in targets]
    if not targets:
        return acts
    here, last = context.current, context.last_suggestion
    out = list(acts)
    refusals: list[Act] = []
    for target in targets:
        hop = [here, target]
        out = [a for a in out if not (isinstance(a, Suggest) and list(a.path) == hop)]
        if last and last[-1] == target:
            out = [a for a in out if not (isinstance(a, Agree | Reject) and (not a.path or list(a.path) == last))]
            refusals.append(Reject())
        else:
            out = [a for a in out if not (isinstance(a, Reject) and a.path and list(a.path) == hop)]
            refusals.append(Reject(path=hop))
    return [*refusals, *out]


_HOME_LEAD = frozenset({"then", "and", "go", "head", "come", "get", "straight", "finally"})
"""Words before a closing "back" / "home" that returns to the start ("... then back")."""


def _home_after(acts: list[Act], context: DialogueContext, toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "loo, nursery, attic, back home", "... children's, attic, back to L": a return to the start
    written after a proposal that visits every room left continues that proposal (one suggest of
    the completion), not a hop from ``at``; "... to children room and go back living room": a
    proposal of every room left, with the start named last after "back", returns there."""
    here, start = context.current, context.start
    on_board = [m for m in mentions if m.on_board]
    back = bool(on_board) and on_board[-1].room == start and any(t.key in ("back", "home") for t in toks)
    if not back and on_board:  # "... then attic then back": a return to the start written last
        last = next((k for k in range(len(toks) - 1, -1, -1) if toks[k].kind == "word"), -1)
        before = next((k for k in range(last - 1, -1, -1) if toks[k].kind == "word"), -1)
        back = before >= 0 and toks[last].key in ("back", "home") and toks[before].key in _HOME_LEAD

    def from_origin(room: str, hop: bool = False) -> bool:
        """ "from the kids room back home" names its origin, and so does one hop written "K -> L"."""
        for m in on_board:
            if m.room != room:
                continue
            after = toks[m.j + 1] if m.j + 1 < len(toks) else None
            if after is not None and (after.text == "(" or hop and after.kind in ("arrow", "dash")):
                return True
            k = m.i - 1 if m.i > 0 and toks[m.i - 1].key != "the" else m.i - 2
            if k >= 0 and toks[k].key in ("from", "frm"):
                return True
        return False

    out: list[Act] = []
    for a in acts:
        prev = next((b for b in reversed(out) if isinstance(b, Suggest)), None)
        if (
            isinstance(a, Suggest)
            and list(a.path) == [here, start]
            and prev is not None
            and prev.path[-1] != start
            and start not in prev.path[1:]
            and not from_origin(here)
            and (
                (prev.path[0] == here and set(prev.path) | set(context.visited) >= set(context.rooms))
                or (prev.path[0] == start and set(prev.path) >= set(context.rooms))
            )
        ):
            out[out.index(prev)] = Suggest(path=[*prev.path, start])
            continue
        out.append(a)
    pending_end = context.last_suggestion[-1] if context.last_suggestion else None
    agreed = bool(context.last_suggestion) and any(isinstance(a, Agree) for a in out)  # none: no act

    for k, a in enumerate(out):  # "only the attic left and then back home": the completion from at
        if (
            isinstance(a, Suggest)
            and not agreed
            and a.path[0] != pending_end
            and not from_origin(a.path[0], hop=len(a.path) == 2)
            and a.path[0] != here
            and a.path[0] not in context.visited
            and a.path[-1] == start
            and set(a.path) | set(context.visited) >= set(context.rooms)
            and len(set(a.path)) == len(a.path)
        ):
            out[k] = Suggest(path=[here, *a.path])
    if back:
        whole = [a for a in out if isinstance(a, Suggest) and a.path[-1] != start and start not in a.path[1:]]
        rooms = set(context.rooms)
        if len(whole) == 1 and set(whole[0].path) | set(context.visited) >= rooms and len(whole[0].path) >= 3:
            out = [Suggest(path=[*a.path, start]) if a is whole[0] else a for a in out]
    return out


_TO_DO = frozenset({"remaining", "rest", "left", "need", "todo", "leftover", "outstanding"})


_TO_DO_AFTER_STILL = frozenset({"got", "have", "need", "to", "owe"})


def _still_to_do(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "the rest is B, C and A", "remaining: bathroom, attic", "still got the playroom, loo and
    attic": naming two or more of the rooms still to do is part of a recap, no proposal (unless a
    question follows the list)."""
    keys = [t.key for t in toks]
    cues = [
        k for k, w in enumerate(keys) if w in _TO_DO or (w in _TO_DO_AFTER_STILL and k > 0 and keys[k - 1] == "still")
    ][:4]  # a few lists: the work stays linear in the message
    if not cues or not any(isinstance(a, Suggest) for a in acts):
        return acts
    unvisited = set(context.rooms) - set(context.visited)
    here = context.current
    listed: set[str] = set()
    in_list: set[int] = set()
    found = [m for m in mentions if m.on_board and m.room in unvisited]

    def joined(a: _Mention, b: _Mention) -> bool:  # list neighbours: close, in one sentence
        return b.i - a.j <= 3 and not any(toks[k].text in (".", "?", "!", "\n") for k in range(a.j + 1, b.i))

    for c in cues:
        run = [m for m in found if c < m.i <= c + 4][:1]
        if not run:  # "B and A still to do": the list before the cue
            run = [m for m in found if c - 3 <= m.j < c][-1:]
            if run:
                lo = run[0]
                k = found.index(lo)
                while k > 0 and joined(found[k - 1], lo):
                    k -= 1
                    lo = found[k]
                run = found[k : found.index(run[0]) + 1]
        else:
            k = found.index(run[0])
            while k + 1 < len(found) and joined(found[k], found[k + 1]):
                k += 1
                run.append(found[k])
        if len(run) >= 2 and not (run[-1].j + 1 < len(toks) and toks[run[-1].j + 1].text == "?"):
            listed |= {m.room for m in run}
            in_list |= {id(m) for m in run}
    outside = {m.room for m in found if id(m) not in in_list}  # "left: B, C, A. thoughts on the kids room?"
    if not listed:
        return acts
    out: list[Act] = []
    for a in acts:
        if not isinstance(a, Suggest):
            out.append(a)
            continue
        rooms = set(a.path[1:] if a.path[0] == here else a.path)
        if rooms and rooms <= listed and not rooms <= outside:  # "..., I'd do the bathroom then the kids room"
            tail = list(a.path[1:]) if a.path[0] != here else []
            if tail and set(tail) <= outside and a.path[0] in listed:  # "remaining: B, C, A. B next?"
                out.append(Suggest(path=[here, *tail]))
            continue
        out.append(a)
    return out


def _complete(path: list[str], context: DialogueContext) -> bool:
    """Whether ``path`` is a whole tour (from the start back to it) or the completion from ``at``."""
    start, rooms = context.start, set(context.rooms)
    if len(path) < 3 or path[-1] != start or len(set(path[:-1])) != len(path) - 1:
        return False
    if path[0] == start:
        return set(path) == rooms
    return path[0] == context.current and set(path) | set(context.visited) == rooms


def _tour_asked(acts: list[Act], context: DialogueContext) -> list[Act]:
    """ "what do you get in total for L-A-C-B-K-E-L?", "is it possible for you: E → A → K → B → C →
    L?": a whole tour (or the completion from ``at``) inside a question is a proposal of it, not a
    question per hallway."""
    asks = [a for a in acts if isinstance(a, Ask) and a.edge is not None]
    if len(asks) < 2:
        return acts
    path = [asks[0].edge[0], asks[0].edge[1]]  # type: ignore[index]
    for a in asks[1:]:
        if a.edge is None or a.edge[0] != path[-1]:
            return acts
        path.append(a.edge[1])
    if not _complete(path, context):
        return acts
    first = acts.index(asks[0])
    rest = [a for a in acts if not (isinstance(a, Ask) and a.edge is not None)]
    return [*rest[:first], Suggest(path=path), *rest[first:]]


_ROUTE_GLUE = frozenset({"->", "-", ",", "to", "then", "and", "the", ">", "→", "/"})


_RETOLD = frozenset({"said", "suggested", "proposed", "mentioned", "wrote", "did", "done", "been", "visited"})


def _bare_route(toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """A message that otherwise says nothing but writes a route of three or more rooms from ``at``
    ("would you be ok going E → K → A from here?", "what do you reckon to L-G-P-E-B-K-C-A-L"):
    a proposal of it. Routes someone else said or the agreed path retold are left alone."""
    if any(t.key in _RETOLD for t in toks):
        return []
    runs: list[list[_Mention]] = []
    for m in (m for m in mentions if m.on_board):
        prev = runs[-1][-1] if runs else None
        if prev is not None and all(
            toks[k].key in _ROUTE_GLUE or toks[k].kind in ("arrow", "dash") for k in range(prev.j + 1, m.i)
        ):
            runs[-1].append(m)
        else:
            runs.append([m])
    routes = [[m.room for m in r] for r in runs if len(r) >= 3]
    if len(routes) != 1:
        return []
    path = routes[0]
    here = context.current
    if path[0] != here and path[0] == context.start and path[-1] == context.start and _complete(path, context):
        return [Suggest(path=path)]
    if path[0] != here or len(set(path)) != len(path) - (
        path[-1] == context.start and len(path) > 1 and path.count(context.start) == 2
    ):
        return []
    if any(r in context.visited for r in path[1:] if r != context.start):
        return []
    return [Suggest(path=path)]


_VIA = frozenset({"via", "through", "thru", "thro"})


_MOTION = frozenset({"go", "going", "head", "heading", "reach", "get", "getting", "move", "moving", "pass", "route"})


def _via(acts: list[Act], toks: list[_Tok], mentions: list[_Mention], context: DialogueContext) -> list[Act]:
    """ "to the nursery via the attic", "reach the attic by way of the kids room", "go through the
    bathroom on the way to the kids room", "is it worth going via the kitchen to the attic?": the
    room passed through is a stop before the destination (one suggest ``at -> X -> Y``)."""
    keys = [t.key for t in toks]
    cue = next(
        (
            k
            for k, w in enumerate(keys)
            if w in _VIA or (w == "way" and 0 < k < len(keys) - 1 and keys[k - 1] == "by" and keys[k + 1] == "of")
        ),
        None,
    )
    if cue is None:
        return acts
    here = context.current
    on_board = [m for m in mentions if m.on_board]
    via = next((m for m in on_board if cue < m.i <= cue + 3), None)
    if via is None or via.room == here:
        return acts
    x = via.room
    others = [m.room for m in on_board if m is not via and m.room not in (here, x)]
    if len(set(others)) != 1:
        return acts
    y = others[0]
    hops = {(here, x), (here, y), (x, y), (here, y, x), (here, x, y)}
    moves = [a for a in acts if isinstance(a, Suggest) and tuple(a.path) in hops]
    asks = [a for a in acts if isinstance(a, Ask) and a.edge is not None and tuple(a.edge) in hops]
    coin_question = any(w in ("many", "much", "coins", "coin") for w in keys)
    if asks and (coin_question or not any(w in _MOTION for w in keys[:cue])):
        return acts  # "how many from B through K to C": a question per hallway
    if not moves and not asks:
        return acts
    path = Suggest(path=[here, x, y])
    out: list[Act] = []
    for a in acts:
        if a in moves or a in asks:
            if path not in out:
                out.append(path)
            continue
        out.append(a)
    return out


def _informed_hops(acts: list[Act], toks: list[_Tok], mentions: list[_Mention]) -> list[Act]:
    """ "B-C and C-A? both 5 for me", "attic->kitchen like 10, attic->bath 0, ...": hallways written
    as a list of amounts are no proposal; a suggest each of whose hops the message gives an amount,
    with two amounts or more and no proposal cue, is dropped when its destination is written only
    inside hallway names ("... so kitchen?" proposes)."""
    informed = {frozenset(a.edge) for a in acts if isinstance(a, Inform)}
    if len(informed) < 2 or not any(isinstance(a, Suggest) for a in acts):
        return acts
    keys = [cue_key(t.key) for t in toks]
    if _find(keys, 0, len(keys), _INDEX["suggest"]) or any(k in _PROPOSING for k in keys):
        return acts

    def in_edges(room: str) -> bool:
        named = [m for m in mentions if m.on_board and m.room == room]
        return bool(named) and all(m.i > 0 and toks[m.i - 1].kind in ("arrow", "dash") for m in named)

    return [
        a
        for a in acts
        if not (
            isinstance(a, Suggest)
            and all(frozenset(hop) in informed for hop in zip(a.path, a.path[1:], strict=False))
            and in_edges(a.path[-1])
        )
    ]


def _submitted_agreement(acts: list[Act], toks: list[_Tok], context: DialogueContext) -> list[Act]:
    """ "great, that's the tour then: L-E-B-K-C-A-L, submitting now" with the completion C-A-L
    pending, read as an acceptance of it and no end: with a submission cue (no question, no "if")
    it submits the whole tour, ``end`` only."""
    last = context.last_suggestion
    agreed = [a for a in acts if isinstance(a, Agree) and (not a.path or list(a.path) == last)]
    if not last or not agreed or any(isinstance(a, End) for a in acts):
        return acts  # an end already read keeps the agreement with it ("Yes definitely ... submitting X")
    if any(t.text == "?" or t.key == "if" for t in toks):
        return acts
    tour = [*context.visited, *last[1:]]
    if tour[0] != context.start or tour[-1] != context.start or set(tour) != set(context.rooms):
        return acts
    if len(set(tour[:-1])) != len(tour) - 1:
        return acts
    keys = [cue_key(t.key) for t in toks]
    if not _find(keys, 0, len(keys), _INDEX["end"]):
        return acts
    rest = [a for a in acts if a not in agreed and not (isinstance(a, Suggest) and list(a.path) in (last, tour))]
    return [End(path=tour), *rest]
