"""Scoring the neurosymbolic Hanabi answerer (:mod:`.hanabi_answerer`) on CoordinationQA: every
Hanabi question is answered first, from its text and options alone; only then are the letters
scored against the key (:func:`.qa.score`). Per category: how many questions were answered
(coverage), the accuracy over all questions (an abstention is wrong, as a model's missing answer
is), the accuracy over the answered ones, and the exact random baseline (:func:`.qa.random_baseline`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.kits.llm_coordination.hanabi_answerer import Chooser, answer_question
from agent.kits.llm_coordination.hanabi_facts import Answer
from agent.kits.llm_coordination.qa import CATEGORIES, AnswerKey, Benchmark, Question, random_baseline, score
from planners.hanabi_convention import ConventionPlanner

GAME = "Hanabi"


AGENTS = ("convention", "search")
"""The planners that can name the observer's move (``--agent``)."""


def mover(agent: str) -> Chooser:
    """The planner of ``agent`` for the move questions: the convention planner, or the search planner
    searching the whole game (a scenario may sit anywhere in it).

    Raises:
        ValueError: an unknown agent.
    """
    if agent == "convention":
        return ConventionPlanner()
    if agent == "search":
        from planners.hanabi_search import SearchPlanner

        return SearchPlanner(horizon=None)
    raise ValueError(f"unknown agent {agent!r}; choose from {', '.join(AGENTS)}")


def answer_all(questions: Sequence[Question], agent: str = "convention") -> list[Answer]:
    """The answerer's reply to each question, in order (the key is not an argument: it cannot be read)."""
    chooser = mover(agent)
    return [answer_question(q, chooser) for q in questions]


def group_report(
    questions: Sequence[Question], answers: Sequence[Answer], correct: Sequence[bool], key: AnswerKey
) -> dict[str, Any]:
    """One group's figures: ``questions``, ``answered``, ``coverage``, ``right``, ``accuracy`` (over
    all, abstentions wrong), ``accuracy_answered`` (None when none was answered), ``random``."""
    answered = sum(a.letter is not None for a in answers)
    right = sum(correct)
    n = len(questions)
    return {
        "questions": n,
        "answered": answered,
        "coverage": answered / n if n else None,
        "right": right,
        "accuracy": right / n if n else None,
        "accuracy_answered": right / answered if answered else None,
        "random": random_baseline(questions, key),
    }


def score_answers(questions: Sequence[Question], answers: Sequence[Answer], key: AnswerKey) -> dict[str, Any]:
    """Score the answers (already given) against the key.

    Returns:
        ``summary`` (per category and ``all``: :func:`group_report`), ``templates`` (per template:
        questions, answered, right), and ``answers`` (per question: id, category, template, letter,
        value, correct).
    """
    correct = [score(q.id, a.letter, key) for q, a in zip(questions, answers, strict=True)]
    summary: dict[str, Any] = {}
    for category in CATEGORIES:
        picked = [i for i, q in enumerate(questions) if q.category == category]
        if picked:
            summary[category] = group_report(
                [questions[i] for i in picked], [answers[i] for i in picked], [correct[i] for i in picked], key
            )
    summary["all"] = group_report(questions, answers, correct, key)
    templates: dict[str, dict[str, int]] = {}
    for answer, right in zip(answers, correct, strict=True):
        entry = templates.setdefault(answer.template or "none", {"questions": 0, "answered": 0, "right": 0})
        entry["questions"] += 1
        entry["answered"] += answer.letter is not None
        entry["right"] += right
    rows = [
        {
            "id": q.id,
            "category": q.category,
            "template": a.template,
            "letter": a.letter,
            "value": a.value,
            "correct": right,
        }
        for q, a, right in zip(questions, answers, correct, strict=True)
    ]
    return {"summary": summary, "templates": templates, "answers": rows}


def symbolic_report(benchmark: Benchmark, agent: str = "convention") -> dict[str, Any]:
    """Answer the benchmark's Hanabi questions (moves named by ``agent``'s planner), then score them
    (see the module docstring)."""
    questions = [q for q in benchmark.questions if q.game == GAME]
    answers = answer_all(questions, agent)
    return {
        "benchmark": "CoordinationQA (Agashe et al., LLM-Coordination), Hanabi questions",
        "answerer": f"neurosymbolic: scenario text -> position; {agent} planner and belief queries; abstains elsewhere",
        "agent": agent,
        **score_answers(questions, answers, benchmark.key),
    }
