"""What a message says besides its moves, as word sets and checks the parser reads it with:
pleasantries, praise and thanks, objections and doubts, pauses, preferences, tag questions and
sarcasm."""

from __future__ import annotations

from collections.abc import Sequence

from language.flags import Move
from language.gnomes_at_night.agreement import (
    _ACCEPT_PHRASES,
    _ACCEPT_WORDS,
    _LIST_FILLERS,
    _WEAK_STAY_PHRASES,
    _WEAK_STAY_WORDS,
)
from language.gnomes_at_night.cues import _MOVE_VERBS, _TREASURE
from language.gnomes_at_night.reading import _Reading
from language.gnomes_at_night.tokens import _dir_word, _has_phrase, _Tok

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
    return not any(w in _OK_KEEP for w in words[1:]) and not _accept_cue(words[1:])


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


def _accept_cue(words: Sequence[str]) -> bool:
    """Whether ``words`` agree: an acceptance word or phrase that is not praise, thanks for something, negated,
    a celebration or a move named ("left works for me")."""
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
