"""Prompted self-play: agents continue recorded human dialogues and are scored like the humans."""

import pytest

from agent.kits.dialop.psp import CONDITIONS, prompted_selfplay, psp_summary, recorded_indices
from agent.registry import default_registry
from agent.summaries import bootstrap_interval
from games.dialop.data import load_recorded
from games.dialop.replay import dialogue_words, prefix_turns


def _solver(task):
    registry = default_registry()
    return registry.preset(f"dialop_{task}", "solver")


@pytest.mark.parametrize("task", ["optimization", "planning", "mediation"])
def test_the_proposal_condition_forces_a_proposal_right_after_the_human_dialogue(task):
    record = prompted_selfplay(task, 1, "proposal", _solver(task))
    game = load_recorded(task)[1]
    assert record.forced and record.agent_turns == 0
    assert record.prefix_turns == len(prefix_turns(task, game, "proposal"))
    assert record.human_words == dialogue_words(task, game)
    assert 0.0 <= record.score <= 1.0 and record.refused == []
    assert record.human_score == pytest.approx(game["result"]["norm"], abs=1e-9)
    assert 0.0 < record.random_score < 1.0


def test_a_continuation_stops_near_the_human_length_and_replays_identically():
    first = prompted_selfplay("optimization", 2, "0.5", _solver("optimization"))
    again = prompted_selfplay("optimization", 2, "0.5", _solver("optimization"))
    assert first.to_json() == again.to_json()
    if first.forced:
        assert first.words >= first.human_words - 25 or first.agent_turns >= 30


def test_self_play_on_a_recorded_instance_has_no_prefix_and_no_forcing():
    record = prompted_selfplay("mediation", 0, "self-play", _solver("mediation"))
    assert record.prefix_turns == 0 and not record.forced and record.agent_turns > 0


def test_summary_and_bad_names():
    records = [prompted_selfplay("mediation", i, "proposal", _solver("mediation")) for i in range(3)]
    summary = psp_summary(records)
    assert summary["games"] == 3 and summary["forced"] == 1.0
    assert summary["mean_score_ci"][0] <= summary["mean_score"] <= summary["mean_score_ci"][1]
    # the shared summarizer's intervals: the seeded bootstrap for the scores, like every command's
    scores = [r.score for r in records]
    assert summary["mean_score"] == pytest.approx(sum(scores) / 3, abs=1e-15)
    assert summary["mean_score_ci"] == list(bootstrap_interval(scores))
    assert psp_summary([])["games"] == 0 and psp_summary([])["mean_score"] == 0.0
    assert recorded_indices("planning") == list(range(113)) and recorded_indices("planning", 5) == list(range(5))
    assert "self-play" in CONDITIONS
    with pytest.raises(ValueError, match="unknown DialOp task"):
        prompted_selfplay("chess", 0, "0.5", _solver("mediation"))
    with pytest.raises(ValueError, match="unknown prefix"):
        prompted_selfplay("mediation", 0, "all", _solver("mediation"))
