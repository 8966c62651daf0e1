"""The Gnomes at Night parser: one message -> one :class:`~language.flags.Flag` (moves, stay,
accept, reject, treasure and wall facts, questions).

The tokens first go through the discourse passes (:mod:`~language.gnomes_at_night.discourse`); the
reading then finds the question clauses and the clauses that explain an inability, a wall or where
the treasure is, and a request outside them wins over them (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from language.flags import Direction, Flag, FlagContext, Move
from language.gnomes_at_night.agreement import (
    _ACCEPT_PHRASES,
    _ACCEPT_WORDS,
    _COMMIT_PHRASES,
    _EXCEPT,
    _GREETING,
    _HERE,
    _INABILITY_PHRASES,
    _INABILITY_WORDS,
    _INJECTION,
    _LIST_FILLERS,
    _REJECT_PHRASES,
    _REJECT_WORDS,
    _SMALL_TALK,
    _STRONG_STAY_PHRASES,
    _STRONG_STAY_WORDS,
    _TREASURE_NEGATIVE,
    _WEAK_STAY_PHRASES,
    _WEAK_STAY_WORDS,
)
from language.gnomes_at_night.cues import _COGNITIVE, _COMMIT, _MOVE_VERBS, _TREASURE, _WALL_MANY, _WALL_ONE
from language.gnomes_at_night.directions import _DIR_ORDER, _LETTERS
from language.gnomes_at_night.discourse import conditional_hint, conditionals, corrections, references
from language.gnomes_at_night.reading import _dirs_of, _Reading, _sorted_moves, _treasure_dir
from language.gnomes_at_night.tokens import _dir_word, _first_cue, _has_phrase, _normalize, _Tok, _tokenize


class GnomesParser:
    """Rule-based reader of Gnomes at Night chat: message -> exactly one :class:`Flag`.

    Never raises on user text: non-strings, garbage, huge inputs and hidden instructions give
    ``[Flag(flag="none")]`` or the flag really written there. The reading rules and the team
    conventions are in the package docstring (:mod:`language.gnomes_at_night`).
    """

    def parse(self, message: str, context: FlagContext) -> list[Flag]:
        """Read ``message`` into one flag.

        Args:
            message: free chat text from the partner.
            context: what the reader knows (``last_request``: the reader's own last request).

        Returns:
            A list holding exactly one flag.
        """
        try:
            return [self._parse(message, context)]
        except Exception:  # a parser bug must not crash a game: fall back to "nothing said"
            return [Flag(flag="none")]

    def _parse(self, message: object, context: object) -> Flag:
        if not isinstance(message, str):
            return Flag(flag="none")
        last = getattr(context, "last_request", None)
        flag = self._read(message, last)
        if flag.flag == "reject" and flag.move is None and last is not None:
            return Flag(flag="reject", move=last)  # an objection to our request refuses its move
        return flag

    def _read(self, message: str, last: Move | None) -> Flag:
        text = _normalize(message)
        if not text.strip() or _INJECTION.search(text):
            return Flag(flag="none")
        small = _SMALL_TALK.search(text) is not None
        text = _SMALL_TALK.sub(" , ", text)
        greeting = bool(_GREETING.search(text))
        if greeting:
            text = _GREETING.sub(" ", text)
        toks = _tokenize(text)
        if not toks or (greeting and not any(t.w not in "?!.;" for t in toks)):
            return Flag(flag="none")
        words = [t.w for t in toks if t.w not in "?!.;"]
        if not words:  # "how are you?", "what's your name?": small talk asks nothing about the game
            return Flag(flag="inquiry") if any(t.w == "?" for t in toks) and not small else Flag(flag="none")
        if len(words) == 1 and len(words[0]) == 1:
            w = words[0]
            if w in _LETTERS:
                return Flag(flag=_LETTERS[w])
            if w in ("k", "y"):
                return Flag(flag="inquiry") if toks[-1].w == "?" else Flag(flag="accept")
        letters = [w for w in words if len(w) == 1 and w in _LETTERS]
        body = words[1:] if words[0] in ("go", "move", "head") else words  # "go l no r"
        if len(letters) >= 2 and len(words) <= 6 and all(w in _LETTERS or w in _LETTER_FIX for w in body):
            if any(w in _LETTER_FIX for w in words):
                return Flag(flag=_LETTERS[letters[-1]])  # "L no R", "u sorry d": the corrected letter
        toks = references(toks, last)
        hint = conditional_hint(toks, _TREASURE)
        if hint is not None:
            # "if you go left you'll find it": a treasure hint, unless the rest asks for a move
            dirs, s_hint = hint
            rest = [t for t in toks if t.s != s_hint]
            flag = self._read_toks(rest, last) if any(t.w not in "?!.;" for t in rest) else Flag(flag="none")
            if flag.is_move or flag.flag == "stay":
                return flag
            return Flag(flag="inquiry", treasure=_treasure_dir(dirs), blocked=flag.blocked)
        return self._read_toks(toks, last)

    def _read_toks(self, toks: list[_Tok], last: Move | None) -> Flag:
        """The flag of the tokens after the first checks (discourse passes, then the reading)."""
        toks = _treasure_topic(_drop_discourse_right(corrections(conditionals(toks))))
        if not any(t.w not in "?!.;" for t in toks):
            return Flag(flag="inquiry") if any(t.w == "?" for t in toks) else Flag(flag="none")
        flag = self._read_reading(_Reading(toks), last)
        if last is not None and flag.flag in ("accept", last) and _sarcastic(toks, last):
            return Flag(flag="reject", move=last)  # "oh sure, left AGAIN, that worked so well 🙄"
        return flag

    def _read_reading(self, r: _Reading, last: Move | None) -> Flag:
        """The flag of a message's reading (after the discourse passes)."""
        questions = r.question_clauses()
        inability = self._inability(r, questions)
        blocked, wall_answer, wall_reject, wall_clauses = self._walls(r, questions)
        treasure = self._treasure(r, questions)
        hint_clauses = treasure[1] if treasure is not None and treasure[0] is not None else set()
        skip = set(inability) | wall_clauses | hint_clauses | self._options(r, questions)

        # 1. a request (move or stay) outside the clauses that explain walls, inability or the treasure
        request, choice = self._request(r, questions, skip)
        if request is not None:
            if request.flag == last and (inability or wall_reject is not None) and self._asked_back(r, questions, last):
                return Flag(flag="reject", move=last)  # "left? there's a wall": our request echoed and refused
            if (
                request.flag == last
                and self._asked_back(r, questions, last)
                and (
                    any(not self._request_question(r, c) for c in questions)
                    or any("again" in r.clause_words(c) for c in questions)
                )
            ):
                return Flag(flag="inquiry")  # "down? really?", "left again?": doubts our request
            if request.is_move and last is not None and self._accepts(r, request, last):
                return Flag(flag="accept")
            return request
        if (inability or wall_reject is not None) and _pause_after(r):
            return Flag(flag="stay")  # "i'm blocked right. hmm. wait a sec, let me think": the pause is asked
        # 2. inability (of several moves: a description of walls, "I can't move up or left")
        if inability:
            for c in inability:
                cw = r.clause_words(c)
                near = r.clause_mentions(c) + r.clause_mentions(c + 1)  # "but" opens a clause
                free = [m for m in near if r._prev(m.i) in ("but", "except", "besides")]
                if free and any(w in ("anywhere", "any", "anything", "everywhere") for w in cw):
                    # "can't go anywhere but up": every other side is walled
                    return Flag(flag="inquiry", blocked=[m for m in _DIR_ORDER if m not in _dirs_of(free, True)])
                if not near and any(w in ("anywhere", "everywhere") for w in cw):
                    return Flag(flag="inquiry", blocked=list(_DIR_ORDER))  # "can't go anywhere": walled in
            several = [m for c in inability for m in _dirs_of(r.clause_mentions(c), keep_negated=True)]
            if len(set(several)) >= 2 and not wall_answer:
                return Flag(flag="inquiry", blocked=_sorted_moves(list(set(several) | set(blocked or []))))
            move = next(iter(inability.values())) or next(
                (m.moves[0] for m in r.mentions if m.negated and not m.past), None
            )  # "going left is a trap, there's a dead end"
            if move is None and questions and not blocked:
                return Flag(flag="inquiry")  # "we're stuck. any ideas?": asks, refuses nothing
            return Flag(flag="reject", move=move)
        # 3. treasure knowledge (a hint; "I can't see it" says nothing to act on)
        if treasure is not None:
            hint, _ = treasure
            if hint is not None and last is not None and _objection(r.words):
                return Flag(
                    flag="reject", move=last
                )  # "I don't think that's a good idea, the treasure is the other way"
            if hint is not None:
                return Flag(flag="inquiry", treasure=hint, blocked=blocked)
            if blocked is None:
                if _objection(r.words) or (r.words[0] in _REJECT_WORDS and r.toks[1].c != r.toks[0].c):
                    return Flag(flag="reject")  # "bad idea, the gem's not that way": refuses our request
                # "not sure where the gem is. any walls?": the question asks
                return Flag(flag="inquiry") if questions else Flag(flag="none")
            # "I can't see the treasure. There is a wall above the token.": an answer about the walls
            return Flag(flag="inquiry", blocked=blocked)
        # 4./5. walls
        refused = next((m.moves[0] for m in r.mentions if m.negated and not m.past), None)
        if wall_answer:
            if not blocked and refused is not None and not any(r.clause_mentions(c) for c in wall_clauses):
                return Flag(flag="reject", move=refused)  # "avoid the bottom, it's full of walls"
            return Flag(flag="inquiry", blocked=blocked if blocked is not None else [])
        if wall_reject is not None:
            if last is None and wall_reject and r.words[0] in _YES and blocked:
                return Flag(flag="inquiry", blocked=blocked)  # "yeah there's a wall below us": answers a question
            return Flag(flag="reject", move=wall_reject or refused)  # "up is wrong, wall": the side refused
        # 6. questions ("can we not go left": a yes-no question that only names a negated move refuses it)
        if last is not None and questions and all(_what_next(r.clause_words(c)) for c in questions):
            said = [w for c in r.clauses() if c not in questions for w in r.clause_words(c)]
            if said and (self._accept_cue(said) or self._commit(said)):
                return Flag(flag="accept")  # "done. now what?": agrees, then asks for the next step
        if questions and (choice or not all(self._request_question(r, c) for c in questions)):
            negated = [m for c in questions for m in r.clause_mentions(c) if m.negated and not m.past]
            if (
                negated
                and not choice
                and not any(r.wh_clause(c) for c in questions)
                and not any(not m.negated for c in questions for m in r.clause_mentions(c))
            ):
                return Flag(flag="reject", move=negated[0].moves[0])
            return Flag(flag="inquiry")
        return self._cues(r, last)

    @staticmethod
    def _options(r: _Reading, questions: set[int]) -> set[int]:
        """Statement clauses that offer several moves with "or" ("I can go up or left"): options,
        not a request."""
        out: set[int] = set()
        handover = any(_has_phrase(r.words, p) >= 0 for p in _HANDOVER)
        for c in r.clauses():
            if c in questions:
                continue
            cw = r.clause_words(c)
            cw = cw[r._opening(cw)[2] :]
            offers = cw[:1] in (["i"], ["we"], ["you"], ["u"]) and any(w in ("can", "could") for w in cw[1:3])
            if not (offers or handover):
                continue  # "go left or right" asks for the first; "I can go up or left" offers
            if "or" in cw and len(_dirs_of(r.clause_mentions(c))) >= 2:
                k = cw.index("or")
                if any(_dir_word(w) for w in cw[:k]) and any(_dir_word(w) for w in cw[k + 1 :]):
                    out.add(c)
        return out

    @staticmethod
    def _asked_back(r: _Reading, questions: set[int], last: Move) -> bool:
        """Whether the message's first move is ``last`` asked back as a question ("left? ...")."""
        first = next((m for m in r.mentions if not m.negated and not m.past), None)
        return first is not None and first.moves[0] == last and r.toks[first.i].c in questions

    # -- inability --
    @staticmethod
    def _inability(r: _Reading, questions: set[int]) -> dict[int, Move | None]:
        """The statement clauses that say a move is impossible, with the move they name."""
        out: dict[int, Move | None] = {}
        for c in r.clauses():
            if c in questions:
                continue
            cw = r.clause_words(c)
            start = _first_cue(cw, _INABILITY_WORDS, _INABILITY_PHRASES)
            if start < 0 or any(w in _COGNITIVE for w in cw[start : start + 4]):
                continue
            if not r.clause_mentions(c) and any(w in _COMPLAINED for w in cw[max(0, start - 4) : start]):
                continue  # "ugh this maze is impossible": a complaint about the game, no move refused
            if any(w in _PAST_BE or w == "been" for w in cw[max(0, start - 3) : start]):
                for m in r.clause_mentions(c):
                    m.past = True  # "left was a dead end": no request either
                continue  # "it was a dead end", "we've been stuck for ages": a past report
            dirs = _dirs_of(r.clause_mentions(c), keep_negated=True)
            if not dirs:  # "not possible, wall to the north": the wall clause of the sentence names it
                s_idx = r.clause_sentence(c)
                walled = [
                    m
                    for m in r.sent_mentions(s_idx)
                    if any(w in _WALL_ONE or w in _WALL_MANY for w in r.clause_words(r.toks[m.i].c))
                ]
                dirs = _dirs_of(walled) if len(_dirs_of(walled)) == 1 else []
            out[c] = dirs[0] if dirs else None
        return out

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

    # -- requests --
    def _request(self, r: _Reading, questions: set[int], skip: set[int]) -> tuple[Flag | None, bool]:
        """The first move or stay the message asks for, by position, or None; and whether its
        questions offer a choice of moves ("up? down?")."""
        words = r.words
        cand: list[tuple[int, Flag]] = []
        first_stmt: int = -1  # the first move asked in a statement clause
        first_q: int = -1  # the first move proposed by a question clause
        asked: dict[int, str] = {}  # question clause -> its first move ("up? down?" offers a choice)
        for m in r.mentions:
            if m.negated or m.past or m.place:
                continue
            c = r.toks[m.i].c
            if c in questions:
                if c in asked or not self._request_question(r, c):
                    continue
                asked[c] = m.moves[0]
                first_q = m.i if first_q < 0 else first_q
            elif c not in skip and first_stmt < 0:
                first_stmt = m.i
            elif c not in skip and first_stmt >= 0 and c != r.toks[first_stmt].c and _preferred(r, m.i):
                first_stmt = m.i  # "left, but right is better", "up would work but down is best"
        choice = len(set(asked.values())) > 1
        if choice:
            first_q = -1  # several moves offered as questions: a choice, not a request
        for i in sorted(k for k in (first_stmt, first_q) if k >= 0)[:1]:
            cand.append((i, Flag(flag=next(m.moves[0] for m in r.mentions if m.i == i))))
        for k, w in enumerate(words):
            if w in "?!.;" or r.toks[k].c in skip:
                continue
            if w == "stay" and r._next(k) == "away":
                continue  # "stay away from the right side": a prohibition
            if w in _STRONG_STAY_WORDS and not (
                w == "stop" and r._next(k).strip("?!.;") not in ("", "moving", "there", "here", "please", "pls", "now")
            ):
                if w == "pass" and r._prev(k) in ("cant", "cannot", "to", "let"):
                    continue
                if w == "stop" and r._prev(k) in ("next", "the", "a", "last", "first", "bus", "final", "one"):
                    continue  # "the next stop": a noun
                cand.append((k, Flag(flag="stay")))
                break
        for p in _STRONG_STAY_PHRASES:
            k = _has_phrase(words, p)
            if k >= 0 and not (p[-1] == "move" and _dir_word(r._next(k + len(p) - 1) or "") is not None):
                cand.append((k, Flag(flag="stay")))
        if not cand:
            return None, choice
        cand.sort(key=lambda kv: kv[0])
        return cand[0][1], choice

    def _accepts(self, r: _Reading, request: Flag, last: Move) -> bool:
        """Whether a message naming a move agrees to our request: it names the requested move with an
        agreement or a commitment ("ok going up"), or agrees and adds a later move ("yes, then left")."""
        if request.flag == last and self._agrees(r):
            return True
        first = next((m for m in r.mentions if not m.negated and not m.past), None)
        if first is None or not self._accept_cue(r.words[: max(1, first.i)]):
            return False
        return any(r.words[j] in _LATER for j in range(max(0, first.i - 8), first.i))

    # -- cues --
    def _cues(self, r: _Reading, last: Move | None = None) -> Flag:
        words = r.words
        mentions = [m for m in r.mentions if not m.past]
        if not [m for m in mentions if not m.negated]:
            weak = any(
                w in _WEAK_STAY_WORDS and not (k > 0 and (words[k - 1] in _PAST_BE or words[k - 1] == "for"))
                for k, w in enumerate(words)
            )  # not "I was afk", "thanks for waiting"
            if weak or any(_has_phrase(words, p) >= 0 for p in _WEAK_STAY_PHRASES):  # not "I was afk"
                if not self._accept_cue(words) or words[0] in _WEAK_STAY_WORDS:
                    return Flag(flag="stay")
        negated = [m for m in mentions if m.negated]
        if negated:
            return Flag(flag="reject", move=negated[0].moves[0])
        but = len(words) - 1 - words[::-1].index("but") if "but" in words else -1
        if 0 < but >= len(words) - 3 and all(w in _RELUCTANT_OK for w in words[but + 1 :]) and words[but + 1 :]:
            return Flag(flag="accept")  # "i'd rather not... but fine": reluctant agreement
        if but > 0 and self._accept_cue(words[:but]) and any(_has_phrase(words[but:], p) >= 0 for p in _DISLIKE):
            return Flag(flag="accept")  # "hm fine but I don't like it": a reluctant agreement
        if _objection(words, doubt=last is not None) or any(_has_phrase(words, p) >= 0 for p in _NEGATED_AGREEMENT):
            return Flag(flag="reject")  # (with nothing pending, "hmm i'm not sure" refuses nothing)
        agree = self._accept_cue(words) or self._commit(words) or words[-2:] in (["i", "can"], ["we", "can"])
        bare = [w for w in words if w.isalnum()]
        if agree and last is None and _pleasantry(bare):
            agree = self._accept_cue(_pleasantry_dropped(bare))  # "thanks, that helped", "great teamwork 👍"
        if agree:
            return Flag(flag="accept")  # "can't. oh never mind, I can": an ability restated agrees
        refusals = [
            w
            for k, w in enumerate(words)
            if w in _REJECT_WORDS
            and not (k > 0 and words[k - 1] == "oh")
            and not (k + 1 < len(words) and words[k + 1] in _NO_NOUNS)  # "no rush", "no clue where we are"
        ]
        if refusals or any(_has_phrase(words, p) >= 0 for p in _REJECT_PHRASES):  # "oh no" is dismay
            return Flag(flag="reject")
        return Flag(flag="none")

    @staticmethod
    def _accept_cue(words: Sequence[str]) -> bool:
        if words and words[-1] == "whatever":
            # "fine, whatever": reluctant agreement (not "whatever arrives, ...", not "do whatever")
            return not (len(words) > 1 and words[-2] in ("do", "go", "try"))
        if any(
            w in _ACCEPT_WORDS
            and not (k > 0 and words[k - 1] in _PRAISE_PREV)
            and not (w in _THANKS and k + 1 < len(words) and words[k + 1] == "for")
            and not (k > 0 and words[k - 1] in ("not", "dont", "never", "isnt"))  # "not sure which way"
            for k, w in enumerate(words)
        ):
            return True  # not "you're doing great", "ur awesome": praise agrees to nothing; nor "thx for waiting"
        for p in _ACCEPT_PHRASES:
            k = _has_phrase(words, p)
            if k < 0 or (p == ("got", "it") and k > 0 and words[k - 1] in ("we", "finally", "weve")):
                continue  # not "yay we got it!!": a celebration
            if p[0] == "works" and k > 0 and _dir_word(words[k - 1]) is not None:
                continue  # "left works for me": names the move it takes
            if p[0] == "im" and k + 2 < len(words) and words[k + 2].isalnum():
                continue  # "i'm in the corner", "im game for that"
            return True
        return False

    @staticmethod
    def _commit(words: Sequence[str]) -> bool:
        for p in _COMMIT_PHRASES:
            k = _has_phrase(words, p)
            if k >= 0 and not (k > 0 and words[k - 1] in _NOT_COMMIT_PREV) and not _PAST_BE & set(words[k + 1 : k + 4]):
                return True  # not "we keep going in circles", "going up was a mistake"
        return False

    def _agrees(self, r: _Reading) -> bool:
        """An agreement or a commitment outside the questions ("u sure? left?" agrees to nothing)."""
        questions = r.question_clauses()
        words = [w for c in r.clauses() if c not in questions for w in r.clause_words(c)]
        return self._accept_cue(words) or any(w in _COMMIT for w in words)

    @staticmethod
    def _request_question(r: _Reading, c: int) -> bool:
        """A question clause that asks for one move ("can you go down?", "maybe left?")."""
        if r.wh_clause(c) or r.clause_sentence(c) in r.choices:
            return False
        sw = r.clause_words(c)
        if any(w in _TREASURE or w in _WALL_ONE or w in _WALL_MANY or w in _ASK_ABOUT for w in sw):
            return False
        if "through" in sw and "let" in sw:
            return False  # "does your side let us through to the right": whether it is open
        k = _first_cue(sw, _INABILITY_WORDS, _INABILITY_PHRASES)
        if k >= 0 and (k + 1 >= len(sw) or sw[k + 1] not in ("you", "u", "we")):
            return False  # "can't go right?": a question about a wall ("can't you go left?" asks)
        dirs = _dirs_of([m for m in r.clause_mentions(c) if not m.past])
        stay = any(w in _STRONG_STAY_WORDS or w in _WEAK_STAY_WORDS for w in sw)
        if len(sw) > 1 and sw[0] in ("is", "are", "was") and sw[1] in ("it", "its", "that", "this", "they"):
            if not any(w in _MOVE_VERBS or w in _SUITS for w in sw):
                return False  # "is it to the left": where something is, not a move to make
        if len(dirs) >= 2 and "or" in sw:
            return False
        return bool(dirs) or stay


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
_PRAISE_PREV = frozenset({"doing", "youre", "ur", "are", "being", "playing", "so", "very", "really", "such"})
_EVERY_SIDE: tuple[tuple[str, ...], ...] = (
    ("all", "sides"),
    ("all", "round"),
    ("all", "around"),
    ("every", "side"),
    ("every", "direction"),
    ("every", "way"),
    ("all", "directions"),
    ("each", "side"),
)
_COMPLAINED = frozenset({"maze", "game", "level", "puzzle", "labyrinth", "map", "thing", "round"})
"""Subjects of a complaint ("this maze is impossible"): an inability said of them refuses no move."""
_YES = frozenset({"yes", "yeah", "yep", "yup", "ya", "yea", "yah", "ye", "y", "correct", "indeed", "affirmative"})
"""Yes-words that open an answer ("yeah there's a wall below us": with nothing pending, it answers)."""
_FINE = frozenset({"open", "free", "clear", "fine", "ok", "okay", "good", "passable", "available"})
_NOT_COMMIT_PREV = frozenset({"keep", "keeps", "kept", "were", "are", "been", "is", "was", "stop", "not"})
_HANDOVER: tuple[tuple[str, ...], ...] = (
    ("your", "call"),
    ("ur", "call"),
    ("your", "choice"),
    ("ur", "choice"),
    ("you", "decide"),
    ("u", "decide"),
    ("you", "pick"),
    ("u", "pick"),
    ("you", "choose"),
    ("up", "to", "you"),
    ("down", "to", "you"),
)
"""Phrases that hand the choice of move to the partner ("go left or right, your call")."""
_OPEN_FILL = frozenset(
    {
        "is",
        "s",
        "are",
        "seems",
        "seem",
        "looks",
        "look",
        "for",
        "me",
        "still",
        "totally",
        "both",
        "from",
        "view",
        "here",
        "end",
        "screen",
        "map",
    }
)
"""Words of a statement that sides are open ("from my view both left and right are open")."""
_ALSO = frozenset({"and", "also", "plus", "or", "too", "aswell", "both"})
_NEGATED_AGREEMENT: tuple[tuple[str, ...], ...] = (
    ("absolutely", "not"),
    ("definitely", "not"),
    ("certainly", "not"),
    ("of", "course", "not"),
    ("hell", "no"),
    ("sure", "not"),
    ("no", "way"),
    ("not", "ok"),
    ("not", "okay"),
    ("not", "fine"),
)
_SUITS = frozenset({"possible", "ok", "okay", "fine", "better", "good", "best", "safe", "alright", "worth"})
_ASK_ABOUT = frozenset({"see", "know", "sure", "open", "free", "clear", "passable"})
"""Words of a question about the maze, not a request ("is left open for you?")."""
_OPEN = frozenset({"open", "free", "clear", "available", "possible", "passable"})
_DISCOURSE_NEXT = frozenset(
    {"so", "ok", "okay", "well", "anyway", "now", "where", "which", "what", "how", "whats", "wheres"}
)


def _drop_discourse_right(toks: list[_Tok]) -> list[_Tok]:
    """Without a leading "right" that only opens the turn ("right, so where's the gem?", "Right then.
    What's the plan") and without a closing tag "right?" after a statement ("the maze differs on each
    side, right?" asks)."""
    toks = _drop_tag_right(toks)
    k = 2 if len(toks) >= 3 and toks[0].w == "right" and toks[1].w in ("then", "so") and toks[1].c == toks[0].c else 1
    if len(toks) > k + 1 and k == 2 and toks[k].w in "?!.;":
        k += 1  # "right then. what's ..."
    if len(toks) > k and toks[0].w == "right" and toks[k].c != toks[0].c and toks[k].w in _DISCOURSE_NEXT:
        return toks[k:]
    return toks


def _drop_tag_right(toks: list[_Tok]) -> list[_Tok]:
    """Without a tag "right?" closing a statement of three words or more ("you see the gem, right?")."""
    if len(toks) < 5 or toks[-1].w != "?" or toks[-2].w != "right" or toks[-3].c == toks[-2].c:
        return toks
    body = [t for t in toks[:-2] if t.c == toks[-3].c and t.w not in "?!.;"]
    if len(body) < 3 or all(_dir_word(t.w) is not None or t.w in _LIST_FILLERS for t in body):
        return toks  # "go up, right?", "left and down, right?": moves, not a statement
    q = toks[-1]
    return [*toks[:-2], _Tok(q.w, toks[-3].s, toks[-3].c)]


def _treasure_topic(toks: list[_Tok]) -> list[_Tok]:
    """A first sentence that only names the treasure ("the treasure? same row as us, off to the east",
    "treasure. left. 2 squares") makes the next sentence its statement: the two are read as one clause
    (not before a request: "treasure! go left")."""
    k = 0
    while k < len(toks) and toks[k].w in ("the", "our", "your", "ur", "my", "and", "about", "so", "oh", "ok"):
        k += 1
    if k + 2 >= len(toks) or toks[k].w not in _TREASURE or toks[k + 1].w not in "?.!" or toks[k + 2].s == toks[k].s:
        return toks
    if toks[k + 1].w != "?" and (toks[k + 2].w in _MOVE_VERBS or toks[k + 2].w in ("lets", "let", "please", "pls")):
        return toks  # "treasure! go left": a request after the cry
    s0, c0 = toks[k].s, toks[k].c
    s1 = toks[k + 2].s
    out = toks[: k + 1]
    for t in toks[k + 2 :]:
        out.append(_Tok(t.w, s0, c0) if t.s == s1 else t)
    return out


def _pleasantry(words: Sequence[str]) -> bool:
    """Thanks, praise ("great teamwork", "well done") or a leading "ok" that only opens a statement
    ("ok you lead this time"): with nothing pending they agree to nothing (round 4)."""
    thanks = False
    for k, w in enumerate(words):
        thanks = thanks or w in _THANKS or w == "cheers"
        if w in _PRAISE_ADJ and k + 1 < len(words) and words[k + 1] in _PRAISE_NOUNS:
            return True
    if thanks:  # a bare "thanks!", "k thx" still acknowledges; thanks for something said does not
        return any(w not in _THANKS_ONLY for w in words)
    return _filler_ok(words)


def _filler_ok(words: Sequence[str]) -> bool:
    """A leading "ok" before a statement about the game ("ok we're back where we started")."""
    if len(words) < 3 or words[0] not in _FILLER_OK or words[1] not in _STATEMENT_OPEN:
        return False
    return not any(w in _OK_KEEP for w in words[1:]) and not GnomesParser._accept_cue(words[1:])


def _pleasantry_dropped(words: Sequence[str]) -> list[str]:
    """``words`` without thanks, praise, and the ok-words they make mere politeness."""
    out: list[str] = []
    skip = False
    for k, w in enumerate(words):
        if skip:
            skip = False
            continue
        if w in _PRAISE_ADJ and k + 1 < len(words) and words[k + 1] in _PRAISE_NOUNS:
            skip = True
            continue
        if w in _THANKS or w == "cheers" or w in _FILLER_OK or w in _PRAISE_ADJ:
            continue
        out.append(w)
    return out


_PRAISE_ADJ = frozenset(
    {"great", "good", "nice", "awesome", "excellent", "amazing", "brilliant", "top", "well", "cool", "fantastic"}
    | {"lovely", "perfect", "sweet", "solid", "superb"}
)
_PRAISE_NOUNS = frozenset(
    {"work", "job", "teamwork", "team", "one", "stuff", "effort", "done", "played", "playing", "going", "thinking"}
    | {"move", "moves", "navigating", "navigation", "mate", "partner"}
)
_THANKS_ONLY = frozenset(
    {"thanks", "thank", "thx", "ty", "cheers", "you", "u", "so", "much", "a", "lot", "mate", "again", "very", "ok"}
    | {"okay", "k", "kk", "tysm", "buddy", "man", "dude"}
)
_FILLER_OK = frozenset({"ok", "okay", "okey", "okie", "k", "kk", "alright", "aight", "cool", "great", "right"})
_STATEMENT_OPEN = frozenset(
    {"we", "were", "weve", "you", "youre", "u", "ur", "your", "its", "this", "the", "there", "theres", "im", "i"}
    | {"lets"}
)
_OK_KEEP = frozenset({"will", "ill", "can", "do", "doing", "go", "going", "moving", "try", "agree", "guess", "then"})
"""Words after a leading "ok" that make it an agreement still ("ok I'll do that", "ok I guess")."""


def _objection(words: Sequence[str], doubt: bool = True) -> bool:
    """A refusal worded as doubt or dislike ("not sure about that", "bad idea", "I don't like it");
    without ``doubt``, a bare doubt ("not sure") does not count (nothing pending to doubt)."""
    for p in _OBJECTIONS:
        if not doubt and p in _DOUBTS:
            continue
        k = _has_phrase(words, p)
        if k >= 0:
            after = words[k + len(p)] if k + len(p) < len(words) else ""
            if p in (("not", "sure"), ("not", "a", "fan"), ("dont", "want")) and after not in _OBJECT_END:
                continue  # "not sure where it is", "not a fan of touristy places": not about our request
            if p[-1] == "no" and after in ("problem", "problems", "prob", "probs", "worries", "worry"):
                continue  # "yeah no problem": an agreement
            return True
    return False


# correction markers between single letters ("L no R"); a message of only these and letters
_LETTER_FIX = frozenset({"no", "nope", "nah", "sorry", "sry", "wait", "actually", "oops", "i", "mean", "meant"})
_RELUCTANT_OK = frozenset(
    {"fine", "ok", "okay", "alright", "sure", "whatever", "k", "then", "i", "guess", "oh", "well"}
)
_NO_NOUNS = frozenset(
    {
        "idea",
        "clue",
        "clues",
        "worries",
        "problem",
        "problems",
        "prob",
        "probs",
        "rush",
        "hurry",
        "matter",
        "pressure",
        "time",
    }
)
_NONE_WORDS = frozenset({"none", "no", "zero", "0", "nothing", "nowhere", "any"})
_PAST_BE = frozenset({"was", "were"})
_LATER = frozenset({"then", "after", "afterwards", "next", "later"})
_OBJECT_END = frozenset({"", "about", "that", "thats", "this", "it", "to"})
_OBJECTIONS: tuple[tuple[str, ...], ...] = (
    ("not", "sure"),
    ("bad", "idea"),
    ("not", "a", "good", "idea"),
    ("dont", "like", "that"),
    ("dont", "like", "this"),
    ("dont", "like", "it"),
    ("dont", "want"),
    ("no", "thanks"),
    ("no", "thank", "you"),
    ("not", "really"),
    ("disagree",),
    ("dont", "agree"),
    ("bad", "move"),
    ("terrible", "idea"),
    ("doubt", "it"),
    ("not", "convinced"),
    ("rather", "not"),
    ("prefer", "not"),
    ("not", "keen"),
    ("not", "feeling", "it"),
    ("dont", "think", "so"),
    ("not", "happening"),
    ("wont", "work"),
    ("doesnt", "work"),
    ("not", "a", "fan"),
    ("not", "that", "way"),
    ("not", "that", "one"),
    ("not", "a", "chance"),
    ("no", "chance"),
    ("no", "thx"),
    ("yeah", "nah"),
    ("yea", "nah"),
    ("ya", "nah"),
    ("yeah", "no"),
    ("yea", "no"),
    ("dont", "think", "thats", "a", "good", "idea"),
    ("dont", "think", "its", "a", "good", "idea"),
    ("dont", "think", "that", "is", "a", "good", "idea"),
    ("wrong", "way"),
    ("wrong", "direction"),
    ("further", "away"),
    ("farther", "away"),
    ("further", "from"),
    ("farther", "from"),
)
_DOUBTS = frozenset({("not", "sure"), ("wrong", "way"), ("wrong", "direction")})
"""Objections that refuse only a pending request ("wrong way!"); with none, a doubt or a worry."""
_SARCASM: tuple[tuple[str, ...], ...] = (
    ("eyeroll",),
    ("worked", "so", "well"),
    ("went", "so", "well"),
    ("great", "plan"),
    ("brilliant", "plan"),
    ("what", "could", "go", "wrong"),
)
"""Sarcasm that turns an echo of our request into an objection ("left AGAIN, that worked so well 🙄")."""


_PAUSE_OPEN = frozenset({"wait", "hold", "hang", "brb", "afk", "gimme", "lemme", "let", "give", "one"})
_PAUSE_FILL = frozenset(
    {"hmm", "hm", "um", "umm", "uh", "oh", "ok", "okay", "so", "well", "ugh", "lol", "pls", "please"}
)


def _pause_after(r: _Reading) -> bool:
    """A later sentence that only asks for a pause ("... hmm. wait a sec, let me think")."""
    for s in range(1, r.n_sent):
        words = r.sent_words(s)
        k = 0
        while k < len(words) and words[k] in _PAUSE_FILL:
            k += 1
        if k >= len(words) or words[k] not in _PAUSE_OPEN or r.sent_mentions(s):
            continue
        if r.toks[r.by_sent[s][-1]].w == "?":
            continue
        rest = words[k:]
        if rest[0] in _WEAK_STAY_WORDS or any(_has_phrase(rest[:4], p) == 0 for p in _WEAK_STAY_PHRASES):
            return True
    return False


_PREFER_VERBS = frozenset(
    {"is", "s", "seems", "looks", "sounds", "feels", "would", "might", "may", "could", "be", "more"}
)
_PREFER = frozenset(
    {"better", "safer", "best", "smarter", "easier", "quicker", "faster", "preferable", "wiser", "shorter"}
)


def _preferred(r: _Reading, i: int) -> bool:
    """Whether the move at ``i`` is said to be the better one ("right is better", "down seems safer";
    not a later step of a plan: "go left, then right is better")."""
    if r._prev(i) in ("then", "after", "next"):
        return False
    k = 2 if r._prev(i) in _MOVE_VERBS else 1
    if (r._prev(i, k) == "now" and r._prev(i, k + 1) == "for") or (
        r._next(i) == "for" and (r._next(i, 2) == "now" or r._next(i, 3) in ("moment", "time"))
    ):
        return True  # "when we reach the corner, turn right. for now down": the move to make now
    for k in (1, 2, 3):
        w = r._next(i, k)
        if w in _PREFER:
            return True
        if w not in _PREFER_VERBS:
            return False
    return False


_THANKS = frozenset({"thanks", "thank", "thx", "ty"})
_DISLIKE: tuple[tuple[str, ...], ...] = (
    ("dont", "like"),
    ("not", "happy"),
    ("not", "thrilled"),
    ("not", "a", "fan"),
    ("hate", "it"),
    ("hate", "this"),
)
"""A feeling about the request, not a refusal of it ("fine but I don't like it")."""
_NEXT_Q: tuple[list[str], ...] = (
    ["now", "what"],
    ["what", "now"],
    ["then", "what"],
    ["what", "next"],
    ["whats", "next"],
    ["and", "then"],
    ["what", "then"],
)


def _what_next(words: Sequence[str]) -> bool:
    """An open question for the next step ("now what?", "then what?")."""
    return [w for w in words if w not in ("ok", "so", "and", "okay")] in _NEXT_Q or words in _NEXT_Q


def _sarcastic(toks: Sequence[_Tok], last: Move) -> bool:
    """Sarcasm about our request: a sarcasm cue in a message that names the requested move ("if you
    insist 🙄" names none: a reluctant agreement)."""
    words = [t.w for t in toks]
    if not any(last in (_dir_word(w) or ()) for w in words):
        return False
    return any(_has_phrase(words, p) >= 0 for p in _SARCASM)
