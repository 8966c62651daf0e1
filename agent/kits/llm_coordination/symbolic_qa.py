"""Scoring the neurosymbolic answerers on CoordinationQA: every question is answered first, from
its text and options alone, by the answerer of the game its scenario describes (Hanabi:
:mod:`.hanabi_answerer`; Overcooked: :mod:`.overcooked_answerer`, also for the benchmark's tomato
scenarios filed under CollabGames; Collab Capture and Collab Escape: :mod:`.collab_answerer`); only then are the letters scored against the key
(:func:`.qa.score`). Per category, per game and per game and category: how many questions were
answered (coverage), the accuracy over all questions (an abstention is wrong, as a model's missing
answer is), the accuracy over the answered ones, and the exact random baseline
(:func:`.qa.random_baseline`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.kits.llm_coordination import collab_answerer, hanabi_answerer, overcooked_answerer
from agent.kits.llm_coordination.answers import Answer
from agent.kits.llm_coordination.hanabi_answerer import Chooser
from agent.kits.llm_coordination.qa import CATEGORIES, GAMES, AnswerKey, Benchmark, Question, random_baseline, score
from planners.hanabi_convention import ConventionPlanner

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


def scenario_game(question: Question) -> str:
    """The game a question's scenario describes: its ``Game`` column, except the Overcooked
    scenarios (a soup of onions and tomatoes) the benchmark files under CollabGames."""
    if question.game == "CollabGames" and "Overcooked" in question.game_description:
        return "Overcooked"
    return question.game


def answer_all(questions: Sequence[Question], agent: str = "convention") -> list[Answer]:
    """The answerer's reply to each question, in order (the key is not an argument: it cannot be
    read); ``agent`` names the Hanabi moves."""
    chooser = mover(agent)
    answers = []
    for question in questions:
        game = scenario_game(question)
        if game == "Hanabi":
            answers.append(hanabi_answerer.answer_question(question, chooser))
        elif game == "Overcooked":
            answers.append(overcooked_answerer.answer_question(question))
        else:
            answers.append(collab_answerer.answer_question(question))
    return answers


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
    groups: list[tuple[str, str | None, str | None]] = [(c, None, c) for c in CATEGORIES]
    groups += [(g, g, None) for g in GAMES] + [(f"{g}/{c}", g, c) for g in GAMES for c in CATEGORIES]
    for label, game, category in groups:
        picked = [i for i, q in enumerate(questions) if game in (None, q.game) and category in (None, q.category)]
        if picked:
            summary[label] = group_report(
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
    """Answer the benchmark's questions (Hanabi moves named by ``agent``'s planner), then score them
    (see the module docstring)."""
    questions = list(benchmark.questions)
    answers = answer_all(questions, agent)
    games = ", ".join(sorted({q.game for q in questions}))
    return {
        "benchmark": f"CoordinationQA (Agashe et al., LLM-Coordination): {games}",
        "answerer": f"neurosymbolic: scenario text -> position; the game's planner ({agent} for Hanabi), its facts; abstains elsewhere",
        "agent": agent,
        **score_answers(questions, answers, benchmark.key),
    }
