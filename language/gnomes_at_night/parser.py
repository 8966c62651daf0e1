"""The Gnomes at Night parser: one message -> one :class:`~language.flags.Flag` (moves, stay,
accept, reject, treasure and wall facts, questions).

The tokens first go through the discourse passes (:mod:`~language.gnomes_at_night.corrections`,
:mod:`~language.gnomes_at_night.conditionals`); the reading then finds the question clauses and the
clauses that explain an inability, a wall or where the treasure is (:mod:`.facts`), and a request
outside them wins over them (see the package docstring).
"""

from __future__ import annotations

from collections.abc import Sequence

from language.flags import Flag, FlagContext, Move
from language.gnomes_at_night.agreement import (
    _COMMIT_PHRASES,
    _GREETING,
    _INABILITY_PHRASES,
    _INABILITY_WORDS,
    _INJECTION,
    _REJECT_PHRASES,
    _REJECT_WORDS,
    _SMALL_TALK,
    _STRONG_STAY_PHRASES,
    _STRONG_STAY_WORDS,
    _WEAK_STAY_PHRASES,
    _WEAK_STAY_WORDS,
)
from language.gnomes_at_night.conditionals import conditional_hint, conditionals, references
from language.gnomes_at_night.corrections import corrections
from language.gnomes_at_night.cues import _COGNITIVE, _COMMIT, _MOVE_VERBS, _TREASURE, _WALL_MANY, _WALL_ONE
from language.gnomes_at_night.directions import _DIR_ORDER, _LETTERS
from language.gnomes_at_night.facts import FactReader
from language.gnomes_at_night.reading import _dirs_of, _Reading, _sorted_moves, _treasure_dir
from language.gnomes_at_night.remarks import (
    _ASK_ABOUT,
    _COMPLAINED,
    _DISLIKE,
    _HANDOVER,
    _LATER,
    _LETTER_FIX,
    _NEGATED_AGREEMENT,
    _NO_NOUNS,
    _NOT_COMMIT_PREV,
    _PAST_BE,
    _RELUCTANT_OK,
    _SUITS,
    _YES,
    _accept_cue,
    _drop_discourse_right,
    _objection,
    _pause_after,
    _pleasantry,
    _pleasantry_dropped,
    _preferred,
    _sarcastic,
    _treasure_topic,
    _what_next,
)
from language.gnomes_at_night.tokens import _dir_word, _first_cue, _has_phrase, _normalize, _Tok, _tokenize


class GnomesParser(FactReader):
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
            if said and (_accept_cue(said) or self._commit(said)):
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
        if first is None or not _accept_cue(r.words[: max(1, first.i)]):
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
                if not _accept_cue(words) or words[0] in _WEAK_STAY_WORDS:
                    return Flag(flag="stay")
        negated = [m for m in mentions if m.negated]
        if negated:
            return Flag(flag="reject", move=negated[0].moves[0])
        but = len(words) - 1 - words[::-1].index("but") if "but" in words else -1
        if 0 < but >= len(words) - 3 and all(w in _RELUCTANT_OK for w in words[but + 1 :]) and words[but + 1 :]:
            return Flag(flag="accept")  # "i'd rather not... but fine": reluctant agreement
        if but > 0 and _accept_cue(words[:but]) and any(_has_phrase(words[but:], p) >= 0 for p in _DISLIKE):
            return Flag(flag="accept")  # "hm fine but I don't like it": a reluctant agreement
        if _objection(words, doubt=last is not None) or any(_has_phrase(words, p) >= 0 for p in _NEGATED_AGREEMENT):
            return Flag(flag="reject")  # (with nothing pending, "hmm i'm not sure" refuses nothing)
        agree = _accept_cue(words) or self._commit(words) or words[-2:] in (["i", "can"], ["we", "can"])
        bare = [w for w in words if w.isalnum()]
        if agree and last is None and _pleasantry(bare):
            agree = _accept_cue(_pleasantry_dropped(bare))  # "thanks, that helped", "great teamwork 👍"
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
        return _accept_cue(words) or any(w in _COMMIT for w in words)

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
