"""Offline language layer for Gnomes at Night: a rule-based flag parser and a template renderer.

In Gnomes at Night two players share one token in a maze whose walls differ on each side; their
chat is reduced to one intent :class:`~language.flags.Flag` per message. The parser reads free
human chat ("dwn", "could you move the gnome up one square?", "sorry, I can't go left, wall",
"the treasure is top left of you") into exactly one flag; the renderer says a flag back in short
template sentences that the parser reads into the same flag. Neither needs a network or a model.

Representation
--------------

| message                                         | flag                                                        |
|-------------------------------------------------|-------------------------------------------------------------|
| a move request ("go left", "can you go down?")  | ``left`` ... (``stay`` for "wait", "skip", "don't move")    |
| agreement ("ok", "sure", "on it", "👍")          | ``accept``                                                  |
| refusal, inability, a single wall               | ``reject`` (``move`` = the refused move when it is named)   |
| a question ("where's the treasure?")            | ``inquiry`` with ``treasure=None`` and ``blocked=None``     |
| an answer / statement of knowledge              | ``inquiry`` with ``treasure`` (or ``None``: not seen) and   |
|                                                 | ``blocked`` = the walled moves, a list (maybe empty)        |
| chit-chat, garbage, past-tense reports          | ``none``                                                    |

Lexicon scope
-------------

* directions: left/right/up/down, west/east/north/south, top/bottom, above/below/beneath, upward(s)
  ..., compounds (northwest, top-left, up-left), arrows (``<-``, ``->``, ``^``, ``←``, ``⬆️`` ...);
  a single letter L/R/U/D/N/S/E/W/V when it is the whole message (or follows "go"/"move");
  typos: one transposition or deletion in left/right/down/north/south (``lfet``, ``rigth``,
  ``dwn``), doubled letters (``upp``, ``dowwn``, ``leeeft``) and a few common slips;
* idioms that are not directions: "hurry up", "what's up", "up to you", "calm/slow down",
  "that's right", "right now/away/there/above ...", "all right", "I left", "moves left";
* stay: stay, wait, hold on, hang on, one sec, pause, pass, skip, stop, don't move, stay put ...;
* accept: yes/yep/ya, ok/okay/okie/k, sure, done, alright, of course, will do, on it, got it,
  can do, sounds good, thanks, 👍 ✅ 👌; first-person commitments ("moving now", "I'll go up");
* reject: no/nope/nah/nooo, 👎 ❌; inability (can't, cannot, unable, not possible, stuck, no way,
  dead end); walls (wall, blocked, obstacle);
* treasure words: treasure, gem, jewel, prize, goal, gold, chest, loot, diamond, target, and a
  sentence opening with "it's"/"it is" followed by a direction ("it's below us").

Precedence rules (one flag per message; the first rule that applies wins)
------------------------------------------------------------------------

1. Non-text, empty, control characters only, or a prompt injection ("ignore your instructions
   ...") -> ``none``.
2. Inability in a statement (not a question): "can't", "cannot", "unable", "not possible", "stuck",
   "no way" ... -> ``reject``, with ``move`` = the first direction of the same clause ("I can't go
   left, try down" -> reject left), even when the message also proposes another move. "I can't
   see / find / tell ..." is not an inability to move (see 3).
3. A statement of treasure knowledge -> ``inquiry`` answer: a treasure word followed in its sentence
   by directions gives ``treasure`` (first horizontal and first vertical direction; "on the token"
   gives ``(0, 0)``); a negated one ("I can't see the treasure", "it's not on my side", "I don't
   know where it is") gives ``treasure=None``. ``blocked`` collects the directions of the wall
   sentences of the message (``[]`` if none). A treasure word after a move request ("go left to get
   the treasure") is not a statement.
4. A description of walls -> ``inquiry`` answer with ``treasure=None``: plural walls ("there are
   walls to my left and below"), two or more walled directions, "no walls", "walls everywhere".
   A bare "no walls" next to a move request gives the request ("left please, there is no wall").
5. A single wall or blocked way ("there's a wall on my right", "left is blocked", "blocked") ->
   ``reject`` with that move.
6. Moves and questions, by position (the first mentioned wins):
   * a direction that is not negated, not in an idiom and not in a past-tense report ("I moved
     left already") is a request; "Up, then left." -> ``up``; "no, go up instead" -> ``up``;
   * a strong stay cue (stay, skip, pass, don't move, stop) is ``stay``; a weak one (wait, hold
     on, one sec) counts only when no direction is named;
   * a question (ends with "?", or opens with where/which/what/how/why/who/when, or with an
     auxiliary and a subject: "is the ...", "do you ...") is an ``inquiry`` question, unless it
     names a single move and asks no wh-question and is not about the treasure or walls: then it
     is a request ("can you go down?", "maybe left?"). "left or right?" stays a question.
   An accept cue or a first-person commitment ("yes, moving left", "ok I'll move up") whose move
   is the reader's own last request (``FlagContext.last_request``) is ``accept`` instead.
7. Only negated directions ("not down", "don't go left") -> ``reject`` of that move.
8. An accept cue -> ``accept`` (a bare "ok" / "yes" accepts whatever was asked).
9. A reject cue ("no", "nope", "nah", "👎") -> ``reject``.
10. Otherwise -> ``none`` (chit-chat, insults, past-tense reports, unknown words).

Known limits: the reading is local and lexical. Sarcasm, conditionals ("if you can't go left, go
down"), counts ("two squares" is one request), references to earlier turns ("the other way",
"back") and directions relative to the partner's facing are not resolved; a treasure statement
without a direction ("the treasure is close") gives ``none``; mixed messages keep only the flag of
the highest rule (a reject beats the treasure hint that follows it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from language.acts import Intent
from language.flags import Direction, Flag, FlagContext, Move
from language.text import MAX_MESSAGE_CHARS, clean_message, straight_apostrophes

__all__ = ["GnomesParser", "GnomesRenderer", "MAX_CHARS"]

MAX_CHARS = MAX_MESSAGE_CHARS
"""Longer messages are cut to this many characters (see :func:`language.text.clean_message`)."""

_DIR_ORDER: tuple[Move, ...] = ("right", "up", "left", "down")
_DX: dict[str, int] = {"left": -1, "right": 1}
_DY: dict[str, int] = {"up": -1, "down": 1}

# ---- lexicon -------------------------------------------------------------------------------------

_BASE_DIRS: dict[str, tuple[Move, ...]] = {
    "left": ("left",),
    "right": ("right",),
    "up": ("up",),
    "down": ("down",),
    "west": ("left",),
    "east": ("right",),
    "north": ("up",),
    "south": ("down",),
    "top": ("up",),
    "bottom": ("down",),
    "above": ("up",),
    "below": ("down",),
    "beneath": ("down",),
    "underneath": ("down",),
    "upper": ("up",),
    "lower": ("down",),
    "upward": ("up",),
    "upwards": ("up",),
    "downward": ("down",),
    "downwards": ("down",),
    "leftward": ("left",),
    "leftwards": ("left",),
    "rightward": ("right",),
    "rightwards": ("right",),
    "westward": ("left",),
    "westwards": ("left",),
    "eastward": ("right",),
    "eastwards": ("right",),
    "northward": ("up",),
    "northwards": ("up",),
    "southward": ("down",),
    "southwards": ("down",),
    "northwest": ("up", "left"),
    "northeast": ("up", "right"),
    "southwest": ("down", "left"),
    "southeast": ("down", "right"),
    "topleft": ("up", "left"),
    "topright": ("up", "right"),
    "bottomleft": ("down", "left"),
    "bottomright": ("down", "right"),
    "upleft": ("up", "left"),
    "upright": ("up", "right"),
    "downleft": ("down", "left"),
    "downright": ("down", "right"),
    # common slips not covered by the generated typos
    "rite": ("right",),
    "dowm": ("down",),
    "doen": ("down",),
    "dpwn": ("down",),
    "lefr": ("left",),
    "lefy": ("left",),
    "lwft": ("left",),
    "rigjt": ("right",),
    "rught": ("right",),
    "righr": ("right",),
    "uo": ("up",),
}

_NOT_TYPOS = frozenset({"let", "own", "don", "eft", "ight"})  # real words, or slang ("ight" = alright)


def _typos(word: str) -> set[str]:
    """One transposition or one deletion of ``word`` (only for words of four letters or more)."""
    out: set[str] = set()
    for i in range(len(word) - 1):
        out.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])
    return {t for t in out if t != word and len(t) >= 3}


def _build_dirs() -> dict[str, tuple[Move, ...]]:
    table = dict(_BASE_DIRS)
    for word in ("left", "right", "down", "north", "south"):
        for typo in _typos(word):
            if typo not in table and typo not in _NOT_TYPOS:
                table[typo] = _BASE_DIRS[word]
    return table


_DIRS = _build_dirs()
_LETTERS: dict[str, Move] = {
    "l": "left",
    "r": "right",
    "u": "up",
    "d": "down",
    "w": "left",
    "e": "right",
    "n": "up",
    "s": "down",
    "v": "down",
}

_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("<--", " left "),
    ("-->", " right "),
    ("<-", " left "),
    ("->", " right "),
    ("<=", " left "),
    ("=>", " right "),
    ("^", " up "),
    ("↖", " up left "),
    ("↗", " up right "),
    ("↘", " down right "),
    ("↙", " down left "),
    ("⬅", " left "),
    ("➡", " right "),
    ("⬆", " up "),
    ("⬇", " down "),
    ("←", " left "),
    ("→", " right "),
    ("↑", " up "),
    ("↓", " down "),
    ("⇐", " left "),
    ("⇒", " right "),
    ("⇑", " up "),
    ("⇓", " down "),
    ("◀", " left "),
    ("▶", " right "),
    ("🔼", " up "),
    ("🔽", " down "),
    ("👈", " left "),
    ("👉", " right "),
    ("👆", " up "),
    ("👇", " down "),
    ("👍", " ok "),
    ("👌", " ok "),
    ("✅", " ok "),
    ("✔", " ok "),
    ("🆗", " ok "),
    ("👎", " nope "),
    ("❌", " nope "),
    ("🚫", " nope "),
    ("⛔", " nope "),
    ("🧱", " wall "),
    ("🛑", " stop "),
    ("✋", " wait "),
    ("⏸", " wait "),
    ("❓", " ? "),
    ("❔", " ? "),
)

_TREASURE = frozenset(
    {
        "treasure",
        "treasures",
        "gem",
        "gems",
        "jewel",
        "jewels",
        "prize",
        "goal",
        "gold",
        "chest",
        "loot",
        "diamond",
        "target",
    }
)
_WALL_ONE = frozenset({"wall", "blocked", "obstacle", "barrier", "closed", "blocking"})
_WALL_MANY = frozenset({"walls", "obstacles", "barriers"})
_WH = frozenset(
    {"where", "which", "what", "whats", "how", "why", "when", "who", "whose", "wat", "wut", "wheres", "hows"}
)
_AUX = frozenset(
    {
        "is",
        "are",
        "am",
        "do",
        "does",
        "did",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall",
        "may",
        "have",
        "has",
        "isnt",
        "arent",
        "dont",
        "doesnt",
        "cant",
        "wanna",
        "u",
        "any",
        "r",
    }
)
_SUBJECT = frozenset(
    {
        "you",
        "u",
        "i",
        "we",
        "there",
        "the",
        "it",
        "that",
        "this",
        "your",
        "ur",
        "my",
        "any",
        "anything",
        "a",
        "its",
        "he",
        "she",
        "they",
        "me",
        "walls",
        "treasure",
        "left",
        "right",
        "up",
        "down",
        "idea",
        "one",
        "gnome",
        "token",
    }
)
_FILLERS = frozenset(
    {
        "so",
        "ok",
        "okay",
        "and",
        "but",
        "hmm",
        "hm",
        "hmmm",
        "um",
        "uh",
        "well",
        "then",
        "now",
        "hey",
        "also",
        "oh",
        "btw",
        "ah",
        "alright",
        "k",
    }
)
_NEGATORS = frozenset({"not", "dont", "never", "avoid", "nt", "doesnt", "shouldnt", "wont", "no", "stop"})
_PAST = frozenset(
    {"moved", "went", "walked", "stepped", "headed", "came", "did", "was", "were", "had", "already", "gone"}
)
_COGNITIVE = frozenset(
    {
        "see",
        "find",
        "spot",
        "tell",
        "locate",
        "know",
        "say",
        "remember",
        "read",
        "understand",
        "hear",
        "believe",
        "wait",
        "decide",
    }
)
_MOVE_VERBS = frozenset(
    {
        "go",
        "move",
        "head",
        "lets",
        "let",
        "please",
        "try",
        "turn",
        "take",
        "step",
        "keep",
        "walk",
        "pls",
        "plz",
        "get",
        "push",
        "slide",
    }
)
_COMMIT = frozenset({"ill", "im", "moving", "going", "heading", "will", "gonna", "coming"})

_UP_IDIOM_PREV = frozenset(
    {
        "hurry",
        "whats",
        "wats",
        "sup",
        "give",
        "pick",
        "wake",
        "shut",
        "speed",
        "catch",
        "mess",
        "messed",
        "screwed",
        "set",
        "show",
        "cheer",
        "fed",
        "sign",
        "end",
        "ended",
        "fill",
        "warm",
        "grow",
        "line",
        "make",
        "made",
        "shape",
        "hold",
        "listen",
        "man",
        "buck",
        "wrap",
        "sums",
        "sum",
        "open",
        "fess",
        "heads",
    }
)
_DOWN_IDIOM_PREV = frozenset(
    {
        "calm",
        "slow",
        "settle",
        "shut",
        "sit",
        "cool",
        "break",
        "broke",
        "count",
        "letting",
        "tone",
        "narrow",
        "write",
        "wrote",
        "upside",
        "calming",
        "slowing",
        "settling",
        "track",
        "hunker",
        "knock",
        "cut",
        "chill",
        "simmer",
        "quiet",
        "boil",
        "wind",
        "breaks",
    }
)
_RIGHT_IDIOM_PREV = frozenset(
    {
        "thats",
        "youre",
        "all",
        "quite",
        "exactly",
        "sounds",
        "seems",
        "looks",
        "feels",
        "get",
        "got",
        "alright",
        "yeah",
        "ur",
        "thts",
        "yes",
        "oh",
        "r",
    }
)
_RIGHT_IDIOM_NEXT = frozenset(
    {
        "now",
        "away",
        "there",
        "here",
        "above",
        "below",
        "beneath",
        "underneath",
        "under",
        "behind",
        "beside",
        "at",
        "on",
        "in",
        "back",
        "before",
        "after",
        "where",
        "when",
        "off",
        "by",
        "over",
        "into",
        "onto",
        "through",
        "next",
        "north",
        "south",
        "east",
        "west",
        "near",
        "nearby",
        "around",
    }
)
_LEFT_IDIOM_PREV = frozenset(
    {
        "you",
        "i",
        "we",
        "they",
        "he",
        "she",
        "moves",
        "turns",
        "rounds",
        "time",
        "nothing",
        "anything",
        "something",
        "tries",
        "chances",
        "much",
        "many",
        "any",
    }
)

_ACCEPT_WORDS = frozenset(
    {
        "yes",
        "yep",
        "yup",
        "yeah",
        "yea",
        "ya",
        "yah",
        "yas",
        "ye",
        "y",
        "ok",
        "okay",
        "okey",
        "okie",
        "oki",
        "okk",
        "k",
        "kk",
        "kay",
        "sure",
        "done",
        "alright",
        "aight",
        "fine",
        "roger",
        "affirmative",
        "agreed",
        "agree",
        "absolutely",
        "definitely",
        "certainly",
        "correct",
        "perfect",
        "great",
        "cool",
        "thanks",
        "thank",
        "thx",
        "ty",
        "np",
        "deal",
        "gladly",
        "ack",
        "accepted",
        "yessir",
        "gotcha",
        "dokie",
        "okiedokie",
        "bet",
        "noted",
        "sweet",
        "awesome",
    }
)
_ACCEPT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("of", "course"),
    ("will", "do"),
    ("on", "it"),
    ("got", "it"),
    ("can", "do"),
    ("no", "problem"),
    ("sounds", "good"),
    ("sounds", "great"),
    ("good", "idea"),
    ("good", "call"),
    ("good", "plan"),
    ("looks", "good"),
    ("all", "good"),
    ("for", "sure"),
    ("go", "ahead"),
    ("you", "got", "it"),
    ("makes", "sense"),
    ("thats", "right"),
    ("that", "is", "right"),
    ("youre", "right"),
    ("all", "right"),
    ("i", "can", "do", "that"),
    ("no", "worries"),
    ("on", "my", "way"),
    ("i", "agree"),
    ("lets", "do", "it"),
    ("why", "not"),
    ("right", "away"),
)
_COMMIT_PHRASES: tuple[tuple[str, ...], ...] = (("moving",), ("moving", "now"), ("on", "it"), ("going",), ("heading",))
_REJECT_WORDS = frozenset(
    {"no", "nope", "nah", "nay", "negative", "noo", "nop", "nein", "refuse", "nada", "noway", "na"}
)
_REJECT_PHRASES: tuple[tuple[str, ...], ...] = (
    ("rather", "not"),
    ("i", "dont", "think", "so"),
    ("bad", "idea"),
    ("not", "happening"),
    ("dont", "think", "so"),
    ("not", "a", "good", "idea"),
    ("i", "wont"),
)
_INABILITY_WORDS = frozenset({"cant", "cannot", "couldnt", "unable", "impossible", "stuck", "cnt", "cant't"})
_INABILITY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("can", "not"),
    ("not", "able"),
    ("not", "possible"),
    ("no", "way"),
    ("dead", "end"),
    ("wont", "work"),
    ("doesnt", "work"),
    ("not", "an", "option"),
    ("no", "path"),
    ("no", "passage"),
    ("isnt", "possible"),
    ("is", "not", "possible"),
    ("not", "allowed"),
    ("no", "can", "do"),
)
_STRONG_STAY_WORDS = frozenset({"stay", "skip", "pass", "stop", "freeze", "remain", "idle", "staying", "halt"})
_STRONG_STAY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("dont", "move"),
    ("do", "not", "move"),
    ("stand", "still"),
    ("sit", "tight"),
    ("no", "move"),
    ("dont", "go", "anywhere"),
    ("stay", "put"),
    ("stay", "where"),
    ("not", "move"),
)
_WEAK_STAY_WORDS = frozenset({"wait", "hold", "pause", "hang", "sec", "moment", "waiting", "second"})
_WEAK_STAY_PHRASES: tuple[tuple[str, ...], ...] = (("not", "yet"), ("one", "sec"), ("give", "me", "a"), ("hold", "on"))
_INJECTION = re.compile(
    r"\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompts?|previous|above)\b|system prompt|jailbreak|you are now\b|developer mode"
)
_GREETING = re.compile(r"^\W*(what'?s|whats|wats|wassup|sup)\s*up\b|^\W*w[au]s+up\b")
_LIST_FILLERS = frozenset(
    {
        "to",
        "the",
        "and",
        "or",
        "on",
        "my",
        "your",
        "of",
        "token",
        "side",
        "also",
        "plus",
        "at",
        "me",
        "us",
        "you",
        "it",
        "gnome",
        "both",
        "directly",
        "just",
        "too",
        "as",
        "well",
        "in",
        "a",
    }
)
_EXCEPT = frozenset({"except", "but", "besides", "apart", "other", "only"})
_TREASURE_NEGATIVE = frozenset(
    {
        "cant",
        "cannot",
        "dont",
        "not",
        "no",
        "isnt",
        "nowhere",
        "never",
        "havent",
        "didnt",
        "nt",
        "invisible",
        "hidden",
        "doesnt",
    }
)
_HERE = (
    ("on", "the", "token"),
    ("at", "the", "token"),
    ("own", "cell"),
    ("same", "cell"),
    ("right", "here"),
    ("same", "square"),
)
_WORD = re.compile(r"[a-z0-9]+|[?!.,;:]")  # a colon is read and skipped ("treasure: right")


# ---- tokens --------------------------------------------------------------------------------------


@dataclass
class _Tok:
    """One word (canonical spelling) or punctuation mark, with its sentence and clause."""

    w: str
    s: int
    c: int


def _normalize(message: str) -> str:
    """NFKC, lower case, symbols to words, control characters to spaces, apostrophes dropped."""
    text = clean_message(message)  # bounded NFKC text; here line ends, tabs and private use become spaces too
    text = "".join(" " if unicodedata.category(ch) in ("Cc", "Co") else ch for ch in text)
    for sym, word in _SYMBOLS:
        text = text.replace(sym, word)
    text = text.lower()
    text = straight_apostrophes(text)
    text = re.sub(r"\b(left|right|up|down|north|south|east|west)'s\b", r"\1 is", text)
    text = re.sub(r"(?<=[a-z])'(?=[a-z])", "", text)  # don't -> dont, treasure's -> treasures
    text = re.sub(r"([a-z])\1{2,}", r"\1", text)  # nooo -> no, yesss -> yes, leeeft -> left
    return text


_CLAUSE_WORDS = frozenset({"but", "try", "so", "instead", "though", "although", "because", "cause", "since", "however"})


def _tokenize(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    s = c = 0
    for m in _WORD.finditer(text):
        w = m.group(0)
        if w in "?!.;":
            if toks and toks[-1].w not in "?!.;":
                toks.append(_Tok(w, s, c))
                s += 1
                c += 1
            elif toks and w == "?":
                toks[-1] = _Tok("?", toks[-1].s, toks[-1].c)
            elif not toks:
                toks.append(_Tok(w, s, c))
                s += 1
                c += 1
            continue
        if w == ",":
            c += 1
            continue
        if w == ":":
            continue
        if w in _CLAUSE_WORDS and toks and toks[-1].w not in "?!.;":
            c += 1
        toks.append(_Tok(w, s, c))
    return toks


def _collapse_doubles(word: str) -> str:
    return re.sub(r"(.)\1+", r"\1", word)


def _dir_word(word: str) -> tuple[Move, ...] | None:
    if word in _DIRS:
        return _DIRS[word]
    collapsed = _collapse_doubles(word)
    if collapsed != word and collapsed in ("up", "down", "left", "right", "north", "south", "west", "east"):
        return _DIRS[collapsed]
    return None


def _has_phrase(words: Sequence[str], phrase: tuple[str, ...]) -> int:
    """Index of the first occurrence of ``phrase`` in ``words``, or -1."""
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) == phrase:
            return i
    return -1


def _first_cue(words: Sequence[str], singles: frozenset[str], phrases: Sequence[tuple[str, ...]]) -> int:
    best = -1
    for i, w in enumerate(words):
        if w in singles:
            best = i
            break
    for p in phrases:
        k = _has_phrase(words, p)
        if k >= 0 and (best < 0 or k < best):
            best = k
    return best


# ---- the reading ---------------------------------------------------------------------------------


@dataclass
class _Mention:
    """A direction word at token ``i``: its moves and how it is used."""

    i: int
    moves: tuple[Move, ...]
    negated: bool = False
    past: bool = False


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
        if base == "up":
            return prev in _UP_IDIOM_PREV or (nxt == "to" and self._next(i, 2) in ("you", "u", "yourself", "ya"))
        if base == "down":
            return prev in _DOWN_IDIOM_PREV or (prev in ("me", "us", "you") and self._prev(i, 2) in ("let", "letting"))
        if base == "right":
            if prev in _RIGHT_IDIOM_PREV or (prev == "is" and self._prev(i, 2) in ("that", "it", "this")):
                return not (prev == "all" and nxt in ("side", "corner", "wall", "edge"))
            if nxt in _RIGHT_IDIOM_NEXT:
                return not (nxt == "next" and self._next(i, 2) not in ("to",))
            return False
        if base == "left":
            return prev in _LEFT_IDIOM_PREV and nxt not in ("is", "please", "pls", "side", "and", "then")
        return False

    def _mentions(self) -> list[_Mention]:
        out: list[_Mention] = []
        words = self.words
        for i, w in enumerate(words):
            moves = _dir_word(w)
            if moves is None and w in _LETTERS and w not in ("e", "s", "n", "w", "v"):
                if self._prev(i) in ("go", "move", "head", "goes") and self._next(i) in ("", "please", "pls"):
                    moves = (_LETTERS[w],)
            if moves is None:
                continue
            base = w if w in ("up", "down", "right", "left") else ""
            if base and self._idiom(i, base):
                continue
            m = _Mention(i, moves)
            for k in (1, 2, 3):
                prev = self._prev(i, k)
                if not prev or _dir_word(prev):
                    break
                if prev in _PAST:
                    m.past = True
                if prev in _NEGATORS and (prev != "no" or k == 1):
                    if not (prev == "not" and self._prev(i, k + 1) == "why"):
                        m.negated = True
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
        return bool(words) and all(_dir_word(w) is not None or w in _LIST_FILLERS for w in words)

    def segment(self, c: int) -> set[int]:
        """Clause ``c`` with the direction lists next to it in its sentence ("walls to the left, to the right")."""
        s = self.clause_sentence(c)
        seg = {c}
        for step in (-1, 1):
            k = c + step
            while any(self.toks[j].s == s for j in self.by_clause.get(k, ())) and self._listing(k):
                seg.add(k)
                k += step
        return seg

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
    def _walls(self, r: _Reading, questions: set[int]) -> tuple[list[Move] | None, bool, str | None]:
        """(blocked moves of the wall statements, is it a wall answer, refused move of a single wall)."""
        blocked: list[Move] | None = None
        answer = False
        single: str | None = None
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


# ---- renderer ------------------------------------------------------------------------------------

_MOVE_TEMPLATES = ("Can you move {m}?", "Could you go {m}?", "Please move {m}.")
_STAY_TEMPLATES = ("Can you stay where you are?", "Please stay put this turn.", "Could you wait here for a turn?")
_ACCEPT_TEMPLATES = ("Sure.", "OK, done.")
_QUESTION_TEMPLATES = ("Where is the treasure?", "Which way is the treasure from here?")
_TREASURE_PHRASES: dict[tuple[int, int], str] = {
    (-1, 1): "down and to the left of the token",
    (1, 1): "down and to the right of the token",
    (-1, -1): "up and to the left of the token",
    (1, -1): "up and to the right of the token",
    (0, 1): "directly below the token",
    (0, -1): "directly above the token",
    (-1, 0): "to the left of the token",
    (1, 0): "to the right of the token",
    (0, 0): "on the token's own cell",
}
_WALL_PHRASES: dict[str, str] = {"left": "to the left", "right": "to the right", "up": "above", "down": "below"}


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class GnomesRenderer:
    """Template renderer: one short chat message for an intent's (first) flag, worded by ``rng``.

    Every message reads back through :class:`GnomesParser` into the same flag name; a reject keeps
    its move, an answer its treasure direction and blocked set, a question stays a question.
    """

    def render(self, intent: Intent, context: FlagContext, rng: np.random.Generator) -> str:
        """Say the intent's flag as one message.

        Args:
            intent: holds one :class:`Flag` (other acts are ignored).
            context: the speaker's context (not needed by the templates).
            rng: picks among paraphrases; the same state gives the same text.

        Returns:
            The message text ("" without a flag, or for ``none``).
        """
        flag = next((a for a in intent.acts if isinstance(a, Flag)), None)
        if flag is None:
            return ""

        def pick(options: Sequence[str]) -> str:
            return options[int(rng.integers(len(options)))]

        if flag.flag == "stay":
            return pick(_STAY_TEMPLATES)
        if flag.is_move:
            return pick(_MOVE_TEMPLATES).format(m=flag.flag)
        if flag.flag == "accept":
            return pick(_ACCEPT_TEMPLATES)
        if flag.flag == "reject":
            if flag.move is not None and flag.move != "stay":
                return f"I cannot move {flag.move} because there is a wall in that direction."
            return "I cannot do that, there is a wall in that direction."
        if flag.flag == "inquiry":
            if flag.treasure is None and flag.blocked is None:
                return pick(_QUESTION_TEMPLATES)
            return self._answer(flag)
        return ""

    @staticmethod
    def _answer(flag: Flag) -> str:
        if flag.treasure is None:
            first = "I can't see the treasure this round."
        else:
            first = f"The treasure is {_TREASURE_PHRASES[(flag.treasure.dx, flag.treasure.dy)]}."
        walls = [m for m in ("left", "right", "up", "down") if m in (flag.blocked or [])]
        if not walls:
            second = "There are no walls around the token on my side."
        else:
            phrases = [_WALL_PHRASES[m] for m in walls]
            kind = "is a wall" if len(walls) == 1 else "are walls"
            of = " of" if phrases[-1].startswith("to the") else ""
            second = f"On my side there {kind} {_join(phrases)}{of} the token."
        return f"{first} {second}"
