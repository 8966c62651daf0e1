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
    data = json.loads(out.read_text())
    metrics = data["metrics"]
    assert metrics["solved"]["mean"] == 1.0 and metrics["turns_to_solve"]["mean"] == 2.0
    assert all(game["token_counter"] == "cl100k_base" and game["turn_cap"] == 8 for game in data["games"])
    assert "to solve" in result.stdout


def test_ablate_prints_both_paper_tables_and_plots_success_at_turn(tmp_path):
    out, png = tmp_path / "ablate.json", tmp_path / "curves.png"
    args = ["ablate", "--game", "asympuzl", "--agents", "neurosymbolic,ignore-partner", "--games", "2"]
    result = runner.invoke(app, [*args, "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.stderr
    assert "asympuzl-table1" in result.stdout and "asympuzl-table2" in result.stdout
    table1, table2 = json.loads(out.read_text())["sweeps"]
    feedback = list(dict.fromkeys(c["params"]["feedback"] for c in table1["cells"]))
    assert feedback == ["none", "own", "own_detailed", "joint", "both", "both_detailed"]
    assert list(dict.fromkeys(c["params"]["size"] for c in table2["cells"])) == [3, 5, 10, 20]
    cells = {c["cell"]: c["metrics"] for sweep in (table1, table2) for c in sweep["cells"]}
    assert cells["size=20, neurosymbolic"]["solved"]["mean"] == 1.0
    assert cells["feedback=none, ignore-partner"]["solved"]["mean"] == 0.0
    assert png.stat().st_size > 10_000


def test_an_unknown_feedback_mode_is_one_line():
    result = runner.invoke(app, ["selfplay", "--game", "asympuzl", "--feedback", "loud", "--games", "1"])
    assert result.exit_code == 2 and "unknown feedback mode 'loud'" in result.stderr
