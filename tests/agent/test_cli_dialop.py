"""`accord dialop rescore`: the recorded human games re-score exactly."""

import json

from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()


def test_rescore_reproduces_every_recorded_game(tmp_path):
    out = tmp_path / "rescore.json"
    result = runner.invoke(app, ["dialop", "rescore", "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    report = json.loads(out.read_text())
    assert {task: (r["games"], r["reproduced"]) for task, r in report.items()} == {
        "optimization": (134, 134),
        "planning": (113, 113),
        "mediation": (162, 162),
    }
    for task, paper in (("optimization", 0.921), ("planning", 0.886), ("mediation", 0.970)):
        assert round(report[task]["mean_norm"], 3) == paper
    assert "reproduced" in result.stdout


def test_rescore_one_task_and_an_unknown_one():
    result = runner.invoke(app, ["dialop", "rescore", "--task", "mediation", "--json", "-"])
    assert result.exit_code == 0 and list(json.loads(result.stdout)) == ["mediation"]
    result = runner.invoke(app, ["dialop", "rescore", "--task", "chess"])
    assert result.exit_code == 2 and "unknown DialOp task 'chess'" in result.stderr


def test_a_game_without_agents_is_a_clear_error():
    for command in (["selfplay", "--game", "dialop_optimization"], ["ablate", "--game", "dialop_optimization"]):
        result = runner.invoke(app, [*command, "--games", "1"])
        assert result.exit_code == 2 and "has no agent presets yet" in result.stderr
