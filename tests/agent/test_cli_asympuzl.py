"""`accord selfplay --game asympuzl` and `accord ablate --game asympuzl` (the paper's Tables 1 and 2)."""

import json

from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()


def test_selfplay_takes_size_and_feedback_and_reports_the_puzzle_metrics(tmp_path):
    out = tmp_path / "selfplay.json"
    args = ["selfplay", "--game", "asympuzl", "--size", "4", "--feedback", "own_detailed", "--games", "5"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    metrics = json.loads(out.read_text())["metrics"]
    assert metrics["solved"] == 1.0 and metrics["mean_turns_to_solve"] == 2.0
    assert metrics["success_at_turn"][:2] == [0.0, 1.0] and len(metrics["success_at_turn"]) == 8
    assert metrics["token_counter"] == "cl100k_base" and "tokens per move counted as cl100k_base" in result.stdout


def test_ablate_prints_both_paper_tables_and_plots_success_at_turn(tmp_path):
    out, png = tmp_path / "ablate.json", tmp_path / "curves.png"
    args = ["ablate", "--game", "asympuzl", "--agents", "neurosymbolic,ignore-partner", "--games", "2"]
    result = runner.invoke(app, [*args, "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.stderr
    assert "Table 1" in result.stdout and "Table 2" in result.stdout
    tables = json.loads(out.read_text())["tables"]
    assert list(tables["feedback"]) == ["none", "own", "own_detailed", "joint", "both", "both_detailed"]
    assert list(tables["size"]) == ["3", "5", "10", "20"]
    assert tables["size"]["20"]["neurosymbolic"]["solved"] == 1.0
    assert tables["feedback"]["none"]["ignore-partner"]["solved"] == 0.0
    assert png.stat().st_size > 10_000


def test_an_unknown_feedback_mode_is_one_line():
    result = runner.invoke(app, ["selfplay", "--game", "asympuzl", "--feedback", "loud", "--games", "1"])
    assert result.exit_code == 2 and "unknown feedback mode 'loud'" in result.stderr
