"""The typed metrics schema: metric(), GameMetrics.describe() / kinds(), and the checks at class creation."""

import pytest
from pydantic import Field, ValidationError

from games.asympuzl import AsympuzlMetrics
from games.base import METRIC_KINDS, GameMetrics, MetricInfo, metric
from games.dialop.mediation_game import MediationMetrics
from games.dialop.optimization_game import OptimizationMetrics
from games.dialop.planning_game import PlanningMetrics
from games.gnomes_at_night import GnomesAtNightMetrics
from games.traveling_adventurers import TravelingAdventurersMetrics


class Round(GameMetrics):
    index: int = Field(description="record only")
    won: bool = metric("binary", "the round was won")
    steps: int = metric("count", "steps taken")


class Example(GameMetrics):
    name: str = Field(description="a text, record only")
    ok: bool = metric("binary", "it worked")
    score: float | None = metric("continuous", "how well")
    moves: int = metric("count", "moves made")
    words: list[int] = metric("per_seat", "words per player")
    flags: list[bool] = metric("per_seat", "a flag per user", seats=3)
    rounds: list[Round] = metric("per_round", "each round")


def test_kinds_flatten_seats_and_rounds_and_skip_record_only_fields() -> None:
    assert Example.kinds() == {
        "ok": "binary",
        "score": "continuous",
        "moves": "continuous",
        "words.0": "continuous",
        "words.1": "continuous",
        "flags.0": "binary",
        "flags.1": "binary",
        "flags.2": "binary",
        "rounds.won": "binary",
        "rounds.steps": "continuous",
    }


def test_describe_keeps_the_declared_kind_and_description() -> None:
    rows = {m.name: m for m in Example.describe()}
    assert rows["moves"] == MetricInfo("moves", "count", "continuous", "moves made")
    assert rows["words.1"] == MetricInfo("words.1", "per_seat", "continuous", "words per player (seat 1)")
    assert rows["rounds.won"] == MetricInfo("rounds.won", "binary", "binary", "the round was won")
    assert "name" not in rows and "rounds.index" not in rows


def test_a_model_dumps_its_fields_in_order_and_is_frozen() -> None:
    m = Example(name="x", ok=True, score=None, moves=3, words=[1, 2], flags=[True, False, True], rounds=[])
    assert list(m.model_dump(mode="json")) == ["name", "ok", "score", "moves", "words", "flags", "rounds"]
    with pytest.raises(ValidationError):
        m.ok = False  # type: ignore[misc]


def test_a_per_seat_metric_needs_one_entry_per_seat() -> None:
    with pytest.raises(ValidationError, match="one entry per seat"):
        Example(name="x", ok=True, score=1.0, moves=3, words=[1], flags=[True] * 3, rounds=[])


@pytest.mark.parametrize(
    ("annotation", "kind"),
    [(int, "continuous"), (float, "count"), (int, "binary"), (list[str], "per_seat"), (list[int], "per_round")],
)
def test_a_kind_its_annotation_does_not_have_is_refused_at_class_creation(annotation: type, kind: str) -> None:
    with pytest.raises(TypeError, match=f"a {kind} metric"):
        type("Bad", (GameMetrics,), {"__annotations__": {"x": annotation}, "x": metric(kind, "x")})  # type: ignore[arg-type]


def test_a_round_model_declares_only_scalar_metrics() -> None:
    class Nested(GameMetrics):
        seats: list[int] = metric("per_seat", "per seat")

    with pytest.raises(TypeError, match="only binary, continuous or count"):
        type("Bad", (GameMetrics,), {"__annotations__": {"x": list[Nested]}, "x": metric("per_round", "x")})


def test_metric_refuses_unknown_kinds_and_misplaced_seats() -> None:
    assert METRIC_KINDS == ("binary", "continuous", "count", "per_seat", "per_round")
    with pytest.raises(ValueError, match="unknown metric kind"):
        metric("ratio", "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats applies to per_seat"):
        metric("count", "x", seats=2)


def test_every_game_declares_the_metrics_its_sweeps_report() -> None:
    # the metrics named in sweeps/*.toml must stay summarized when the declared kinds are used
    assert {"identical", "correct", "optimal", "turns", "words", "score"} <= set(TravelingAdventurersMetrics.kinds())
    assert {"solved", "turns", "turns_to_solve"} <= set(AsympuzlMetrics.kinds())
    assert {"per_round.success", "per_round.turns", "turns_over_oracle", "rounds_solved"} <= set(
        GnomesAtNightMetrics.kinds()
    )
    for model in (OptimizationMetrics, PlanningMetrics, MediationMetrics):
        assert {"normalized_score", "agreed", "turns", "proposals"} <= set(model.kinds())
    assert [n for n in MediationMetrics.kinds() if n.startswith(("words.", "assistant_turns_to."))] == [
        "words.0",
        "words.1",
        "words.2",
        "assistant_turns_to.0",
        "assistant_turns_to.1",
    ]


class Derived(GameMetrics):
    """Every derived declaration: a seat total, a label, a ratio of sums and a success turn."""

    ratios = {"steps/best": ("steps", "best")}
    success_turns = {"solved": "solved_at"}

    solved: bool = metric("binary", "it was solved", label="Solved")
    solved_at: int | None = metric("count", "the turn it was solved (solved games only)")
    steps: int = metric("count", "steps taken")
    best: int = Field(description="the fewest steps (record only)")
    words: list[int] = metric("per_seat", "words per player", total=True)


def test_derived_declarations_appear_in_describe_and_kinds() -> None:
    described = {m.name: m for m in Derived.describe()}
    assert described["words"] == MetricInfo("words", "per_seat", "continuous", "words per player (all seats together)")
    assert "words.0" in described and "words.1" in described  # the seats stay
    assert described["steps/best"] == MetricInfo("steps/best", "ratio", "ratio", "sum of steps over sum of best")
    assert Derived.kinds()["steps/best"] == "ratio" and Derived.totals() == ["words"]
    assert Derived.info("solved") is not None and Derived.info("solved").heading == "Solved"
    assert Derived.info("steps").heading == "steps" and Derived.info("nothing") is None
    assert Derived.success_turns == {"solved": "solved_at"} and GameMetrics.ratios == {}


def test_total_and_label_are_checked_and_leave_the_dump_alone() -> None:
    with pytest.raises(ValueError, match="total applies to per_seat"):
        metric("count", "moves", total=True)
    dumped = Derived(solved=True, solved_at=3, steps=4, best=2, words=[1, 2]).model_dump(mode="json")
    assert dumped == {"solved": True, "solved_at": 3, "steps": 4, "best": 2, "words": [1, 2]}


def test_the_games_declare_their_derived_figures() -> None:
    assert GnomesAtNightMetrics.ratios == {"turns/oracle": ("turns", "oracle_turns")}
    assert AsympuzlMetrics.success_turns == {"solved": "turns_to_solve"}
    for model in (OptimizationMetrics, PlanningMetrics, MediationMetrics):
        assert model.totals() == ["messages", "words"]
    assert [TravelingAdventurersMetrics.info(m).heading for m in ("identical", "correct", "optimal")] == [
        "Identical",
        "Correct",
        "Optimal",
    ]
