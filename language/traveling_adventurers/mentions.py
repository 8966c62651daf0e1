"""Room mentions and groups: where a message names rooms (names, synonyms, letters, "the start"),
and how mentions joined by path connectors (arrows, "to", "then", comma lists) form groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.traveling_adventurers import ROOM_CATALOGUE
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers.cues import (
    _AMBIG_PREV,
    _LETTER_RUN_GAP,
    _LINK_DIR,
    _LINK_FILL,
    _LIST_LINK,
    _STRONG_PREV_FOR_WEAK,
    _TO_MARKERS,
)
from language.traveling_adventurers.normalize import _normalize, _Tok, _tokenize
from language.traveling_adventurers.rooms import _AMBIGUOUS_LETTERS, _Lexicon, _lexicon

_MOTION_VERBS = frozenset({"go", "head", "move", "going", "heading", "moving", "proceed", "visit"})


@dataclass(slots=True)
class _Mention:
    i: int  # first token
    j: int  # last token (inclusive)
    room: str  # catalogue or board letter, also for rooms that are not on the board
    on_board: bool


@dataclass(slots=True)
class _Group:
    """Room mentions joined by path connectors: "L -> E", "from the kitchen to the attic"."""

    members: list[_Mention]
    links: list[str] = field(default_factory=list)
    marker: str = "bare"  # from | to | bare | between | after
    kind: str = "seq"  # seq | list
    reorder: bool = False  # written in reverse ("B after K")

    @property
    def i(self) -> int:
        return self.members[0].i

    @property
    def j(self) -> int:
        return self.members[-1].j

    @property
    def rooms(self) -> list[str]:
        rooms = [m.room for m in self.members]
        return rooms[::-1] if self.reorder else rooms

    @property
    def on_board(self) -> bool:
        return all(m.on_board for m in self.members)


def _adjacent_alnum(text: str, tok: _Tok) -> bool:
    before = text[tok.start - 1] if tok.start > 0 else " "
    after = text[tok.end] if tok.end < len(text) else " "
    if before.isalnum() or after.isalnum() or before == "'" or after == "'":
        return True
    if after == "." and tok.end + 1 < len(text) and text[tok.end + 1].isalpha():
        return True  # abbreviations: P.S., e.g.
    return before == "." and tok.start >= 2 and text[tok.start - 2].isalpha()


def _prev_key(toks: Sequence[_Tok], i: int, skip: frozenset[str] = frozenset()) -> str:
    k = i - 1
    while k >= 0 and toks[k].key in skip:
        k -= 1
    return toks[k].key if k >= 0 and toks[k].kind != "nl" else ""


def _next_key(toks: Sequence[_Tok], j: int) -> str:
    return toks[j + 1].key if j + 1 < len(toks) and toks[j + 1].kind != "nl" else ""


def _match_name(toks: Sequence[_Tok], i: int, lex: _Lexicon) -> tuple[int, str, bool] | None:
    first = toks[i].key
    candidates = lex.by_first.get(first, []) + (
        lex.by_first.get(lex.canonical(first), []) if lex.canonical(first) != first else []
    )
    for words, letter, weak in candidates:
        k, w = i, 0
        while w < len(words) and k < len(toks):
            tok = toks[k]
            if (
                tok.kind == "dash"
                and w > 0
                and toks[k - 1].end == tok.start
                and k + 1 < len(toks)
                and toks[k + 1].start == tok.end
            ):
                k += 1  # "living-room"
                continue
            if tok.kind != "word":
                break
            word = tok.key if weak else lex.canonical(tok.key)
            if word != words[w]:
                break
            k += 1
            w += 1
        if w == len(words):
            return k - 1, letter, weak
    return None


_START_WORDS = frozenset({"starting", "start", "beginning", "home"})
"""The words a reference to the start room turns on (:func:`_match_start_room`)."""


def _match_start_room(toks: Sequence[_Tok], i: int) -> int | None:
    """Token index where a reference to the start room ("back to the start", "home") ends."""
    key = toks[i].key
    if key not in _START_WORDS:
        return None
    prev, nxt = _prev_key(toks, i), _next_key(toks, i)
    if key in ("starting", "start") and prev == "the" and nxt in ("room", "point", "place"):
        return i + 1
    if key in ("start", "beginning") and prev == "the" and nxt not in ("of", "with", "by"):
        return i
    if key == "home" and prev in (
        "back",
        "go",
        "going",
        "head",
        "heading",
        "return",
        "returning",
        "then",
        "and",
        "before",
    ):
        return i
    return None


def mentioned_rooms(message: str, context: DialogueContext) -> set[str]:
    """The board rooms ``message`` names, by name, synonym ("the lounge") or letter."""
    text = _normalize(message)
    toks = _tokenize(text)
    lex = _lexicon(tuple(context.rooms.items()))
    return {m.room for m in _find_mentions(text, toks, lex, context.start) if m.on_board}


_LIST_LEAD = frozenset({":", "be", "is", "=", "route", "plan", "path", "order", "tour", "go", "do"})
"""Words before a weak room name that opens a comma list of rooms ("my route would be empty, kitchen")."""


def _back_to_room(toks: Sequence[_Tok], k: int, letters: dict[int, str], name_starts: set[int]) -> bool:
    """Whether "back to (the) <room>" starts at token ``k``."""
    if k + 2 >= len(toks) or toks[k + 1].key != "to":
        return False
    room = k + 2 + (toks[k + 2].key == "the")
    return room in letters or room in name_starts


def _find_mentions(text: str, toks: Sequence[_Tok], lex: _Lexicon, start_room: str) -> list[_Mention]:
    board = set(lex.board)
    known = board | set(ROOM_CATALOGUE)  # letters off the board still break paths ("L -> G -> E")
    n = len(toks)
    names: list[_Mention] = []
    weak_names: list[_Mention] = []
    letters: dict[int, str] = {}  # token index -> candidate letter
    i = 0
    while i < n:
        tok = toks[i]
        if tok.kind != "word":
            i += 1
            continue
        matched = _match_name(toks, i, lex)
        if matched is not None:
            j, letter, weak = matched
            (weak_names if weak else names).append(_Mention(i, j, letter, letter in board))
            i = j + 1
            continue
        end = _match_start_room(toks, i)
        if end is not None and start_room in board:
            names.append(_Mention(i, end, start_room, True))
            i = end + 1
            continue
        if len(tok.text) == 1 and i + 1 < n and toks[i + 1].kind == "num" and toks[i + 1].start == tok.end:
            key = tok.text.upper() + toks[i + 1].text
            if key in board and tok.text.isupper():  # two-character room keys such as "R1"
                names.append(_Mention(i, i + 1, key, True))
                i += 2
                continue
        if len(tok.text) == 1 and tok.text.upper() in known and not _adjacent_alnum(text, tok):
            letters[i] = tok.text.upper()
        i += 1

    accepted: dict[int, str] = {}
    for run in _letter_runs(toks, letters):
        gaps = [toks[a + 1 : b] for a, b in zip(run, run[1:], strict=False)]
        directed = any(t.key in ("->", "-", "to") for g in gaps for t in g)
        if len(run) >= 3 or (len(run) == 2 and directed):
            accepted.update((k, letters[k]) for k in run)
    name_starts = {m.i for m in names}
    name_ends = {m.j for m in names}
    for k, letter in sorted(letters.items()):
        if k in accepted or not toks[k].text.isupper():
            continue
        prev, nxt = _prev_key(toks, k), _next_key(toks, k)
        if letter not in _AMBIGUOUS_LETTERS:
            if not (k == 0 and letter == "K" and nxt in ("", ",", "!", ".")):  # "K, thanks" = ok
                accepted[k] = letter
            continue
        after_to = k + 2 if _next_key(toks, k + 1) != "the" else k + 3
        if (
            (prev == "(" and nxt == ")")
            or prev in _AMBIG_PREV - {"("}
            or nxt in ("->", "-", "=")
            or (nxt == ":" and k + 2 < n and toks[k + 2].kind == "num")
            or (prev in (":", ",") and k + 1 < n and toks[k + 1].kind == "num")
            or (k > 0 and toks[k - 1].kind == "num" and k + 1 < n and toks[k + 1].kind == "num")  # "E 6 A 5"
            or (nxt == "to" and (after_to in letters or after_to in name_starts))
            or (nxt == "back" and _back_to_room(toks, k + 1, letters, name_starts))  # "A back to the lounge"
            or (prev in (",", "and", "or", "&") and (k - 2 in accepted or k - 2 in letters or k - 2 in name_ends))
        ):
            accepted[k] = letter
    mentions = names + [_Mention(k, k, letter, letter in board) for k, letter in accepted.items()]
    pending = list(weak_names)
    for _ in range(3):  # weak names count in a strong context, or linked to an accepted mention
        starts = {m.i for m in mentions}
        ends = {m.j for m in mentions}
        keep: list[_Mention] = []
        weak_starts = {w.i for w in pending}  # (a name's own start lies before what follows it)
        for m in pending:
            prev, nxt = _prev_key(toks, m.i), _next_key(toks, m.j)
            linked_before = prev in _LINK_DIR | {",", "and"} and any(e in ends for e in range(m.i - 3, m.i))
            linked_after = (nxt in _LINK_DIR or (nxt == "," and prev in _LIST_LEAD)) and any(
                k in starts or k in weak_starts for k in range(m.j + 1, m.j + 4)
            )  # "empty -> kitchen", "my route would be empty, kitchen, ..."
            back_to = prev == "to" and _prev_key(toks, m.i - 1) in ("back", "return", "returning")  # "back to base"
            after = m.j + 1 + (m.j + 1 < len(toks) and toks[m.j + 1].key in (":", "|", "="))
            labelled = after < len(toks) and toks[after].kind == "num"  # "dining 3", "bath | 3"
            if (
                prev in _STRONG_PREV_FOR_WEAK
                or nxt in ("->", "-", ")")
                or linked_before
                or linked_after
                or back_to
                or labelled
            ):
                mentions.append(m)
            else:
                keep.append(m)
        if len(keep) == len(pending):
            break
        pending = keep
    mentions.sort(key=lambda m: m.i)
    out: list[_Mention] = []
    for m in mentions:  # "the attic (A)": a letter in parentheses right after a name annotates it
        if out and m.i == m.j and m.i == out[-1].j + 2 and toks[m.i - 1].key == "(" and _next_key(toks, m.i) == ")":
            out[-1].j = m.i + 1  # the mention now ends at ")"
            continue
        out.append(m)
    return out


def _letter_runs(toks: Sequence[_Tok], letters: dict[int, str]) -> list[list[int]]:
    idx = sorted(letters)
    runs: list[list[int]] = []
    for k in idx:
        if runs and all(t.key in _LETTER_RUN_GAP for t in toks[runs[-1][-1] + 1 : k]):
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def _link_kind(toks: Sequence[_Tok], a: _Mention, b: _Mention, between: bool) -> str:
    gap = toks[a.j + 1 : b.i]
    if not gap:
        return "space"
    keys = [t.key for t in gap]
    if any(t.kind in ("num", "nl") for t in gap) or "from" in keys or "between" in keys:
        return "break"
    if between:
        return "between" if keys in (["and"], ["and", "the"], ["&"], ["-"], ["to"], ["to", "the"]) else "break"
    if "or" in keys:
        alt_ok = {"or", ",", "the", "to", "maybe", "perhaps", "go", "going", "instead", "rather", "even"}
        return "alt" if set(keys) <= alt_ok else "break"
    if "and" in keys and any(k in _MOTION_VERBS for k in keys[keys.index("and") + 1 :]):
        return "break"  # "skip the attic and go to the bathroom": a new clause, not a path
    if all(k in _LINK_DIR or k in _LINK_FILL or k in ("&", "+") for k in keys):
        if any(k in _LINK_DIR for k in keys):
            return "seq"
        if set(keys) <= _LIST_LINK:
            return "list"
    return "break"


def _marker(toks: Sequence[_Tok], i: int) -> str:
    prev = _prev_key(toks, i, frozenset({"the"}))
    if prev in ("from", "leaving", "starting"):
        return "from"
    if prev in ("between", "joining", "connecting", "linking"):
        return "between"  # "the hallway joining the kitchen and the attic"
    if prev == "after":
        return "after"
    if prev == "about" and _prev_key(toks, i, frozenset({"the", "about"})) == "what":
        return "bare"  # "what about L to A?" names an edge
    if prev in _TO_MARKERS:
        return "to"
    return "bare"


def _build_groups(toks: Sequence[_Tok], mentions: Sequence[_Mention]) -> list[_Group]:
    raw: list[_Group] = []
    for m in mentions:
        cur = raw[-1] if raw else None
        if cur is not None:
            if cur.marker == "between":
                link = _link_kind(toks, cur.members[-1], m, True) if len(cur.members) == 1 else "break"
            else:
                link = _link_kind(toks, cur.members[-1], m, False)
            if link not in ("break", "alt"):
                cur.members.append(m)
                cur.links.append(link)
                continue
            marker = _marker(toks, m.i)
            if link == "alt" and marker == "bare" and cur.marker in ("to", "bare"):
                marker = cur.marker
            raw.append(_Group([m], marker=marker))
            continue
        raw.append(_Group([m], marker=_marker(toks, m.i)))
    out: list[_Group] = []
    for g in raw:
        out += _split_group(toks, g)
    return out


def _split_group(toks: Sequence[_Tok], g: _Group) -> list[_Group]:
    if g.marker == "between" and len(g.members) != 2:
        g.marker = "bare"
    kinds = set(g.links)
    if "list" in kinds and kinds & {"seq", "space"}:  # "L-B, L-K and L-C": a list of edges
        parts = [_Group([g.members[0]], marker=g.marker)]
        for m, link in zip(g.members[1:], g.links, strict=True):
            if link == "list":
                marker = _marker(toks, m.i)
                parts.append(_Group([m], marker=g.marker if marker == "bare" and g.marker == "to" else marker))
            else:
                parts[-1].members.append(m)
                parts[-1].links.append(link)
        if all(len(p.members) >= 2 for p in parts):
            return parts
        g.links = ["seq" if link == "list" else link for link in g.links]  # "L, C, K and back to L"
        return [g]
    letters = all(len(toks[m.i].text) == 1 for m in g.members)
    if kinds == {"list"} and not letters and len(g.members) < 3:
        gaps = [{t.key for t in toks[a.j + 1 : b.i]} for a, b in zip(g.members, g.members[1:], strict=False)]
        if not any(gap & {"and", "&", "+"} for gap in gaps):  # "the bathroom, the kitchen only ..."
            return [_Group([m], marker=g.marker if k == 0 else _marker(toks, m.i)) for k, m in enumerate(g.members)]
    if len(g.members) == 2 and g.links == ["seq"]:  # "the bathroom after the kitchen": K first
        gap = {t.key for t in toks[g.members[0].j + 1 : g.members[1].i]}
        if "after" in gap and not gap & {"to", "->", "-", "then"}:
            g.reorder = True
    if kinds == {"list"} and not (len(g.members) >= 3 and letters):
        g.kind = "list"
    return [g]
