"""Conditionals, references to the last request and treasure hints inside a condition: discourse
passes over the tokens before they are read (self-corrections are in :mod:`.corrections`).

A conditional drops its condition ("if up is blocked go left" -> "go left"; "go up unless there's a
wall" -> "go up") and the fallback of an alternative ("try up, else right" -> "try up"). A positive
condition whose main clause names no move keeps its move ("if you can go down, do it" -> "you can go
down, do it"), unless the main clause asks ("if the gem is left, tell me"). After a move, "if not",
"if that fails" open a fallback ("take left. if not, down" -> "take left"). "The other way" reads as
the opposite of the last request.

Each pass is one left-to-right scan with bounded look-ahead: linear in the number of tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.flags import Move
from language.gnomes_at_night.agreement import (
    _INABILITY_WORDS,
)
from language.gnomes_at_night.corrections import _PUNCT, _is_cue, _phrase_at
from language.gnomes_at_night.cues import (
    _DOWN_IDIOM_PREV,
    _NEGATORS,
    _UNDERSTAND,
    _UP_IDIOM_PREV,
    _WALL_MANY,
    _WALL_ONE,
)
from language.gnomes_at_night.tokens import _dir_word, _Tok

_RELUCTANT: tuple[tuple[str, ...], ...] = (
    ("you", "insist"),
    ("you", "say", "so"),
    ("we", "must"),
    ("i", "must"),
    ("you", "must"),
    ("we", "have", "to"),
    ("you", "really", "want"),
    ("thats", "what", "you"),
)


_IF_WORDS = frozenset({"if", "unless", "incase", "assuming", "provided", "iff"})


_WHEN_SUBJECTS = frozenset({"you", "u", "we", "i", "it", "its", "theres", "there", "thats", "that"})


_EMBEDDING = frozenset(
    {"know", "tell", "check", "see", "wonder", "ask", "sure", "me", "us", "what", "whether", "unsure"}
)


_COND_END = frozenset(
    {
        "go",
        "move",
        "head",
        "try",
        "just",
        "wait",
        "stay",
        "hold",
        "skip",
        "pass",
        "lets",
        "please",
        "pls",
        "plz",
        "do",
        "take",
        "step",
        "turn",
        "keep",
        "tell",
        "lmk",
    }
)


_BINDERS = frozenset(
    {
        "can",
        "cant",
        "cannot",
        "could",
        "couldnt",
        "to",
        "not",
        "dont",
        "you",
        "u",
        "i",
        "we",
        "will",
        "wont",
        "should",
        "would",
        "able",
        "unable",
        "let",
        "me",
        "us",
        "and",
        "or",
        "if",
        "unless",
        "no",
        "never",
        "it",
        "cnt",
        "didnt",
        "doesnt",
        "ill",
        "id",
    }
)


_ALT_FILL = frozenset({"the", "to", "go", "move", "head", "try", "maybe", "just"})


_IF_NOT = frozenset({"thats", "that", "it", "its"})  # "if that fails", "if it doesnt work"


_FAILS = frozenset({"fails", "doesnt", "wont", "didnt", "isnt", "not"})


_ASKS = frozenset({"tell", "lmk", "?", "say", "shout", "ping", "let"})


_FALLBACK = frozenset({"else", "otherwise", "alternatively"})


_NEGATIVE = _INABILITY_WORDS | _WALL_ONE | _WALL_MANY | _NEGATORS | {"fails", "walled", "closed", "isnt", "no"}


_MAIN_SUBJECTS = frozenset({"we", "you", "u", "i"})


_MAIN_MODALS = frozenset({"could", "can", "should", "might", "may", "must", "shall"})
"""A subject and a modal that open the main clause after a condition ("if you hate right, we could ...")."""


_ASK_VERBS = frozenset({"could", "can", "would", "will", "let"})


_ASK_NEXT: dict[str, frozenset[str]] = {
    "could": frozenset({"you", "u", "we"}),
    "can": frozenset({"you", "u", "we"}),
    "would": frozenset({"you", "u"}),
    "will": frozenset({"you", "u"}),
    "let": frozenset({"me", "us"}),
}


_OBJECT_PREV = frozenset({"of", "to", "for", "from", "near", "at", "with", "behind", "beside", "by"})


def _binds(toks: Sequence[_Tok], k: int, i: int) -> bool:
    """Whether ``toks[k]`` binds the request verb after it to the condition opened at ``i``.

    "you" binds as a subject ("if you go left"), not as an object ("if the gem is below you go
    down", "if it's next to you go left").
    """
    w = toks[k].w
    if w not in _BINDERS:
        return False
    if w in ("you", "u") and k - 1 > i:
        prev = toks[k - 1].w
        return not (prev in _OBJECT_PREV or _dir_word(prev) is not None)
    return True


def _cond_end(toks: Sequence[_Tok], i: int) -> int:
    """End (exclusive) of the condition opened at ``i``: its clause, up to "then" or a new request verb."""
    n = len(toks)
    k = i + 1
    while k < n:
        t = toks[k]
        if t.c != toks[i].c or t.s != toks[i].s or t.w in _PUNCT or t.w == "then":
            break
        if k > i + 1 and t.w in _COND_END and not _binds(toks, k - 1, i):
            break
        nxt = toks[k + 1].w if k + 1 < n else ""
        if k > i + 1 and t.w in _ASK_VERBS and nxt in _ASK_NEXT[t.w] and not _binds(toks, k - 1, i):
            break  # "if it's no bother could you go up", "if you're stuck let me know": the request
        if k > i + 1 and t.w in _MAIN_SUBJECTS and nxt in _MAIN_MODALS and not _binds(toks, k - 1, i):
            break  # "if you don't like left we could do up instead": the main clause's subject
        k += 1
    return k


def _drop_rest_of_sentence(toks: Sequence[_Tok], keep: list[bool], i: int) -> int:
    """Marks the tokens from ``i`` to the end of its sentence (its next mark) as dropped; returns
    the index after them."""
    k = i
    while k < len(toks) and toks[k].s == toks[i].s and toks[k].w not in _PUNCT:
        keep[k] = False
        k += 1
    return k


def conditionals(toks: list[_Tok]) -> list[_Tok]:
    """The tokens without conditions and fallbacks (see the module docstring).

    Args:
        toks: the message's tokens.

    Returns:
        The kept tokens, in order: a condition runs from its opener ("if", "unless", "in case",
        "when you ...") to the end of its clause, a "then" or a new request verb; a fallback from
        "else"/"otherwise" (after a move) to the end of its sentence.
    """
    n = len(toks)
    keep = [True] * n
    conds: list[tuple[int, int]] = []
    seen_cue = False  # a kept move or stay word before ``i`` (a fallback needs a main request)
    alt = -1  # an "or" after a move, followed only by moves so far ("up, or left ...")
    last_punct = ""
    i = 0
    while i < n:
        w = toks[i].w
        nxt = toks[i + 1].w if i + 1 < n else ""
        opener = w in _IF_WORDS or (w == "in" and nxt == "case")
        if w in ("if", "iff") and i > 0 and toks[i - 1].w in _EMBEDDING:
            opener = False  # "let me know if up is blocked", "what if we go down": not a condition
        if w == "if" and _phrase_at([t.w for t in toks[i + 1 : i + 4]], 0, _RELUCTANT):
            opener = False  # "if you insist", "if we must": reluctant agreement, not a condition
        if w in ("when", "whenever") and nxt in _WHEN_SUBJECTS and (i == 0 or toks[i - 1].s != toks[i].s):
            opener = True
        if opener:
            start = i
            if (
                alt >= 0
                and toks[alt].s == toks[i].s
                and all(_dir_word(t.w) or t.w in _ALT_FILL for t in toks[alt + 1 : i])
            ):
                start = alt  # "up, or left if up is blocked": the alternative goes with its condition
            nxt2 = toks[i + 2].w if i + 2 < n else ""
            if_not = nxt in ("not", "no") or (nxt in _IF_NOT and (nxt2 in _NEGATIVE or nxt2 in _FAILS))
            if w == "if" and seen_cue and if_not and last_punct != "?":
                opener = False  # "take it. if not, down": a fallback
                i = _drop_rest_of_sentence(toks, keep, i)
                continue
            k = _cond_end(toks, i + 1 if w == "in" else i)
            if k < n and toks[k].w == "then":
                k += 1
            for j in range(start, k):
                keep[j] = False
            conds.append((start, k))
            body = toks[start + 1 : k]
            if any(_dir_word(t.w) for t in body) and not any(t.w in _NEGATIVE for t in body):
                seen_cue = True  # "if you can go left do it, otherwise up": the fallback follows a move
            alt = -1
            i = k
            continue
        if (w in _FALLBACK or (w == "or" and nxt == "else")) and seen_cue:
            i = _drop_rest_of_sentence(toks, keep, i)
            continue
        if w == "or" and seen_cue:
            alt = i
        elif not (_dir_word(w) or w in _ALT_FILL):
            alt = -1
        seen_cue = seen_cue or _is_cue(w)
        if w in _PUNCT:
            last_punct = w  # "is there a wall left? if not, go left": a question, not a fallback
        i += 1
    if not conds:
        return [t for t, kp in zip(toks, keep, strict=True) if kp]
    kept = [t for t, kp in zip(toks, keep, strict=True) if kp]
    if not any(_is_cue(t.w) for t in kept) and not any(t.w in _ASKS for t in kept):
        # "if you can go down, do it": a positive condition with the only move keeps it
        for start, end in conds:
            body = toks[start + 1 : end]
            if any(_dir_word(t.w) for t in body) and not any(t.w in _NEGATIVE for t in body):
                for j in range(start + 1, end):
                    if toks[j].w != "then":
                        keep[j] = True
                break
        kept = [t for t, kp in zip(toks, keep, strict=True) if kp]
    return kept


_OPPOSITE: dict[str, str] = {"left": "right", "right": "left", "up": "down", "down": "up"}


_OTHER_WAY: tuple[tuple[str, ...], ...] = (
    ("the", "other", "way"),
    ("the", "opposite", "way"),
    ("the", "opposite", "direction"),
    ("the", "other", "direction"),
    ("other", "way"),
    ("opposite", "way"),
    ("opposite", "direction"),
    ("other", "direction"),
    ("the", "opposite"),
    ("turn", "around"),
    ("reverse",),
)


_BACK_VERBS = frozenset({"go", "move", "head", "step", "come", "going", "moving", "heading", "lets"})


def references(toks: list[_Tok], last: str | None) -> list[_Tok]:
    """The tokens with "the other way", "the opposite direction", "go back" read as the opposite of
    the reader's last request (``last``): "no, the other way" (``last_request`` left) -> "no,
    right". Without a last request the words are kept (they name no move). One scan with a bounded
    look-ahead: linear.

    Args:
        toks: the message's tokens.
        last: the reader's last request, or None.

    Returns:
        The tokens, with each reference replaced by one direction word.
    """
    words = [t.w for t in toks]
    if "other" in words:
        # "i meant the other right": the other left/right is the opposite side (with or without a request)
        other = [
            k > 0 and words[k - 1] == "other" and t.w in ("left", "right") for k, t in enumerate(toks)
        ]  # "the other left": the opposite side, "other" dropped
        toks = [
            _Tok(_OPPOSITE[t.w], t.s, t.c) if other[k] else t
            for k, t in enumerate(toks)
            if not (k + 1 < len(toks) and other[k + 1])
        ]
    if last not in _OPPOSITE:
        return toks
    opposite = _OPPOSITE[last]
    words = [t.w for t in toks]
    out: list[_Tok] = []
    i, n = 0, len(toks)
    while i < n:
        plen = _phrase_at(words, i, _OTHER_WAY)
        back = words[i] == "back" and ((i > 0 and words[i - 1] in _BACK_VERBS) or i == 0 or toks[i - 1].c != toks[i].c)
        if plen or back:
            out.append(_Tok(opposite, toks[i].s, toks[i].c))
            i += plen or 1
            continue
        out.append(toks[i])
        i += 1
    return out


_FIND_VERBS = frozenset({"find", "reach", "get", "hit", "see", "spot", "grab", "land", "be", "arrive"})


_FIND_OBJECTS = frozenset({"it", "there", "to", "on", "at"})


def conditional_hint(toks: Sequence[_Tok], treasure: frozenset[str]) -> tuple[list[Move], int] | None:
    """The moves of a condition whose main clause promises the treasure ("if you go left you'll find
    it", "when you head down the gem is right there"), or None. One scan: linear.

    A condition opens with "if"/"when"/"once" and a subject; a wall or negation in it ("if you can't
    go up") makes it no hint. The hint is the directions named before the treasure word or the
    finding verb ("find it", "get to it", "be there") in the same sentence.

    Args:
        toks: the message's tokens.
        treasure: the treasure words.

    Returns:
        The directions named in the condition, in order, and the condition's sentence; or None when
        the message has no such hint.
    """
    cond_s = -1  # sentence of the open condition
    dirs: list[Move] = []
    n = len(toks)
    for i, t in enumerate(toks):
        w = t.w
        nxt = toks[i + 1].w if i + 1 < n else ""
        if w in ("if", "when", "once") and nxt in _WHEN_SUBJECTS:
            cond_s, dirs = t.s, []
            continue
        if t.s != cond_s:
            cond_s = -1
            continue
        if w in _NEGATIVE:
            cond_s = -1  # "if you can't go up, the gem ...": a condition about a wall
            continue
        moves = _dir_word(w)
        if moves is not None and not _idiom_at(toks, i):
            dirs.extend(m for m in moves if m not in dirs)
            continue
        if not dirs:
            continue
        if w in treasure:
            return dirs, cond_s
        if w in _FIND_VERBS and nxt in _FIND_OBJECTS:
            after = toks[i + 2].w if i + 2 < n else ""
            if nxt in ("it", "there") or after in treasure or after in ("it", "the"):
                return dirs, cond_s
    return None


def _idiom_at(toks: Sequence[_Tok], i: int) -> bool:
    """A direction word used in an idiom, by its neighbours ("the right way round", "pops up")."""
    w = toks[i].w
    prev = toks[i - 1].w if i > 0 else ""
    nxt = toks[i + 1].w if i + 1 < len(toks) else ""
    nxt2 = toks[i + 2].w if i + 2 < len(toks) else ""
    if w == "right":
        if prev in ("it", "this", "that", "you", "u", "me") and i > 1 and toks[i - 2].w in _UNDERSTAND:
            return True  # "if I'm reading this right": correctly
        return (nxt == "way" and nxt2 in ("round", "around", "up")) or prev in ("is", "was", "remember", "recall")
    return w in ("up", "down") and prev in _UP_IDIOM_PREV | _DOWN_IDIOM_PREV
