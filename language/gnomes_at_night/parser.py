"""The Gnomes at Night parser: one message -> one :class:`~language.flags.Flag` (moves, stay,
accept, reject, treasure and wall facts, questions).
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
    _REJECT_PHRASES,
    _REJECT_WORDS,
    _STRONG_STAY_PHRASES,
    _STRONG_STAY_WORDS,
    _TREASURE_NEGATIVE,
    _WEAK_STAY_PHRASES,
    _WEAK_STAY_WORDS,
)
from language.gnomes_at_night.cues import _COGNITIVE, _COMMIT, _MOVE_VERBS, _TREASURE, _WALL_MANY, _WALL_ONE
from language.gnomes_at_night.directions import _DIR_ORDER, _LETTERS
from language.gnomes_at_night.reading import _dirs_of, _Reading, _sorted_moves, _treasure_dir
from language.gnomes_at_night.tokens import _dir_word, _first_cue, _has_phrase, _normalize, _tokenize


class GnomesParser:
    """Rule-based reader of Gnomes at Night chat: message -> exactly one :class:`Flag`.

    Never raises on user text: non-strings, garbage, huge inputs and hidden instructions give
    ``[Flag(flag="none")]`` or the flag really written there. The precedence rules are in the
    module docstring.
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
        text = _normalize(message)
        if not text.strip() or _INJECTION.search(text):
            return Flag(flag="none")
        greeting = bool(_GREETING.search(text))
        if greeting:
            text = _GREETING.sub(" ", text)
        toks = _tokenize(text)
        if not toks or (greeting and not any(t.w not in "?!.;" for t in toks)):
            return Flag(flag="none")
        words = [t.w for t in toks if t.w not in "?!.;"]
        if not words:
            return Flag(flag="inquiry") if any(t.w == "?" for t in toks) else Flag(flag="none")
        if len(words) == 1 and len(words[0]) == 1:
            w = words[0]
            if w in _LETTERS:
                return Flag(flag=_LETTERS[w])
            if w in ("k", "y"):
                return Flag(flag="inquiry") if toks[-1].w == "?" else Flag(flag="accept")
        r = _Reading(toks)
        questions = {s for s in range(r.n_sent) if r.is_question(s)}

        # 2. inability in a statement
        for c in r.clauses():
            s_idx = r.clause_sentence(c)
            if s_idx in questions:
                continue
            cw = r.clause_words(c)
            start = _first_cue(cw, _INABILITY_WORDS, _INABILITY_PHRASES)
            if start < 0:
                continue
            if any(w in _COGNITIVE for w in cw[start : start + 4]):
                continue
            dirs = _dirs_of(r.clause_mentions(c), keep_negated=True)
            if not dirs:  # "not possible, wall to the north": the wall clause of the sentence names it
                walled = [
                    m
                    for m in r.sent_mentions(s_idx)
                    if any(w in _WALL_ONE or w in _WALL_MANY for w in r.clause_words(r.toks[m.i].c))
                ]
                dirs = _dirs_of(walled) if len(_dirs_of(walled)) == 1 else []
            return Flag(flag="reject", move=dirs[0] if dirs else None)

        # 3./4./5. treasure knowledge and walls
        blocked, wall_answer, wall_reject = self._walls(r, questions)
        treasure = self._treasure(r, questions)
        if treasure is not None:
            hint, _pos = treasure
            return Flag(flag="inquiry", treasure=hint, blocked=blocked if blocked is not None else [])
        if wall_answer:
            if not blocked:  # "left please, there is no wall": the request is the point
                move = self._moves(r, questions, last)
                if move.is_move:
                    return move
            return Flag(flag="inquiry", blocked=blocked if blocked is not None else [])
        if wall_reject is not None:
            return Flag(flag="reject", move=wall_reject or None)

        # 6. moves and questions by position
        return self._moves(r, questions, last)

    # -- walls --
    def _walls(self, r: _Reading, questions: set[int]) -> tuple[list[Move] | None, bool, Move | Literal[""] | None]:
        """(blocked moves of the wall statements, is it a wall answer, refused move of a single wall:
        "" when the wall's side is not named)."""
        blocked: list[Move] | None = None
        answer = False
        single: Move | Literal[""] | None = None
        done: set[int] = set()
        for c in r.clauses():
            if c in done or r.clause_sentence(c) in questions:
                continue
            cw = r.clause_words(c)
            many = any(w in _WALL_MANY for w in cw)
            one = any(w in _WALL_ONE for w in cw)
            none_cue = any(
                _has_phrase(cw, p) >= 0
                for p in (
                    ("no", "walls"),
                    ("no", "wall"),
                    ("nothing", "blocks"),
                    ("not", "blocked"),
                    ("no", "obstacles"),
                )
            )
            if not (many or one or none_cue):
                continue
            seg = r.segment(c)
            done.update(seg)
            mentions = [m for k in seg for m in r.clause_mentions(k)]
            moves = _dirs_of(mentions)
            everywhere = any(w in ("everywhere", "surrounded") for w in cw) or _has_phrase(cw, ("all", "sides")) >= 0
            if everywhere and not none_cue:
                moves = list(_DIR_ORDER)
            if none_cue:
                exc = next((k for k, t in enumerate(r.toks) if t.c in seg and t.w in _EXCEPT), -1)
                moves = _dirs_of([m for m in mentions if m.i > exc]) if exc >= 0 else []
            blocked = _sorted_moves(list(blocked or []) + moves)
            if many or none_cue or len(moves) >= 2 or everywhere:
                answer = True
            elif single is None:
                single = moves[0] if moves else ""
        return blocked, answer, single

    # -- treasure --
    def _treasure(self, r: _Reading, questions: set[int]) -> tuple[Direction | None, int] | None:
        """The hint of the first treasure statement: (direction, or None when unseen; its position)."""
        for s in range(r.n_sent):
            if s in questions:
                continue
            sent = [k for k in r.by_sent.get(s, ()) if r.toks[k].w not in "?!.;"]
            if not sent:
                continue
            sw = [r.words[k] for k in sent]
            at = next((k for k in sent if r.words[k] in _TREASURE), -1)
            pronoun = sw[0] == "its" or (sw[0] == "it" and len(sw) > 1 and sw[1] in ("is", "s", "lies"))
            see_at = next((sent[j] for j in range(len(sw) - 1) if sw[j] in ("see", "find") and sw[j + 1] == "it"), -1)
            if at < 0:
                if not pronoun and see_at < 0:
                    continue
                at = sent[0] if pronoun else see_at
            elif sw[0] in _MOVE_VERBS:
                continue  # "go left to get the treasure": a request, not a statement
            seg = r.segment(r.toks[at].c)
            if [m for m in r.mentions if r.toks[m.i].c in seg and m.i < at and not m.negated]:
                continue  # "left, to reach the gem"
            segw = [t.w for t in r.toks if t.c in seg and t.w not in "?!.;"]
            dirs = _dirs_of([m for m in r.mentions if r.toks[m.i].c in seg and m.i > at])
            if dirs:
                return _treasure_dir(dirs), at
            negative = any(w in _TREASURE_NEGATIVE for w in segw)
            if not negative and any(_has_phrase(segw, p) >= 0 for p in _HERE):
                return Direction(dx=0, dy=0), at
            if negative and (
                r.words[at] in _TREASURE or see_at >= 0 or any(w in ("side", "visible", "know") for w in segw)
            ):
                return None, at
        return None

    # -- moves, questions, cues --
    def _moves(self, r: _Reading, questions: set[int], last: str | None) -> Flag:
        words = r.words
        cand: list[tuple[int, Flag]] = []
        # directions that are requests
        for m in r.mentions:
            if m.negated or m.past:
                continue
            s = r.toks[m.i].s
            if s in questions and not self._request_question(r, s):
                continue
            cand.append((m.i, Flag(flag=m.moves[0])))
            break
        # strong stay cues
        for k, w in enumerate(words):
            if w in "?!.;":
                continue
            if w in _STRONG_STAY_WORDS and not (
                w == "stop" and r._next(k) not in ("", "moving", "there", "here", "please", "pls", "now")
            ):
                if w == "pass" and r._prev(k) in ("cant", "cannot", "to", "let"):
                    continue
                cand.append((k, Flag(flag="stay")))
                break
        for p in _STRONG_STAY_PHRASES:
            k = _has_phrase(words, p)
            if k >= 0 and not (p[-1] == "move" and _dir_word(r._next(k + len(p) - 1) or "") is not None):
                cand.append((k, Flag(flag="stay")))
        # pure questions
        for s in sorted(questions):
            if not self._request_question(r, s):
                k = r.by_sent[s][0]
                cand.append((k, Flag(flag="inquiry")))
                break
        if cand:
            cand.sort(key=lambda kv: kv[0])
            flag = cand[0][1]
            if flag.is_move and last is not None and flag.flag == last and self._agrees(r):
                return Flag(flag="accept")
            return flag
        # weak stay cues: only when nothing else is named
        if any(w in _WEAK_STAY_WORDS for w in words) or any(_has_phrase(words, p) >= 0 for p in _WEAK_STAY_PHRASES):
            if not self._accept_cue(words) or words[0] in _WEAK_STAY_WORDS:
                return Flag(flag="stay")
        negated = [m for m in r.mentions if m.negated and not m.past]
        if negated:
            return Flag(flag="reject", move=negated[0].moves[0])
        if self._accept_cue(words) or self._commit(words):
            return Flag(flag="accept")
        if any(w in _REJECT_WORDS for w in words) or any(_has_phrase(words, p) >= 0 for p in _REJECT_PHRASES):
            return Flag(flag="reject")
        return Flag(flag="none")

    @staticmethod
    def _accept_cue(words: Sequence[str]) -> bool:
        return any(w in _ACCEPT_WORDS for w in words) or any(_has_phrase(words, p) >= 0 for p in _ACCEPT_PHRASES)

    @staticmethod
    def _commit(words: Sequence[str]) -> bool:
        return any(_has_phrase(words, p) >= 0 for p in _COMMIT_PHRASES)

    def _agrees(self, r: _Reading) -> bool:
        return self._accept_cue(r.words) or any(w in _COMMIT for w in r.words)

    @staticmethod
    def _request_question(r: _Reading, s: int) -> bool:
        """A question that asks for one move ("can you go down?", "maybe left?")."""
        if r.wh_question(s):
            return False
        sw = r.sent_words(s)
        if any(w in _TREASURE or w in _WALL_ONE or w in _WALL_MANY or w in ("see", "know", "sure") for w in sw):
            return False
        dirs = _dirs_of([m for m in r.sent_mentions(s) if not m.past])
        stay = any(w in _STRONG_STAY_WORDS or w in _WEAK_STAY_WORDS for w in sw)
        if len(dirs) >= 2 and "or" in sw:
            return False
        return bool(dirs) or stay
