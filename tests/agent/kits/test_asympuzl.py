"""AsymPuzl agents: registration, self-play of every preset, determinism."""

import pytest

from agent.arena import play_game, selfplay
from agent.kits.asympuzl import kit
from agent.registry import Registry
from agent.summaries import by_turn, record_rows, summary_of
from games.asympuzl import FEEDBACK_MODES, AsympuzlGame, AsympuzlMetrics

SEEDS = range(30)


def summarize(records):
    """The summary of one cell of AsymPuzl games, by metric (the result store's summarizer)."""
    return summary_of(records, AsympuzlMetrics)


@pytest.fixture(scope="module")
def reg() -> Registry:
    registry = Registry()
    registry.register_kit(kit())
    return registry


def run(reg, preset, size, mode, seeds=SEEDS):
    game = reg.make_game("asympuzl", size=size, feedback=mode)
    return selfplay(game, reg.preset("asympuzl", preset), seeds=seeds, registry=reg)


def test_registration(reg):
    assert reg.game_family("asympuzl_v0") == "asympuzl"
    assert reg.default_preset("asympuzl") == "neurosymbolic"
    assert set(reg.preset_names("asympuzl", offline=True)) == {
        "neurosymbolic",
        "one-at-a-time",
        "ignore-partner",
        "over-correct",
    }
    game = reg.make_game("asympuzl", size=4, feedback="both", turn_cap=3)
    assert isinstance(game, AsympuzlGame) and game.turn_cap == 3
    with pytest.raises(ValueError):
        reg.make_game("asympuzl", feedback="loud")


@pytest.mark.parametrize("size", [3, 5, 10, 20])
@pytest.mark.parametrize("mode", FEEDBACK_MODES)
def test_neurosymbolic_solves_every_seed_in_two_turns(reg, size, mode):
    records = run(reg, "neurosymbolic", size, mode)
    assert all(r.metrics["solved"] and r.metrics["turns_to_solve"] == 2 for r in records)
    assert not any(r.refused for r in records)
    summary = summarize(records)
    assert summary["solved"]["mean"] == 1.0 and summary["solved"]["high"] == 1.0
    assert summary["mean_actions_per_position.0"]["mean"] == 1.0  # Alice writes each position once
    assert summary["mean_actions_per_position.1"]["mean"] <= 1.0  # Bob at most once
    curve = by_turn(record_rows(records), "solved", AsympuzlMetrics)
    assert [e["mean"] for e in curve][:2] == [0.0, 1.0] and curve[0]["params"]["turn"] == 1


@pytest.mark.parametrize("size", [3, 5, 10])
def test_one_at_a_time_solves_in_n_plus_one_turns(reg, size):
    records = run(reg, "one-at-a-time", size, "none", seeds=range(10))
    assert all(r.metrics["turns_to_solve"] == size + 1 for r in records)


def test_ignore_partner_fails(reg):
    records = run(reg, "ignore-partner", 5, "both")
    assert summarize(records)["solved"]["mean"] == 0.0
    assert all(r.metrics["turns"] == 10 for r in records)


def test_over_correct_overwrites_and_fails_more(reg):
    neuro = summarize(run(reg, "neurosymbolic", 5, "none"))
    over = summarize(run(reg, "over-correct", 5, "none"))
    assert over["mean_actions_per_position.0"]["mean"] > 3 * neuro["mean_actions_per_position.0"]["mean"]
    assert over["turns"]["mean"] > neuro["turns"]["mean"]
    big = summarize(run(reg, "over-correct", 20, "both", seeds=range(10)))
    assert big["solved"]["mean"] < 0.6
    # detailed feedback restrains it: fewer rewrites than with no feedback
    detailed = summarize(run(reg, "over-correct", 5, "own_detailed"))
    assert detailed["mean_actions_per_position.0"]["mean"] < over["mean_actions_per_position.0"]["mean"]


def test_determinism(reg):
    first = run(reg, "over-correct", 5, "own", seeds=range(5))
    second = run(reg, "over-correct", 5, "own", seeds=range(5))
    assert [r.to_json() for r in first] == [r.to_json() for r in second]


def test_mixed_pair_neurosymbolic_with_ignoring_partner(reg):
    game = reg.make_game("asympuzl", size=4, feedback="none")
    agents = [
        reg.build_agent(reg.preset("asympuzl", "neurosymbolic")),
        reg.build_agent(reg.preset("asympuzl", "ignore-partner")),
    ]
    record = play_game(game, agents, seed=0)
    assert not record.metrics["solved"]
