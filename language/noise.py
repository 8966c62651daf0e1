"""A noise-injecting renderer: the language-layer ablation of issue 17.

:class:`NoisyRenderer` wraps any renderer. It renders the intent, then perturbs the message with
seeded noise drawn from the renderer's ``rng`` (the one ``render(intent, context, rng)`` gets), so a
(game, agents, seed) triple still replays identically. It never touches the intent: the formal
actions of the turn (a submitted tour, a move, a proposal) are the planner's, only the words change.
Put it in one seat and read that seat with the other seat's parser, and the cost of a parse error
in turns and optimality is measured, not guessed.

``level`` is the expected number of perturbations per message (their count is Poisson); at level 0
the renderer is the identity and draws nothing from ``rng``. Each perturbation is of one of the
:data:`KINDS` (``kinds`` restricts them, so a sweep can ablate each):

| kind | what it does | example |
| --- | --- | --- |
| ``typo`` | swaps two neighbouring letters, drops one or doubles one, in one word (half the time a name) | "kitchen" -> "kitchn" |
| ``casual`` | lower case, punctuation dropped, chat shorthand (u, ur, pls, gonna ...), a filler in front | "ok so lets go to the attic" |
| ``paraphrase`` | one phrase the kit's lexicon (or the shared list) gives alternatives for | "sounds good" -> "fine by me" |
| ``correction`` | a wrong name first, then the right one | "the attic, sorry, I mean the kitchen" |
| ``reference`` | a repeated or topical name replaced by what refers to it | "from the kitchen" -> "from there" |

What a game supplies (the names that may be swapped or referred to, its phrasings) goes through the
small protocol :class:`NoiseLexicon`, which each kit implements in its ``noise`` module; this module
names no game. Noise that does not apply to a message (no name in it for a correction, say) gives
way to a kind that does; a message none applies to, or an empty one, is sent as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Generic, Literal, Protocol, TypeVar, get_args

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, field_validator

from language.acts import Intent
from language.base import Renderer

Kind = Literal["typo", "casual", "paraphrase", "correction", "reference"]
KINDS: tuple[Kind, ...] = get_args(Kind)
"""Every kind of perturbation, in the order of the module docstring's table."""
MAX_LEVEL = 4.0
"""The largest ``level`` (expected perturbations per message) a renderer takes."""

CtxT = TypeVar("CtxT")
CtxT_contra = TypeVar("CtxT_contra", contravariant=True)

GENERIC_PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("how about", ("what about", "maybe", "what do you think of")),
    ("sounds good", ("sgtm", "works for me", "fine by me", "cool")),
    ("I suggest", ("I propose", "I'd say", "I vote")),
    ("let's", ("we should", "let us", "maybe we")),
    ("can you", ("could you", "would you", "can u")),
    ("could you", ("can you", "would you")),
    ("I agree", ("agreed", "same here", "I'm on board")),
    ("agreed", ("ok agreed", "deal", "yes")),
    ("sorry", ("my bad", "apologies")),
    ("yes", ("yeah", "yep", "yup")),
    ("I think", ("I guess", "I believe", "imo")),
    ("great", ("awesome", "nice")),
    ("I don't", ("I do not", "I dont")),
    ("I can't", ("I cannot", "I cant")),
    ("I cannot", ("I can't", "I cant")),
    ("what about", ("how about", "and")),
    ("awesome", ("great", "nice")),
)
"""Chat paraphrases of any English dialogue: (phrase, alternatives), matched as whole words."""

SHORTHAND: tuple[tuple[str, str], ...] = (
    ("you", "u"),
    ("your", "ur"),
    ("you're", "ur"),
    ("please", "pls"),
    ("thanks", "thx"),
    ("okay", "ok"),
    ("because", "cuz"),
    ("going to", "gonna"),
    ("want to", "wanna"),
    ("probably", "prob"),
    ("are", "r"),
    ("see", "c"),
)
"""Chat shorthand: (word, what people type instead)."""

FILLERS: tuple[str, ...] = ("hmm", "ok so", "well", "umm", "so", "right,", "hm ok")
"""What people put in front of a message."""

CORRECTIONS: tuple[str, ...] = (
    "{wrong}, sorry, I mean {right}",
    "{wrong}... no wait, {right}",
    "{wrong}, I mean {right}",
    "{wrong} - oops, {right}",
    "{wrong}, actually no, {right}",
)
"""How a wrong name is corrected in place."""

PLACE_WORDS = frozenset({"to", "from", "at", "in", "into", "near", "toward", "towards"})
"""Words after which a place is referred to as "there"."""
MOTION_WORDS = frozenset({"go", "going", "head", "heading", "move", "moving", "get", "walk", "come"})
"""Verbs whose "to" goes when the place becomes "there" ("go to the attic" -> "go there")."""


class NoiseLexicon(Protocol[CtxT_contra]):
    """What a game tells the noise about its messages, read in the speaker's context.

    A kit implements it in its ``noise`` module (subclassing it explicitly inherits the defaults of
    every method but :meth:`names`).
    """

    def names(self, context: CtxT_contra) -> Sequence[str]:
        """The names a message may mention, as the renderer writes them (rooms, moves, reviewers
        ...): what a typo may hit, a correction swaps and a reference replaces. Matched in the
        message as whole words, whatever the case."""
        ...

    def topic(self, intent: Intent, context: CtxT_contra) -> str | None:
        """The name under discussion (one of :meth:`names`), which the listener knows too and a
        reference ("there", "that one") may stand for; ``None``: nothing is."""
        return None

    def rivals(self, name: str, context: CtxT_contra) -> Sequence[str]:
        """The wrong names a correction may say before ``name`` (default: every other name)."""
        key = name.lower()
        return [n for n in self.names(context) if n.lower() != key]

    def phrasings(self, context: CtxT_contra) -> Sequence[tuple[str, Sequence[str]]]:
        """The game's paraphrases: (phrase, alternatives), used with :data:`GENERIC_PHRASINGS`."""
        return ()

    def references(self, name: str, before: str, context: CtxT_contra) -> Sequence[str]:
        """What may refer back to ``name`` mentioned after the word ``before`` (lower case, an
        article skipped): "there" after a place word, else "that one" or "it" (default); an empty
        sequence when nothing may."""
        return ("there",) if before in PLACE_WORDS else ("that one", "it")


class NoiseOptions(BaseModel):
    """The options of a ``noisy`` renderer implementation (what a sweep or preset sets)."""

    model_config = ConfigDict(extra="forbid")

    level: float = Field(default=0.5, ge=0.0, le=MAX_LEVEL)
    """Expected perturbations per message (0: the wrapped renderer unchanged)."""
    kinds: str = "all"
    """The kinds of perturbation, comma-separated (``typo,casual``), or ``all``."""

    @field_validator("kinds")
    @classmethod
    def _known_kinds(cls, value: str) -> str:
        return ",".join(parse_kinds(value))


def parse_kinds(kinds: str | Sequence[str]) -> tuple[Kind, ...]:
    """The kinds named by ``kinds`` (``"all"``, a comma-separated string or a sequence), in
    :data:`KINDS` order.

    Raises:
        ValueError: an unknown kind or none at all (the message lists the valid ones).
    """
    names = [k.strip() for k in kinds.split(",")] if isinstance(kinds, str) else [str(k).strip() for k in kinds]
    names = [n for n in names if n]
    if names == ["all"]:
        return KINDS
    unknown = [n for n in names if n not in KINDS]
    if unknown or not names:
        what = f"unknown noise kind {unknown[0]!r}" if unknown else "no noise kind given"
        raise ValueError(f"{what}; kinds: all, {', '.join(KINDS)}")
    return tuple(k for k in KINDS if k in names)


class NoisyRenderer(Generic[CtxT]):
    """A renderer that says what ``inner`` says, with seeded noise (see the module docstring).

    Args:
        inner: the renderer whose messages are perturbed.
        lexicon: the game's names and phrasings (:class:`NoiseLexicon`).
        level: expected perturbations per message, in [0, :data:`MAX_LEVEL`].
        kinds: the kinds of perturbation (``"all"``, comma-separated names or a sequence).

    Raises:
        ValueError: a level out of range or an unknown kind.
    """

    def __init__(
        self,
        inner: Renderer[CtxT],
        lexicon: NoiseLexicon[CtxT],
        level: float = 0.5,
        kinds: str | Sequence[str] = "all",
    ) -> None:
        if not 0.0 <= level <= MAX_LEVEL:
            raise ValueError(f"noise level must be in [0, {MAX_LEVEL:g}], not {level}")
        self.inner = inner
        self.lexicon = lexicon
        self.level = float(level)
        self.kinds = parse_kinds(kinds)

    @classmethod
    def from_options(cls, inner: Renderer[CtxT], lexicon: NoiseLexicon[CtxT], options: Any) -> NoisyRenderer[CtxT]:
        """The renderer of a kit's ``noisy`` implementation, from its validated :class:`NoiseOptions`."""
        assert isinstance(options, NoiseOptions)
        return cls(inner, lexicon, options.level, options.kinds)

    def render(self, intent: Intent, context: CtxT, rng: np.random.Generator) -> str:
        """What ``inner`` renders, perturbed (``rng`` draws both the wording and the noise).

        Args:
            intent: the acts to say; never changed (nor are its formal actions).
            context: the speaker's context.
            rng: picks the wording, then the noise; nothing is drawn for the noise at level 0.

        Returns:
            The message.
        """
        text = self.inner.render(intent, context, rng)
        if self.level <= 0.0 or not text.strip():
            return text
        for _ in range(int(rng.poisson(self.level))):
            text = self.perturb(text, intent, context, rng)
        return text

    def perturb(self, text: str, intent: Intent, context: CtxT, rng: np.random.Generator) -> str:
        """``text`` with one perturbation of a kind drawn from ``kinds`` (the next kind in a random
        order when one does not apply); ``text`` itself when none applies."""
        for index in rng.permutation(len(self.kinds)):
            out = perturb_once(self.kinds[int(index)], text, self.lexicon, intent, context, rng)
            if out is not None:
                return out
        return text


def perturb_once(
    kind: Kind, text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator
) -> str | None:
    """``text`` with one perturbation of ``kind``, or ``None`` when it does not apply to ``text``.

    Args:
        kind: one of :data:`KINDS`.
        text: the message.
        lexicon: the game's names and phrasings.
        intent: what the message says (the lexicon's topic may depend on it).
        context: the speaker's context.
        rng: draws the perturbation.
    """
    return _PERTURB[kind](text, lexicon, intent, context, rng)


# ---- the perturbations ---------------------------------------------------------------------------

_WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")
_END_PUNCT = re.compile(r"[.,!?;:]+(?=\s|$)")


def _choice(rng: np.random.Generator, options: Sequence[Any]) -> Any:
    return options[int(rng.integers(len(options)))]


@lru_cache(maxsize=512)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z']){re.escape(phrase)}(?![A-Za-z])", re.IGNORECASE)


def _names_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    distinct = sorted({n for n in names if n.strip()}, key=len, reverse=True)  # the longest name first
    if not distinct:
        return None
    return _alternation(tuple(distinct))


@lru_cache(maxsize=256)
def _alternation(names: tuple[str, ...]) -> re.Pattern[str]:
    body = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![A-Za-z'])(?:{body})(?![A-Za-z])", re.IGNORECASE)


def _mentions(text: str, lexicon: NoiseLexicon[Any], context: Any) -> list[re.Match[str]]:
    pattern = _names_pattern(lexicon.names(context))
    return list(pattern.finditer(text)) if pattern is not None else []


def _canonical(mention: str, lexicon: NoiseLexicon[Any], context: Any) -> str:
    """The lexicon's spelling of a mention (matched whatever its case)."""
    key = mention.lower()
    return next((n for n in lexicon.names(context) if n.lower() == key), mention)


def _article_start(text: str, start: int) -> int:
    """Where the mention at ``start`` begins with its article ("the kitchen")."""
    return start - 4 if text[max(0, start - 4) : start].lower() == "the " else start


def _misspell(word: str, rng: np.random.Generator) -> str:
    operation = _choice(rng, ("swap", "drop", "double"))
    if operation == "swap":
        pairs = [
            i for i in range(len(word) - 1) if word[i] != word[i + 1] and word[i].isalpha() and word[i + 1].isalpha()
        ]
        if pairs:
            i = _choice(rng, pairs)
            return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        operation = "drop"
    i = int(rng.integers(len(word)))
    if operation == "drop":
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


def _typo(text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator) -> str | None:
    words = [m for m in _WORD.finditer(text) if len(m.group()) >= 3]
    if not words:
        return None
    spans = [(m.start(), m.end()) for m in _mentions(text, lexicon, context)]
    in_names = [w for w in words if any(a <= w.start() and w.end() <= b for a, b in spans)]
    pool = in_names if in_names and rng.random() < 0.5 else words
    word = _choice(rng, pool)
    return text[: word.start()] + _misspell(word.group(), rng) + text[word.end() :]


def _casual(
    text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator
) -> str | None:
    options: list[Callable[[], str]] = []
    if text != text.lower():
        options.append(text.lower)
    if _END_PUNCT.search(text):
        options.append(lambda: _END_PUNCT.sub("", text))
    shorthand = [(m, short) for word, short in SHORTHAND for m in _phrase_pattern(word).finditer(text)]
    if shorthand:

        def abbreviate() -> str:
            match, short = _choice(rng, shorthand)
            return text[: match.start()] + short + text[match.end() :]

        options.append(abbreviate)

    def filler() -> str:
        lead = text[:1].lower() + text[1:] if text[1:2].islower() else text
        return f"{_choice(rng, FILLERS)} {lead}"

    options.append(filler)
    return _choice(rng, options)()


def _paraphrase(
    text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator
) -> str | None:
    found = [
        (match, alternatives)
        for phrase, alternatives in (*lexicon.phrasings(context), *GENERIC_PHRASINGS)
        if alternatives
        for match in _phrase_pattern(phrase).finditer(text)
    ]
    if not found:
        return None
    match, alternatives = _choice(rng, found)
    new = str(_choice(rng, list(alternatives)))
    if match.group()[:1].isupper():
        new = new[:1].upper() + new[1:]
    return text[: match.start()] + new + text[match.end() :]


def _correction(
    text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator
) -> str | None:
    mentions = _mentions(text, lexicon, context)
    if not mentions:
        return None
    mention = _choice(rng, mentions)
    rivals = list(lexicon.rivals(_canonical(mention.group(), lexicon, context), context))
    if not rivals:
        return None
    start = _article_start(text, mention.start())
    article = text[start : mention.start()]
    right = text[start : mention.end()]
    wrong = article + str(_choice(rng, rivals))
    said = str(_choice(rng, CORRECTIONS)).format(wrong=wrong, right=right)
    return text[:start] + said + text[mention.end() :]


def _reference(
    text: str, lexicon: NoiseLexicon[Any], intent: Intent, context: Any, rng: np.random.Generator
) -> str | None:
    mentions = _mentions(text, lexicon, context)
    topic = lexicon.topic(intent, context)
    topic_key = topic.lower() if topic else None
    candidates = []
    for i, mention in enumerate(mentions):
        key = mention.group().lower()
        previous = mentions[i - 1].group().lower() if i else None
        if previous == key or (previous is None and key == topic_key):
            candidates.append(mention)
    options = []
    for mention in candidates:
        start = _article_start(text, mention.start())
        before_words = text[:start].split()
        before = before_words[-1].lower().strip(",.;:!?") if before_words else ""
        name = _canonical(mention.group(), lexicon, context)
        for ref in lexicon.references(name, before, context):
            options.append((start, mention.end(), ref, before_words))
    if not options:
        return None
    start, end, ref, before_words = _choice(rng, options)
    if ref == "there" and len(before_words) >= 2 and before_words[-1].lower() == "to":
        if before_words[-2].lower() in MOTION_WORDS:  # "go to the attic" -> "go there"
            start = text.rfind(before_words[-1], 0, start)
    if text[start:end][:1].isupper() and ref[:1].islower():
        ref = ref[:1].upper() + ref[1:]
    return text[:start] + ref + text[end:]


_PERTURB: dict[str, Callable[[str, NoiseLexicon[Any], Intent, Any, np.random.Generator], str | None]] = {
    "typo": _typo,
    "casual": _casual,
    "paraphrase": _paraphrase,
    "correction": _correction,
    "reference": _reference,
}
