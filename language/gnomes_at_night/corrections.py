"""Self-corrections, a discourse pass over the tokens before they are read (see :mod:`.conditionals`
for the other passes).

A self-correction drops the retracted move and the correction marker ("left.. no sorry, right" ->
"right"; "go up oops meant down" -> "go down"); a cancellation with nothing in its place drops both
("right... never mind" -> nothing); a move replaced by a wh-question or by a wall that names no side
drops the move (the wall takes it: "going right... actually there's a wall there" -> "right there's
a wall there"); without a move, a refusal taken back for an agreement ("no can't, oh wait, yes I
can") or an agreement taken back for a pause ("ok... no, hold on") is dropped.

The pass is one left-to-right scan with bounded look-ahead: linear in the number of tokens, so that
the reading that follows sees only what the author finally asks for.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.gnomes_at_night.agreement import (
    _ACCEPT_WORDS,
    _INABILITY_WORDS,
    _REJECT_WORDS,
    _STRONG_STAY_WORDS,
    _WEAK_STAY_WORDS,
)
from language.gnomes_at_night.cues import (
    _AUX,
    _DOWN_IDIOM_PREV,
    _NEGATORS,
    _TREASURE,
    _UP_IDIOM_PREV,
    _WALL_MANY,
    _WALL_ONE,
    _WH,
)
from language.gnomes_at_night.tokens import _dir_word, _Tok

_PUNCT = frozenset("?!.;")


_STRONG_MARKS = frozenset(
    {
        "actually",
        "oops",
        "oop",
        "correction",
        "err",
        "erm",
        "er",
        "typo",
        "meant",
        "whoops",
        "jk",
        "jkjk",
        "autocorrect",
        "autocorrected",
    }
)


_WEAK_MARKS = frozenset({"no", "nope", "nah", "sorry", "wait", "rather", "sry", "soz", "pardon"})


_STAY_MARKS = frozenset({"wait", "hold", "hang"})


_STAY_WORDS = _STAY_MARKS | _STRONG_STAY_WORDS | {"let", "lemme", "one", "give", "gimme"}


_MARK_PHRASES: tuple[tuple[str, ...], ...] = (
    ("hold", "on"),
    ("hang", "on"),
    ("i", "mean"),
    ("i", "meant"),
    ("my", "mistake"),
    ("my", "bad"),
    ("scratch", "that"),
    ("or", "rather"),
    ("change", "of", "plan"),
    ("on", "second", "thought"),
    ("second", "thought"),
    ("on", "reflection"),
    ("hold", "that", "thought"),
    ("wrong", "way"),
    ("excuse", "me"),
    ("pardon", "me"),
    ("just", "kidding"),
    ("that", "was", "wrong"),
    ("that", "was", "a", "mistake"),
    ("that", "was", "a", "typo"),
)


_CANCEL_PHRASES: tuple[tuple[str, ...], ...] = (
    ("never", "mind"),
    ("nevermind",),
    ("nvm",),
    ("forget", "it"),
    ("forget", "that"),
    ("scratch", "that"),
    ("ignore", "that"),
    ("cancel", "that"),
    ("disregard", "that"),
    ("cancel",),
    ("nm",),
    ("jk",),
    ("jkjk",),
    ("just", "kidding"),
    ("take", "that", "back"),
    ("take", "it", "back"),
    ("wrong", "chat"),  # "turn the volume down, oops wrong chat": not said to the partner
    ("wrong", "window"),
    ("wrong", "tab"),
    ("wrong", "person"),
)


_STRONG_PHRASES = frozenset(
    {
        ("i", "mean"),
        ("i", "meant"),
        ("my", "mistake"),
        ("my", "bad"),
        ("scratch", "that"),
        ("just", "kidding"),
        ("that", "was", "wrong"),
        ("that", "was", "a", "mistake"),
        ("that", "was", "a", "typo"),
        ("hold", "that", "thought"),
    }
)


_UNSURE: tuple[tuple[str, ...], ...] = (
    ("dont", "know"),
    ("idk",),
    ("dunno",),
    ("no", "idea"),
    ("not", "sure", "anymore"),
)
"""Doubt that ends a run of correction markers: nothing replaces the move ("no wait. ok I don't know")."""


_RUN_FILL = frozenset(
    {"ok", "okay", "hmm", "hm", "um", "umm", "uh", "honestly", "i", "well", "oh", "lol", "ugh", "tbh", "maybe"}
)
"""Words that may sit between correction markers ("no wait. ok I honestly don't know")."""


_TAIL_FILL = frozenset({"hmm", "hm", "um", "umm", "uh", "oh", "so", "ok", "okay", "well", "lol"})


_AGREE_TAIL = frozenset({"yes", "yeah", "yep", "yup", "ya", "yea", "ok", "okay", "sure", "fine", "alright"})


_ASK_TAIL = frozenset({"any", "anything"})


_LIST_JOIN = frozenset({"and", "or", "then", "&"})


# words a corrected request may open with before its move ("no, go up instead", "sorry I mean the left")
_TAIL_LEAD = frozenset(
    {
        "go",
        "move",
        "head",
        "try",
        "lets",
        "let",
        "us",
        "please",
        "pls",
        "plz",
        "i",
        "we",
        "you",
        "should",
        "to",
        "the",
        "then",
        "instead",
        "its",
        "it",
        "is",
        "said",
        "say",
        "towards",
        "toward",
        "just",
        "do",
        "take",
        "a",
        "step",
        "one",
        "way",
        "id",
        "ill",
        "going",
        "meant",
        "mean",
        "want",
        "wanna",
        "need",
        "gotta",
        "more",
        "like",
        "probably",
        "maybe",
        "other",
    }
)


_PLACE = frozenset({"on", "at", "in", "from", "of", "your", "my", "ur", "side"})


_TAIL_LOOK = 5  # words of the corrected request read before its move


_RUN_MAX = 8  # tokens of one run of correction markers (a bound that keeps the pass linear)


def _phrase_at(words: Sequence[str], i: int, phrases: Sequence[tuple[str, ...]]) -> int:
    """Length of the first of ``phrases`` starting at ``words[i]``, or 0."""
    for p in phrases:
        if tuple(words[i : i + len(p)]) == p:
            return len(p)
    return 0


def _is_cue(w: str) -> bool:
    return _dir_word(w) is not None or w in _STRONG_STAY_WORDS or w in _WEAK_STAY_WORDS


def _cue_at(words: Sequence[str], k: int) -> bool:
    """A move or stay word at ``k`` that is not an idiom ("upside down", "opening up")."""
    w = words[k]
    if not _is_cue(w) or (w == "upside" and k + 1 < len(words) and words[k + 1] == "down"):
        return False
    return not (w in ("up", "down") and k > 0 and words[k - 1] in _UP_IDIOM_PREV | _DOWN_IDIOM_PREV | {"upside"})


def _tail_has_move(words: Sequence[str], j: int) -> bool:
    """Whether the words from ``j`` open with a request: a move or a stay cue after lead words only
    (a restated wall or treasure, "the wall is down", "on the right", counts as lead words)."""
    for k in range(j, min(len(words), j + _TAIL_LOOK)):
        w = words[k]
        if w in _PUNCT:
            continue
        if _is_cue(w):
            return True
        if w not in _TAIL_LEAD and not _restates(w):
            return False
    return False


def _restates(w: str) -> bool:
    """A wall or treasure word (or a place preposition) opening a corrected wall or hint."""
    return w in _WALL_ONE or w in _WALL_MANY or w in _TREASURE or w in _PLACE


def _tail_restates(words: Sequence[str], j: int, wall: bool) -> bool:
    """Whether the corrected words from ``j`` restate a wall or the treasure before their move; after
    a wall (``wall``) also a side alone ("on the right", "it's below", "up", "up and right")."""
    n = len(words)
    for k in range(j, min(n, j + _TAIL_LOOK)):
        w = words[k]
        if _is_cue(w):
            if not wall:
                return False
            lead = [x for x in words[j:k] if x not in _PUNCT]
            if not all(x in _PLACE or x in ("its", "it", "is", "the", "to") for x in lead):
                return False
            rest = words[k + 1 : k + 4]
            # a side alone, or a list of sides ("up and right"), not a new request ("up then wait")
            return all(x in _PUNCT or x in _LIST_JOIN or _dir_word(x) is not None for x in rest[:2]) or bool(lead)
        if w in _WALL_ONE or w in _WALL_MANY or w in _TREASURE:
            return True
    return False


def _tail_open(words: Sequence[str], j: int) -> int:
    """Index of the first word from ``j`` that is not punctuation or a filler ("hmm", "oh")."""
    n = len(words)
    k = j
    while k < n and k < j + _TAIL_LOOK and (words[k] in _PUNCT or words[k] in _TAIL_FILL):
        k += 1
    return k


def _tail_asks(words: Sequence[str], j: int) -> bool:
    """Whether the words from ``j`` open a wh-question ("actually, what walls do you have?") or a
    yes-no question about a wall or the treasure ("wait, is that a wall?")."""
    k = _tail_open(words, j)
    if k >= len(words):
        return False
    if words[k] in _WH or words[k] in _ASK_TAIL:
        return True
    if words[k] not in _AUX:
        return False
    for m in range(k + 1, min(len(words), k + _TAIL_LOOK + 2)):
        if words[m] in _PUNCT or _dir_word(words[m]) is not None:
            return False
        if not (words[m] in _WALL_ONE or words[m] in _WALL_MANY or words[m] in _TREASURE):
            continue
        return True
    return False


def _tail_wall(words: Sequence[str], toks: Sequence[_Tok], j: int) -> bool:
    """Whether the words from ``j`` state a wall or an inability that names no side ("oh no, there's
    a wall there", "it's blocked")."""
    k = _tail_open(words, j)
    if k >= len(words):
        return False
    c = toks[k].c
    found = False
    for m in range(k, min(len(words), k + _TAIL_LOOK + 2)):
        if toks[m].c != c:
            break
        w = words[m]
        if _dir_word(w) is not None:
            return False
        if w in _WALL_ONE or w in _WALL_MANY or w in _INABILITY_WORDS:
            if m > 0 and words[m - 1] in ("no", "not", "nothing", "none", "any"):
                return False  # "no walls around": no wall
            found = True
    return found


def _guard(w: str) -> bool:
    """An inability, wall or negation word: a weak marker after it is no correction."""
    return w in _INABILITY_WORDS or w in _WALL_ONE or w in _WALL_MANY or (w in _NEGATORS and w != "no")


def corrections(toks: list[_Tok]) -> list[_Tok]:
    """The tokens with every self-corrected move (and its marker) dropped (see the module docstring).

    A marker corrects the last move (or stay word) before it when the words after it open with a
    new move or pause, a wh-question ("go left, actually, what walls do you have?") or a wall that
    names no side ("ok going right... oh no, there's a wall there": the wall is the move's), or when
    it cancels ("never mind", "no wait. I honestly don't know"). A weak marker ("no", "sorry",
    "wait") after an inability, a wall or a negation corrects nothing ("can't go left, sorry, try
    down") unless what follows restates a wall or, after a wall, its side ("wall on the left, sorry,
    on the right"). A marker right after a lone move that follows another move takes the earlier one
    back ("the gem is east... west, sorry"). Without a move, a marker takes back a refusal followed by
    an agreement ("no can't, oh wait, yes I can") and an agreement followed by a pause or a wall
    ("ok... hmm no, hold on").

    Args:
        toks: the message's tokens (their clause numbers may be rewritten: the corrected request
            continues the clause of the move it replaces).

    Returns:
        The kept tokens, in order.
    """
    words = [t.w for t in toks]
    keep = [True] * len(toks)
    first_of: dict[int, int] = {}  # sentence -> index of its first token (computed once: linear)
    for k, t in enumerate(toks):
        first_of.setdefault(t.s, k)

    def _sentence_start(_toks: Sequence[_Tok], k: int) -> int:
        return min(k, first_of.get(_toks[k].s, k))

    last = -1  # index of the last kept move or stay word
    prev = -1  # the kept move before ``last`` (a later "X, sorry" takes it back)
    prev_guarded = False
    guarded = False  # the clause read so far holds an inability, wall or negation cue
    walled = False  # ... a wall word
    last_guarded = False  # so does the clause of ``last``
    last_walled = False
    neg_at = -1  # the first refusal or inability word since the last correction (no move after it)
    ok_at = -1  # the first agreement word since the last correction (no move after it)
    agree_at = -1  # the first agreement word of the current sentence
    i = 0
    n = len(toks)
    while i < n:
        w = words[i]
        if i > 0 and toks[i].c != toks[i - 1].c:
            guarded = walled = False
        if i > 0 and toks[i].s != toks[i - 1].s:
            agree_at = -1
        if w in _ACCEPT_WORDS and agree_at < 0:
            agree_at = i
        if _guard(w):
            guarded = True
            walled = walled or w in _WALL_ONE or w in _WALL_MANY
            if last >= 0 and toks[i].c == toks[last].c:
                last_guarded = True
                last_walled = last_walled or walled
        plen = _phrase_at(words, i, _MARK_PHRASES) or _phrase_at(words, i, _CANCEL_PHRASES)
        marker = bool(plen or w in _STRONG_MARKS or w in _WEAK_MARKS or _negated_repeat(toks, i, last))
        if _no_wall(words, i):
            marker = False  # "... there are no walls": a determiner, not a correction
        if not marker or (last < 0 and neg_at < 0 and ok_at < 0):
            if _cue_at(words, i) and keep[i]:
                if last >= 0:
                    prev, prev_guarded = last, last_guarded
                last, last_guarded, last_walled = i, guarded, walled
                neg_at = ok_at = -1
            elif w in _REJECT_WORDS or w in _INABILITY_WORDS:
                neg_at = i if neg_at < 0 else neg_at
            elif w in _ACCEPT_WORDS and last < 0:
                ok_at = i if ok_at < 0 else ok_at
            i += 1
            continue
        # a run of markers ("no wait", "oops I meant", "sorry, never mind", "no wait. ok I don't know")
        j, strong, cancel = i, False, False
        fill = -1  # start of the fillers that end the run, if it ends on them
        while j < min(n, i + _RUN_MAX):
            if words[j] in _PUNCT and j + 1 < n and words[j + 1] not in _PUNCT:
                j += 1
                continue
            cl = _phrase_at(words, j, _CANCEL_PHRASES)
            ml = _phrase_at(words, j, _MARK_PHRASES)
            ul = _phrase_at(words, j, _UNSURE) if j > i else 0
            if cl or ul:
                cancel = True
                strong = strong or tuple(words[j : j + cl]) in _STRONG_PHRASES
                j += cl or ul
            elif ml:
                strong = strong or tuple(words[j : j + ml]) in _STRONG_PHRASES
                j += ml
            elif words[j] in _STRONG_MARKS:
                strong = True
                j += 1
            elif words[j] in _WEAK_MARKS and not _no_wall(words, j):
                j += 1
            elif _negated_repeat(toks, j, last):
                strong = True  # "not left" after "left": the move is taken back
                j += 2
            elif j > i and words[j] in _RUN_FILL and (words[j] != "i" or _i_doubts(words, j)):
                fill = j if fill < 0 else fill
                j += 1
                continue
            else:
                break
            fill = -1
        if fill >= 0:
            j = fill
        end = j
        if last < 0:
            # no move to take back: a refusal turned into agreement, an agreement into a pause or a wall
            k = _tail_open(words, end)
            pause = not cancel and any(words[m] in _STAY_MARKS for m in range(i, j))
            if pause and words[j - 1] in ("no", "nope", "nah"):
                pause, end = False, j - 1  # "yes no wait no": the last refusal answers, not the pause
            if neg_at >= 0 and k < n and (words[k] in _AGREE_TAIL or words[k : k + 2] in (["i", "can"], ["we", "can"])):
                start = _sentence_start(toks, neg_at)  # "no can't, oh wait, yes I can"
            elif ok_at >= 0 and (
                cancel or pause or end < j or _tail_has_move(words, end) or _tail_wall(words, toks, end)
            ):
                start = ok_at  # "ok... hmm no, hold on": the pause replaces the agreement
                if pause and not _tail_has_move(words, end) and not _tail_wall(words, toks, end):
                    end = next(m for m in range(i, j) if words[m] in _STAY_MARKS)
            else:
                i = max(i + 1, j)
                continue
            if start < i and (end > i or toks[i].s != toks[start].s or strong):
                for m in range(start, end):
                    keep[m] = False
            neg_at = ok_at = -1
            i = max(i + 1, end)
            continue
        asks = wall = False
        if not cancel and not _tail_has_move(words, end):
            asks = not last_guarded and _tail_asks(words, end)  # "left, wait, is that a wall?"
            wall = not asks and not last_guarded and _tail_wall(words, toks, end)
            if not (asks or wall):
                # "go left, no actually wait", "left... hold on": the pause is the new request
                end = next((k for k in range(i, j) if words[k] in _STAY_MARKS), end)
        moved = _tail_has_move(words, end)
        same = end > i or toks[i].s != toks[last].s or strong
        applies = same and (cancel or moved or asks or (wall and (strong or toks[i].s != toks[last].s)))
        if applies and not strong and not cancel and last_guarded and not _tail_restates(words, end, last_walled):
            applies = False  # "can't go left, sorry, try down": an inability, not a correction
        k = _tail_open(words, j)
        if last_guarded and k < n and (words[k] in _AGREE_TAIL or words[k : k + 2] in (["i", "can"], ["we", "can"])):
            # "can't go left. wait, yes I can": the inability is taken back for an agreement
            for m in range(_sentence_start(toks, last), k):
                keep[m] = False
            last, prev, neg_at, ok_at = -1, -1, -1, -1
            i = k
            continue
        if not applies and not cancel and prev >= 0 and not prev_guarded and not last_guarded:
            if _lone(toks, prev, last, i) and toks[prev].c != toks[last].c:
                # "the gem is east... west, sorry": the lone move after another takes it back
                for m in range(prev, j):
                    if m != last:
                        keep[m] = False
                toks[last] = _Tok(words[last], toks[prev].s, toks[prev].c)
                last, prev = -1, -1
                i = j
                continue
        if not applies:
            i = max(i + 1, j)
            continue
        tail_list = _tail_list(words, end)
        if "was" in words[i:j]:
            last = _sentence_start(toks, last)  # "I told you left earlier but that was a mistake": all of it
        while last > 0 and toks[last - 1].c == toks[last].c:
            if _dir_word(words[last - 1]) is not None:
                last -= 1  # "up up, sorry, down": the whole repeated move is retracted
            elif tail_list and last > 1 and words[last - 1] in _LIST_JOIN and _dir_word(words[last - 2]) is not None:
                last -= 2  # "go up then left, no wait, left first then up": the whole plan
            else:
                break
        k = _tail_open(words, end)
        if agree_at >= 0 and toks[agree_at].s == toks[last].s and k < n and words[k] in _STAY_WORDS:
            last = agree_at  # "alright moving down, no wait, let me think": the agreement goes too
        if wall:
            # "ok going right... actually there's a wall there": the wall is on the retracted move
            start = _sentence_start(toks, last)
            for k in range(start, end):
                keep[k] = k == last
            t = toks[_tail_open(words, end)] if _tail_open(words, end) < n else toks[last]
            toks[last] = _Tok(words[last], t.s, t.c)
            last, prev, neg_at, ok_at = -1, -1, -1, -1
            i = end
            continue
        if cancel and last_guarded:
            last = _sentence_start(toks, last)  # "I have a wall above. Actually never mind": all of it
        for k in range(last, end):
            keep[k] = False
        if end < n and words[end] in ("its", "it"):
            # "left, my mistake, it's right": the corrected move, not "it's right" (a treasure hint)
            k = end + (2 if end + 1 < n and words[end] == "it" and words[end + 1] == "is" else 1)
            if k < n and _dir_word(words[k]) is not None:
                for j in range(end, k):
                    keep[j] = False
        # the corrected request continues the retracted clause ("I can't go left, I mean right")
        if (
            moved
            and last > 0
            and toks[last - 1].c == toks[last].c
            and end < n
            and toks[end].c != toks[last].c
            and not _names_treasure(toks, end)
        ):
            c0, s0 = toks[last].c, toks[last].s
            first_c = toks[end].c
            k = end
            while k < n and toks[k].c == first_c:
                toks[k] = _Tok(toks[k].w, s0, c0)
                k += 1
        last, prev, neg_at, ok_at = -1, -1, -1, -1
        i = end
    return [t for t, k in zip(toks, keep, strict=True) if k]


def _names_treasure(toks: Sequence[_Tok], k: int) -> bool:
    """Whether the clause starting at ``k`` names the treasure ("go down, sorry, the treasure is up":
    the replacement is a hint, not a request that continues the retracted clause)."""
    c = toks[k].c
    while k < len(toks) and toks[k].c == c:
        if toks[k].w in _TREASURE:
            return True
        k += 1
    return False


def _no_wall(words: Sequence[str], j: int) -> bool:
    """Whether "no" at ``j`` is the determiner of a wall ("no walls"), not a correction marker."""
    return words[j] == "no" and j + 1 < len(words) and (words[j + 1] in _WALL_ONE or words[j + 1] in _WALL_MANY)


def _i_doubts(words: Sequence[str], j: int) -> bool:
    """Whether "i" at ``j`` opens a doubt ("I honestly don't know"), not a new statement."""
    k = j + 1
    while k < len(words) and k < j + 3 and words[k] in _RUN_FILL:
        k += 1
    return _phrase_at(words, k, _UNSURE) > 0


def _negated_repeat(toks: Sequence[_Tok], i: int, last: int) -> bool:
    """Whether "not X" at ``i`` negates the move at ``last`` again in a later clause ("go right... not
    right, left"), followed by another move in its sentence."""
    if last < 0 or toks[i].w != "not" or i + 2 >= len(toks) or toks[i].c == toks[last].c:
        return False
    if _dir_word(toks[i + 1].w) is None or _dir_word(toks[i + 1].w) != _dir_word(toks[last].w):
        return False
    return any(_dir_word(toks[k].w) is not None for k in range(i + 2, min(len(toks), i + 2 + _TAIL_LOOK)))


def _lone(toks: Sequence[_Tok], prev: int, last: int, i: int) -> bool:
    """Whether the move at ``last`` stands alone in its clause or sentence up to the marker at ``i``
    ("... west, sorry", "go up.. or down actually"), close after the move at ``prev``."""
    if i - last > 4:
        return False  # only punctuation may sit between the move and the marker
    k = last
    while k > 0 and k > last - 3 and toks[k - 1].c == toks[last].c and toks[k - 1].w in _ALT_LEAD:
        k -= 1
    if k > 0 and toks[k - 1].s == toks[last].s and toks[k - 1].c == toks[last].c:
        return False
    if toks[last].c - toks[prev].c > 2:
        return False
    return all(toks[m].w in _PUNCT for m in range(last + 1, i))


_ALT_LEAD = frozenset({"or", "no", "nah", "maybe", "more", "like"})


def _tail_list(words: Sequence[str], j: int) -> bool:
    """Whether the corrected words from ``j`` hold a list or plan of moves ("up and right", "left
    first then up")."""
    dirs = 0
    for k in range(j, min(len(words), j + _TAIL_LOOK + 2)):
        if words[k] in _PUNCT:
            break
        if _dir_word(words[k]) is not None:
            dirs += 1
    return dirs >= 2
