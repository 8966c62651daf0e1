"""Facts a message states rather than asks for: walls (which side is blocked, a wall given as the
answer to a question or as the reason for a refusal) and where the treasure is; the half of
:class:`~language.gnomes_at_night.parser.GnomesParser` that reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from language.flags import Direction, Move
from language.gnomes_at_night.agreement import (
    _EXCEPT,
    _HERE,
    _LIST_FILLERS,
    _TREASURE_NEGATIVE,
)
from language.gnomes_at_night.cues import _MOVE_VERBS, _TREASURE, _WALL_MANY, _WALL_ONE
from language.gnomes_at_night.directions import _DIR_ORDER
from language.gnomes_at_night.reading import _dirs_of, _Reading, _sorted_moves, _treasure_dir
from language.gnomes_at_night.remarks import (
    _ALSO,
    _EVERY_SIDE,
    _FINE,
    _NONE_WORDS,
    _OPEN,
    _OPEN_FILL,
    _PAST_BE,
)
from language.gnomes_at_night.tokens import _dir_word, _has_phrase

_NO_WALLS: tuple[tuple[str, ...], ...] = (
    ("no", "walls"),
    ("no", "wall"),
    ("nothing", "blocks"),
    ("not", "blocked"),
    ("no", "obstacles"),
    ("everything", "open"),
    ("everythings", "open"),
    ("everything", "is", "open"),
    ("all", "open"),
    ("all", "clear"),
    ("wide", "open"),
    ("nothing", "blocked"),
    ("nothing", "blocking"),
    ("nothing", "in", "the", "way"),
    ("all", "is", "open"),
    ("all", "is", "free"),
    ("all", "is", "clear"),
    ("all", "free"),
    ("everything", "free"),
    ("everything", "is", "free"),
    ("nothing", "in", "my", "way"),
    ("nothing", "in", "our", "way"),
    ("no", "blocks"),
    ("not", "walled"),
)


class FactReader:
    """Reads the wall and treasure facts of a message (a base of :class:`GnomesParser`)."""

    # -- walls --
    def _walls(
        self, r: _Reading, questions: set[int]
    ) -> tuple[list[Move] | None, bool, Move | Literal[""] | None, set[int]]:
        """(blocked moves of the wall statements, is it a wall answer, refused move of a single wall:
        "" when the wall's side is not named, the clauses of the wall statements)."""
        blocked: list[Move] | None = None
        answer = False
        single: Move | Literal[""] | None = None
        done: set[int] = set()
        for c in r.clauses():
            if c in done or c in questions:
                continue
            cw = r.clause_words(c)
            many = any(w in _WALL_MANY for w in cw)
            one = any(w in _WALL_ONE for w in cw)
            none_cue = any(_has_phrase(cw, p) >= 0 for p in _NO_WALLS) or (
                any(w in _OPEN for w in cw) and any(_has_phrase(cw, p) >= 0 for p in _EVERY_SIDE)
            )
            only_open = "only" in cw and any(w in _OPEN for w in cw)
            if not (many or one or none_cue or only_open):
                continue
            if one and not many and any(w in _PAST_BE for w in cw):
                for m in r.clause_mentions(c):
                    m.past = True  # "there was a wall on the left": no request either
                done.add(c)
                continue  # "I did that already, it was blocked": a past report
            seg = r.segment(c, before=not r.clause_mentions(c))
            if one and not many and any(m.past for k in seg for m in r.clause_mentions(k)):
                if all(m.past for k in seg for m in r.clause_mentions(k)):
                    done.update(seg)
                    continue  # "i went left earlier and hit a wall": a past report
            if one and not many and len(_dirs_of(r.clause_mentions(c))) == 1:
                # "wall above, ➡️": a bare move after a single wall that names its side is a request
                # ("wall to the left, and above" still lists)
                seg = {k for k in seg if k <= c or self._lists_more(r.clause_words(k))}
                seg = {k for k in seg if k <= c or all(j in seg for j in range(c, k))}
            nxt = r.clause_words(max(seg) + 1)
            if nxt[:2] in (["so", "is"], ["so", "are"], ["so", "does"]) or nxt[:1] == ["same"]:
                seg.add(max(seg) + 1)  # "down is blocked and so is left"
            everywhere = any(w in ("everywhere", "surrounded", "everything") for w in cw) or any(
                _has_phrase(cw, p) >= 0 for p in _EVERY_SIDE
            )
            nxt = r.clause_words(max(seg) + 1)
            if (
                everywhere
                and nxt[:1] in (["but"], ["except"], ["besides"])
                and r.clause_sentence(max(seg) + 1) == r.clause_sentence(c)
                and r._listing_after(nxt[1:])
            ):
                seg.add(max(seg) + 1)  # "blocked everywhere but left"
            done.update(seg)
            mentions = [m for k in seg for m in r.clause_mentions(k)]
            moves = _dirs_of(mentions)
            exc = next((k for c2 in sorted(seg) for k in r.by_clause[c2] if r.toks[k].w in _EXCEPT), -1)
            if only_open and not (many or one):
                open_moves = _dirs_of([m for m in mentions if m.i > exc]) if exc >= 0 else moves
                moves = [m for m in _DIR_ORDER if m not in open_moves] if open_moves else []
                everywhere = False
            elif everywhere and not none_cue:
                free = _dirs_of([m for m in mentions if m.i > exc]) if exc >= 0 else []
                moves = [m for m in _DIR_ORDER if m not in free]
            elif none_cue:
                moves = _dirs_of([m for m in mentions if m.i > exc]) if exc >= 0 else []
            if many and not (moves or one or none_cue or only_open or everywhere or blocked or _NONE_WORDS & set(cw)):
                continue  # "my side has tons of walls lol": walls on no named side describe nothing
            blocked = _sorted_moves(list(blocked or []) + moves)
            counted = one and any(w in ("just", "only", "exactly") for w in cw) and "one" in cw
            if many or none_cue or only_open or len(moves) >= 2 or everywhere or counted:
                answer = True
            elif single is None:
                single = moves[0] if moves else ""
            elif moves and single and moves[0] != single:
                answer = True  # "up's blocked, down's blocked": two walls are a description
        if blocked is not None:
            # "walls on left, up is fine", "up: wall. down: open": the open sides are no requests
            for c in r.clauses():
                if c not in done and c not in questions and self._open_statement(r, c):
                    done.add(c)
                    answer = True
        return blocked, answer, single, done

    @staticmethod
    def _lists_more(words: Sequence[str]) -> bool:
        """Whether a direction list after a single wall adds walls ("and above", "to the right too")."""
        return bool(words) and (words[0] in _ALSO or words[-1] in _ALSO or _dir_word(words[0]) is None)

    @staticmethod
    def _open_statement(r: _Reading, c: int) -> bool:
        """Whether clause ``c`` only says a side is open ("up is fine", "left clear", "down: open")."""
        words = [w for w in r.clause_words(c) if w not in _LIST_FILLERS and w not in _OPEN_FILL]
        dirs = [w for w in words if _dir_word(w) is not None]
        rest = [w for w in words if _dir_word(w) is None]
        if dirs and rest and all(w == "nothing" for w in rest) and words[0] == "nothing":
            return len(rest) == len(dirs)  # "nothing on my left and nothing below": open sides
        return bool(dirs) and len(rest) == 1 and rest[0] in _FINE and words[0] in (dirs[0], rest[0])

    # -- treasure --
    def _treasure(self, r: _Reading, questions: set[int]) -> tuple[Direction | None, set[int]] | None:
        """The treasure statements: (the first one's direction, or None when the treasure is unseen
        or unknown; the clauses of all of them), or None when the message makes none."""
        found: tuple[Direction | None, set[int]] | None = None
        covered: set[int] = set()
        for c in r.clauses():
            if c in questions or c in covered:
                continue
            sent = [k for k in r.by_clause.get(c, ()) if r.toks[k].w not in "?!.;"]
            if not sent:
                continue
            sw = [r.words[k] for k in sent]
            at = next((k for k in sent if r.words[k] in _TREASURE), -1)
            pronoun = (sw[0] == "its" or (sw[0] == "it" and len(sw) > 1 and sw[1] in ("is", "s", "lies"))) and not any(
                w in _WALL_ONE or w in _WALL_MANY or w in _OPEN for w in sw
            )
            see_at = next(
                (
                    sent[j]
                    for j in range(len(sw) - 1)
                    if sw[j] in ("see", "find", "found", "spotted") and sw[j + 1] == "it"
                ),
                -1,
            )
            on_top = _has_phrase(sw, ("top", "of", "it"))
            if at < 0 and on_top > 0 and sw[on_top - 1] == "on":
                covered.add(c)  # "you're right on top of it": the token is on the treasure
                found = (Direction(dx=0, dy=0), set()) if found is None or found[0] is None else found
                continue
            if at < 0:
                if not pronoun and see_at < 0:
                    continue
                at = sent[0] if pronoun else see_at
            elif sw[0] in _MOVE_VERBS:
                continue  # "go left to get the treasure": a request, not a statement
            seg = r.segment(c)
            if (sw[:2] == ["thats", "where"] or sw[:3] == ["that", "is", "where"]) and c - 1 in r.by_clause:
                if r.clause_sentence(c - 1) == r.clause_sentence(c) and r.clause_mentions(c - 1):
                    seg.add(c - 1)  # "the bottom left, that's where the chest is"
                    at = r.by_clause[c - 1][0] - 1
            seg_mentions = [m for k in sorted(seg) for m in r.clause_mentions(k)]
            if [m for m in seg_mentions if m.i < at and not m.negated]:
                continue  # "left, to reach the gem"
            segw = [w for k in sorted(seg) for w in r.clause_words(k)]
            dirs = _dirs_of([m for m in seg_mentions if m.i > at])
            hint: Direction | None = None
            if dirs:
                hint = _treasure_dir(dirs)
            else:
                negative = any(w in _TREASURE_NEGATIVE for w in segw)
                if not negative and any(_has_phrase(segw, p) >= 0 for p in _HERE):
                    hint = Direction(dx=0, dy=0)
                elif not (
                    negative
                    and (r.words[at] in _TREASURE or see_at >= 0 or any(w in ("side", "visible", "know") for w in segw))
                ):
                    continue
            covered |= seg
            if found is None:
                found = (hint, set())
            elif found[0] is None and hint is not None:
                found = (hint, found[1])
        if found is None:
            return None
        return found[0], covered
