"""The reading of a tokenized message: direction mentions with their negation, sentences and
clauses, and which of them are questions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from language.flags import Direction, Move
from language.gnomes_at_night.agreement import _LIST_FILLERS
from language.gnomes_at_night.cues import (
    _AUX,
    _CONFUSE,
    _CORRECT_SUBJECTS,
    _DOWN_IDIOM_PREV,
    _FILLERS,
    _FOR_NEXT,
    _LEFT_IDIOM_PREV,
    _NEGATORS,
    _PAST,
    _RIGHT_IDIOM_NEXT,
    _RIGHT_IDIOM_PREV,
    _SCREEN,
    _SUBJECT,
    _TOP_IDIOM_NEXT,
    _UNDERSTAND,
    _UP_IDIOM_PREV,
    _WH,
)
from language.gnomes_at_night.directions import _DX, _DY, _LETTERS
from language.gnomes_at_night.tokens import _dir_word, _Tok

_NEG_BRIDGE = frozenset(
    {"want", "wanna", "to", "go", "move", "head", "going", "gonna", "think", "should", "we", "i", "the", "at", "in"}
)
_IS = frozenset({"is", "s", "looks", "seems", "sounds", "feels"})
_BAD = frozenset(
    {"bad", "wrong", "worse", "worst", "terrible", "dangerous", "useless", "pointless", "trap", "mistake", "risky"}
)
_OBJ_PRONOUNS = frozenset({"it", "this", "that", "them", "things", "everything"})
_RIGHT_NOUNS = frozenset({"idea", "track", "answer", "thing", "call", "choice", "decision", "guess"})
"""Nouns after "right" meaning correct ("the right idea"); not "move"/"way"/"direction" (ambiguous)."""
_BACK_VERBS = frozenset({"back", "backing", "backs", "cheer", "cheering", "catch", "hold", "holding", "pick"})
"""Verbs of "<verb> you up" meaning support, delay or collect ("I'll back you up")."""
_WAS_RIGHT = frozenset({"correct", "right", "fine", "ok", "okay", "good", "better", "best", "the", "actually"})
"""Words after "X was" that restate X as the move ("right was correct"), not judge a past move."""
_WILLING_TO = frozenset({"play", "try", "keep", "go", "do", "continue", "start", "help", "give", "have"})
"""Verbs after "I'm down to" meaning willing ("im down to play again later")."""
_BODY = frozenset({"hand", "hands", "arm", "arms", "foot", "feet", "leg", "legs", "eye", "eyes", "ear"})
_HERE_SUBJECTS = frozenset({"were", "im", "token", "gnome"})
_HERE_SUBJECT_PAIRS = frozenset({("are", "we"), ("am", "i"), ("is", "token"), ("is", "gnome"), ("now", "were")})
"""A subject before "in/at the <direction> <place>" that makes it where the token is."""
_PLACES = frozenset({"corner", "row", "column", "edge", "part", "area", "section", "bit", "end", "half"})
_ANY = frozenset({"anything", "anywhere", "any", "anyway", "everything"})
_PRESENCE = frozenset({"there", "around", "here", "ready", "awake", "alive", "listening", "ok", "okay", "back", "me"})
_ANY_NOUNS = frozenset(
    {"idea", "ideas", "walls", "wall", "clue", "clues", "luck", "sign", "news", "hint", "hints", "thoughts"}
)
_UNDER_NEXT = frozenset({"you", "u", "us", "it", "me", "the", "our", "your", "that", "this", "them", "here"})
_WH_CONTRACTED = frozenset({"whats", "wheres", "hows", "wat", "wut"})
_WH_NEXT = frozenset(
    {"now", "next", "to", "way", "direction", "side", "one", "many", "far", "much", "should", "were", "was"}
)
_PRESENCE_FILL = frozenset({"still", "are", "r", "re", "with", "there", "here", "around", "all", "over", "awake"})
_ANYTHING_NEXT = frozenset({"on", "near", "around", "there", "new", "blocking", "in", "nearby", "visible"})
_INFO_VERBS = frozenset({"tell", "describe", "show", "lmk", "explain", "report", "share", "say"})
_READY = frozenset({"good", "ready", "set", "ok", "okay", "alright"})
_READY_END: tuple[list[str], ...] = ([], ["to", "go"], ["now"], ["yet"], ["there"], ["for", "this"])
_INFO_OBJECTS = frozenset(
    {"if", "whether", "where", "which", "what", "how", "walls", "wall", "treasure", "gem", "side", "view"}
)
_WALL_LETTER = frozenset({"blocked", "wall", "walled", "closed", "open", "free", "clear"})
_PERCEIVE = frozenset({"see", "have", "got", "know", "spot", "hav", "c", "notice", "seeing"})
_ECHO = frozenset({"right", "now", "rn", "already", "yet", "really", "seriously"})
_ANY_WAY = frozenset({"direction", "way", "side", "move", "other", "else"})
_CHOOSE = frozenset({"pick", "choose", "decide"})


def _has_turn(words: Sequence[str]) -> bool:
    return len(words) >= 3 and words[1] == "turn" and words[0] in ("your", "ur", "yr")


_INTERJECTIONS = frozenset({"wait", "sorry", "huh", "eh", "erm", "umm", "sry", "lol", "ooh"})
"""Words that may open a question without being part of it ("wait what did you say")."""
_POLITE = frozenset({"please", "pls", "plz", "can", "could", "would", "you", "u", "just", "now", "then", "kindly"})


@dataclass
class _Mention:
    """A direction word at token ``i``: its moves and how it is used."""

    i: int
    moves: tuple[Move, ...]
    negated: bool = False
    past: bool = False
    place: bool = False  # a place on the player's view ("the top of my screen"), not a move asked


class _Reading:
    """The features of one normalized message, computed once."""

    def __init__(self, toks: list[_Tok]) -> None:
        self.toks = toks
        self.words = [t.w for t in toks]
        self.n_sent = (toks[-1].s + 1) if toks else 0
        # token indices per sentence and per clause: each question about one of them reads only its
        # own tokens (a scan of the whole message per sentence would be quadratic)
        self.by_sent: dict[int, list[int]] = {}
        self.by_clause: dict[int, list[int]] = {}
        for k, t in enumerate(toks):
            self.by_sent.setdefault(t.s, []).append(k)
            self.by_clause.setdefault(t.c, []).append(k)
        self.mentions = self._mentions()
        self.choices: set[int] = set()  # sentences that only offer moves with "or" (filled by question_clauses)
        self._sent_mentions: dict[int, list[_Mention]] = {}
        self._clause_mentions: dict[int, list[_Mention]] = {}
        for m in self.mentions:
            self._sent_mentions.setdefault(toks[m.i].s, []).append(m)
            self._clause_mentions.setdefault(toks[m.i].c, []).append(m)

    # -- directions --
    def _prev(self, i: int, k: int = 1) -> str:
        j = i - k
        return self.words[j] if j >= 0 and self.toks[j].c == self.toks[i].c else ""

    def _next(self, i: int, k: int = 1) -> str:
        j = i + k
        return self.words[j] if j < len(self.words) and self.toks[j].c == self.toks[i].c else ""

    def _idiom(self, i: int, base: str) -> bool:
        prev, nxt = self._prev(i), self._next(i)
        if base in ("up", "down") and nxt == "for" and self._next(i, 2) in _FOR_NEXT:
            return True  # "I'm down for another round", "up for a rematch": willing
        if base in ("up", "down") and prev in _OBJ_PRONOUNS:
            before = self._prev(i, 2)  # "let's wrap this up", "write it down": a phrasal verb and its object
            if before in (_UP_IDIOM_PREV | {"step", "turn"} if base == "up" else _DOWN_IDIOM_PREV | {"turn"}):
                return True
        if base == "down" and nxt == "to" and prev in ("comes", "came", "come", "boils", "boiled", "narrowed"):
            return True  # "it all comes down to this"
        if base == "up" and prev in ("you", "u", "me", "us") and self._prev(i, 2) in _BACK_VERBS:
            return True  # "I'll back you up": support
        if base == "up":
            if prev == "the" and nxt == "side" and self._prev(i, 2) == "on":
                return True  # "look on the up side"
            return prev in _UP_IDIOM_PREV or (nxt == "to" and self._next(i, 2) in ("you", "u", "yourself", "ya"))
        if base == "down":
            if nxt == "to" and self._next(i, 2) in ("you", "u", "ya") and prev in ("its", "is", "s", ""):
                return True  # "it's down to you": your decision
            if prev in ("im", "am") and (
                nxt in ("", "with", "lol") or (nxt == "to" and self._next(i, 2) in _WILLING_TO | {""})
            ):
                return True  # "I'm down", "im down to play again later": willing
            return prev in _DOWN_IDIOM_PREV or (prev in ("me", "us", "you") and self._prev(i, 2) in ("let", "letting"))
        if base == "right":
            if nxt == "way" and self._next(i, 2) in ("round", "around", "up"):
                return True  # "if I have this the right way round"
            if prev in ("is", "was", "am", "are", "were") and self._prev(i, 2) in _CORRECT_SUBJECTS:
                return not nxt or nxt in ("the", "and", "then", "so", "we", "you", "i", "about")  # "if my map is right"
            if nxt in _RIGHT_NOUNS or (nxt in ("path", "route") and prev == "the" and self._prev(i, 2) == "on"):
                return True  # "you've got the right idea", "on the right track": correct
            if prev in _OBJ_PRONOUNS | {"you", "u", "me"} and self._prev(i, 2) in _UNDERSTAND:
                return True  # "if I'm reading this right", "if I got that right": correctly
            if prev in ("the", "my", "your", "our", "ur"):
                return False  # "on the right under", "to the right now": the side
            if prev in _RIGHT_IDIOM_PREV or (prev == "is" and self._prev(i, 2) in ("that", "it", "this")):
                return not (prev == "all" and nxt in ("side", "corner", "wall", "edge"))
            if nxt in _RIGHT_IDIOM_NEXT:
                return not (nxt == "next" and self._next(i, 2) not in ("to",))
            return False
        if base in ("left", "right") and nxt in _BODY:
            return True  # "my left hand is tired": a hand, not a side of the maze
        if base == "left":
            if nxt == "handed":
                return True  # "left-handed"
            return prev in _LEFT_IDIOM_PREV and nxt not in ("is", "please", "pls", "side", "and", "then")
        return False

    def _position(self, i: int) -> bool:
        """Whether the direction word at ``i`` names where the token is ("we're in the top left corner
        now", "we are at the bottom edge"): a subject and "in/at the" before it, a place noun after."""
        k = 1
        while k <= 3 and _dir_word(self._prev(i, k)) is not None:
            k += 1  # "top left", "very top"
        if self._prev(i, k) != "the" or self._prev(i, k + 1) not in ("in", "at", "on"):
            return False
        subject = self._prev(i, k + 2), self._prev(i, k + 3)
        if not (subject[0] in _HERE_SUBJECTS or subject in _HERE_SUBJECT_PAIRS):
            return False
        j = 1
        while j <= 3 and _dir_word(self._next(i, j)) is not None:
            j += 1
        return self._next(i, j) in _PLACES

    def _mentions(self) -> list[_Mention]:
        out: list[_Mention] = []
        words = self.words
        # clauses that talk about direction words ("left and right always confuse me"): no moves
        naming = {self.toks[k].c for k, w in enumerate(words) if w in _CONFUSE}
        for i, w in enumerate(words):
            moves = _dir_word(w)
            if moves is None and w in _LETTERS and w not in ("v",):
                prev, nxt = self._prev(i), self._next(i)
                if prev in ("go", "move", "head", "goes") and nxt in ("", "please", "pls"):
                    moves = (_LETTERS[w],)
                elif (
                    w != "u"
                    and (prev in _WALL_LETTER or nxt in _WALL_LETTER)
                    and len(self.by_clause[self.toks[i].c]) <= 4
                ):
                    moves = (_LETTERS[w],)  # "blocked N", "N blocked, go E"
            if moves is None:
                continue
            if w == "upside" and self._next(i) == "down":
                continue  # "upside down"
            if self.toks[i].c in naming or (w == "top" and self._next(i) in _TOP_IDIOM_NEXT):
                continue  # "I always mix those up", "top work"
            if w == "under" and self._next(i) not in _UNDER_NEXT and self._next(i) != "":
                continue  # "under test", "under control": not a direction
            base = w if w in ("up", "down", "right", "left") else ""
            if (base and self._idiom(i, base)) or self._position(i):
                continue  # an idiom; "we're in the top left corner now": where the token is
            m = _Mention(i, moves)
            if w in ("top", "bottom") and self._next(i) == "of" and _SCREEN & {self._next(i, 2), self._next(i, 3)}:
                m.place = True  # "a line at the top of my screen": where, not a move
            for k in (1, 2, 3, 4):
                prev = self._prev(i, k)
                if not prev or _dir_word(prev):
                    break
                if k == 4 and not all(self._prev(i, j) in _NEG_BRIDGE for j in (1, 2, 3)):
                    break  # "don't want to go up": a wider scope only across these words
                if prev in _PAST:
                    m.past = True
                if prev in _NEGATORS and (prev != "no" or k == 1 or self._next(i - k) in ("more", "longer")):
                    if not (prev == "not" and self._prev(i, k + 1) in ("why", "y")):
                        m.negated = True  # "no more going down" too
                if prev == "away" and self._next(i - k) == "from":
                    m.negated = True  # "stay away from the right side"
            if self._next(i) in ("was", "were") and not m.negated and self._next(i, 2) not in _WAS_RIGHT:
                m.past = True  # "going up was a mistake", "up was a bad idea": a judgement of the past
            if self._next(i) in _IS and (self._next(i, 2) in _BAD or self._next(i, 3) in _BAD):
                m.negated = True  # "up is bad", "left looks wrong"
            # "anything but up", "anywhere except left": a prohibition ("but" opens a clause)
            if i >= 2 and words[i - 1] in ("but", "except", "besides"):
                if words[i - 2] in _ANY or (words[i - 2] in _ANY_WAY and i >= 3 and words[i - 3] in _ANY):
                    m.negated = True  # "any direction except up" too
            out.append(m)
        return out

    # -- sentences --
    def sent_words(self, s: int) -> list[str]:
        return [self.words[k] for k in self.by_sent.get(s, ()) if self.words[k] not in "?!.;"]

    def clause_words(self, c: int) -> list[str]:
        return [self.words[k] for k in self.by_clause.get(c, ()) if self.words[k] not in "?!.;"]

    def sent_mentions(self, s: int) -> list[_Mention]:
        return list(self._sent_mentions.get(s, ()))

    def clause_mentions(self, c: int) -> list[_Mention]:
        return list(self._clause_mentions.get(c, ()))

    def clauses(self) -> list[int]:
        return sorted(self.by_clause)

    def clause_sentence(self, c: int) -> int:
        return self.toks[self.by_clause[c][0]].s

    def _listing(self, c: int) -> bool:
        """A clause that only lists directions ("to the right", "and below the token")."""
        words = self.clause_words(c)
        return bool(words) and all(_dir_word(w) is not None or w in _LIST_FILLERS or w.isdigit() for w in words)

    def segment(self, c: int, before: bool = True) -> set[int]:
        """Clause ``c`` with the direction lists next to it in its sentence ("walls to the left, to the
        right"); the lists before it only with ``before``."""
        s = self.clause_sentence(c)
        seg = {c}
        for step in (-1, 1) if before else (1,):
            k = c + step
            while any(self.toks[j].s == s for j in self.by_clause.get(k, ())) and self._listing(k):
                seg.add(k)
                k += step
        return seg

    @staticmethod
    def _listing_after(words: Sequence[str]) -> bool:
        """Whether ``words`` only list directions ("to the left", "left and down")."""
        return (
            bool(words)
            and any(_dir_word(w) for w in words)
            and all(_dir_word(w) is not None or w in _LIST_FILLERS for w in words)
        )

    def is_question(self, s: int) -> bool:
        toks = [self.toks[k] for k in self.by_sent.get(s, ())]
        if not toks:
            return False
        if toks[-1].w == "?":
            return True
        words = [t.w for t in toks if t.w not in "?!.;"]
        k = 0
        while k < len(words) - 1 and words[k] in _FILLERS:
            k += 1
        if k >= len(words):
            return False
        first = words[k]
        nxt = words[k + 1] if k + 1 < len(words) else ""
        if first in _WH:
            return not (first in ("how", "what") and nxt == "about") and not (first == "why" and nxt == "not")
        return first in _AUX and nxt in _SUBJECT and first not in ("u", "r", "any")

    def _opening(self, words: Sequence[str]) -> tuple[str, str, int]:
        k = 0
        while k < len(words) - 1 and (
            words[k] in _FILLERS or (words[k] in _INTERJECTIONS and (words[k + 1] in _WH or words[k + 1] in _AUX))
        ):
            k += 1
        first = words[k] if k < len(words) else ""
        nxt = words[k + 1] if k + 1 < len(words) else ""
        return first, nxt, k

    def interrogative(self, c: int, opening: bool = True) -> bool:
        """Whether clause ``c`` is worded as a question, with or without a question mark: a
        wh-word or an auxiliary and a subject first ("which way now", "is there a wall"), "any" and
        a noun ("any idea where it is"), the partner's presence ("you still there"), a request for
        information ("tell me where the gem is") or an open choice ("left or down"). A clause that
        does not open its sentence (``opening`` false) needs a wh-word before a verb or "way",
        "now" ... ("right, so where's the gem"; not "..., when an extra is missing"), or an
        auxiliary after fillers only ("ok, is it open")."""
        words = self.clause_words(c)
        if not words:
            return False
        first, nxt, k = self._opening(words)
        if first in _WH:
            if (first in ("how", "what") and nxt in ("about", "if")) or (first == "why" and nxt == "not"):
                return False
            if first == "what" and nxt in ("a", "an"):  # "what a maze": an exclamation
                return False
            return opening or first in _WH_CONTRACTED or nxt in _AUX or nxt in _WH_NEXT
        if first in _AUX and nxt in _SUBJECT and first not in ("u", "r", "any"):
            if first in ("do", "does") and nxt in ("it", "that", "this"):
                return False  # "do it": an imperative
            if k > 0 and words[k - 1] == "so":
                return False  # "..., and so is left": "as well", not a question
            return opening or k > 0
        if (first == "any" and nxt in _ANY_NOUNS) or (first == "anything" and nxt in _ANYTHING_NEXT):
            return True
        if opening and first in ("got", "seen", "see", "spotted", "spot") and nxt in ("any", "anything"):
            return True  # "got any walls near you": "have you got ..." without its auxiliary
        if _CHOOSE & set(words[k : k + 5]) and (first in ("you", "u") or _has_turn(words[k:])):
            return True  # "you choose", "ur turn to pick": asks the partner for the move
        if first in ("up", "down") and nxt == "for" and opening:
            return True  # "up for another round": "are you up for ..." without its auxiliary
        if [w for w in words[k:] if w not in ("your", "ur", "any")] in (["thoughts"], ["opinion"], ["ideas"]):
            return True  # "ur thoughts", "any thoughts": asks the partner
        if words[k : k + 2] in (["your", "call"], ["ur", "call"], ["your", "choice"], ["up", "to"], ["down", "to"]):
            return words[k + 1] != "to" or words[k + 2 : k + 3] in (["you"], ["u"])  # "your call", "down to you"
        if (
            opening
            and first in ("u", "you", "ya")
            and nxt in _PERCEIVE
            and words[k + 2 : k + 3] not in ([], ["it"], ["this"], ["that"])
        ):
            return True  # "u see walls", "you got any walls": a question without its auxiliary
        rest = words[k + 1 :] if first in ("r", "are") else words[k:]  # "r u there"
        if (
            rest
            and rest[0] in ("you", "u", "anyone", "anybody", "someone")
            and len(rest) <= 5
            and rest[-1] in _PRESENCE
            and all(w in _PRESENCE_FILL for w in rest[1:-1])
        ):
            return True
        if opening and first in ("u", "you", "ya", "we") and nxt in _READY and words[k + 2 :] in _READY_END:
            return True  # "u good to go", "we ready": readiness asked without its auxiliary
        j = k
        while j < len(words) - 1 and words[j] in _POLITE:
            j += 1
        lead = words[j]
        if lead in _INFO_VERBS or (lead == "let" and words[j + 1 : j + 3] == ["me", "know"]):
            rest_words = words[j + 1 :] if lead != "let" else words[j + 3 :]
            return rest_words in (["me"], ["us"], []) or any(w in _INFO_OBJECTS for w in rest_words)
        return self._open_choice(words)

    @staticmethod
    def _open_choice(words: Sequence[str]) -> bool:
        """Only moves offered with "or" ("left or down", "left, right, up or down")."""
        if "or" not in words:
            return False
        dirs = {w for w in words if _dir_word(w) is not None}
        return len(dirs) >= 2 and all(_dir_word(w) is not None or w in _FILLERS or w == "or" for w in words)

    def question_clauses(self) -> set[int]:
        """The clauses that ask: in a sentence ending with "?", the last clause and every clause that
        is worded as a question (all of them when the first one is); elsewhere the clauses worded as
        questions (:meth:`interrogative`)."""
        out: set[int] = set()
        for s in range(self.n_sent):
            idx = self.by_sent.get(s, ())
            if not idx:
                continue
            clauses: list[int] = []
            for k in idx:
                c = self.toks[k].c
                if not clauses or clauses[-1] != c:
                    clauses.append(c)
            clauses = [c for c in clauses if self.clause_words(c)] or clauses[-1:]
            ends_q = self.toks[idx[-1]].w == "?"
            if ends_q and s + 1 < self.n_sent and all(w in _ECHO for w in self.sent_words(s)):
                continue  # "right now? ok": an echo the message answers itself
            inter = [self.interrogative(c, opening=j == 0) for j, c in enumerate(clauses)]
            if len(clauses) > 1 and self._open_choice(self.sent_words(s)):
                inter = [True] * len(clauses)  # "left, right, up or down"
                self.choices.add(s)

            for j, c in enumerate(clauses):
                if inter[j] or (ends_q and (inter[0] or j == len(clauses) - 1)):
                    out.add(c)
        return out

    def wh_clause(self, c: int) -> bool:
        """Whether clause ``c`` opens with a wh-word ("where", "which way" ...)."""
        first, nxt, _ = self._opening(self.clause_words(c))
        if first not in _WH:
            return False
        return not (first in ("how", "what") and nxt == "about") and not (first == "why" and nxt == "not")

    def wh_question(self, s: int) -> bool:
        words = self.sent_words(s)
        k = 0
        while k < len(words) - 1 and words[k] in _FILLERS:
            k += 1
        if k >= len(words) or words[k] not in _WH:
            return False
        nxt = words[k + 1] if k + 1 < len(words) else ""
        return not (words[k] in ("how", "what") and nxt == "about") and not (words[k] == "why" and nxt == "not")


def _dirs_of(mentions: Sequence[_Mention], keep_negated: bool = False) -> list[Move]:
    """Distinct moves of ``mentions`` in order (negated ones only with ``keep_negated``)."""
    out: list[Move] = []
    for m in mentions:
        if m.negated and not keep_negated:
            continue
        for mv in m.moves:
            if mv not in out:
                out.append(mv)
    return out


def _treasure_dir(moves: Sequence[Move]) -> Direction:
    dx = next((_DX[m] for m in moves if m in _DX), 0)
    dy = next((_DY[m] for m in moves if m in _DY), 0)
    return Direction(dx=dx, dy=dy)  # type: ignore[arg-type]


def _sorted_moves(moves: Sequence[Move]) -> list[Move]:
    return [m for m in ("right", "up", "left", "down") if m in moves]
