"""Offline language layer for AsymPuzl: dialogue acts, a rule parser and a template renderer.

Acts (all tags prefixed ``puzl_``):

| act            | fields                        | example message                                   |
|----------------|-------------------------------|---------------------------------------------------|
| ``puzl_place`` | ``position``, ``shape``?, ``color``? | "Position 2: the circle is blue." / "3rd is the star" |
| ``puzl_pair``  | ``shape``, ``color``          | "The square is red." / "red square" (no position) |
| ``puzl_order`` | ``shapes``                    | "The order of the shapes is: star, cube, oval."   |
| ``puzl_ask``   | ``about``, ``shape``?         | "What color is the cube?" / "What is the order?"  |
| ``puzl_solved``| --                            | "My part of the puzzle is solved."                |

``puzl_ask.about`` is ``color`` (of ``shape``), ``position`` (of ``shape``), ``colors`` (every
shape's color) or ``order`` (every position's shape).

The parser reads free text: shape and color names of the game's vocabularies (case-insensitive,
plurals, "colour"), positions as numbers ("position 2", "pos. 2", "#2", "2:", "2)", a bare "2"
next to a piece), ordinals ("first", "3rd", "last"), and lists ("1: red square, 2: blue circle",
"square, triangle and circle"). A message is cut into sentences (``.`` not after a digit, ``!``,
``?``, ``;``, new lines), a sentence into items (commas, "and", "then", dashes and arrows between
spaces, a new "2:" / "2)" label). Per sentence:

1. a question ("?" at the end, a wh-word or "can/could you ..." or "please tell/give ..." at the
   start) gives one ``puzl_ask``: with a shape, ``position`` if it asks where / which position,
   else ``color``; without one, ``order`` if it mentions order / positions / arrangement, else
   ``colors`` when it mentions colors;
2. a statement that something is solved / done / complete (not negated, not "unsolved") gives
   ``puzl_solved``;
3. otherwise each item with a position gives ``puzl_place``; items with a shape and a color and
   no position give ``puzl_pair`` (``puzl_place`` numbered 1, 2, ... when the sentence names an
   order); shape-only items make a ``puzl_order`` when the sentence names an order or holds two
   or more of them.

Garbage yields ``[]``; the parser never raises. ``parse(render(acts)) == acts`` for every list of
well-formed acts (property-tested).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from language.act_base import ActBase
from language.acts import Intent
from language.text import clean_message, number_words

__all__ = [
    "AsympuzlContext",
    "AsympuzlParser",
    "AsympuzlRenderer",
    "PuzlAct",
    "PuzlAsk",
    "PuzlOrder",
    "PuzlPair",
    "PuzlPlace",
    "PuzlSolved",
    "paper_prompt",
]


class PuzlPlace(ActBase):
    """The piece at 1-based ``position`` has ``shape`` and/or ``color`` (at least one is set)."""

    act: Literal["puzl_place"] = "puzl_place"
    position: int = Field(ge=1)
    shape: str | None = None
    color: str | None = None

    def model_post_init(self, __context: object) -> None:
        if self.shape is None and self.color is None:
            raise ValueError("a place names a shape or a color")


class PuzlPair(ActBase):
    """The ``shape`` has ``color`` (position unknown to the speaker or unsaid)."""

    act: Literal["puzl_pair"] = "puzl_pair"
    shape: str
    color: str


class PuzlOrder(ActBase):
    """The shapes at positions 1, 2, ... in order."""

    act: Literal["puzl_order"] = "puzl_order"
    shapes: list[str] = Field(min_length=1)


class PuzlAsk(ActBase):
    """A question: a shape's ``color`` or ``position``, every shape's ``colors``, or the ``order``."""

    act: Literal["puzl_ask"] = "puzl_ask"
    about: Literal["color", "position", "colors", "order"]
    shape: str | None = None

    def model_post_init(self, __context: object) -> None:
        if (self.shape is None) != (self.about in ("colors", "order")):
            raise ValueError("ask about color/position names a shape; colors/order names none")


class PuzlSolved(ActBase):
    """The speaker's part of the puzzle is solved (or it has nothing left to do)."""

    act: Literal["puzl_solved"] = "puzl_solved"


PuzlAct = PuzlPlace | PuzlPair | PuzlOrder | PuzlAsk | PuzlSolved


class AsympuzlContext(BaseModel):
    """What the reader needs: the vocabularies and the number of positions ("last")."""

    model_config = ConfigDict(frozen=True)

    shapes: tuple[str, ...]
    colors: tuple[str, ...]
    size: int


# ---- lexicon -------------------------------------------------------------------------------------

ORDINALS: tuple[str, ...] = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth", "twentieth",
)  # fmt: skip
_ORDINAL_INDEX = {word: i + 1 for i, word in enumerate(ORDINALS)}
_NUMBER_WORDS = number_words(1, 12)
_WH = ("what", "which", "where", "who", "how", "whats", "what's")
_ASK_OPENERS = (
    r"^(?:can|could|would|will) you\b",
    r"^(?:please\s+)?(?:tell|give|send|share|list|provide|confirm|let me know)\b",
    r"\bplease\s+(?:tell|give|send|share|list|provide|confirm|let me know)\b",
    r"^(?:do|does|is|are) (?:you|the|it|your)\b",
)
_ORDER_CUE = re.compile(
    r"\b(order|ordered|sequence|arrangement|left to right|first to last|one by one|in turn)\b"
    r"|\b(?:positions?\s+)?1\s*(?:-|to|through|thru)\s*\d+\b"
)
_POSITION_Q = re.compile(r"\b(where|position|positions|place|slot|spot)\b")
_COLOR_Q = re.compile(r"\b(colou?rs?|colored|coloured)\b")
_SOLVED = re.compile(r"\b(solved|done|finished|complete|completed|correct now|all set)\b")
_NEGATION = re.compile(r"\b(not|\w+n't|isnt|arent|dont|cannot|never|no longer|unsolved|yet)\b")
_LIST_MARKER = re.compile(r"(^|[,;:\n]\s*)(\d{1,3})\s*[.)-]\s")
_ITEM = re.compile(r",|\band then\b|\bthen\b|\band\b|\s[&|/>\u2192-]+\s|\s*->\s*|\u2192|(?=\s\d{1,3}\s*[:)]\s)")


def _clean(message: object) -> str:
    text = clean_message(message).lower().replace("colour", "color")
    text = re.sub(r"[\u2010-\u2015]", "-", text)
    text = _LIST_MARKER.sub(r"\1\2: ", text)  # "1. red square" is a list item, not a sentence end
    return "".join(ch if ch.isprintable() or ch == "\n" else " " for ch in text)


def _sentences(text: str) -> list[tuple[str, bool]]:
    """``(sentence, is_question_mark)`` pieces of ``text``."""
    out: list[tuple[str, bool]] = []
    start = 0
    for match in re.finditer(r"\.(?=\s|$)|[!?;\n]", text):
        piece = text[start : match.start()].strip()
        if piece:
            out.append((piece, match.group() == "?"))
        start = match.end()
    tail = text[start:].strip()
    if tail:
        out.append((tail, False))
    return out


class _Lexicon:
    """Vocabulary matchers of one game (cached per vocabularies)."""

    def __init__(self, shapes: tuple[str, ...], colors: tuple[str, ...]) -> None:
        self.shapes = shapes
        self.colors = colors
        names = sorted([*shapes, *colors], key=len, reverse=True)
        alternation = "|".join(re.escape(n) for n in names)
        self.pattern = re.compile(rf"\b({alternation})(?:e?s)?\b")
        self.shape_set = set(shapes)

    def mentions(self, text: str) -> list[tuple[int, str, str]]:
        """``(offset, kind, name)`` of the shape and color names in ``text``."""
        out = []
        for match in self.pattern.finditer(text):
            name = match.group(1)
            out.append((match.start(), "shape" if name in self.shape_set else "color", name))
        return out


_LEXICONS: dict[tuple[tuple[str, ...], tuple[str, ...]], _Lexicon] = {}


def _lexicon(context: AsympuzlContext) -> _Lexicon:
    key = (context.shapes, context.colors)
    if key not in _LEXICONS:
        _LEXICONS[key] = _Lexicon(*key)
    return _LEXICONS[key]


def _position(item: str, size: int) -> int | None:
    """The 1-based position an item names, if exactly one reading is found."""
    patterns = (
        r"\b(?:position|pos|slot|spot|place|number|no)\.?\s*#?(\d+)\b",
        r"#(\d+)\b",
        r"^\s*(\d+)\s*[:.)\-=]",
        r"\b(\d+)(?:st|nd|rd|th)\b",
    )
    for pattern in patterns:
        match = re.search(pattern, item)
        if match:
            return int(match.group(1))
    match = re.search(r"\b(?:position|pos|slot|spot|place|number)\s+(" + "|".join(_NUMBER_WORDS) + r")\b", item)
    if match:
        return _NUMBER_WORDS[match.group(1)]
    words = re.findall(r"[a-z]+", item)
    for word in words:
        if word in _ORDINAL_INDEX:
            return _ORDINAL_INDEX[word]
        if word == "last":
            return size
    tokens = item.split()
    labels = [t for t in tokens if re.fullmatch(r"\d{1,3}:", t)]
    if len(labels) == 1:  # "here is what i know: 1: red square"
        return int(labels[0][:-1])
    bare = [i for i, t in enumerate(tokens) if re.fullmatch(r"\d{1,3}[:,]?", t)]
    if len(bare) == 1 and (bare[0] < 2 or bare[0] == len(tokens) - 1):  # "2 red square", "square 2"
        return int(tokens[bare[0]].rstrip(":,"))
    return None


class AsympuzlParser:
    """Rule parser of AsymPuzl messages (see the module docstring). Never raises on user text."""

    def parse(self, message: str, context: AsympuzlContext) -> list[PuzlAct]:
        """Read ``message`` into acts.

        Args:
            message: the partner's free text.
            context: the vocabularies and size.

        Returns:
            The acts found, in message order (``[]`` for garbage).
        """
        try:
            return self._parse(_clean(message), context)
        except (ValueError, IndexError, re.error):  # defensive: a reading error yields no acts
            return []

    def _parse(self, text: str, context: AsympuzlContext) -> list[PuzlAct]:
        lexicon = _lexicon(context)
        acts: list[PuzlAct] = []
        for sentence, asked in _sentences(text):
            mentions = lexicon.mentions(sentence)
            if asked or self._is_question(sentence):
                ask = self._ask(sentence, mentions)
                if ask is not None:
                    acts.append(ask)
                if _ORDER_CUE.search(sentence) and ":" in sentence:  # "confirm the order: a, b, c?"
                    acts.extend(
                        a for a in self._statements(sentence, lexicon, context.size) if isinstance(a, PuzlOrder)
                    )
                continue
            if not mentions:
                if _SOLVED.search(sentence) and not _NEGATION.search(sentence):
                    acts.append(PuzlSolved())
                continue
            acts.extend(self._statements(sentence, lexicon, context.size))
        return acts

    @staticmethod
    def _is_question(sentence: str) -> bool:
        first = sentence.split(maxsplit=1)[0] if sentence.split() else ""
        return first in _WH or any(re.search(p, sentence) for p in _ASK_OPENERS)

    @staticmethod
    def _ask(sentence: str, mentions: list[tuple[int, str, str]]) -> PuzlAsk | None:
        shapes = [name for _, kind, name in mentions if kind == "shape"]
        if len(shapes) == 1:
            about: Literal["position", "color"] = (
                "position" if _POSITION_Q.search(sentence) and not _COLOR_Q.search(sentence) else "color"
            )
            return PuzlAsk(about=about, shape=shapes[0])
        if _ORDER_CUE.search(sentence) or (_POSITION_Q.search(sentence) and not _COLOR_Q.search(sentence)):
            return PuzlAsk(about="order")
        if _COLOR_Q.search(sentence) or shapes:
            return PuzlAsk(about="colors")
        return None

    @staticmethod
    def _statements(sentence: str, lexicon: _Lexicon, size: int) -> list[PuzlAct]:
        ordered = bool(_ORDER_CUE.search(sentence))
        body = sentence.split(":", 1)[1] if ordered and ":" in sentence else sentence
        items: list[tuple[int | None, str | None, str | None]] = []
        for item in _ITEM.split(body):
            found = lexicon.mentions(item)
            shape = next((n for _, k, n in found if k == "shape"), None)
            color = next((n for _, k, n in found if k == "color"), None)
            if shape is None and color is None:
                continue
            position = _position(item, size)
            items.append((position, shape, color))
        acts: list[PuzlAct] = []
        loose_shapes = [s for p, s, c in items if p is None and c is None and s is not None]
        if loose_shapes and (ordered or len(loose_shapes) >= 2):
            acts.append(PuzlOrder(shapes=loose_shapes))
        counter = 0
        for position, shape, color in items:
            if position is None and color is None:
                continue  # a loose shape: part of the order above, or a bare mention
            if position is None and ordered:
                counter += 1
                position = counter
            if position is not None and position >= 1:
                acts.append(PuzlPlace(position=position, shape=shape, color=color))
            elif position is None and shape is not None and color is not None:
                acts.append(PuzlPair(shape=shape, color=color))
        return acts


class AsympuzlRenderer:
    """Template renderer with paraphrases; every output parses back into the same acts."""

    def render(self, intent: Intent, context: AsympuzlContext, rng: np.random.Generator) -> str:
        """Say the acts of ``intent``.

        Args:
            intent: the acts to say (actions are never said: the partner cannot see them).
            context: the vocabularies and size.
            rng: picks the paraphrases.

        Returns:
            The message ("" for no acts).
        """
        sentences: list[str] = []
        acts = list(intent.acts)
        i = 0
        while i < len(acts):
            act = acts[i]
            group = [act]
            while (
                i + len(group) < len(acts)
                and type(acts[i + len(group)]) is type(act)
                and isinstance(act, (PuzlPlace, PuzlPair))
            ):
                group.append(acts[i + len(group)])
            i += len(group)
            sentences.append(self._say(group, rng))
        return " ".join(sentences)

    def _say(self, group: Sequence[ActBase], rng: np.random.Generator) -> str:
        act = group[0]  # a group holds acts of one type
        if len(group) > 1 and isinstance(act, PuzlPair):
            listed = ", ".join(f"{a.shape} {a.color}" for a in group if isinstance(a, PuzlPair))
            return _pick(rng, [f"The colors are: {listed}.", f"Here are my shape-color pairs: {listed}."])
        if len(group) > 1 and isinstance(act, PuzlPlace):
            listed = ", ".join(f"{a.position}: {_piece(a)}" for a in group if isinstance(a, PuzlPlace))
            return _pick(rng, [f"{listed}.", f"Here is what I know: {listed}."])
        if isinstance(act, PuzlPlace):
            p = act.position
            if act.shape is not None and act.color is not None:
                return _pick(
                    rng,
                    [
                        f"Position {p}: the {act.shape} is {act.color}.",
                        f"At position {p} there is the {act.color} {act.shape}.",
                        f"{p}: {act.color} {act.shape}.",
                    ],
                )
            if act.shape is not None:
                return _pick(rng, [f"Position {p} is the {act.shape}.", f"The {act.shape} is at position {p}."])
            return _pick(rng, [f"Position {p} is {act.color}.", f"The piece at position {p} is {act.color}."])
        if isinstance(act, PuzlPair):
            return _pick(rng, [f"The {act.shape} is {act.color}.", f"The {act.color} piece is the {act.shape}."])
        if isinstance(act, PuzlOrder):
            listed = ", ".join(act.shapes)
            return _pick(
                rng,
                [
                    f"The order of the shapes is: {listed}.",
                    f"My shapes in order: {listed}.",
                    f"Shapes in order: {listed}.",
                ],
            )
        if isinstance(act, PuzlAsk):
            if act.about == "color":
                return _pick(rng, [f"What color is the {act.shape}?", f"Which color does the {act.shape} have?"])
            if act.about == "position":
                return _pick(rng, [f"Where is the {act.shape}?", f"At which position is the {act.shape}?"])
            if act.about == "colors":
                return _pick(rng, ["What are the colors of your shapes?", "Please tell me the color of each shape."])
            return _pick(rng, ["What is the order of the shapes?", "Can you tell me the order of the shapes?"])
        if isinstance(act, PuzlSolved):
            return _pick(rng, ["My part of the puzzle is solved.", "I am done on my side.", "All set on my side."])
        return ""


def _piece(act: PuzlPlace) -> str:
    return " ".join(x for x in (act.color, act.shape) if x is not None)


def _pick(rng: np.random.Generator, options: list[str]) -> str:
    return options[int(rng.integers(len(options)))]


def paper_prompt(observation: Any, history_length: int = 1) -> tuple[str, str]:
    """The paper's prompt (Appendix G) for one player, for an LLM policy.

    Args:
        observation: an :class:`games.asympuzl.AsympuzlObservation`.
        history_length: how many exchanges of the chat to show (the paper: 1, i.e. the player's
            previous message and the partner's latest one).

    Returns:
        ``(system, user)``: the instructions, and the puzzle state with the output format.
    """
    n = observation.size
    if observation.player == 0:
        sees = "- You see the correct shape at each position, but not the colors.\n"
        other = "- Agent B knows the correct shape-color pairs but not their positions.\n"
    else:
        sees = "- You see the correct shape-color mappings, but in random order.\n"
        other = "- Agent A knows the correct order of shapes but not the colors.\n"
    system = (
        f"You are Agent {observation.role}. Your goal is to solve a symbolic puzzle with {n} positions. "
        "Each position must have the correct (shape, color) pair.\n"
        f"{sees}{other}"
        f"Communicate with Agent {'B' if observation.player == 0 else 'A'} and update your hypothesis "
        "until the puzzle is solved. The other agent only receives your message, never your actions."
    )
    clues = " ".join(f"Position {i + 1}: {p.describe()}." for i, p in enumerate(observation.clues))
    hypothesis = " ".join(f"Position {i + 1}: {p.describe()}." for i, p in enumerate(observation.hypothesis))
    recent = observation.chat[-2 * history_length :] if history_length > 0 else ()
    conversation = "\n".join(f"{line.speaker}: {line.message}" for line in recent) or "(none yet)"
    user = (
        "# Puzzle State\n"
        f"Initial clues: {clues}\n"
        f"Your current working hypothesis: {hypothesis}\n"
        f"Feedback: {observation.feedback.text or 'none'}\n"
        f"Recent conversation:\n{conversation}\n"
        "Output format: Each action must follow this format:\n"
        '{"replace": <position>, "by": {"shape": <shape>, "color": <color>}}\n'
        "Note: <position> uses 1-based indexing. Your answer MUST END WITH a valid JSON object with the "
        'fields "message" (the only thing the other agent will receive) and "actions" (a list of '
        "actions; the other agent will not see them)."
    )
    return system, user
