"""Fact-level parser evaluation (agent.parse_eval) and ``accord eval parse``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.parse_eval import EvalItem, KindScore, default_facts, evaluate, load_eval_set
from language.acts import Act, Agree, Inform

runner = CliRunner()


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_kind_scores_follow_their_definitions() -> None:
    score = KindScore(tp=3, fp=1, fn=2)
    assert score.precision == 0.75 and score.recall == 0.6
    assert score.f1 == pytest.approx(2 * 0.75 * 0.6 / 1.35)
    assert KindScore().f1 == 1.0  # nothing expected, nothing found: nothing wrong


def test_facts_are_compared_as_multisets_per_kind() -> None:
    items = [
        EvalItem(message="a", expected=[{"act": "agree"}, {"act": "inform", "edge": ["L", "E"], "coins": 3}]),
        EvalItem(message="b", expected=[]),
    ]
    said = {"a": [Agree(), Agree()], "b": [Inform(edge=("L", "E"), coins=3)]}
    result = evaluate(items, lambda options: None, lambda m, c: said[m], Act, default_facts)
    kinds = result.kinds()
    assert (kinds["agree"].tp, kinds["agree"].fp, kinds["agree"].fn) == (1, 1, 0)
    assert (kinds["inform"].tp, kinds["inform"].fp, kinds["inform"].fn) == (0, 1, 1)
    assert result.exact_match() == 0.0
    overall = result.overall()
    assert (overall.tp, overall.fp, overall.fn) == (1, 2, 1)
    assert set(result.to_json()) >= {"exact_match", "overall", "kinds", "categories", "timing", "misses"}


def test_a_malformed_set_is_one_line_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"message": "x", "expected": []}\n{not json\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:2: not valid JSON"):
        load_eval_set(bad)
    bad.write_text('{"expected": []}\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:1: message: Field required"):
        load_eval_set(bad)
    with pytest.raises(ValueError, match="cannot read evaluation set"):
        load_eval_set(tmp_path / "missing.jsonl")
    assert load_eval_set(_write(tmp_path / "ok.jsonl", [{"message": "x", "context": {"rooms": 6}, "expected": []}]))[
        0
    ].context == {"rooms": "6"}


def test_eval_parse_scores_a_set_and_writes_json(tmp_path: Path) -> None:
    rows = [
        {
            "id": "1",
            "message": "yes",
            "context": {"visited": "L,E", "last_suggestion": "E,K"},
            "expected": [{"act": "agree"}],
            "category": "a",
        },
        {
            "id": "2",
            "message": "I get 3 from E to K",
            "context": {"visited": "L,E"},
            "expected": [{"act": "inform", "edge": ["K", "E"], "coins": 3}],
        },
    ]
    out = tmp_path / "r.json"
    result = runner.invoke(
        app,
        [
            "eval",
            "parse",
            "--game",
            "traveling_adventurers",
            "--set",
            str(_write(tmp_path / "s.jsonl", rows)),
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(out.read_text())["sets"][str(tmp_path / "s.jsonl")]
    assert report["exact_match"] == 1.0 and report["overall"]["f1"] == 1.0  # the hallway has no direction
    assert report["timing"]["median_us"] > 0


def test_eval_parse_refuses_bad_items_in_one_line(tmp_path: Path) -> None:
    rows = [{"id": "x1", "message": "hi", "context": {"planet": "mars"}, "expected": []}]
    result = runner.invoke(
        app, ["eval", "parse", "--game", "traveling_adventurers", "--set", str(_write(tmp_path / "s.jsonl", rows))]
    )
    assert result.exit_code == 2 and "x1: context option 'planet' does not apply" in result.stderr
    rows = [{"id": "x2", "message": "hi", "expected": [{"act": "fly"}]}]
    result = runner.invoke(
        app, ["eval", "parse", "--game", "traveling_adventurers", "--set", str(_write(tmp_path / "s.jsonl", rows))]
    )
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert result.exit_code == 2 and len(errors) == 1 and "x2: " in errors[0] and "'fly'" in errors[0]


@pytest.mark.parametrize(
    "game", ["traveling_adventurers", "gnomes_at_night", "dialop_optimization", "dialop_planning", "dialop_mediation"]
)
def test_every_shipped_set_loads_and_its_labels_validate(game: str) -> None:
    from agent.parse_eval import expected_acts
    from agent.reading import MessageReader
    from agent.registry import default_registry

    reader = MessageReader(default_registry(), game)
    for path in reader.kit.parse_sets.values():
        if not path.exists():
            pytest.skip(f"{path.name} is not labelled yet")
        items = load_eval_set(path)
        assert len(items) >= 150 and len({i.id for i in items}) == len(items)
        for item in items:
            expected_acts(item.expected, reader.kit.acts)
            assert reader.unknown_option(item.context) is None, item.id


def test_an_agreement_to_the_pending_suggestion_is_one_fact_however_it_is_said() -> None:
    from agent.kits.traveling_adventurers.evaluation import ta_facts
    from agent.kits.traveling_adventurers.parse import dialogue_context

    context = dialogue_context({"visited": "L,E", "last_suggestion": "E,K"})
    assert ta_facts([Agree()], context) == ta_facts([Agree(path=["E", "K"])], context) == [("agree", None)]
    assert ta_facts([Agree(path=["E", "A"])], context) == [("agree", ("E", "A"))]
    assert ta_facts([Inform(edge=("K", "E"), coins=2)], context) == ta_facts(
        [Inform(edge=("E", "K"), coins=2)], context
    )
