"""CoordinationQA (Agashe et al., *LLM-Coordination*, seed 002, sections 2.2 and 4.2, Appendix E):
198 multiple-choice questions on edge cases of Hanabi, Overcooked and the Collab games, asked of a
language model as the paper asked them, scored as the paper scored them, with the exact random
baseline.

| step | what | function |
| --- | --- | --- |
| load | 66 scenarios x 3 categories (EC, ToM, JP) of the vendored CSV, validated | :func:`load_benchmark` |
| prompt | the paper's four chat turns: directive, game description, "Got it!", question | :func:`build_prompt` |
| ask | one free-text completion through Accord's LLM client (accounting, cache, deadline) | :func:`ask_text` |
| extract | a letter in the answer format, else the answer text matched to an option, else none | :func:`language.choices.extract_answer` |
| score | the answer against the key (only the scorer reads :class:`AnswerKey`) | :func:`score` |
| summarize | accuracy per category and per game, intervals over trials, random baseline | :func:`summarize_answers` |

**The data.** Each CSV row is one scenario with an ``EC``, ``TOM`` and ``JP`` question; a question
cell holds the state description, the question and its options (``Available Answers:`` or
``Available Actions:``, one ``A. text`` line each); the ``... Answer Ordinal`` cell holds the
correct letter, or several separated by commas (any of them counts, as in the paper's scorer). The
loader keeps the cells verbatim and reports what is odd in :attr:`Benchmark.notes`: options with a
repeated or skipped letter (kept as printed: the model sees them so), and ``Answer`` texts that read
as another option than the ordinal (scored by the ordinal, as the paper's scorer did). Two ordinals
name a letter that is not an option; :data:`ERRATA` corrects them from the ``Answer`` text.

**The prompt** (:func:`build_prompt`) is the paper's evaluation script's: for chat models with a
system turn, ``[system: directive, user: game description, assistant: "Got it!", user: question]``;
for models without one (the script's Mistral path, and servers that drop system turns) the
directive follows the game description in the first user turn and the assistant answers "Got it!
Please provide me with the scenario.". The texts are sent verbatim (the JP directive's literal
``\\n`` included). The script's third layout (Vicuna / Llama 2, which appends "Think step by step.")
is not offered.

**Extraction** (:func:`language.choices.extract_answer`, which the CAC agent's grounding shares) follows the paper's order: the answer field is what follows
the last ``Answer:`` or ``Action:`` marker (else the whole output); a letter in the options' format
there (``B``, ``B.``, ``(B)``, ``b)``, ``**B**``, ``option B``) is the answer; else the field's text
is matched to the options' texts (equal, then contained as a phrase, then the closest by
:mod:`difflib` ratio, at least :data:`MIN_SIMILARITY`, strictly closer than every other option, for
texts of :data:`MIN_FUZZY_CHARS` or more); else there is no answer, which counts as wrong. Two departures from the paper's script, both where it could only err: a field that
names several different letters (a hedge) has no answer (the script took the first), and a fuzzy
match never falls below :data:`MIN_SIMILARITY` (the script always picked some option).

**Intervals** (:func:`summarize_answers`): accuracy per group is the mean over trials of the trial's
accuracy, with a Student-t 95% interval over the trials (none for one trial); beside it, the pooled
accuracy over every answer with a Wilson 95% interval (:func:`agent.summaries.wilson_interval`),
which treats the trials' answers as independent and so is the narrower. The random baseline is
exact: a uniform pick among a question's printed options is right with probability (options whose
letter is correct) / (options), averaged over the group's questions; no sampling.
"""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from language.choices import (
    Extraction,
    Method,
    Option,
    extract_answer,
    match_text,
    parse_options,
)
from language.llm_client import LLMCallError, LLMClient

DATA_DIR = Path(__file__).parent / "data" / "coordination_qa"
DATA_FILE = DATA_DIR / "single_turn_trials.csv"
"""The vendored benchmark (MIT, UCSC ERIC Lab; see ``PROVENANCE.md`` beside it)."""

CATEGORIES: tuple[str, ...] = ("EC", "ToM", "JP")
"""The question categories, in the paper's order."""
CATEGORY_NAMES: dict[str, str] = {
    "EC": "Environment Comprehension",
    "ToM": "Theory of Mind Reasoning",
    "JP": "Joint Planning",
}
_COLUMN_PREFIX: dict[str, str] = {"EC": "EC", "ToM": "TOM", "JP": "JP"}
GAMES: tuple[str, ...] = ("Hanabi", "Overcooked", "CollabGames")
"""The games of the ``Game`` column (CollabGames: Collab Capture and Collab Escape)."""
Layout = Literal["chat", "no-system"]
LAYOUTS: tuple[str, ...] = ("chat", "no-system")


class CoordinationQAError(ValueError):
    """The benchmark file is malformed; the message is one line naming the row and the problem."""


class Question(BaseModel):
    """One question as the model sees it, without its answer (that is in :class:`AnswerKey`).

    Attributes:
        id: ``<game>-<scenario>-<category>``, e.g. ``hanabi-00-ec``.
        scenario: the scenario's 0-based row in the CSV.
        game: one of :data:`GAMES`.
        category: one of :data:`CATEGORIES`.
        game_description: the game's rules (and conventions), verbatim.
        directive: the category's instructions and answer format, verbatim.
        question: state description, question and options, verbatim.
        options: the options as printed, in order.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    scenario: int
    game: str
    category: str
    game_description: str
    directive: str
    question: str
    options: tuple[Option, ...]

    @property
    def letters(self) -> frozenset[str]:
        """The letters the options are printed with."""
        return frozenset(o.letter for o in self.options)


@dataclass(frozen=True)
class Erratum:
    """A correction of an ordinal that names no option: the ordinal as found, the letter the
    ``Answer`` text names, and why."""

    found: str
    correct: str
    reason: str


ERRATA: dict[tuple[int, str], Erratum] = {
    (50, "EC"): Erratum("C", "B", "two options (A. No. / B. Yes.); the Answer text is 'Yes.'"),
    (56, "EC"): Erratum(
        "D", "C", "three options; the Answer text is option C's ('Yes, we have time to at least partially fix ...')"
    ),
}
"""Ordinals of the vendored file that name no option, keyed by (scenario, category). The paper's
scorer could only count a model right on these if it wrote the absent letter; here the ``Answer``
text decides. An erratum whose ordinal is no longer found is an error (the data changed)."""


@dataclass(frozen=True)
class AnswerKey:
    """The correct letters of each question (several where the data accepts several); read only by
    the scorer (:func:`score`, :func:`random_baseline`), never by the prompt.

    Attributes:
        letters: question id -> the letters counted correct.
        texts: question id -> the data's ``Answer`` text (for reports).
    """

    letters: Mapping[str, frozenset[str]]
    texts: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, question_id: str) -> frozenset[str]:
        return self.letters[question_id]


@dataclass(frozen=True)
class Benchmark:
    """The questions, their key, and what the loader found odd in the data.

    Attributes:
        questions: every question, by scenario then category (EC, ToM, JP).
        key: the answer key.
        notes: one line per data oddity (repeated or skipped letters, an ``Answer`` text that reads
            as another option than its ordinal, an erratum applied).
    """

    questions: tuple[Question, ...]
    key: AnswerKey
    notes: tuple[str, ...] = ()

    def select(self, games: Iterable[str] | None = None, categories: Iterable[str] | None = None) -> Benchmark:
        """The benchmark restricted to ``games`` and ``categories`` (names as in :data:`GAMES` and
        :data:`CATEGORIES`, any case; None = all).

        Raises:
            ValueError: an unknown game or category (the message lists the known ones).
        """
        wanted_games = _pick(games, GAMES, "game")
        wanted_categories = _pick(categories, CATEGORIES, "category")
        kept = tuple(q for q in self.questions if q.game in wanted_games and q.category in wanted_categories)
        return Benchmark(kept, self.key, self.notes)


def _pick(names: Iterable[str] | None, known: Sequence[str], what: str) -> set[str]:
    if names is None:
        return set(known)
    by_lower = {k.lower(): k for k in known}
    picked = set()
    for name in names:
        if name.strip().lower() not in by_lower:
            raise ValueError(f"unknown {what} {name!r}; choose from {', '.join(k.lower() for k in known)}")
        picked.add(by_lower[name.strip().lower()])
    return picked


_ORDINAL = re.compile(r"[A-Z]")
REQUIRED_COLUMNS: tuple[str, ...] = (
    "Game",
    "Game Description",
    *(f"{p} {c}" for p in ("EC", "TOM", "JP") for c in ("Question", "Answer", "Answer Ordinal", "Directive")),
)


def load_benchmark(path: str | Path = DATA_FILE, errata: Mapping[tuple[int, str], Erratum] | None = None) -> Benchmark:
    """Read and validate the CoordinationQA file.

    Args:
        path: the CSV (default: the vendored one).
        errata: corrections of ordinals that name no option (default: :data:`ERRATA`).

    Returns:
        Every question with its key and the data notes.

    Raises:
        CoordinationQAError: a missing column, an unknown game, an empty cell, options that do not
            parse, an ordinal that is not letters or names no option (unless in :data:`ERRATA`), or
            an erratum that no longer applies; one line naming the scenario and category.
        OSError: the file cannot be read.
    """
    with open(path, newline="", encoding="utf-8") as stream:
        reader = csv.DictReader(stream)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise CoordinationQAError(f"{path}: missing column(s) {', '.join(missing)}")
        rows = list(reader)
    questions: list[Question] = []
    letters: dict[str, frozenset[str]] = {}
    texts: dict[str, str] = {}
    notes: list[str] = []
    errata = ERRATA if errata is None else errata
    used_errata: set[tuple[int, str]] = set()
    for scenario, row in enumerate(rows):
        game = (row.get("Game") or "").strip()
        if game not in GAMES:
            raise CoordinationQAError(f"{path}: scenario {scenario}: unknown game {game!r} (known: {', '.join(GAMES)})")
        for category in CATEGORIES:
            where = f"{path}: scenario {scenario} ({category})"
            prefix = _COLUMN_PREFIX[category]
            cells = {name: row.get(f"{prefix} {name}") or "" for name in ("Question", "Directive", "Answer Ordinal")}
            for name, value in [*cells.items(), ("Game Description", row.get("Game Description") or "")]:
                if not value.strip():
                    raise CoordinationQAError(f"{where}: empty {name!r} cell")
            try:
                options = parse_options(cells["Question"])
            except ValueError as err:
                raise CoordinationQAError(f"{where}: {err}") from None
            qid = f"{game.lower()}-{scenario:02d}-{category.lower()}"
            printed = [o.letter for o in options]
            if printed != [chr(ord("A") + i) for i in range(len(printed))]:
                notes.append(f"{qid}: options printed with letters {''.join(printed)} (kept as printed)")
            ordinal = [part.strip() for part in cells["Answer Ordinal"].split(",")]
            if not all(_ORDINAL.fullmatch(part) for part in ordinal):
                raise CoordinationQAError(f"{where}: the answer ordinal {cells['Answer Ordinal']!r} is not letters")
            correct = frozenset(ordinal)
            erratum = errata.get((scenario, category))
            if erratum is not None:
                if correct != {erratum.found}:
                    raise CoordinationQAError(
                        f"{where}: erratum expects ordinal {erratum.found!r}, found {cells['Answer Ordinal']!r}"
                    )
                correct = frozenset({erratum.correct})
                used_errata.add((scenario, category))
                notes.append(
                    f"{qid}: ordinal {erratum.found} names no option; scored as {erratum.correct}: {erratum.reason}"
                )
            absent = sorted(correct - {o.letter for o in options})
            if absent:
                raise CoordinationQAError(f"{where}: the answer ordinal names no option: {', '.join(absent)}")
            answer_text = (row.get(f"{prefix} Answer") or "").strip()
            reads_as = match_text(answer_text, options, contain=True, min_similarity=0.0).letter
            if reads_as is not None and reads_as not in correct:
                notes.append(
                    f"{qid}: the Answer text {answer_text[:50]!r} reads as option {reads_as}, the ordinal says "
                    f"{','.join(sorted(correct))} (scored by the ordinal, as the paper's scorer did)"
                )
            question = Question(
                id=qid,
                scenario=scenario,
                game=game,
                category=category,
                game_description=row["Game Description"],
                directive=cells["Directive"],
                question=cells["Question"],
                options=options,
            )
            questions.append(question)
            letters[qid] = correct
            texts[qid] = answer_text
    stale = sorted(set(errata) - used_errata)
    if stale:
        raise CoordinationQAError(f"{path}: errata for absent questions: {stale}")
    return Benchmark(tuple(questions), AnswerKey(letters, texts), tuple(notes))


# ---- the prompt ------------------------------------------------------------------------------


def build_prompt(question: Question, layout: Layout = "chat") -> list[dict[str, str]]:
    """The chat turns that ask ``question``, as the paper's evaluation script sent them.

    Args:
        question: the question (it carries no answer).
        layout: ``chat`` (the directive as the system turn) or ``no-system`` (the directive after
            the game description in the first user turn, for models or servers without system turns).

    Returns:
        OpenAI-style messages (``role``, ``content``).

    Raises:
        ValueError: an unknown layout.
    """
    if layout == "chat":
        return [
            {"role": "system", "content": question.directive},
            {"role": "user", "content": question.game_description},
            {"role": "assistant", "content": "Got it!"},
            {"role": "user", "content": question.question},
        ]
    if layout == "no-system":
        return [
            {"role": "user", "content": question.game_description + "\n" + question.directive},
            {"role": "assistant", "content": "Got it! Please provide me with the scenario."},
            {"role": "user", "content": question.question},
        ]
    raise ValueError(f"unknown prompt layout {layout!r}; layouts: {', '.join(LAYOUTS)}")


# ---- asking ----------------------------------------------------------------------------------


class TextReply(BaseModel):
    """A model's free-text answer, or why there is none.

    Attributes:
        text: the completion's text (None when the request failed).
        error: one line on the failure (None when there was an answer).
    """

    model_config = ConfigDict(frozen=True)

    text: str | None = None
    error: str | None = None


def ask_text(client: LLMClient, messages: list[dict[str, str]], seed: int | None = None) -> TextReply:
    """One free-text chat completion through ``client``: counted in ``client.usage`` (a call, its
    requests, retries, tokens, and a failure when no answer came), held to the client's per-answer
    deadline, and answered from its response cache when it has one (an answer is cached once it
    arrived; text is never invalid).

    Args:
        client: the configured client (its model, temperature and max tokens are used).
        messages: the chat turns.
        seed: sent as the request's ``seed`` (one per trial: servers that honour it sample anew, and
            each trial is its own cache entry).

    Returns:
        The reply; a failing endpoint is a reply with ``error`` set, never an exception.
    """
    try:
        return TextReply(text=client.ask_text(messages, seed=seed))
    except LLMCallError as err:  # a failing endpoint is a counted failure of this question
        return TextReply(error=str(err))


# ---- extraction ------------------------------------------------------------------------------


# ---- scoring ---------------------------------------------------------------------------------


def score(question_id: str, letter: str | None, key: AnswerKey) -> bool:
    """Whether ``letter`` answers the question correctly.

    Args:
        question_id: the question's id.
        letter: the extracted letter (None: no answer, which is wrong).
        key: the answer key.

    Returns:
        True when ``letter`` is one of the key's letters for the question.

    Raises:
        KeyError: the key has no such question.
    """
    return letter is not None and letter in key[question_id]


def random_chance(question: Question, key: AnswerKey) -> float:
    """The probability that a uniform pick among the question's printed options is correct."""
    correct = key[question.id]
    return sum(o.letter in correct for o in question.options) / len(question.options)


def random_baseline(questions: Sequence[Question], key: AnswerKey) -> float:
    """The exact expected accuracy of uniform random picks over ``questions`` (0 for none)."""
    return math.fsum(random_chance(q, key) for q in questions) / len(questions) if questions else 0.0


class AnswerRecord(BaseModel):
    """One asked question in one trial.

    Attributes:
        id, game, category: the question's.
        trial: 0-based.
        output: the model's raw output (None when the request failed).
        letter, method, similarity: the extraction (method ``failed`` when the request failed).
        correct: scored against the key.
        error: the failure, one line.
    """

    id: str
    game: str
    category: str
    trial: int
    output: str | None
    letter: str | None
    method: Method
    similarity: float
    correct: bool
    error: str | None = None


def answer_record(question: Question, trial: int, reply: TextReply, key: AnswerKey) -> AnswerRecord:
    """Extract and score one reply."""
    if reply.text is None:
        extraction = Extraction(letter=None, method="failed")
    else:
        extraction = extract_answer(reply.text, question.options)
    return AnswerRecord(
        id=question.id,
        game=question.game,
        category=question.category,
        trial=trial,
        output=reply.text,
        letter=extraction.letter,
        method=extraction.method,
        similarity=round(extraction.similarity, 4),
        correct=score(question.id, extraction.letter, key),
        error=reply.error,
    )


def run_benchmark(
    questions: Sequence[Question],
    key: AnswerKey,
    ask: Callable[[Question, int], TextReply],
    trials: int,
    on_answer: Callable[[AnswerRecord], None] | None = None,
) -> list[AnswerRecord]:
    """Ask every question ``trials`` times (trial by trial, in order) and score the answers.

    Args:
        questions: what to ask.
        key: the answer key (read by the scorer only).
        ask: asks one question in one trial; returns the reply (a failure is a reply, not an error).
        trials: how many times each question is asked.
        on_answer: called with each record as it is scored (progress, incremental writes).

    Returns:
        One record per question and trial.
    """
    records = []
    for trial in range(trials):
        for question in questions:
            record = answer_record(question, trial, ask(question, trial), key)
            records.append(record)
            if on_answer is not None:
                on_answer(record)
    return records


def t_interval(values: Sequence[float], low: float = 0.0, high: float = 1.0) -> tuple[float, float] | None:
    """Student-t 95% interval of the mean of ``values``, clipped to ``[low, high]`` (None for fewer
    than two values)."""
    if len(values) < 2:
        return None
    from scipy.stats import t

    mean = math.fsum(values) / len(values)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = float(t.ppf(0.975, len(values) - 1)) * sd / math.sqrt(len(values))
    return (max(low, mean - half), min(high, mean + half))


def group_summary(questions: Sequence[Question], records: Sequence[AnswerRecord], key: AnswerKey) -> dict[str, Any]:
    """Accuracy of one group of questions over its records (see the module docstring).

    Returns:
        ``questions``, ``trials``, ``answers``, ``accuracy`` (mean of the trials' accuracies),
        ``per_trial``, ``t95`` (``[low, high]`` or None), ``pooled``, ``wilson95``, ``random``,
        ``no_answer`` (share of answers with no extracted letter, failures included), ``failures``.
    """
    from agent.summaries import wilson_interval

    ids = {q.id for q in questions}
    mine = [r for r in records if r.id in ids]
    trials = sorted({r.trial for r in mine})
    per_trial = []
    for trial in trials:
        answers = [r for r in mine if r.trial == trial]
        per_trial.append(sum(r.correct for r in answers) / len(answers))
    right = sum(r.correct for r in mine)
    interval = t_interval(per_trial)
    return {
        "questions": len(questions),
        "trials": len(trials),
        "answers": len(mine),
        "accuracy": math.fsum(per_trial) / len(per_trial) if per_trial else None,
        "per_trial": per_trial,
        "t95": list(interval) if interval else None,
        "pooled": right / len(mine) if mine else None,
        "wilson95": list(wilson_interval(right, len(mine))) if mine else None,
        "random": random_baseline(questions, key),
        "no_answer": sum(r.letter is None for r in mine) / len(mine) if mine else None,
        "failures": sum(r.error is not None for r in mine),
    }


def summarize_answers(
    questions: Sequence[Question], records: Sequence[AnswerRecord], key: AnswerKey
) -> dict[str, dict[str, Any]]:
    """:func:`group_summary` per category, per game, per game and category, and over all.

    Returns:
        Group label (``EC``, ``Hanabi``, ``Hanabi/EC``, ``all``) -> its summary; groups without
        questions are left out.
    """
    groups: dict[str, list[Question]] = {}
    for category in CATEGORIES:
        groups[category] = [q for q in questions if q.category == category]
    for game in GAMES:
        groups[game] = [q for q in questions if q.game == game]
    for game in GAMES:
        for category in CATEGORIES:
            groups[f"{game}/{category}"] = [q for q in questions if q.game == game and q.category == category]
    groups["all"] = list(questions)
    return {label: group_summary(qs, records, key) for label, qs in groups.items() if qs}
