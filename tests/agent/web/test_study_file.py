"""Study files: the example loads, every mistake is refused in one line naming the key, and the
counterbalancing fills every condition evenly and never past ``sessions_per_condition``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from agent.registry import default_registry
from agent.web.study import Study, StudyError, assign, load_study, parse_study

EXAMPLE = Path(__file__).resolve().parents[3] / "studies" / "partners.toml"


def test_the_example_study_loads() -> None:
    study = load_study(EXAMPLE, default_registry())
    assert [c.name for c in study.conditions] == ["problem-solving", "baseline"]
    assert study.code_for("p1") == study.code_for("p1") != study.code_for("p2")
    assert study.code_for("p1").startswith("ACC-")


def _with(old: str, new: str) -> str:
    text = EXAMPLE.read_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('game = "traveling_adventurers"', 'game = "chess"', "conditions[0].game:"),
        ('partner = "baseline"', 'partner = "nobody"', "conditions[1].partner:"),
        ("max_turns_per_player = 15 }", "colour = 1 }", "conditions[0].options:"),
        ("seat = 0", "seat = 5", "conditions[0].seat:"),
        ("sessions_per_condition = 3", "sessions_per_condition = 0", "sessions_per_condition:"),
        ('name = "baseline"', 'name = "problem-solving"', "conditions[1].name:"),
        ('consent = "', 'konsent = "', "consent:"),
        ("seeds = 3\n", "seeds = 0\n", "conditions[0].seeds:"),
        ("seed = 7", "seed = [", "not valid TOML"),
    ],
)
def test_a_bad_study_file_is_refused_in_one_line_naming_the_key(old: str, new: str, key: str) -> None:
    with pytest.raises(StudyError) as err:
        parse_study(_with(old, new), default_registry())
    assert key in str(err.value) and "\n" not in str(err.value)


def test_a_missing_file_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(StudyError, match="cannot read study file"):
        load_study(tmp_path / "none.toml", default_registry())


def _join_six(study: Study) -> list[str]:
    counts: Counter[str] = Counter()
    order = []
    for joined in range(6):
        condition = assign(study, joined, counts)
        assert condition is not None
        counts[condition.name] += 1
        order.append(condition.name)
        if joined % 2 == 1:  # every block of two joins covers both conditions
            assert counts["baseline"] == counts["problem-solving"]
    assert assign(study, 6, counts) is None
    return order


def test_counterbalancing_is_balanced_seeded_and_bounded() -> None:
    study = load_study(EXAMPLE, default_registry())
    assert _join_six(study) == _join_six(study)
