"""Offline language layer for Traveling Adventurers: a rule-based parser and a template renderer.

The parser reads free human chat ("ok let's go to the kitchen, I get 4 there", "L -> E -> A",
"6 light coins between the bathroom and attic!") into the typed acts of :mod:`language.acts`; the
renderer says an :class:`~language.acts.Intent` back in varied wording that the parser reads exactly.
Neither needs a network or a model.

Lexicon scope
-------------

| item             | what is understood                                                                 |
|------------------|------------------------------------------------------------------------------------|
| room names       | the 14 rooms of the game's ``ROOM_CATALOGUE`` with synonyms (lounge, loft, nursery), |
|                  | case-insensitive, light typos (one substitution, deletion or transposition in words |
|                  | of five letters or more), plus "the start" / "back home" for the start room          |
| room letters     | ``L``, ``E`` ... when they look like references: upper-case standalone letters;     |
|                  | ``A`` and ``O`` only next to arrows, "to"/"from"/"do"/"try", parentheses, amounts   |
|                  | or other letters;                                                                  |
|                  | lower-case letters only inside chains such as ``l-e-a`` or ``l, e, a, b``           |
| paths            | arrows (``->``, ``-->``, ``→``), dashes, "to", "then", "and then", comma lists,      |
|                  | "between X and Y", "from X ... to Y", space-separated letters (``L E A B``); "K to C" |
|                  | names its origin, "K then C" / "K before B" / "B after K" are stops from ``at``;     |
|                  | three or more names in a comma list are a path (a whole tour when it starts at L)    |
| numbers          | digits, number words zero..twenty (and tens), "a coin", "no coins"                  |
| acts             | suggest, agree, reject, inform, ask (edge or best next move), end                   |
| chat shorthand   | u, ur, r, pls, thx ... are read as you, your, are, please, thanks in cue phrases     |
| coin ownership   | a number tied to the listener's coin kind or to "you/your" is an echo, not an inform |
|                  | ("you said 6 for L-E", "your numbers: ..."); the speaker's own amount right after an |
|                  | echo ("..., for me it's 4") counts on the echoed hallway; totals are ignored         |

Only rooms of ``DialogueContext.rooms`` are returned; mentions of rooms that are not on the board
are recognised (so they do not turn into letters or other rooms) and then dropped.

How a message is read: normalise (NFKC, quotes, control characters) -> tokens -> room mentions ->
sentences and clauses -> groups of mentions joined by path connectors -> per clause, cue phrases
decide which acts the groups and numbers make -> per sentence, agreement and rejection cues are
settled against the reader's last suggestion -> ending cues turn a full tour into ``end``.
Everything runs in time linear in the message, which is first cut to the games' message cap
(:func:`language.text.clean_message`, after NFKC normalization too).

Replies and continuations: once a message agrees to the reader's last suggestion, "then", "next",
"after that", "from there" and "after <its destination>" continue from that suggestion's end
("sounds good, then the bathroom?" -> agree + suggest K -> B), and a path that starts with the whole
suggestion accepts it and goes on ("ok, C and then back to L"). A verdict on a room ("the kitchen
sounds good", "K is fine") accepts the suggestion that ends there, else proposes the room; "instead
of X", "rather than X" and "Y over X" refuse X. A coin question without an object ("E to B, how much
do you get?") asks about the path another clause of the sentence names.

Known limits: the reading is local (sentence by sentence), so references to earlier turns ("the
one you mentioned before"), sarcasm, arithmetic and conditionals beyond "if ..." are not resolved;
ambiguous phrasing falls back to the conservative reading (no act rather than a guessed one).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from pydantic import ValidationError

from games.traveling_adventurers import ROOM_CATALOGUE  # the game owns the room facts
from language.acts import Act, Agree, Ask, End, Inform, Intent, Reject, Suggest
from language.base import DialogueContext
from language.text import clean_message

__all__ = [
    "ROOM_CATALOGUE",
    "ROOM_SYNONYMS",
    "TravelingAdventurersParser",
    "TravelingAdventurersRenderer",
]

ROOM_SYNONYMS: dict[str, tuple[str, ...]] = {
    "L": ("living room", "livingroom", "lounge", "sitting room", "living area", "family room"),
    "E": ("empty room", "emptyroom", "spare room", "vacant room"),
    "B": ("bathroom", "bath room", "restroom", "washroom", "toilet", "loo", "powder room"),
    "K": ("kitchen", "kitchenette"),
    "C": (
        "children's room",
        "childrens room",
        "children room",
        "child's room",
        "child room",
        "kids room",
        "kid's room",
        "kids' room",
        "kidsroom",
        "kid room",
        "nursery",
    ),
    "A": ("attic", "loft"),
    "G": ("garden", "yard", "backyard", "back yard"),
    "P": ("playroom", "play room", "games room", "game room", "rumpus room"),
    "D": ("dining room", "diningroom", "dining hall"),
    "S": ("study room", "studyroom"),
    "T": ("terrace", "patio", "balcony"),
    "M": ("music room", "musicroom"),
    "W": ("workshop", "work shop", "workroom", "work room"),
    "O": ("office", "home office"),
}
"""Strong synonyms: recognised wherever they occur."""

_WEAK_SYNONYMS: dict[str, tuple[str, ...]] = {
    "L": ("living",),
    "E": ("empty",),
    "B": ("bath",),
    "D": ("dining",),
    "S": ("study",),
    "M": ("music",),
}
"""Weak synonyms are ordinary words too: they count only after "the"/"from"/an arrow, or in a path."""

_AMBIGUOUS_LETTERS = frozenset({"A", "O", "I"})

# ---------------------------------------------------------------------------------------------
# Text normalisation and tokens
# ---------------------------------------------------------------------------------------------

_APOSTROPHES = str.maketrans(dict.fromkeys("’‘`´ʼ", "'"))
_TOKEN_RE = re.compile(
    r"(?P<run>[-–—=~]+>*)"  # an arrow ("-->", "=>") or dashes and signs; split in _tokenize
    r"|(?P<arrow>[→⟶⟹➔➜➝➞➟➠➡⇒⇨⇾⭢]|>+)"
    r"|(?P<num>\d+)"
    r"|(?P<word>[^\W\d_]+(?:'[^\W\d_]+)*'?)"
    r"|(?P<dash>[-–—]+)"
    r"|(?P<nl>\n)"
    r"|(?P<punct>[.,!?;:()\[\]{}/&+*\"'|…])"
    r"|(?P<sym>\S)"
)


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # word | num | arrow | dash | nl | punct | sym
    text: str
    norm: str  # lower-cased, apostrophes kept
    key: str  # lower-cased, apostrophes removed; arrows "->", dashes "-"
    start: int
    end: int


def _normalize(text: str) -> str:
    """The message as the parser reads it: :func:`~language.text.clean_message`, one apostrophe."""
    return clean_message(text).translate(_APOSTROPHES)


_DASH_RUN_RE = re.compile(r"[-–—]+|[=~]")


def _pieces(m: re.Match[str]) -> Iterable[tuple[str, str, int]]:
    """(kind, text, start) of the tokens of one match: a run of ``-=~`` is an arrow when ``>``
    ends it, else its dashes and its ``=`` / ``~`` signs (each run is scanned once: linear time)."""
    kind, raw = m.lastgroup or "sym", m.group()
    if kind != "run":
        yield kind, raw, m.start()
    elif raw.endswith(">"):
        yield "arrow", raw, m.start()
    else:
        for piece in _DASH_RUN_RE.finditer(raw):
            yield ("dash" if piece.group()[0] in "-–—" else "sym"), piece.group(), m.start() + piece.start()


def _tokenize(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    for kind, raw, start in (p for m in _TOKEN_RE.finditer(text) for p in _pieces(m)):
        norm = raw.lower()
        if kind == "arrow":
            key = "->"
        elif kind == "dash":
            key = "-"
        else:
            key = norm.replace("'", "") if kind == "word" else norm
        out.append(_Tok(kind, raw, norm, key or norm, start, start + len(raw)))
    return out


# ---------------------------------------------------------------------------------------------
# Lexicon
# ---------------------------------------------------------------------------------------------


def _name_key(name: str) -> tuple[str, ...]:
    return tuple(t.key for t in _tokenize(_normalize(name)) if t.kind == "word")


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


@dataclass(frozen=True)
class _Lexicon:
    board: tuple[str, ...]
    by_first: dict[str, list[tuple[tuple[str, ...], str, bool]]]
    fuzzy_index: dict[str, frozenset[str]]
    vocabulary: frozenset[str]
    longest: int  # letters of the longest word a typo can stand for

    def canonical(self, key: str) -> str:
        """The lexicon word ``key`` spells (exactly or with one cheap typo), else ``key``.

        Words longer than any lexicon word by two letters or more are no typo of one, and are not
        searched: the search costs the square of the word's length.
        """
        if key in self.vocabulary or len(key) < 4 or len(key) > self.longest + 1 or not key.isalpha():
            return key
        hits: set[str] = set()
        for variant in {key} | _deletes(key):
            hits |= self.fuzzy_index.get(variant, frozenset())
        hits = {h for h in hits if h[0] == key[0] and abs(len(h) - len(key)) <= 1}
        if len(key) == 4:  # short words only as a dropped letter: "atic"
            hits = {h for h in hits if key in _deletes(h)}
        return next(iter(hits)) if len(hits) == 1 else key


@lru_cache(maxsize=64)
def _lexicon(rooms: tuple[tuple[str, str], ...]) -> _Lexicon:
    entries: list[tuple[tuple[str, ...], str, bool]] = []
    for letter, names in ROOM_SYNONYMS.items():
        entries += [(_name_key(n), letter, False) for n in (ROOM_CATALOGUE[letter], *names)]
    for letter, names in _WEAK_SYNONYMS.items():
        entries += [(_name_key(n), letter, True) for n in names]
    for letter, name in rooms:  # names a board gives its rooms, if they differ from the catalogue
        entries.append((_name_key(name), letter, False))
    by_first: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
    fuzzy: dict[str, set[str]] = {}
    vocab: set[str] = set()
    for words, letter, weak in entries:
        if not words:
            continue
        by_first.setdefault(words[0], []).append((words, letter, weak))
        for w in words:
            vocab.add(w)
            if not weak and len(w) >= 5:
                for variant in {w} | _deletes(w):
                    fuzzy.setdefault(variant, set()).add(w)
    for lst in by_first.values():
        lst.sort(key=lambda e: (-len(e[0]), e[2]))
    return _Lexicon(
        board=tuple(r for r, _ in rooms),
        by_first={k: v for k, v in by_first.items()},
        fuzzy_index={k: frozenset(v) for k, v in fuzzy.items()},
        vocabulary=frozenset(vocab),
        longest=max((len(w) for words in fuzzy.values() for w in words), default=0),
    )


# ---------------------------------------------------------------------------------------------
# Cue tables (keys: lower case, apostrophes removed)
# ---------------------------------------------------------------------------------------------


def _phrases(*items: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.replace("'", "").split()) for p in items)


# fmt: off
_AGREE = _phrases(
    "yes", "yeah", "yep", "yup", "yea", "yess", "yesss", "ya", "sure", "sure thing", "for sure",
    "agreed", "agree", "i agree", "deal", "sounds good", "sounds great", "sounds perfect",
    "sounds fine", "sounds like a plan", "sounds nice", "sounds reasonable", "sounds right",
    "good idea", "great idea", "nice idea", "excellent idea", "good plan", "great plan",
    "good call", "works for me", "work for me", "that works", "this works", "works well",
    "works great", "that'd work", "that would work", "fine by me", "fine with me", "fine for me",
    "ok with me", "okay with me", "ok by me", "okay by me", "good for me", "great for me",
    "perfect for me", "happy with that", "happy with this", "i'm happy", "let's do that",
    "let's do it", "let's do this", "let's go with that", "let's go with it", "go for it",
    "absolutely", "definitely", "of course", "certainly", "i'm in", "count me in", "makes sense",
    "no problem", "not bad", "perfect", "great", "excellent", "awesome", "cool", "nice", "lovely",
    "brilliant", "fantastic", "wonderful", "alright", "all right", "yay", "accepted", "i accept",
    "accept", "on board", "love it", "love that", "i like it", "i like that", "good", "fine",
    "correct", "exactly", "indeed", "that's right", "thats right", "you're right", "roger",
    # chat shorthand, verdicts on a room ("K works"), acceptance with "with" ("ok with the kitchen")
    "sgtm", "lgtm", "ye", "yas", "yessir", "yes sir", "aye", "works", "would work", "could work",
    "should work", "will work", "would be fine", "would be ok", "would be okay", "fab", "fabulous",
    "amazing", "superb", "ideal", "solid", "sweet", "neat", "splendid", "marvellous", "marvelous",
    "terrific", "fair enough", "ok with", "okay with", "fine with", "good with", "cool with",
    "happy with", "content with", "i'm down", "im down", "go ahead", "can live with",
    "👍", "👌", "✅", "✔", "🙌", "👏", "💯",
)
_AGREE_WEAK = _phrases(
    "ok", "okay", "okey", "okie", "oki", "k", "kk", "it is", "it's", "okie dokie", "okey dokey",
    "ok go", "okay go", "kk go", "k go", "ok then", "okay then", "kk then",
)
_REJECT = _phrases(
    "no", "nope", "nah", "na", "naw", "nay", "rather not", "prefer not", "let's not", "i disagree",
    "disagree", "bad idea", "bad for me", "not ideal", "not optimal", "too few", "too little", "worse",
    "terrible", "awful", "horrible", "no way", "not really", "not for me", "not a fan", "reject",
    "decline", "bad", "poor", "don't think so", "don't like that", "do not like that",
    "don't like it", "don't like this", "hard pass", "i'll pass", "i pass", "pass on", "no from me",
    "a no for me", "is a no", "that's a no", "not keen", "not feeling it", "not a chance", "no chance",
    "not happening", "no can do", "meh", "👎", "❌", "🚫",
)
_NEUTRAL = _phrases(
    "not sure", "unsure", "no idea", "no worries", "make sure", "good morning", "good evening",
    "good afternoon", "good night", "good luck", "good job", "great job", "nice job",
    "nice to meet", "nice meeting", "good game", "not yet", "no rush", "no need", "too bad",
    "no other", "no more rooms", "fine-tune", "right now", "all other", "great working",
    "nice working", "good working", "great to work", "was great", "was good", "was nice",
    "was fun", "you're welcome", "thanks", "thank you", "good total", "great total", "nice total",
    "good score", "great score", "great game", "nice game", "fun game", "great chat", "nice chat",
)
_SUGGEST = _phrases(
    "let's", "let us", "shall we", "should we", "we should", "we could", "could we", "can we",
    "we can", "we'll", "we will", "we'd", "we would", "we go", "why don't we", "why not",
    "how about", "how bout", "what if", "i suggest", "i'd suggest", "i would suggest", "suggest",
    "i propose", "propose", "my suggestion", "suggestion", "proposal", "i'd go", "i would go",
    "i'd like to go", "i want to go", "i wanna go", "wanna go", "want to go", "i'd prefer",
    "i prefer", "i'd rather", "i would rather", "best move", "best option", "best step",
    "best choice", "best bet", "best to go", "best if", "better if", "would be best",
    "best would be", "my pick", "go with", "go for", "head to", "head over", "move to",
    "move on to", "visit", "try", "maybe", "perhaps", "next stop", "next up", "go to", "went to",
    "start with", "start by", "we're going", "we are going", "we need to go", "we must go",
    "plan is", "i'd say", "path would be", "path is", "route would be", "route is",
    "tour would be", "tour is", "go back to", "i vote", "lets head", "my plan", "the plan",
    "plan would be", "my best", "best is", "best would be", "i'd do", "we do", "good for you",
    "ok for you", "okay for you", "work for you", "works for you", "fine for you",
    "alright for you", "best next step", "best next move", "next step is", "next move is",
    "next room is", "then we", "we then", "i'm thinking", "im thinking", "i was thinking",
    "thinking of", "thinking about", "i want", "i'd want", "i'd like", "i would like", "i'd love",
    "i would love", "onward", "onwards", "off to", "i meant", "is better", "are better",
    "'s better", "would be better", "sounds better", "seems better", "better option", "better choice",
    "would be good", "would be great", "would be nice", "would be ideal", "would be perfect",
    "would be fine", "would work", "could work", "might work", "i'd pick", "i pick", "i choose",
    "i'd choose", "my vote", "vote for", "best for me", "better for you", "best for you", "worse for you",
    "easier for you", "nicer for you",
)
_COND = _phrases("if", "when", "unless", "whether", "in case")
_COND_EXCEPT = _phrases(
    "best if", "better if", "what if", "good if", "great if", "prefer if", "like it if", "fine if",
    "ok if", "okay if", "nice if",
)
_MOTION = frozenset("go going goes went head heading move moving visit visiting travel walk proceed continue".split())
_NEG_MOTION = _phrases(
    "rather not", "let's not", "lets not", "don't want to", "do not want to", "don't go", "not go",
    "shouldn't go", "should not go", "avoid", "skip", "not to", "prefer not", "won't go",
    "never go", "don't like", "do not like", "not",
)
_ASK_COIN = _phrases(
    "how many", "how much", "what do you get", "what would you get", "what'd you get",
    "what can you get", "what could you get", "what are your", "what's your", "what is your",
    "your coins", "your numbers", "your number", "your count", "your side", "do you get",
    "would you get", "can you get", "could you get", "do you have", "you get", "you collect",
    "you earn", "worth", "what do you have", "your coin", "you'd get", "you make",
    "do you collect", "what's it for you", "what about for you", "you getting", "are you getting",
    "for you", "like for you", "your numbers", "your values", "you have",
)
_ASK_IMPERATIVE = _phrases(
    "tell me", "let me know", "share", "please share", "could you share", "can you share",
    "want to know", "like to know", "wanna know", "need to know",
    "could you tell", "can you tell", "i wonder", "wondering", "curious", "give me your",
)
_BEST_NEXT = _phrases(
    "what should we do", "what do we do", "what shall we do", "where should we go",
    "where shall we go", "where do we go", "where to", "where would you go",
    "where do you want to go", "where would you like to go", "where should i go", "which room",
    "what room", "what's next", "what next", "what now", "where next", "where now", "your best",
    "best next", "your next move", "your next step", "what do you suggest",
    "what would you suggest", "what do you propose", "what would you propose",
    "what do you recommend", "what would you recommend", "what do you prefer",
    "what would you prefer", "any suggestions", "any suggestion", "any ideas", "any idea",
    "any preference", "any preferences", "your turn", "what's your plan", "what is your plan",
    "where would you head", "what would you do", "which way", "where would you want to go",
    "your move", "where should we start", "where do we start", "how should we start",
    "what's your suggestion", "what is your suggestion", "would you pick", "would you choose",
    "do you pick", "do you choose", "you pick next", "where next", "best next room", "next room",
    "where would you like to go", "where do you wanna go", "where would you want to go",
    "where should we", "where shall we", "where do we", "where can we", "where could we",
    "which one's best", "which one is best", "what would you like to do", "what do you want to do",
    "what should we do next", "best for you next",
)
_END = _phrases(
    "final path", "final tour", "final route", "final answer", "final solution", "finalize",
    "finalise", "finalized", "finalised", "submit", "submitting", "submitted", "we are done",
    "we're done", "all done", "that's it", "settled", "lock it in", "lock in", "end the game",
    "end it", "let's end", "complete tour", "full tour", "whole tour", "we decided on",
    "we're finished", "we are finished", "wrap up", "wrap it up", "i'm done", "final plan",
    "the final", "finalize it", "we agreed on", "our path is", "our tour is", "our route is",
    "final :", "final -", "final version", "final order", "final itinerary", "final decision",
    "final call", "final choice", "final one", "im done", "locking in", "lock it", "locked in",
    "our route :", "our path :", "our tour :",
)
_TOTAL = _phrases(
    "total", "totals", "in total", "sum", "combined", "together", "altogether", "overall", "each",
    "reward", "both of us", "in all", "jointly", "joint", "add up", "adds up", "between us",
    "we both", "all in all",
)
_RELATIVE = _phrases("then", "next", "after that", "afterwards", "from there", "after this", "and then")
_ANAPHOR = _phrases(
    "this way", "that way", "that path", "this path", "that route", "this route", "that hallway",
    "this hallway", "that edge", "this edge", "that move", "this move", "that one", "this one",
    "that", "this", "those", "these", "it",
)
_ASK_YOU = _phrases(
    "how about you", "what about you", "and you", "and yours", "and for you", "you", "yours",
    "how about yours", "what about yours", "what about your side", "how about your side",
    "what do you get", "how many do you get", "what about for you", "what are yours",
    "how many do you have", "and for you", "what are your numbers", "what about your coins",
)
"""Whole-clause questions back to the partner after an inform ("I get 5 there, and you?")."""
_SECOND_EXCLUDE = _phrases(
    "thank you", "you know", "do you think", "what do you think", "if you want",
    "if you like", "if you agree", "with you", "are you", "how are you", "meet you", "you too",
    "tell you", "telling you", "let you know", "show you", "give you", "told you", "for you to",
    "what do you say", "you see", "working with you", "see you later", "see you soon",
)
_ORDINAL = {
    ("first", "half"): 0,
    ("second", "half"): 1,
    ("first", "part"): 0,
    ("second", "part"): 1,
    ("first", "leg"): 0,
    ("second", "leg"): 1,
    ("third", "leg"): 2,
    ("fourth", "leg"): 3,
    ("first", "step"): 0,
    ("second", "step"): 1,
    ("third", "step"): 2,
    ("first", "hop"): 0,
    ("second", "hop"): 1,
    ("last", "leg"): -1,
    ("last", "part"): -1,
    ("last", "step"): -1,
    ("final", "leg"): -1,
    ("last", "half"): -1,
    ("other", "half"): 1,
}

_NEGATORS = frozenset(
    "not no never dont doesnt isnt wasnt wont wouldnt cant cannot didnt hardly aint arent nothing neither nor".split()
)
_CUE_NEGATORS = frozenset("not never dont doesnt shouldnt wouldnt cant cannot wont didnt".split())
_FIRST = frozenset("i i'd i'll i'm i've im me my mine myself".split())
_SECOND = frozenset("you you'd you'll you've you're youre u ur yours yourself".split())
_YOUR = frozenset({"your", "ur"})
_JOINT = frozenset("we we'd we'll we're we've us our ours".split())
_COIN_WORDS = frozenset("coin coins goins coinz coints coisn".split())
_NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
}
_NON_COIN_NOUNS = frozenset(
    "paths path rooms room options option ways way steps step moves move of people players player"
    " times time minutes minute hours hour seconds second hallways hallway edges edge turns turn"
    " messages message words word percent st nd rd th am pm x halves half legs leg days day others"
    " other ones things thing more-rooms us".split()
)
_NUM_BLOCKERS = frozenset("step option number move round turn room path top no. board game player".split())
_COIN_MODIFIERS = frozenset("more extra additional of my the total only just".split())

_LINK_DIR = frozenset(
    "-> - to then into towards toward via through onto followed before after afterwards next return"
    " returning returns thereafter till until".split()
)
_LINK_FILL = frozenset(
    ", and the go goes going went we wed well would will could can should head heading move moving"
    " proceed come coming on by that back finally lastly eventually up over straight directly ending first"
    " end at in visit visiting finish finishing and".split()
)
_LIST_LINK = frozenset({",", "and", "&", "+", "/", "the"})
_LETTER_RUN_GAP = frozenset({",", "->", "-", "to", "and", "then", "&", "/", "+"})
_STRONG_PREV_FOR_WEAK = frozenset({"the", "from", "into", "via", "through", "towards", "toward", "(", "->", "-"})
_AMBIG_PREV = frozenset(
    {
        "to",
        "from",
        "at",
        "via",
        "into",
        "towards",
        "toward",
        "visit",
        "visiting",
        "room",
        "between",
        "about",
        "(",
        "->",
        "-",
        "then",
        "reach",
        "in",
        "do",
        "try",
        "pick",
        "choose",
        "vote",
        "for",
        "or",
    }
)
_TO_MARKERS = frozenset(
    "to into towards toward visit visiting about try choose pick then next back reach enter suggestion proposal".split()
)
_CLAUSE_CONJ = frozenset(
    "but because since so while whereas although though however cause cuz plus otherwise alternatively and".split()
)
_LEADING = frozenset(
    "and but so oh ok okay well hmm hm um uh also then actually honestly wait or plus alright sorry"
    " hey hi hello ( - yes yeah".split()
)
_QWORDS = frozenset(
    "how hows what whats which where wheres why who do does did can could would will shall should is"
    " are isnt arent any".split()
)
_BARE_FILLER = frozenset(
    "the then and next first instead maybe perhaps again finally lastly back to from via through"
    " towards toward into onto go it is so or also please pls plz ok okay hmm oh well um uh i think"
    " guess say right now after that afterwards - -> , : ( ) ! ? . & + / yes yeah sure no its we"
    " lets let's how about there here route path tour plan full whole complete order lol haha hah hehe"
    " lmao xd tbh btw imo honestly actually".split()
)
_SEQ_WORDS = frozenset("then after afterwards before next followed thereafter".split())
"""Links that order destinations ("K then C", "K before B") rather than name an origin ("K to C")."""
_NO_BEFORE = frozenset(
    "problem worries worry idea doubt more other need one coins coin light ghost extra rooms matter".split()
)
_CHAT_KEYS = {
    "u": "you",
    "ur": "your",
    "yr": "your",
    "urs": "yours",
    "r": "are",
    "wat": "what",
    "wut": "what",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "cuz": "because",
    "coz": "because",
    "bc": "because",
    "b4": "before",
    "nxt": "next",
    "abt": "about",
}
"""Chat spellings read as the words they stand for when cue phrases are matched."""
_INTENSIFIERS = frozenset("definitely absolutely certainly surely totally indeed really".split())
"""Agreement words that are only adverbs unless they open the clause ("we should definitely go")."""
_EVALUATIVE = frozenset(
    "good great nice cool perfect fine excellent awesome lovely brilliant fantastic wonderful".split()
)
"""Agreement adjectives that judge an amount, not a suggestion, in a clause with a number."""
_COPULA = frozenset(
    "is s are would be will could should might sounds sound seems seem looks look works work d also"
    " too really pretty very definitely probably then".split()
)
"""Words between a room and a judgement of it ("the kitchen would be good", "K is fine")."""
_YOUR_NOUNS = frozenset(
    "numbers number side values value count coins coin map view board score scores amounts amount figures"
    " figure total totals".split()
)
"""Nouns that make "your" the partner's coins ("your numbers: E-A 5")."""
_TRAILING = frozenset("thanks please lol haha mate buddy partner friend".split())
"""Words that may close a reply without changing it ("k thx", "yes please")."""
_POLARITY_LEAD = frozenset("oh hmm hm um uh well sorry so ah mmm , - ( but and lol haha hah ugh meh".split())
_THERE_STOP = frozenset("is are s was were will would might may isnt arent wasnt werent be".split())
_GREETING_BEFORE_THERE = frozenset("hi hello hey hiya howdy".split())
# fmt: on


def _phrase_index(table: Iterable[tuple[str, ...]]) -> dict[str, list[tuple[str, ...]]]:
    index: dict[str, list[tuple[str, ...]]] = {}
    for p in table:
        index.setdefault(p[0], []).append(p)
    for lst in index.values():
        lst.sort(key=len, reverse=True)
    return index


_INDEX: dict[str, dict[str, list[tuple[str, ...]]]] = {
    name: _phrase_index(table)
    for name, table in {
        "agree": _AGREE,
        "agree_weak": _AGREE_WEAK,
        "reject": _REJECT,
        "neutral": _NEUTRAL,
        "suggest": _SUGGEST,
        "cond": _COND,
        "cond_except": _COND_EXCEPT,
        "neg_motion": _NEG_MOTION,
        "ask_coin": _ASK_COIN,
        "ask_imp": _ASK_IMPERATIVE,
        "best_next": _BEST_NEXT,
        "end": _END,
        "total": _TOTAL,
        "relative": _RELATIVE,
        "anaphor": _ANAPHOR,
        "ask_you": _ASK_YOU,
        "second_exclude": _SECOND_EXCLUDE,
    }.items()
}


def _find(keys: Sequence[str], lo: int, hi: int, index: dict[str, list[tuple[str, ...]]]) -> list[tuple[int, int]]:
    """All (start, end) spans in ``keys[lo:hi]`` that match a phrase of ``index`` (longest first)."""
    out: list[tuple[int, int]] = []
    i = lo
    while i < hi:
        for phrase in index.get(keys[i], ()):
            n = len(phrase)
            if i + n <= hi and tuple(keys[i : i + n]) == phrase:
                out.append((i, i + n))
                break
        i += 1
    return out


# ---------------------------------------------------------------------------------------------
# Room mentions and groups
# ---------------------------------------------------------------------------------------------


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


def _match_start_room(toks: Sequence[_Tok], i: int) -> int | None:
    """Token index where a reference to the start room ("back to the start", "home") ends."""
    key, prev, nxt = toks[i].key, _prev_key(toks, i), _next_key(toks, i)
    if key in ("starting", "start") and prev == "the" and nxt in ("room", "point", "place"):
        return i + 1
    if key in ("start", "beginning") and prev == "the" and nxt not in ("of", "with", "by"):
        return i
    if key == "home" and prev in ("back", "go", "going", "head", "return", "returning", "then", "and"):
        return i
    return None


def mentioned_rooms(message: str, context: DialogueContext) -> set[str]:
    """The board rooms ``message`` names, by name, synonym ("the lounge") or letter."""
    text = _normalize(message)
    toks = _tokenize(text)
    lex = _lexicon(tuple(context.rooms.items()))
    return {m.room for m in _find_mentions(text, toks, lex, context.start) if m.on_board}


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
            linked_after = nxt in _LINK_DIR and any(k in starts or k in weak_starts for k in range(m.j + 1, m.j + 4))
            if prev in _STRONG_PREV_FOR_WEAK or nxt in ("->", "-", ")") or linked_before or linked_after:
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
    if all(k in _LINK_DIR or k in _LINK_FILL for k in keys):
        if any(k in _LINK_DIR for k in keys):
            return "seq"
        if set(keys) <= _LIST_LINK:
            return "list"
    return "break"


def _marker(toks: Sequence[_Tok], i: int) -> str:
    prev = _prev_key(toks, i, frozenset({"the"}))
    if prev in ("from", "leaving", "starting"):
        return "from"
    if prev == "between":
        return "between"
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


# ---------------------------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Num:
    i: int
    j: int  # last token of the amount ("a single coin", "5.5")
    value: int | None  # None: an amount that is no coin count ("-5", "5.5"); it says no coin fact


_ONE_BLOCK_BEFORE = frozenset("this that the which each every other another no any some".split())
_AMOUNT_MODIFIERS = frozenset("single extra more additional measly light ghost only".split())


def _numbers(toks: Sequence[_Tok], keys: Sequence[str], lo: int, hi: int) -> list[_Num]:
    """Coin amounts in ``toks[lo:hi]``: digits, number words, "a coin", "no coins" (not room keys)."""
    out: list[_Num] = []
    modifiers_end = lo  # the first token after the last run of amount modifiers scanned
    i = lo
    while i < hi:
        t = toks[i]
        value: int | None = None
        j = i
        whole = True  # a whole, non-negative amount
        if keys[i] == "<room>":
            pass
        elif t.kind == "num":
            value = int(t.text) if len(t.text) <= 4 else None
            j, whole = _decimal_end(toks, i, hi)
            whole = whole and not _negative(toks, i)
        elif t.kind == "word" and t.key in _NUMBER_WORDS:
            value = _NUMBER_WORDS[t.key]
            whole = not _negative(toks, i)
            if t.key == "one" and (
                _prev_key(toks, i) in _ONE_BLOCK_BEFORE or _next_key(toks, i) in ("of", "another", "way")
            ):
                value = None
        elif t.kind == "word" and t.key in ("a", "an", "no", "single"):
            k = max(i + 1, modifiers_end)  # "single single ...": a run already scanned is skipped
            while k < hi and toks[k].key in _AMOUNT_MODIFIERS:
                k += 1
            modifiers_end = k
            if k < hi and toks[k].key in _COIN_WORDS:
                value, j = (0 if t.key == "no" else 1), k
        elif t.kind == "word" and t.key in ("nothing", "none"):
            if _prev_key(toks, i) in ("get", "collect", "earn", "make", "is", "be", "have", "gives", "give", ":", "="):
                value = 0
        if value is not None and value <= 1000:
            nxt, prev = _next_key(toks, j), _prev_key(toks, i)
            list_number = nxt in (")", ".", ":") and (i == 0 or toks[i - 1].kind == "nl" or prev in ("-", "*"))
            if nxt not in _NON_COIN_NOUNS and prev not in _NUM_BLOCKERS and nxt != "%" and not list_number:
                out.append(_Num(i, j, value if whole else None))
        i = j + 1
    return out


def _decimal_end(toks: Sequence[_Tok], i: int, hi: int) -> tuple[int, bool]:
    """The last token of the number written from token ``i`` and whether it is whole: "5.5" ends
    two tokens on and is not, "7.0" is, ".5" (a point after a space) is not."""
    if (
        i + 2 < hi
        and toks[i + 1].text == "."
        and toks[i + 2].kind == "num"
        and toks[i].end == toks[i + 1].start
        and toks[i + 1].end == toks[i + 2].start
    ):
        return i + 2, not toks[i + 2].text.strip("0")
    point = toks[i - 1] if i > 0 else None
    if point is not None and point.text == "." and point.end == toks[i].start:
        return i, not (i == 1 or toks[i - 2].end < point.start)
    return i, True


def _negative(toks: Sequence[_Tok], i: int) -> bool:
    """Whether the amount at token ``i`` is negative: "-5", "−5", "minus five"; not a dash between
    words or amounts ("L-E-5", "5-6")."""
    if _prev_key(toks, i) in ("minus", "negative"):
        return True
    sign = toks[i - 1] if i > 0 else None
    if sign is None or sign.end != toks[i].start or not (sign.kind == "dash" or sign.text == "−"):
        return False
    before = toks[i - 2] if i > 1 else None
    return before is None or before.end < sign.start or before.kind in ("punct", "sym", "nl")


# ---------------------------------------------------------------------------------------------
# Sentences and clauses
# ---------------------------------------------------------------------------------------------

_TERMINATORS = frozenset(".!?;…")


def _is_terminator(toks: Sequence[_Tok], i: int) -> bool:
    t = toks[i]
    if t.kind == "nl":
        return True
    if t.kind != "punct" or t.text not in _TERMINATORS:
        return False
    if t.text == "." and 0 < i < len(toks) - 1 and toks[i - 1].kind == "num" and toks[i + 1].kind == "num":
        return toks[i - 1].end != t.start or t.end != toks[i + 1].start  # 5.5 is not a full stop
    if t.text == "." and 0 < i < len(toks) - 1 and toks[i + 1].kind == "num" and toks[i - 1].end < t.start:
        return t.end != toks[i + 1].start  # "is .5": a decimal point
    return True


def _sentences(toks: Sequence[_Tok]) -> list[tuple[int, int, bool]]:
    """(start, end, ends_with_question_mark) for each sentence."""
    out: list[tuple[int, int, bool]] = []
    lo = i = 0
    n = len(toks)
    while i < n:
        if not _is_terminator(toks, i):
            i += 1
            continue
        j, question = i, False
        while j < n and _is_terminator(toks, j):
            question |= toks[j].text == "?"
            j += 1
        if i > lo:
            out.append((lo, i, question))
        lo = i = j
    if lo < n:
        out.append((lo, n, False))
    return out


def _clause_bounds(toks: Sequence[_Tok], lo: int, hi: int, groups: Sequence[_Group]) -> list[tuple[int, int]]:
    inside: set[int] = set()
    for g in groups:
        inside.update(range(g.i + 1, g.j))
    bounds: list[tuple[int, int]] = []
    start = lo
    for i in range(lo, hi):
        if i in inside:
            continue
        t = toks[i]
        spaced_dash = (
            t.kind == "dash" and i > lo and toks[i - 1].end < t.start and (i + 1 >= hi or t.end < toks[i + 1].start)
        )
        if t.key == "," or spaced_dash:
            if i > start:
                bounds.append((start, i))
            start = i + 1
        elif t.kind == "word" and t.key in _CLAUSE_CONJ and i > start:
            bounds.append((start, i))
            start = i
    if start < hi:
        bounds.append((start, hi))
    return bounds


@dataclass(slots=True)
class _Clause:
    lo: int
    hi: int
    question: bool
    groups: list[_Group]
    hits: dict[str, list[tuple[int, int]]]


# ---------------------------------------------------------------------------------------------
# The parser
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Cand:
    pos: int
    act: Act
    kind: str  # suggest | agree | reject | inform | ask | end
    rooms: tuple[str, ...] = ()
    full: bool = False  # a suggestion that visits every room of the board
    explicit: bool = False  # a path written with its origin
    cont: bool = False  # leaves from the end of the reader's suggestion the message agreed to


@dataclass(slots=True)
class _State:
    """What one message has established so far (for "there", "then", "that path")."""

    ctx: DialogueContext
    last_path: list[str] | None = None
    last_sugg: list[str] | None = None
    prev_ask: bool = False
    prev_edges: list[tuple[str, str]] = field(default_factory=list)
    polarity_at: list[int] = field(default_factory=list)  # tokens of the reply cues so far, in order
    polarity_kind: list[str] = field(default_factory=list)  # agree | reject, for each of them
    recent_inform_edges: list[tuple[str, str]] = field(default_factory=list)


def _make(factory: Callable[..., Act], **kwargs: object) -> Act | None:
    try:
        return factory(**kwargs)
    except ValidationError:
        return None


def _hops(path: Sequence[str]) -> list[tuple[str, str]]:
    return list(zip(path, path[1:], strict=False))


class TravelingAdventurersParser:
    """Rule-based reader of Traveling Adventurers chat: message -> ordered, de-duplicated acts.

    The parser never raises on text: garbage, huge inputs and instructions hidden in a message are
    read as data and yield only the acts really written there (often none).
    """

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        """Read ``message`` (written by the partner described in ``context``) into acts.

        Args:
            message: free chat text.
            context: what the reader knows; ``speaker_coins`` is the author's coin kind.

        Returns:
            The acts in message order, exact duplicates removed.
        """
        if not isinstance(message, str) or not context.rooms:
            return []
        text = _normalize(message)  # cut first: nothing below reads more than the message cap
        toks = _tokenize(text)
        if not toks:  # blank
            return []
        lex = _lexicon(tuple(context.rooms.items()))
        mentions = _find_mentions(text, toks, lex, context.start)
        keys = [_CHAT_KEYS.get(t.key, t.key) if t.kind == "word" else t.key for t in toks]
        for m in mentions:  # room words are not cue words ("K" is not "k" = ok)
            for k in range(m.i, m.j + 1):
                keys[k] = "<room>"
        state = _State(context)
        per_sentence: list[list[_Cand]] = []
        end_cues: list[int | None] = []
        starts = [m.i for m in mentions]
        for lo, hi, question in _sentences(toks):
            own = [m for m in mentions[bisect.bisect_left(starts, lo) : bisect.bisect_left(starts, hi)] if m.j < hi]
            reader = _SentenceReader(toks, keys, own, lo, hi, question, state)
            cands, end_pos = reader.read()
            per_sentence.append(cands)
            end_cues.append(end_pos)
        _finish_ends(per_sentence, end_cues, context)
        _confirm_across(per_sentence, context)
        acts = [c.act for cands in per_sentence for c in cands]
        if any(isinstance(a, Agree) and a.path for a in acts):  # "ok! ... yes, kitchen it is"
            acts = [a for a in acts if not (isinstance(a, Agree) and not a.path)]
        if any(isinstance(a, Reject) and a.path for a in acts):
            acts = [a for a in acts if not (isinstance(a, Reject) and not a.path)]
        seen: set[str] = set()
        out: list[Act] = []
        for act in acts:
            key = act.model_dump_json()
            if key not in seen:
                seen.add(key)
                out.append(act)
        return out


class _SentenceReader:
    """Reads one sentence, clause by clause, into candidate acts."""

    def __init__(
        self,
        toks: Sequence[_Tok],
        keys: Sequence[str],
        mentions: list[_Mention],
        lo: int,
        hi: int,
        question: bool,
        st: _State,
    ) -> None:
        self.toks, self.keys, self.lo, self.hi, self.question, self.st = toks, keys, lo, hi, question, st
        self.ctx = st.ctx
        self.groups = _build_groups(toks, mentions)
        bounds = _clause_bounds(toks, lo, hi, self.groups)
        self.clauses: list[_Clause] = []
        starts = [g.i for g in self.groups]
        for c_lo, c_hi in bounds:
            first = c_lo
            while first < c_hi and (keys[first] in _LEADING or toks[first].kind in ("punct", "dash", "sym")):
                first += 1
            is_q = (question and (c_lo, c_hi) == bounds[-1]) or (first < c_hi and keys[first] in _QWORDS)
            hits = {name: _find(keys, c_lo, c_hi, idx) for name, idx in _INDEX.items()}
            in_cue = {k for a, b in hits["suggest"] for k in range(a, b)}  # "work for you" is no coin question
            hits["ask_coin"] = [(s, e) for s, e in hits["ask_coin"] if not {s, e - 1} <= in_cue] + [
                (k, k + 1) for k in range(c_lo, c_hi - 1) if keys[k] == "your" and keys[k + 1] == "<room>"
            ]  # "tell me your E-B"
            cg = self.groups[bisect.bisect_left(starts, c_lo) : bisect.bisect_left(starts, c_hi)]
            self.clauses.append(_Clause(c_lo, c_hi, is_q, cg, hits))
        self.clause_los = [cl.lo for cl in self.clauses]
        number_at = [n.i for n in _numbers(toks, keys, lo, hi)]
        self.sentence_numbers = bool(number_at)
        self.group_ends = {g.j for g in self.groups}
        self.last_content = max([g.i for g in self.groups] + number_at + [-1])  # last room or amount
        # "E to B, how much do you get?": a coin question without an object asks about the path
        # another clause of the sentence names
        self.borrow_ask = (
            question
            and not self.sentence_numbers
            and any(
                cl.hits["ask_coin"]
                and not cl.groups
                and not cl.hits["anaphor"]
                and not any(keys[k] == "there" for k in range(cl.lo, cl.hi))
                for cl in self.clauses
            )
        )
        self._spans: dict[tuple[int, int], tuple[int, int]] = {}
        self._paths: tuple[list[int], list[list[str]]] = ([], [])  # this clause's paths, by position
        self.cands: list[_Cand] = []
        self._blocked_paths: set[tuple[str, ...]] = set()
        self._blocked_upto = 0
        self.anchor: tuple[int, list[str]] | None = None  # "from X": where later destinations leave from
        self.cont: set[int] = set()  # groups that continue from the reader's agreed suggestion
        self.anchor_cont = False  # the anchor is the end of the reader's agreed suggestion
        sentence_keys = set(keys[lo:hi])
        self.coin_context = bool(sentence_keys & _COIN_WORDS) or st.ctx.speaker_coins.lower() in sentence_keys
        self.sentence_rooms: list[str] = [r for g in self.groups if g.on_board for r in g.rooms]
        self.rooms_on_board = bool(self.sentence_rooms)  # some group of the sentence names board rooms
        self.prev_one_edge = len(set(st.prev_edges)) == 1  # the sentence before spoke of one hallway
        inside = {k for g in self.groups for k in range(g.i + 1, g.j)}
        self.relative = [s for s, _ in _find(keys, lo, hi, _INDEX["relative"]) if keys[s] != "from" and s not in inside]
        self.polarity: list[tuple[int, str]] = []
        self.end_pos: int | None = None
        self.mode_prev = ""
        self.pending: list[tuple[int, tuple[str, str] | None, int]] = []
        self.pending_had_numbers = True
        self.edges: list[tuple[str, str]] = []
        self.informs: list[tuple[str, str]] = []
        self.echoes: list[tuple[str, str]] = []  # edges whose number the message gave to the reader
        self.echo_set: set[tuple[str, str]] = set()
        self.asked = False

    # -- driver -----------------------------------------------------------------------------------

    def read(self) -> tuple[list[_Cand], int | None]:
        for cl in self.clauses:
            self._clause(cl)
        self._settle_polarity()
        order = {"agree": 0, "reject": 0, "suggest": 1}
        self.cands.sort(key=lambda c: (c.pos, order.get(c.kind, 2)))
        st = self.st
        st.prev_ask = self.asked
        st.prev_edges = self.edges + self.informs + self.echoes
        if self.informs:
            st.recent_inform_edges = self.informs
        return self.cands, self.end_pos

    def _clause(self, cl: _Clause) -> None:
        keys, h, st, ctx = self.keys, cl.hits, self.st, self.ctx
        polarity = self._polarity(cl)
        self.polarity += polarity
        for p, k in sorted(polarity):  # clauses come in order, so the log stays sorted
            st.polarity_at.append(p)
            st.polarity_kind.append("reject" if k == "reject" else "agree")
        done = [(k, k + 1) for k in range(cl.lo, cl.hi) if keys[k] in ("done", "finished", "fin")]
        if h["end"] and not cl.question and self.end_pos is None:
            self.end_pos = h["end"][0][0]
        elif done and not cl.question and self.end_pos is None and self._whole(cl, done):
            self.end_pos = done[0][0]  # "done!"
        for k in range(cl.lo, cl.hi - 1):  # "from there" / "from here"
            if keys[k] == "from" and keys[k + 1] in ("there", "here"):
                origin = ctx.current
                if keys[k + 1] == "there" and st.last_path:
                    origin = st.last_path[-1]
                elif keys[k + 1] == "there" and self._continuation(k):
                    origin = self._continuation(k) or origin  # "agreed, from there the attic"
                    self.anchor_cont = True
                self.anchor = (k, [origin])
        path_before = st.last_path
        resolved = self._resolve_all(cl)
        with_paths = [(g.i, p) for g, p in resolved if p and len(p) >= 2]
        self._paths = ([i for i, _ in with_paths], [p for _, p in with_paths])
        dest = [(g, p) for g, p in resolved if p and not (g.marker in ("from", "after") and len(g.members) == 1)]
        used: set[int] = set()
        numbers = _numbers(self.toks, self.keys, cl.lo, cl.hi)

        group_starts = {g.i for g in cl.groups}
        cue_cover = {  # negations inside a suggestion cue: "why not", "why don't we"
            k for a, b in h["suggest"] if any(keys[j] in _CUE_NEGATORS for j in range(a, b)) for k in range(a, b)
        }
        neg = [
            s
            for s, e in h["neg_motion"]
            if s not in cue_cover and (keys[s] != "not" or (e < cl.hi and keys[e] in _MOTION))
        ]
        neg += [
            s
            for s, e in h["neg_motion"]
            if keys[s] == "not" and s not in cue_cover and e < cl.hi and (keys[e] == "the" or e in group_starts)
        ]
        refused = {k for a, b in h["neg_motion"] if keys[a] != "not" for k in range(a, b)}
        cues = [s for s, _ in h["suggest"] if s not in refused]
        cues += [p for p, k in polarity if k == "agree_pred"]
        negated_cues = [s for s in cues if self._negated(s, cl.lo, cue_cover)]  # "I don't think we should go"
        cues = [s for s in cues if s not in negated_cues]
        neg += negated_cues
        ask_imp = bool(h["ask_imp"])
        rejecting = any(k == "reject" for _, k in polarity)
        bare = self._bare(cl) and not rejecting  # "kitchen's bad for me" judges, it does not propose
        asking = cl.question or ask_imp or (self.question and not self.sentence_numbers)
        is_ask = (asking and bool(h["ask_coin"]) and not numbers) or (self.borrow_ask and bare and not cues)
        what_about = [s for s in range(cl.lo, cl.hi - 1) if keys[s] == "what" and keys[s + 1] == "about"]
        how_about = [s for s in range(cl.lo, cl.hi - 1) if keys[s] == "how" and keys[s + 1] == "about"]
        motion = any(keys[k] in _MOTION for k in range(cl.lo, cl.hi))
        wa_edge = bool(what_about) and not motion and any(len(g.members) == 2 for g, _ in dest) and not numbers
        inherit_ask = (
            (st.prev_ask or self.mode_prev == "ask")
            and not cues
            and not numbers
            and bool(dest)
            and (cl.question or self.question or (self.mode_prev == "ask" and bare))
            and (bool(what_about) or bare)
        )

        self._best_next(cl, dest)
        self._informs(cl, resolved, numbers, path_before, used)
        ask_back = cl.question and self._whole(cl, h["ask_you"]) and not cl.groups and not numbers
        if ask_back:
            for e in self.st.recent_inform_edges + self.informs:  # "I get 5 there, and you?"
                act = _make(Ask, edge=e)
                if act:
                    self.cands.append(_Cand(h["ask_you"][0][0], act, "ask", rooms=e))
                    self.asked = True
        elif is_ask or wa_edge or inherit_ask:
            self._asks(cl, [(g, p) for g, p in dest if id(g) not in used], path_before, used)
        else:
            bare_ok = bare and (not self.sentence_numbers or (cl.question and not numbers))
            # a route of three or more rooms is a proposal even inside other words ("route: E, K, C")
            you = any(self.toks[k].norm in _SECOND for k in range(cl.lo, cl.hi))  # "you suggested L-E-A"
            route = not you and any(len(set(g.rooms)) >= 3 and not self._recap(p) for g, p in dest)
            bare_ok = bare_ok or (route and not numbers and not rejecting)
            self._suggestions(cl, dest, used, cues, neg, bare_ok, bool(what_about or how_about))
        if cues and not dest and not numbers and any(self.keys[k] in _MOTION for k in range(cl.lo, cl.hi)):
            there = [k for k in range(cl.lo, cl.hi) if self._there(k)]
            edge = self._there_edge(there[0], path_before) if there else None
            conditional = any(s < there[0] for s, _ in h["cond"]) if there else True
            act = _make(Suggest, path=list(edge)) if edge and not conditional and not neg else None
            if act:  # "can we go there instead?"
                self.cands.append(_Cand(min(cues), act, "suggest", rooms=edge))
        self._path_rejects(dest, used, cues, [p for p, k in polarity if k == "reject"])
        if self.end_pos is not None:  # a full tour written in an ending sentence, with or without cue
            for g, p in resolved:
                if p and id(g) not in used and _tour_like(p, ctx):
                    act = _make(Suggest, path=p)
                    if act:
                        self.cands.append(_Cand(g.i, act, "suggest", rooms=tuple(p), full=True, explicit=True))
                        used.add(id(g))

    # -- rooms ------------------------------------------------------------------------------------

    def _resolve_all(self, cl: _Clause) -> list[tuple[_Group, list[str] | None]]:
        st = self.st
        resolved: list[tuple[_Group, list[str] | None]] = []
        for g in cl.groups:
            if not g.on_board:
                resolved.append((g, None))
                continue
            path = self._resolve(g, cl.hi)
            if g.marker in ("from", "after") and len(g.members) == 1 and path:
                self.anchor = (g.i, path)
                self.anchor_cont = id(g) in self.cont
                path = [g.rooms[0]]
            resolved.append((g, path))
            if path and len(path) >= 2:
                st.last_path = path
        for idx, (g, _path) in enumerate(resolved):  # "to the kitchen from the attic"
            if g.on_board and g.marker == "to" and len(g.members) == 1 and idx + 1 < len(resolved):
                nxt, _ = resolved[idx + 1]
                if nxt.marker == "from" and len(nxt.members) == 1 and nxt.on_board and nxt.rooms[0] != g.rooms[0]:
                    resolved[idx] = (g, [nxt.rooms[0], g.rooms[0]])
                    st.last_path = [nxt.rooms[0], g.rooms[0]]
        return resolved

    def _recap(self, path: list[str]) -> bool:
        """Whether ``path`` only retells the agreed path (and our pending suggestion): "so far L -> E -> K"."""
        history = list(self.ctx.visited)
        last = self.ctx.last_suggestion
        if last and history and last[0] == history[-1]:
            history += last[1:]
        return len(path) <= len(history) and history[: len(path)] == path

    def _continuation(self, k: int) -> str | None:
        """The end of the reader's last suggestion when the message agreed to it before token ``k``."""
        last = self.ctx.last_suggestion
        idx = bisect.bisect_left(self.st.polarity_at, k)  # the latest reply cue before ``k``
        return last[-1] if last and idx and self.st.polarity_kind[idx - 1] == "agree" else None

    def _resolve(self, g: _Group, hi: int) -> list[str] | None:
        """The path group ``g`` names, read in the clause that ends at ``hi``."""
        rooms = g.rooms
        if g.marker == "from":
            return rooms if len(rooms) >= 2 else [rooms[0]]
        if g.marker == "between":
            return rooms
        if len(rooms) >= 2 and g.kind == "seq" and g.marker in ("bare", "to"):
            gap = {t.key for t in self.toks[g.members[0].j + 1 : g.members[1].i]}
            sequential = g.reorder or "then" in gap or bool(gap & _SEQ_WORDS and not gap & {"to", "->", "-"})
            if not sequential and (g.marker == "bare" or gap & {"to", "->", "-"}):
                return rooms  # "L -> E -> A", "how about K to C?": the path names its origin
        if g.kind == "list" and len(rooms) >= len(self.ctx.rooms) and rooms[0] == self.ctx.start:
            return rooms  # a whole tour written as a list of names
        relative = self._relative_cue(g, hi)
        if self.anchor is not None and self.anchor[0] < g.i:
            prefix = self.anchor[1]
            if self.anchor_cont:
                self.cont.add(id(g))
        elif self.st.last_path and relative:
            prefix = [self.st.last_path[-1]]
        elif relative and self._continuation(g.i) not in (None, rooms[-1]):
            prefix = [self._continuation(g.i) or ""]  # "sounds good, then the bathroom": from its end
            self.cont.add(id(g))
        else:
            prefix = [self.ctx.current]
        if g.marker == "after":  # "after the attic, the bathroom": the attic is a stop on the way
            prefix = self._after_prefix(g, prefix)
        path = [*prefix, *rooms[1:]] if prefix[-1] == rooms[0] else [*prefix, *rooms]
        return path if len(path) >= 2 or g.marker == "after" else None

    def _relative_cue(self, g: _Group, hi: int) -> bool:
        """Whether a relative cue ("then", "next") before ``hi`` precedes ``g`` or follows it in its clause."""
        cues = self.relative  # sorted token positions
        n = bisect.bisect_left(cues, hi)
        if not n:
            return False
        k = bisect.bisect_right(cues, g.j)
        return cues[0] < g.i or (k < n and cues[k] < self._clause_end(g))

    def _after_prefix(self, g: _Group, prefix: list[str]) -> list[str]:
        """Where "after X" leaves from: X itself when the talk already ends there, else a stop at X."""
        x = g.rooms[0]
        ends = {prefix[-1]}
        if self.st.last_path:
            ends.add(self.st.last_path[-1])
        last = self.ctx.last_suggestion
        if last and x == last[-1]:
            self.cont.add(id(g))
            return [x]
        return [x] if x in ends else [*prefix, x]

    def _clause_end(self, g: _Group) -> int:
        k = bisect.bisect_right(self.clause_los, g.i) - 1
        return self.clauses[k].hi if k >= 0 else self.hi

    def _there(self, k: int) -> bool:
        keys = self.keys
        if keys[k] != "there" or self.toks[k].norm != "there":
            return False
        prev = keys[k - 1] if k > 0 else ""
        nxt = keys[k + 1] if k + 1 < len(keys) else ""
        return prev not in _GREETING_BEFORE_THERE and prev != "from" and nxt not in _THERE_STOP

    def _path_before(self, k: int) -> list[str] | None:
        """The last path of the current clause written before token ``k``."""
        starts, paths = self._paths
        idx = bisect.bisect_left(starts, k)
        return paths[idx - 1] if idx else None

    def _there_edge(self, k: int, path_before: list[str] | None) -> tuple[str, str] | None:
        path = self._path_before(k) or path_before or self.ctx.last_suggestion
        return (path[-2], path[-1]) if path and len(path) >= 2 else None

    # -- acts ---------------------------------------------------------------------------------------

    def _best_next(self, cl: _Clause, dest: list[tuple[_Group, list[str]]]) -> None:
        h = cl.hits
        if not h["best_next"] or not (cl.question or h["ask_imp"]) or dest:
            return
        needs_you = all(" ".join(self.keys[s:e]) in ("your best", "best next") for s, e in h["best_next"])
        has_you = any(self.keys[k] in ("you", "your", "u", "ur", "youd") for k in range(cl.lo, cl.hi))
        if needs_you and not has_you:
            return
        act = _make(Ask, about="best_next")
        if act:
            self.cands.append(_Cand(h["best_next"][0][0], act, "ask"))
            self.asked = True

    def _informs(
        self,
        cl: _Clause,
        resolved: list[tuple[_Group, list[str] | None]],
        numbers: list[_Num],
        path_before: list[str] | None,
        used: set[int],
    ) -> None:
        keys = self.keys
        sources: list[tuple[int, tuple[str, str] | None, int]] = []  # (position, edge, group id)
        explicit: set[int] = set()
        ends: dict[int, int] = {}  # group id -> its last token
        for g, path in resolved:
            if path is not None and g.kind == "list" and len(g.members) == 2 and self._labels_amount(g.j, cl.hi):
                sources.append((g.i, (g.rooms[0], g.rooms[1]), id(g)))  # "E and B: 7" names a hallway
                explicit.add(id(g))
                continue
            if (
                path is None
                or (g.marker in ("from", "after") and len(g.members) == 1)
                or (g.kind == "list" and len(g.members) > 1)
            ):
                continue
            sources.append((g.i, (path[0], path[1]) if len(path) == 2 else None, id(g)))
            ends[id(g)] = g.j
            if len(g.members) == 2:
                explicit.add(id(g))
        for k in range(cl.lo, cl.hi):
            if self._there(k):
                sources.append((k, self._there_edge(k, path_before), -k - 1))
        for k in range(cl.lo, cl.hi - 1):  # "the first half of that path"
            ordinal = _ORDINAL.get((keys[k], keys[k + 1]))
            if ordinal is None:
                continue
            here = self._path_before(k)
            ref = here if here and len(here) >= 3 else path_before
            if ref and len(ref) >= 3:
                hops = _hops(ref)
                if -len(hops) <= ordinal < len(hops) and not (keys[k + 1] == "half" and len(hops) != 2):
                    sources.append((k, hops[ordinal], -100_000 - k))
        sources.sort(key=lambda s: s[0])
        pairs = _pair(numbers, sources)
        if not sources and numbers and not self.pending_had_numbers and self.pending:
            pairs = _pair(numbers, self.pending)  # "Regarding the bathroom, I only get 3"
            self.pending = []
        if not pairs and numbers and not self.rooms_on_board and self.prev_one_edge:
            if self._owner(numbers[0], cl) == "speaker":  # "How many can you get there? I get 6."
                pairs = [(numbers[0], (numbers[0].i, self.st.prev_edges[0], -2))]
        if not pairs and numbers and not sources and len(self.echo_set) == 1:
            if self._owner(numbers[0], cl) == "speaker":  # "for you it's 6 on E-A, for me it's 1"
                pairs = [(numbers[0], (numbers[0].i, self.echoes[0], -3))]
        totals = bool(cl.hits["total"])
        coin_context = self.coin_context
        for num, (spos, edge, gid) in pairs:
            if edge is None or totals or self._near_total(num, cl.hi):
                continue
            owner = self._owner(num, cl)
            if owner == "listener":
                self.echoes.append(edge)
                self.echo_set.add(edge)
            tight = gid in ends and self._tight(ends[gid], num)  # "kitchen: 4", "K 3", "E-B = 7"
            neutral_ok = owner is None and not cl.question and (gid in explicit or coin_context or tight)
            if owner == "speaker" or neutral_ok:
                if num.value is None:  # "-5", "5.5": no coin fact, and the hallway is spoken for
                    used.add(gid)
                    continue
                act = _make(Inform, edge=edge, coins=num.value)
                if act:
                    self.cands.append(_Cand(min(num.i, spos), act, "inform", rooms=edge))
                    used.add(gid)
                    self.informs.append(edge)
        self.pending = [s for s in sources if s[2] not in used and s[1] is not None]
        self.pending_had_numbers = bool(numbers)

    def _tight(self, j: int, num: _Num) -> bool:
        """Whether ``num`` labels the room mention ending at ``j`` ("kitchen: 4", "K 3", "L-E = 5")."""
        gap = self.keys[j + 1 : num.i]
        return num.i > j and len(gap) <= 1 and all(k in (":", "=", "-", "is", "s", "(") for k in gap)

    def _labels_amount(self, j: int, hi: int) -> bool:
        """Whether the mention ending at ``j`` is followed by ":" or "=" and an amount."""
        k = j + 1
        return k + 1 < hi and self.keys[k] in (":", "=") and bool(_numbers(self.toks, self.keys, k + 1, k + 2))

    def _asks(
        self, cl: _Clause, groups: list[tuple[_Group, list[str]]], path_before: list[str] | None, used: set[int]
    ) -> None:
        edges: list[tuple[str, str]] = []
        pos: list[int] = []
        for g, p in groups:
            if g.kind == "list" and len(g.members) > 1:
                new = [(p[0], r) for r in g.rooms if r != p[0]]
            else:
                new = _hops(p)
            edges += new
            pos += [g.i] * len(new)
            used.add(id(g))
        if not groups:
            there = [k for k in range(cl.lo, cl.hi) if self._there(k)]
            if there:
                e = self._there_edge(there[0], path_before)
                if e:
                    edges.append(e)
                    pos.append(there[0])
            elif cl.hits["anaphor"]:
                ref = self.st.last_sugg or path_before or self.ctx.last_suggestion
                for e in _hops(ref) if ref else []:
                    edges.append(e)
                    pos.append(cl.hits["anaphor"][0][0])
        for e, p in zip(edges, pos, strict=True):
            act = _make(Ask, edge=e)
            if act:
                self.cands.append(_Cand(p, act, "ask", rooms=e))
        if edges:
            self.asked = True
            self.mode_prev = "ask"
            self.edges += edges

    def _suggestions(
        self,
        cl: _Clause,
        dest: list[tuple[_Group, list[str]]],
        used: set[int],
        cues: list[int],
        neg: list[int],
        bare: bool,
        what_about: bool,
    ) -> None:
        keys = self.keys
        conditional = [s for s, _ in cl.hits["cond"] if not any(a <= s < b for a, b in cl.hits["cond_except"])]
        first_cond = min(conditional, default=self.hi)
        first_neg = min(neg, default=self.hi)
        for g, p in dest:  # "I'd rather not go to the kitchen", "not the attic"
            if first_neg < g.i and len(p) >= 2:
                act = _make(Reject, path=self._match_last(p, g))
                if act:
                    self.cands.append(_Cand(first_neg, act, "reject", rooms=tuple(p)))
                    used.add(id(g))
        for g, p in dest:  # "the bathroom rather than the kitchen", "instead of the kitchen, ..."
            prev = _prev_key(self.toks, g.i, frozenset({"the"}))
            before = _prev_key(self.toks, g.i - 1 if keys[g.i - 1] != "the" else g.i - 2)
            instead = prev == "of" and before == "instead"
            rather = prev == "than" and before == "rather"  # "rather than the kitchen, ...": no cue needed
            than = (prev == "than" and bool(cues or what_about)) or (  # "the attic over the kitchen"
                prev == "over" and bool(cues) and any(h.j < g.i for h, _ in dest)
            )
            if id(g) not in used and len(p) >= 2 and (than or instead or rather):
                act = _make(Reject, path=self._match_last(p, g))
                if act:  # "instead of X" withdraws X before the new proposal
                    self.cands.append(_Cand(cl.lo if instead else g.i, act, "reject", rooms=tuple(p)))
                    used.add(id(g))
        if not (cues or bare or what_about):
            return
        blocked = self._blocked()
        cues = sorted(cues)
        dest_starts = [g.i for g, _ in dest]
        for g, p in dest:
            if id(g) in used and (not cues or tuple(p) in blocked):
                continue
            if first_cond < g.i:  # "if we go to the kitchen, I get 4"
                continue
            if len(p) < 2 or g.marker == "between":
                continue
            act = _make(Suggest, path=p)
            if act is None:
                continue
            full = _tour_like(p, self.ctx)
            k = bisect.bisect_left(cues, g.i)
            pos = cues[k - 1] if k else g.i
            if bisect.bisect_right(dest_starts, pos) < bisect.bisect_left(dest_starts, g.i):
                pos = g.i  # a later alternative sits where it is written
            self.cands.append(
                _Cand(
                    min(pos, g.i),
                    act,
                    "suggest",
                    rooms=tuple(p),
                    full=full,
                    explicit=len(g.members) >= 2,
                    cont=id(g) in self.cont,
                )
            )
            self.st.last_sugg = p
            used.add(id(g))
            self.edges += _hops(p)
            self.mode_prev = "suggest"

    def _blocked(self) -> set[tuple[str, ...]]:
        """The paths refused or asked about so far in the sentence (candidates are only appended
        while clauses are read, so each is looked at once)."""
        for c in self.cands[self._blocked_upto :]:
            if c.kind in ("reject", "ask"):
                self._blocked_paths.add(c.rooms)
        self._blocked_upto = len(self.cands)
        return self._blocked_paths

    def _path_rejects(
        self, dest: list[tuple[_Group, list[str]]], used: set[int], cues: list[int], rejects: list[int]
    ) -> None:
        """A rejection cue with a path no other act claimed: "going from K to C is bad for me"."""
        if not rejects or cues:
            return
        for g, p in dest:
            if id(g) in used or len(p) < 2:
                continue
            act = _make(Reject, path=self._match_last(p, g))
            if act:
                self.cands.append(_Cand(min(rejects[0], g.i), act, "reject", rooms=tuple(p)))
                used.add(id(g))

    def _match_last(self, path: list[str], g: _Group) -> list[str]:
        last = self.ctx.last_suggestion
        if last and len(g.members) == 1 and path[-1] == last[-1]:
            return list(last)
        return path

    # -- cues ---------------------------------------------------------------------------------------

    def _negated(self, s: int, lo: int, ignore: set[int]) -> bool:
        """A negation right before position ``s`` (no punctuation in between, ``ignore`` skipped)."""
        for k in range(s - 1, max(lo, s - 4) - 1, -1):
            if self.toks[k].kind in ("punct", "dash", "nl"):
                return False
            if self.keys[k] in _CUE_NEGATORS and k not in ignore:
                return True
        return False

    def _polarity(self, cl: _Clause) -> list[tuple[int, str]]:
        """Agreement and rejection cues of a clause: (position, agree | agree_weak | reject)."""
        keys, h = self.keys, cl.hits
        spans = [(s, e, name) for name in ("neutral", "agree", "reject", "agree_weak") for s, e in h[name]]
        spans.sort(key=lambda x: (-(x[1] - x[0]), x[0]))
        first = cl.lo
        while first < cl.hi and keys[first] in _POLARITY_LEAD:
            first += 1
        group_ends = {g.j for g in cl.groups}
        cond_at = next((k for k in range(cl.lo, cl.hi) if keys[k] in ("if", "whether", "unless")), cl.hi)
        has_number = bool(_numbers(self.toks, keys, cl.lo, cl.hi))
        taken: set[int] = set()
        out: list[tuple[int, str]] = []
        for s, e, name in spans:
            if taken.intersection(range(s, e)):
                continue
            taken.update(range(s, e))
            if name == "neutral":
                continue
            word, nxt = keys[s], (keys[e] if e < cl.hi else "")
            if name == "reject" and word == "no" and e - s == 1 and (s != first or nxt in _NO_BEFORE):
                continue  # "no problem", "no coins": not a refusal
            if name == "agree_weak" and word in ("it", "its"):
                after_ok = e >= self._content_bounds(cl)[1]
                if not ((s - 1) in group_ends and after_ok):
                    continue
            if word == "right" and s != first:
                continue
            # "ok so you get 5 on E-A": a marker before what follows, not a reply
            closed = cl.hi >= self.hi or self.toks[cl.hi].kind != "word" or self.last_content < cl.hi
            if name == "agree_weak" and word not in ("it", "its") and not (self._whole(cl, [(s, e)]) and closed):
                name = "agree_marker"  # "ok so ...": a discourse marker unless it confirms a suggestion
            negated = any(b in _NEGATORS for b in keys[max(cl.lo, s - 3) : s])
            conditional = cond_at < s
            if name in ("agree", "agree_weak", "agree_marker"):
                if conditional or (cl.question and word not in ("yes", "yeah", "yep", "sure")):
                    continue
                if nxt == "for" and e + 1 < cl.hi and keys[e + 1] in ("you", "u"):
                    continue
                if e - s == 1 and word in _INTENSIFIERS and s != first:
                    continue  # "we should definitely go": an adverb, not a reply
                if cl.question and cl.lo > self.lo and self._whole(cl, [(s, e)]) and self._groups_before(cl.lo):
                    continue  # "next up the attic, yeah?": a question tag
                if e - s == 1 and word in _EVALUATIVE and has_number:
                    continue  # "your 6 coins are nice": judges an amount
                if name == "agree" and not negated and self._subject_room(cl, s):
                    name = "agree_pred"  # "the kitchen sounds good": judges a room
                out.append((s, "reject" if negated and name == "agree" else name))
            elif not negated and not cl.question:
                out.append((s, "reject"))
        return out

    def _groups_before(self, k: int) -> bool:
        return bool(self.groups) and self.groups[0].j < k

    def _subject_room(self, cl: _Clause, s: int) -> bool:
        """Whether a room is the subject of the cue at ``s`` ("K is fine", "L-E-K would be good")."""
        k = s - 1
        while k >= cl.lo and s - k <= 6 and self.keys[k] in _COPULA:
            k -= 1
        return k >= cl.lo and k in self.group_ends

    def _content_bounds(self, cl: _Clause) -> tuple[int, int]:
        """First and one-past-last token of a clause without leading fillers and trailing punctuation."""
        if (cl.lo, cl.hi) not in self._spans:
            first = cl.lo
            while first < cl.hi and (self.keys[first] in _LEADING or self.toks[first].kind in ("punct", "sym")):
                first += 1
            last = cl.hi
            while last > cl.lo and (self.toks[last - 1].kind in ("punct", "sym") or self.keys[last - 1] in _TRAILING):
                last -= 1
            self._spans[(cl.lo, cl.hi)] = (first, last)
        return self._spans[(cl.lo, cl.hi)]

    def _whole(self, cl: _Clause, spans: list[tuple[int, int]]) -> bool:
        """Whether one of ``spans`` is the whole clause (leading fillers and punctuation aside)."""
        first, last = self._content_bounds(cl)
        return any(s <= first and e >= last for s, e in spans)

    def _bare(self, cl: _Clause) -> bool:
        """A clause that is only a path, fillers and cue words ("L -> E", "kitchen it is")."""
        if not cl.groups:
            return False
        covered: set[int] = set()
        for g in cl.groups:
            covered.update(range(g.i, g.j + 1))
        for name in ("agree", "agree_weak", "suggest", "reject"):
            for s, e in cl.hits[name]:
                covered.update(range(s, e))
        for k in range(cl.lo, cl.hi):
            if k in covered or self.keys[k] in _BARE_FILLER or self.toks[k].kind in ("punct", "arrow", "dash", "sym"):
                continue
            return False
        return True

    def _near_total(self, num: _Num, hi: int) -> bool:
        window = self.keys[num.j + 1 : min(hi, num.j + 5)]
        return any(w in ("each", "total", "combined", "together", "altogether", "overall") for w in window)

    def _owner(self, num: _Num, cl: _Clause) -> str | None:
        """Whose coins a number counts: speaker | listener | joint | None (not said)."""
        keys, toks, ctx = self.keys, self.toks, self.ctx
        speaker, listener = ctx.speaker_coins.lower(), ctx.listener_coins.lower()
        window = keys[num.i : min(cl.hi, num.j + 4)]
        if speaker != listener and listener in window:
            return "listener"
        for k in range(num.j + 1, min(cl.hi, num.j + 7)):
            if keys[k] == "for" and k + 1 < len(keys):
                if keys[k + 1] in ("you", "u", "yourself"):
                    return "listener"
                if keys[k + 1] in ("me", "myself"):
                    return "speaker"
        lo = max(self.lo, num.i - 40)
        excluded: set[int] = set()
        for s, e in _find(keys, lo, num.i, _INDEX["second_exclude"]):
            excluded.update(range(s, e))
        for k in range(num.i - 1, lo - 1, -1):
            if k in excluded:
                continue
            norm = toks[k].norm
            if norm in ("me", "my") and k >= 2 and toks[k - 2].norm in _SECOND:
                return "listener"  # "you told me", "you gave me"
            if norm in _FIRST:
                return "speaker"
            if norm in _SECOND:
                return "listener"
            if (
                norm in _YOUR
                and k + 1 < len(toks)
                and (
                    toks[k + 1].kind == "num"
                    or keys[k + 1] in _COIN_WORDS
                    or keys[k + 1] in _YOUR_NOUNS
                    or keys[k + 1] in (listener, speaker)
                )
            ):
                return "listener"
            if norm in _JOINT:
                return "joint"
        if speaker != listener and speaker in window:
            return "speaker"
        return None

    def _settle_polarity(self) -> None:
        """Turn the sentence's agreement / rejection cues into acts, given its suggestions."""
        ctx, last = self.ctx, self.ctx.last_suggestion
        strong = [p for p, k in self.polarity if k == "agree"]
        weak = [p for p, k in self.polarity if k == "agree_weak"]
        markers = [p for p, k in self.polarity if k == "agree_marker"]
        preds = [p for p, k in self.polarity if k == "agree_pred"]
        rejects = [p for p, k in self.polarity if k == "reject"]
        suggestions = [c for c in self.cands if c.kind == "suggest"]
        others = [c for c in self.cands if c.kind != "suggest"]
        mentioned = set(self.sentence_rooms)
        extension = [  # "ok, the kitchen and then the attic": our suggestion, and onward from its end
            c
            for c in suggestions
            if last and len(last) >= 2 and len(c.rooms) > len(last) and list(c.rooms[: len(last)]) == last
        ]
        if (strong or weak or markers or preds) and extension and last:
            extended = {id(c) for c in extension}
            for idx, c in enumerate(self.cands):
                if id(c) in extended:
                    rest = list(c.rooms[len(last) - 1 :])
                    act = _make(Suggest, path=rest)
                    self.cands[idx] = _Cand(c.pos, act, "suggest", rooms=tuple(rest)) if act else c
            act = _make(Agree, path=list(last))
            if act:
                self.cands.append(_Cand(min(strong + weak + markers + preds), act, "agree"))
        elif strong or weak or markers or preds:
            pos = min(strong + weak + markers + preds)
            matched = None
            if last:
                for c in suggestions:
                    p = c.rooms
                    if p[-1] == last[-1] and (not c.explicit or p[0] in last or list(p[-len(last) :]) == last):
                        matched = c  # names our suggestion (possibly with the agreed path before it)
                        break
            if matched is not None:
                self.cands.remove(matched)
                act = _make(Agree, path=list(last)) if last else None
                if act:
                    self.cands.append(_Cand(min(pos, matched.pos), act, "agree"))
            elif suggestions:
                counter = last is not None and any(c.rooms[0] == last[0] for c in suggestions)
                onward = last is not None and any(c.rooms[0] == last[-1] for c in suggestions)
                cont = any(c.cont for c in suggestions)
                if (strong or weak or markers or cont) and onward and last:  # "sure, then from the attic ..."
                    act = _make(Agree, path=list(last))
                    if act:
                        self.cands.append(_Cand(pos, act, "agree"))
                elif strong and not counter:
                    act = _make(Agree, path=None)
                    if act:
                        self.cands.append(_Cand(pos, act, "agree"))
            elif strong or preds or (weak and not others):
                named = last is not None and last[-1] in mentioned and last[-1] != ctx.current
                act = _make(Agree, path=list(last) if named and last else None)
                if act:
                    self.cands.append(_Cand(pos, act, "agree"))
        if rejects and not any(c.kind == "reject" for c in self.cands):
            suggested = {r for c in self.cands if c.kind == "suggest" for r in c.rooms[1:]}
            named = last is not None and last[-1] in mentioned and last[-1] not in suggested and last[-1] != ctx.current
            act = _make(Reject, path=list(last) if named and last else None)
            pos = min(rejects)
            if named and last:  # "E-K is bad for me": the refusal sits where the room is named
                k = bisect.bisect_right(self.clause_los, pos) - 1
                lo = self.clause_los[k] if k >= 0 else self.lo
                pos = min([g.i for g in self.groups if lo <= g.i < pos and last[-1] in g.rooms] + [pos])
            if act:
                self.cands.append(_Cand(pos, act, "reject"))


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


# ---------------------------------------------------------------------------------------------
# The renderer
# ---------------------------------------------------------------------------------------------

_ALT_NAMES = {"L": "lounge", "A": "loft", "B": "washroom", "C": "kids' room"}
_WORDS = {v: k for k, v in _NUMBER_WORDS.items() if v <= 20}


class _Say:
    """Small helpers shared by the templates of one message."""

    def __init__(self, context: DialogueContext, rng: np.random.Generator) -> None:
        self.ctx = context
        self.rng = rng

    def pick(self, options: Sequence[str]) -> str:
        return options[int(self.rng.integers(len(options)))]

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    def style(self) -> str:
        return self.pick(("name", "name", "name_letter", "letter"))

    def name(self, room: str) -> str:
        name = self.ctx.rooms.get(room) or ROOM_CATALOGUE.get(room, room)
        if room in _ALT_NAMES and name == ROOM_CATALOGUE.get(room) and self.chance(0.15):
            return _ALT_NAMES[room]
        return name

    def ref(self, room: str, style: str) -> str:
        if style == "letter":
            return room
        if style == "name_letter":
            return f"the {self.name(room)} ({room})"
        return f"the {self.name(room)}"

    def chain(self, rooms: Sequence[str], style: str) -> str:
        """Destinations one after another: "the kitchen, then the attic"."""
        refs = [self.ref(r, style) for r in rooms]
        joiner = self.pick((", then ", " and then ", " then "))
        return joiner.join(refs)

    def arrows(self, rooms: Sequence[str], style: str) -> str:
        arrow = self.pick((" -> ", " --> ", " → ")) if style != "letter" else self.pick((" -> ", "-", " → "))
        return arrow.join(self.ref(r, style) for r in rooms)

    def coins(self, n: int, kind: str) -> str:
        if n == 0:
            return self.pick((f"no {kind} coins", f"0 {kind} coins", f"zero {kind} coins"))
        if n == 1:
            return self.pick((f"1 {kind} coin", f"one {kind} coin", f"a single {kind} coin"))
        if n in _WORDS and self.chance(0.3):
            return f"{_WORDS[n]} {kind} coins"
        return f"{n} {kind} coins"

    def amount(self, n: int) -> str:
        return str(n) if n > 1 or self.chance(0.5) else _WORDS[n]


def _cap(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:] if sentence else sentence


class TravelingAdventurersRenderer:
    """Template renderer: one short chat message per intent, worded by ``rng``.

    Every act becomes its own sentence (runs of informs or of edge questions share one), so the
    :class:`TravelingAdventurersParser` reads the message back into the same acts. Coins are named
    with the speaker's coin kind (``context.speaker_coins``); questions use the listener's.
    """

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str:
        """Say ``intent`` as one message.

        Args:
            intent: the acts to say (formal actions are not mentioned).
            context: the speaker's context (``speaker_coins`` is the speaker's own coin kind).
            rng: picks among paraphrases; the same state gives the same text.

        Returns:
            The message text ("" for an intent without acts).
        """
        say = _Say(context, rng)
        acts = list(intent.acts)
        sentences: list[str] = []
        i = 0
        while i < len(acts):
            act = acts[i]
            if isinstance(act, Inform):
                run = [act]
                while i + len(run) < len(acts) and isinstance(acts[i + len(run)], Inform):
                    run.append(acts[i + len(run)])  # type: ignore[arg-type]
                sentences += self._informs(run, say)
                i += len(run)
                continue
            if isinstance(act, Ask) and act.edge is not None:
                run_a = [act]
                while i + len(run_a) < len(acts):
                    nxt = acts[i + len(run_a)]
                    if not (isinstance(nxt, Ask) and nxt.edge is not None):
                        break
                    run_a.append(nxt)
                sentences += self._asks(run_a, say)
                i += len(run_a)
                continue
            sentences.append(self._one(act, say))
            i += 1
        text, previous = "", ""
        for sentence in (s for s in sentences if s):
            sep = "\n" if "\n" in previous else " "  # a bullet list ends its line
            text = f"{text}{sep}{_cap(sentence)}" if text else _cap(sentence)
            previous = sentence
        return text

    # -- single acts --------------------------------------------------------------------------------

    def _one(self, act: Act, say: _Say) -> str:
        if isinstance(act, Suggest):
            return self._suggest(list(act.path), say)
        if isinstance(act, Agree):
            return self._agree(list(act.path) if act.path else None, say)
        if isinstance(act, Reject):
            return self._reject(list(act.path) if act.path else None, say)
        if isinstance(act, Ask):
            return say.pick(
                (
                    "What would be your best next move?",
                    "Where would you go next?",
                    "What's your best next step?",
                    "Which room would you pick next?",
                )
            )
        if isinstance(act, End):
            return self._end(list(act.path), say)
        return ""

    def _suggest(self, path: list[str], say: _Say) -> str:
        style = say.style()
        if path[0] == say.ctx.current and say.chance(0.6):
            chain = say.chain(path[1:], style)
            return say.pick(
                (
                    f"Let's go to {chain}.",
                    f"How about we go to {chain}?",
                    f"I suggest we head to {chain}.",
                    f"Shall we go to {chain}?",
                    f"I'd go to {chain}.",
                    f"How about {chain}?",
                    f"My suggestion: go to {chain}.",
                )
            )
        a, rest = say.ref(path[0], style), say.chain(path[1:], style)
        return say.pick(
            (
                f"Let's go from {a} to {rest}.",
                f"How about going from {a} to {rest}?",
                f"From {a}, let's go to {rest}.",
                f"I suggest {say.arrows(path, style)}.",
                f"We could go from {a} to {rest}.",
                f"My proposal: {say.arrows(path, style)}.",
            )
        )

    def _agree(self, path: list[str] | None, say: _Say) -> str:
        if path is None or len(path) < 2:
            return say.pick(
                (
                    "Sounds good!",
                    "Yes, that works for me.",
                    "Sure, let's do that.",
                    "Deal!",
                    "Agreed.",
                    "I agree.",
                    "Perfect, I'm in.",
                    "Great, fine by me.",
                )
            )
        style = say.style()
        options = [
            f"Sounds good, let's go from {say.ref(path[0], style)} to {say.chain(path[1:], style)}.",
            f"Agreed: {say.arrows(path, style)}.",
        ]
        if path[-1] != say.ctx.current:
            dest = say.ref(path[-1], "name" if style == "letter" and path[-1] in _AMBIGUOUS_LETTERS else style)
            options += [f"Yes, {dest} it is.", f"Sure, {dest} works for me."]
        return say.pick(options)

    def _reject(self, path: list[str] | None, say: _Say) -> str:
        if path is None or len(path) < 2:
            return say.pick(
                (
                    "No, I'd rather not.",
                    "Hmm, that's bad for me.",
                    "Sorry, that doesn't work for me.",
                    "I disagree.",
                    "Not great for me, sorry.",
                )
            )
        style = say.style()
        if path[0] == say.ctx.current and say.chance(0.4):
            chain = say.chain(path[1:], style)
            return say.pick((f"I'd rather not go to {chain}.", f"Let's not go to {chain}."))
        a, rest = say.ref(path[0], style), say.chain(path[1:], style)
        return say.pick(
            (
                f"I'd rather not go from {a} to {rest}.",
                f"Let's not go from {a} to {rest}.",
                f"Going from {a} to {rest} is bad for me.",
            )
        )

    def _end(self, path: list[str], say: _Say) -> str:
        style = say.pick(("plain", "plain", "letter", "letter", "name_letter"))
        if style == "plain":
            tour = say.pick((" --> ", " -> ")).join(say.name(r) for r in path)
        elif style == "letter":
            tour = say.pick(("-", " ", " -> ", ", ")).join(path)
        else:
            tour = " -> ".join(say.ref(r, "name_letter") for r in path)
        return say.pick(
            (
                f"Then it's settled and we are done - the path we decided on is {tour}.",
                f"Let's finalize: {tour}.",
                f"I'll submit {tour}.",
                f"Our final path is {tour}.",
                f"Final tour: {tour}.",
            )
        )

    # -- runs ---------------------------------------------------------------------------------------

    def _informs(self, run: list[Inform], say: _Say) -> list[str]:
        kind = say.ctx.speaker_coins
        if len(run) >= 2 and say.chance(0.25):
            lines = [f"My {kind} coins:"]
            for act in run:
                style = say.pick(("letter", "name"))
                a, b = say.ref(act.edge[0], style), say.ref(act.edge[1], style)
                sep = "-" if style == "letter" else " to "
                lines.append(f"- {a}{sep}{b}: {act.coins}")
            return ["\n".join(lines)]
        if len(run) >= 2 and say.chance(0.5):
            style = say.style()
            parts = []
            for k, act in enumerate(run):
                a, b = say.ref(act.edge[0], style), say.ref(act.edge[1], style)
                amount = say.coins(act.coins, kind) if k == 0 else say.amount(act.coins)
                parts.append(f"{amount} from {a} to {b}")
            return [f"I get {', '.join(parts[:-1])} and {parts[-1]}."]
        return [self._inform(act, say) for act in run]

    def _inform(self, act: Inform, say: _Say) -> str:
        style = say.style()
        (x, y), cp = act.edge, say.coins(act.coins, say.ctx.speaker_coins)
        a, b = say.ref(x, style), say.ref(y, style)
        options = [
            f"I get {cp} from {a} to {b}.",
            f"{a} to {b} gives me {cp}.",
            f"From {a} to {b} I'd collect {cp}.",
            f"Between {a} and {b} I have {cp}.",
            f"I can collect {cp} between {a} and {b}.",
            f"{a}-{b}: {cp} for me." if style == "letter" else f"{a} to {b}: {cp} for me.",
        ]
        if x == say.ctx.current:
            options += [f"Going to {b} gives me {cp}.", f"I'd get {cp} going to {b}."]
        return say.pick(options)

    def _asks(self, run: list[Ask], say: _Say) -> list[str]:
        kind = say.ctx.listener_coins
        edges = [a.edge for a in run if a.edge is not None]
        style = say.style()
        if len(edges) >= 2 and say.chance(0.5):
            parts = [f"from {say.ref(x, style)} to {say.ref(y, style)}" for x, y in edges]
            return [f"How many {kind} coins do you get {', '.join(parts[:-1])} and {parts[-1]}?"]
        out = [self._ask(edges[0], say, style)]
        for x, y in edges[1:]:
            out.append(
                say.pick(
                    (
                        f"What about {say.ref(x, style)} to {say.ref(y, style)}?",
                        self._ask((x, y), say, style),
                    )
                )
            )
        return out

    def _ask(self, edge: tuple[str, str], say: _Say, style: str) -> str:
        kind = say.ctx.listener_coins
        x, y = edge
        a, b = say.ref(x, style), say.ref(y, style)
        options = [
            f"How many {kind} coins do you get from {a} to {b}?",
            f"What do you get between {a} and {b}?",
            f"Could you tell me your coins for {a} to {b}?",
            f"How much is {a} to {b} worth for you?",
        ]
        if x == say.ctx.current:
            options.append(f"How many {kind} coins would you get going to {b}?")
        return say.pick(options)
