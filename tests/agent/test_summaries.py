"""The one summarizer (agent/summaries.py): its intervals, flattening, outputs and success-at-turn
curves, with a game's declared metric kinds (GameMetrics.kinds()) and without them."""

import json
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import Field

from agent.summaries import (
    bootstrap_interval,
    by_turn,
    llm_usage,
    metric_values,
    ratio_interval,
    summarize,
    to_csv,
    to_json,
    wilson_interval,
)
from games.asympuzl import AsympuzlMetrics
from games.base import GameMetrics, metric
from games.dialop.mediation_game import MediationMetrics
from games.dialop.optimization_game import OptimizationMetrics
from games.dialop.planning_game import PlanningMetrics
from games.gnomes_at_night import GnomesAtNightMetrics
from games.traveling_adventurers import TravelingAdventurersMetrics

REFERENCE = Path(__file__).parents[1] / "games" / "data" / "metrics_reference.json"
MODELS: dict[str, type[GameMetrics]] = {
    "traveling_adventurers": TravelingAdventurersMetrics,
    "gnomes_at_night": GnomesAtNightMetrics,
    "asympuzl": AsympuzlMetrics,
    "dialop_optimization": OptimizationMetrics,
    "dialop_planning": PlanningMetrics,
    "dialop_mediation": MediationMetrics,
}


class Round(GameMetrics):
    won: bool = metric("binary", "the round was won")


class Toy(GameMetrics):
    note: str = Field(description="a text (record only)")
    rooms: int = Field(description="a number, but record only")
    solved: bool = metric("binary", "solved")
    moves: int = metric("count", "moves made")
    words: list[int] = metric("per_seat", "words per player")
    rounds: list[Round] = metric("per_round", "each round")


def rows() -> list[dict]:
    out = []
    for i in range(12):
        toy = Toy(
            note=f"game {i}",
            rooms=6,
            solved=i % 3 == 0,
            moves=i % 2,  # a count whose values are only 0 and 1
            words=[i, 2 * i],
            rounds=[Round(won=i % 2 == 0), Round(won=False)],
        )
        out.append({"cell": "c", "params": {}, "metrics": toy.model_dump(mode="json")})
    return out


def entry(summary: list[dict], name: str) -> dict:
    return next(e for e in summary if e["metric"] == name)


def test_declared_binary_gets_wilson_a_count_bootstrap_and_record_only_fields_are_left_out() -> None:
    summary = summarize(rows(), kinds=Toy.kinds())
    assert [e["metric"] for e in summary] == ["solved", "moves", "words.0", "words.1", "rounds.won"]
    solved = entry(summary, "solved")
    assert solved["kind"] == "binary" and (solved["low"], solved["high"]) == wilson_interval(4, 12)
    moves = entry(summary, "moves")
    assert moves["kind"] == "continuous" and moves["mean"] == 0.5
    assert (moves["low"], moves["high"]) == bootstrap_interval([i % 2 for i in range(12)])
    won = entry(summary, "rounds.won")
    assert won["kind"] == "binary" and won["n"] == 24 and (won["low"], won["high"]) == wilson_interval(6, 24)
    assert not {"note", "rooms"} & {e["metric"] for e in summary}


def test_without_kinds_the_summary_infers_as_before() -> None:
    summary = summarize(rows())
    assert [e["metric"] for e in summary] == ["rooms", "solved", "moves", "words.0", "words.1", "rounds.won"]
    assert entry(summary, "solved")["kind"] == "binary" and entry(summary, "moves")["kind"] == "continuous"
    # where the inference and the declaration agree, the figures are the same
    declared = {e["metric"]: e for e in summarize(rows(), kinds=Toy.kinds())}
    assert all(declared[e["metric"]] == e for e in summary if e["metric"] != "rooms")


def test_a_declared_binary_stored_as_zero_or_one_still_gets_wilson() -> None:
    old = [{"cell": "c", "params": {}, "metrics": {"solved": int(i < 3)}} for i in range(10)]
    assert summarize(old)[0]["kind"] == "continuous"  # inferred from the values
    declared = summarize(old, kinds={"solved": "binary"})[0]
    assert declared["kind"] == "binary" and (declared["low"], declared["high"]) == wilson_interval(3, 10)


def test_a_declared_binary_holding_another_value_is_refused() -> None:
    bad = [{"cell": "c", "params": {}, "metrics": {"solved": 0.5}}]
    with pytest.raises(ValueError, match="declared binary but holds 0.5"):
        summarize(bad, kinds={"solved": "binary"})


def test_metrics_filter_and_kinds_combine() -> None:
    summary = summarize(rows(), metrics=["rooms", "moves", "solved"], kinds=Toy.kinds())
    assert [e["metric"] for e in summary] == ["moves", "solved"]


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@pytest.mark.parametrize("game", sorted(MODELS))
def test_declared_kinds_name_exactly_the_flattened_metrics_of_every_game(game: str) -> None:
    """Against the frozen dumps of every game: each declared name is a flattened metric (unless its
    value is None or there were no rounds), and the kinds drop only record-only fields."""
    model = MODELS[game]
    kinds = model.kinds()
    record_only = {n for n, info in model.model_fields.items() if not isinstance(info.json_schema_extra, dict)}
    cases = {k: v for k, v in json.loads(REFERENCE.read_text()).items() if k.split("/")[0].startswith(game)}
    assert cases
    for case, dumped in cases.items():
        flat = metric_values(dumped)
        for numerator, denominator in model.ratios.values():
            assert _number(dumped[numerator]) and _number(dumped[denominator]), f"{case}: a ratio of non-numbers"
        for name in model.totals():
            assert isinstance(dumped[name], list), f"{case}: {name} totals no seats"
        for name in kinds:
            if name in model.ratios or name in model.totals():
                continue  # derived: a ratio of two fields' sums, or a per-seat metric's total
            field = name.split(".")[0]
            assert name in flat or dumped[field] in (None, []), f"{case}: {name} missing"
        for name in set(flat) - set(kinds):
            field, _, sub = name.partition(".")
            owner = get_args(model.model_fields[field].annotation)[0] if sub and field not in record_only else model
            declared = owner.model_fields[sub if owner is not model else field].json_schema_extra
            assert not isinstance(declared, dict), f"{case}: {name} is declared but not in kinds()"
        assert all(isinstance(v, bool) for n, k in kinds.items() if k == "binary" for v in flat.get(n, []))


class Derived(GameMetrics):
    """A seat total, a ratio of sums and a success turn (the derived figures of the schema)."""

    ratios = {"steps/best": ("steps", "best")}
    success_turns = {"solved": "solved_at"}

    solved: bool = metric("binary", "it was solved")
    solved_at: int | None = metric("count", "the turn it was solved")
    steps: int = metric("count", "steps taken")
    best: int = Field(description="the fewest steps (record only)")
    words: list[int] = metric("per_seat", "words per player", total=True)


def derived_rows() -> list[dict]:
    games = [(True, 1, 4, 2, [3, 5]), (True, 3, 9, 3, [0, 2]), (False, None, 10, 4, [7, 1]), (True, 2, 5, 5, [2, 2])]
    return [
        {
            "cell": "c",
            "key": str(i),
            "metrics": dict(zip(["solved", "solved_at", "steps", "best", "words"], g, strict=True)),
        }
        for i, g in enumerate(games)
    ]


def test_a_ratio_is_the_ratio_of_sums_with_a_paired_bootstrap_interval() -> None:
    entry = {e["metric"]: e for e in summarize(derived_rows(), schema=Derived)}["steps/best"]
    assert entry["kind"] == "ratio" and entry["n"] == 4
    assert entry["mean"] == (4 + 9 + 10 + 5) / (2 + 3 + 4 + 5)  # not the mean of the per-game ratios
    assert (entry["low"], entry["high"]) == ratio_interval([(4, 2), (9, 3), (10, 4), (5, 5)])[1:]
    assert entry["low"] < entry["mean"] < entry["high"]
    shuffled = {e["metric"]: e for e in summarize(derived_rows()[::-1], schema=Derived)}["steps/best"]
    assert shuffled == entry  # the same games in another finishing order


def test_a_seat_total_is_summarized_beside_the_seats() -> None:
    summary = {e["metric"]: e for e in summarize(derived_rows(), schema=Derived)}
    assert summary["words"]["mean"] == (8 + 2 + 8 + 4) / 4 and summary["words"]["kind"] == "continuous"
    assert summary["words.0"]["mean"] == (3 + 0 + 7 + 2) / 4
    assert summary["words"]["low"] <= summary["words"]["mean"] <= summary["words"]["high"]


def test_by_turn_reads_the_declared_success_turn() -> None:
    curve = by_turn(derived_rows(), "solved", Derived)
    assert [(e["params"]["turn"], e["mean"]) for e in curve] == [(1, 0.25), (2, 0.5), (3, 0.75)]
    assert (curve[0]["low"], curve[0]["high"]) == wilson_interval(1, 4)


def test_llm_usage_sums_the_rows_that_used_a_model() -> None:
    from language.llm_client import LLMUsage

    one = LLMUsage(calls=2, prompt_tokens=10).to_json()
    rows = [{"llm": one}, {"llm": None}, {"llm": one}]
    usage = llm_usage(rows)
    assert usage is not None and usage["calls"] == 4 and usage["per_game"]["calls"] == 2.0
    assert llm_usage([{"llm": None}]) is None


def row(key: str, cell: str = "a", **metrics: object) -> dict:
    return {"key": key, "cell": cell, "params": {"preset": cell}, "metrics": metrics}


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(100, 100)
    assert hi == 1.0 and lo == pytest.approx(0.963, abs=1e-3)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@given(k=st.integers(0, 500), extra=st.integers(0, 500))
def test_wilson_interval_contains_the_estimate(k, extra):
    n = k + extra
    lo, hi = wilson_interval(k, n)
    if n:
        assert 0 <= lo <= k / n <= hi <= 1


def test_metric_values_flatten_seats_and_rounds() -> None:
    values = metric_values(
        {
            "optimal": True,
            "turns": 8,
            "board": "preset-1",
            "words": [3, 4],
            "per_round": [{"round": 1, "success": True}, {"round": 2, "success": False}],
            "submissions": {"USER": ["L"]},
        }
    )
    assert values == {
        "optimal": [True],
        "turns": [8],
        "words.0": [3],
        "words.1": [4],
        "per_round.round": [1, 2],
        "per_round.success": [True, False],
    }


def test_summary_wilson_for_binary_bootstrap_for_continuous() -> None:
    rows = [row(f"k{i}", "b" if i % 2 else "a", optimal=i % 3 == 0, turns=i) for i in range(20)]
    summary = summarize(rows, cells=["b", "a"])
    assert [e["cell"] for e in summary][:2] == ["b", "b"]
    optimal = next(e for e in summary if e["cell"] == "a" and e["metric"] == "optimal")
    wins = sum(1 for i in range(0, 20, 2) if i % 3 == 0)
    assert optimal["kind"] == "binary" and optimal["n"] == 10
    assert (optimal["low"], optimal["high"]) == wilson_interval(wins, 10)
    turns = next(e for e in summary if e["cell"] == "a" and e["metric"] == "turns")
    assert turns["kind"] == "continuous" and turns["low"] < turns["mean"] == 9.0 < turns["high"]
    assert summarize(list(reversed(rows)), cells=["b", "a"]) == summary  # any completion order


def test_bootstrap_is_seeded() -> None:
    assert bootstrap_interval([1, 2, 3, 10]) == bootstrap_interval([10, 3, 2, 1])
    assert bootstrap_interval([5.0]) == (5.0, 5.0)


def test_csv_and_json(tmp_path: Path) -> None:
    summary = summarize([row("k1", optimal=True), row("k2", optimal=False)], metrics=["optimal"])
    text = to_csv(summary, tmp_path / "s.csv")
    assert text.splitlines()[0] == "cell,metric,kind,n,mean,low,high,preset"
    assert text.splitlines()[1].startswith("a,optimal,binary,2,0.5,")
    assert json.loads(to_json(summary, tmp_path / "s.json"))[0]["n"] == 2
    assert (tmp_path / "s.csv").exists() and (tmp_path / "s.json").exists()


def test_the_summary_does_not_depend_on_the_order_games_finished_in():
    rows = [
        {"cell": "c", "params": {}, "metrics": {"score": value, "ok": value > 0.5}}
        for value in (0.1, 0.7, 0.2, 1e-17, 0.3, 82.0663, 0.9)
    ]
    assert summarize(rows) == summarize(list(reversed(rows))) == summarize(sorted(rows, key=str))


def test_success_by_turn_counts_every_game_of_a_cell():
    rows = [
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": True, "turns_to_solve": 2, "turns": 2}},
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": True, "turns_to_solve": 4, "turns": 4}},
        {"cell": "a", "params": {"size": 3}, "metrics": {"solved": False, "turns_to_solve": None, "turns": 6}},
        {"cell": "b", "params": {"size": 5}, "metrics": {"solved": False, "turns_to_solve": None, "turns": 10}},
    ]
    curve = {(e["cell"], e["params"]["turn"]): (e["n"], e["mean"]) for e in by_turn(rows, "solved")}
    assert curve[("a", 1)] == (3, 0.0) and curve[("a", 2)] == (3, 1 / 3) and curve[("a", 4)] == (3, 2 / 3)
    assert curve[("b", 4)] == (1, 0.0)
    with pytest.raises(ValueError, match="no game reports a binary 'words'"):
        by_turn([{"cell": "a", "metrics": {"words": 3, "turns": 2}}], "words")
