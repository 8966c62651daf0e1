"""CoordinationQA (:mod:`agent.kits.llm_coordination.qa`): the vendored data loads and validates,
malformed rows are one-line errors, the prompt is the paper's and never carries the key, and the
random baseline and intervals are computed exactly."""

from __future__ import annotations

import csv
import hashlib
import math
import re
from collections import Counter
from pathlib import Path

import pytest

from agent.kits.llm_coordination.qa import (
    CATEGORIES,
    DATA_DIR,
    DATA_FILE,
    AnswerKey,
    AnswerRecord,
    CoordinationQAError,
    Question,
    build_prompt,
    group_summary,
    load_benchmark,
    random_baseline,
    random_chance,
    score,
    summarize_answers,
    t_interval,
)
from language.choices import Option, extract_answer


@pytest.fixture(scope="module")
def bench():
    return load_benchmark()


def _rows() -> tuple[list[str], list[dict[str, str]]]:
    with open(DATA_FILE, newline="", encoding="utf-8") as stream:
        reader = csv.DictReader(stream)
        return list(reader.fieldnames or []), list(reader)


def _write(path: Path, fields: list[str], rows: list[dict[str, str]]) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return path


# ---- the data --------------------------------------------------------------------------------


def test_the_vendored_file_has_198_questions_each_with_options_and_a_correct_letter(bench):
    assert len(bench.questions) == 198
    assert len({q.id for q in bench.questions}) == 198
    assert Counter(q.game for q in bench.questions) == {"Hanabi": 84, "Overcooked": 60, "CollabGames": 54}
    assert Counter(q.category for q in bench.questions) == dict.fromkeys(CATEGORIES, 66)
    for q in bench.questions:
        assert len(q.options) >= 2, q.id
        assert bench.key[q.id] and bench.key[q.id] <= q.letters, q.id


def test_the_vendored_files_are_unchanged_copies_with_provenance():
    digest = hashlib.sha256(DATA_FILE.read_bytes()).hexdigest()
    assert digest == "ac86ab2a2c1212d4bbdc1eef08b750a1e7322eeb34ba0842a71258ab95f667c4"
    assert "MIT License" in (DATA_DIR / "LICENSE.md").read_text()
    provenance = (DATA_DIR / "PROVENANCE.md").read_text()
    assert "MIT" in provenance and "Changed:** nothing" in provenance and digest in provenance


def test_several_correct_letters_count_as_in_the_paper_scorer(bench):
    assert bench.key["overcooked-37-tom"] == {"A", "C"}
    assert score("overcooked-37-tom", "A", bench.key) and score("overcooked-37-tom", "C", bench.key)
    assert not score("overcooked-37-tom", "B", bench.key) and not score("overcooked-37-tom", None, bench.key)
    assert sum(len(bench.key[q.id]) > 1 for q in bench.questions) == 23


def test_the_data_oddities_are_reported_and_the_errata_applied(bench):
    notes = "\n".join(bench.notes)
    assert bench.key["collabgames-50-ec"] == {"B"} and bench.key["collabgames-56-ec"] == {"C"}
    assert "collabgames-50-ec: ordinal C names no option" in notes
    assert "hanabi-12-ec: options printed with letters ABCDD" in notes
    assert "collabgames-57-jp: the Answer text 'fix generator in room 1' reads as option C" in notes
    assert bench.key["collabgames-57-jp"] == {"D"}  # scored by the ordinal, as the paper did


def test_the_data_answer_texts_extract_to_the_key(bench):
    """Read as a model's answers, the data's own Answer texts score as the key, except where they
    list several options (a hedge) or disagree with the ordinal (reported in the notes)."""
    right = [
        score(q.id, extract_answer(f"Answer: {bench.key.texts[q.id]}", q.options).letter, bench.key)
        for q in bench.questions
    ]
    assert sum(right) >= 175
    single = [q for q in bench.questions if len(bench.key[q.id]) == 1 and q.id not in "\n".join(bench.notes)]
    for q in single:
        exact = [o for o in q.options if o.text.strip().lower() == bench.key.texts[q.id].strip().lower()]
        if exact:
            assert extract_answer(f"Answer: {exact[0].text}", q.options).letter in bench.key[q.id], q.id


def test_selection_by_game_and_category(bench):
    picked = bench.select(["hanabi", "OVERCOOKED"], ["tom"])
    assert len(picked.questions) == 48 and {q.category for q in picked.questions} == {"ToM"}
    with pytest.raises(ValueError, match="unknown game 'chess'; choose from hanabi, overcooked, collabgames"):
        bench.select(["chess"])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f, r: (f, [{**r[0], "Game": "Chess"}, *r[1:]]), r"scenario 0: unknown game 'Chess'"),
        (lambda f, r: (f, [{**r[0], "EC Question": "  "}, *r[1:]]), r"scenario 0 \(EC\): empty 'Question' cell"),
        (lambda f, r: (f, [{**r[0], "JP Directive": ""}, *r[1:]]), r"scenario 0 \(JP\): empty 'Directive' cell"),
        (
            lambda f, r: (f, [{**r[0], "EC Question": "Is it?\nA. Yes\nB. No"}, *r[1:]]),
            r"scenario 0 \(EC\): 0 'Available Answers:' / 'Available Actions:' lines",
        ),
        (
            lambda f, r: (f, [{**r[0], "EC Question": "Is it?\nAvailable Answers:\nA. Yes\nmaybe"}, *r[1:]]),
            r"scenario 0 \(EC\): an option line does not start with a letter: 'maybe'",
        ),
        (
            lambda f, r: (f, [{**r[0], "EC Question": "Is it?\nAvailable Answers:\nA. Yes\n"}, *r[1:]]),
            r"scenario 0 \(EC\): 1 option\(s\) \(need at least two\)",
        ),
        (
            lambda f, r: (f, [{**r[0], "EC Answer Ordinal": "2"}, *r[1:]]),
            r"scenario 0 \(EC\): the answer ordinal '2' is not letters",
        ),
        (
            lambda f, r: (f, [{**r[0], "EC Answer Ordinal": "B, Q"}, *r[1:]]),
            r"scenario 0 \(EC\): the answer ordinal names no option: Q",
        ),
        (
            lambda f, r: (f, [*r[:50], {**r[50], "EC Answer Ordinal": "B"}, *r[51:]]),
            r"scenario 50 \(EC\): erratum expects ordinal 'C', found 'B'",
        ),
        (lambda f, r: (f, r[:40]), r"errata for absent questions"),
        (lambda f, r: ([c for c in f if c != "TOM Directive"], r), r"missing column\(s\) TOM Directive"),
    ],
)
def test_a_malformed_file_is_a_one_line_error(tmp_path, change, message):
    fields, rows = change(*_rows())
    rows = [{k: v for k, v in row.items() if k in fields} for row in rows]
    path = _write(tmp_path / "qa.csv", fields, rows)
    with pytest.raises(CoordinationQAError, match=message) as err:
        load_benchmark(path)
    assert "\n" not in str(err.value)


# ---- the prompt ------------------------------------------------------------------------------


def test_the_prompt_is_the_papers_four_turns(bench):
    q = bench.questions[0]
    assert build_prompt(q) == [
        {"role": "system", "content": q.directive},
        {"role": "user", "content": q.game_description},
        {"role": "assistant", "content": "Got it!"},
        {"role": "user", "content": q.question},
    ]
    no_system = build_prompt(q, "no-system")
    assert [m["role"] for m in no_system] == ["user", "assistant", "user"]
    assert no_system[0]["content"] == q.game_description + "\n" + q.directive
    assert q.question.rstrip().endswith("Q. Reveal Bob's rank 4 cards.") or "Available" in q.question
    with pytest.raises(ValueError, match="unknown prompt layout"):
        build_prompt(q, "fancy")  # type: ignore[arg-type]


def test_a_question_carries_no_answer_and_no_prompt_shows_one(bench):
    assert not {"answer", "answers", "correct", "key", "ordinal"} & set(Question.model_fields)
    marker = re.compile(
        r"(?<!vailable )(?:Answer|Action)s?[ \t]*(?:Ordinal)?[ \t]*:[ \t]*\(?[A-Z](?:[.)]|[ \t]|$)", re.M
    )
    for q in bench.questions:
        for layout in ("chat", "no-system"):
            for message in build_prompt(q, layout):
                assert not marker.search(message["content"]), q.id
                assert "Answer Ordinal" not in message["content"]


def test_the_prompts_do_not_depend_on_the_key(tmp_path, bench):
    """The same file with every answer cell replaced gives the same questions, so the same prompts."""
    fields, rows = _rows()
    for row in rows:
        for prefix in ("EC", "TOM", "JP"):
            row[f"{prefix} Answer Ordinal"] = "A"
            row[f"{prefix} Answer"] = "scrambled"
    other = load_benchmark(_write(tmp_path / "scrambled.csv", fields, rows), errata={})
    assert other.questions == bench.questions
    assert all(other.key[q.id] == {"A"} for q in other.questions)


# ---- the random baseline and the intervals ---------------------------------------------------


def _q(qid: str, game: str, category: str, letters: str) -> Question:
    return Question(
        id=qid,
        scenario=0,
        game=game,
        category=category,
        game_description="rules",
        directive="answer",
        question="?",
        options=tuple(Option(letter=letter, text=f"option {i}") for i, letter in enumerate(letters)),
    )


SYNTHETIC = [
    _q("h-ec", "Hanabi", "EC", "AB"),  # 1 of 2
    _q("h-jp", "Hanabi", "JP", "ABCD"),  # 1 of 4
    _q("o-ec", "Overcooked", "EC", "ABC"),  # 1 of 3
    _q("o-tom", "Overcooked", "ToM", "ABCDE"),  # 2 of 5 (two correct letters)
    _q("c-tom", "CollabGames", "ToM", "ABB"),  # 2 of 3 (the correct letter printed twice)
]
SYNTHETIC_KEY = AnswerKey(
    {
        "h-ec": frozenset("A"),
        "h-jp": frozenset("D"),
        "o-ec": frozenset("B"),
        "o-tom": frozenset("AC"),
        "c-tom": frozenset("B"),
    }
)


def test_the_random_baseline_is_exact():
    chances = [random_chance(q, SYNTHETIC_KEY) for q in SYNTHETIC]
    assert chances == [1 / 2, 1 / 4, 1 / 3, 2 / 5, 2 / 3]
    assert random_baseline(SYNTHETIC, SYNTHETIC_KEY) == pytest.approx((1 / 2 + 1 / 4 + 1 / 3 + 2 / 5 + 2 / 3) / 5)
    ec = [q for q in SYNTHETIC if q.category == "EC"]
    assert random_baseline(ec, SYNTHETIC_KEY) == pytest.approx((1 / 2 + 1 / 3) / 2)
    hanabi = [q for q in SYNTHETIC if q.game == "Hanabi"]
    assert random_baseline(hanabi, SYNTHETIC_KEY) == pytest.approx((1 / 2 + 1 / 4) / 2)
    assert random_baseline([], SYNTHETIC_KEY) == 0.0


def test_the_vendored_random_baseline(bench):
    """On single-answer questions the exact baseline is the mean of 1 / options."""
    single = [q for q in bench.questions if len(bench.key[q.id]) == 1 and len(q.letters) == len(q.options)]
    assert random_baseline(single, bench.key) == pytest.approx(sum(1 / len(q.options) for q in single) / len(single))
    assert random_baseline(bench.questions, bench.key) == pytest.approx(0.23053, abs=1e-5)


def _record(q: Question, trial: int, correct: bool, letter: str | None = "A", error: str | None = None) -> AnswerRecord:
    return AnswerRecord(
        id=q.id,
        game=q.game,
        category=q.category,
        trial=trial,
        output="x",
        letter=letter,
        method="letter",
        similarity=1.0,
        correct=correct,
        error=error,
    )


def test_intervals_over_trials_and_pooled():
    # trial accuracies over the five questions: 3/5, 4/5, 2/5
    outcomes = [[1, 1, 1, 0, 0], [1, 1, 1, 1, 0], [1, 0, 1, 0, 0]]
    records = [_record(q, t, bool(ok)) for t, row in enumerate(outcomes) for q, ok in zip(SYNTHETIC, row, strict=True)]
    records[-1] = _record(SYNTHETIC[-1], 2, False, letter=None, error="HTTP 500")
    entry = group_summary(SYNTHETIC, records, SYNTHETIC_KEY)
    assert entry["per_trial"] == [0.6, 0.8, 0.4] and entry["accuracy"] == pytest.approx(0.6)
    half = 4.302652729749462 * 0.2 / math.sqrt(3)  # t(0.975, 2) * sd / sqrt(3)
    assert entry["t95"] == pytest.approx([0.6 - half, min(1.0, 0.6 + half)])
    assert entry["pooled"] == pytest.approx(9 / 15)
    low, high = entry["wilson95"]
    assert low < 0.6 < high
    assert entry["failures"] == 1 and entry["no_answer"] == pytest.approx(1 / 15)
    assert t_interval([0.5]) is None
    low, high = t_interval([1.0, 1.0, 0.9])
    assert high == 1.0 and low == pytest.approx(29 / 30 - 4.302652729749462 * math.sqrt(1 / 300) / math.sqrt(3))
    summary = summarize_answers(SYNTHETIC, records, SYNTHETIC_KEY)
    assert {"EC", "ToM", "JP", "Hanabi", "Overcooked", "CollabGames", "Hanabi/EC", "all"} <= set(summary)
    assert "CollabGames/EC" not in summary  # groups without questions are left out
    assert summary["all"]["random"] == pytest.approx(random_baseline(SYNTHETIC, SYNTHETIC_KEY))
