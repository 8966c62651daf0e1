"""The command line for Gnomes at Night: parse, self-play with a partner, play, bench."""

import json

from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()


def test_parse_prints_one_flag_object():
    result = runner.invoke(app, ["parse", "--game", "gnomes_at_night", "can you go left?"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout) == {"flag": "left"}
    result = runner.invoke(app, ["parse", "--game", "gnomes_at_night", "ok", "--last-request", "up"])
    assert json.loads(result.stdout) == {"flag": "accept"}


def test_parse_refuses_a_bad_last_request():
    result = runner.invoke(app, ["parse", "--game", "gnomes_at_night", "ok", "--last-request", "north"])
    assert result.exit_code == 2 and "last_request must be one of" in result.stderr


def test_selfplay_comm_with_the_proxy(tmp_path):
    out = tmp_path / "gn.json"
    args = ["selfplay", "--game", "gnomes_at_night", "--agent", "comm", "--partner", "proxy", "--games", "1"]
    result = runner.invoke(app, [*args, "--option", "iterations=2000", "--json", str(out)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(out.read_text())
    assert data["agent"] == "comm + proxy" and data["partner"] == "proxy"
    metrics = data["metrics"]
    assert metrics["per_round.success"]["n"] == 5 and 0 <= metrics["per_round.success"]["mean"] <= 1
    assert metrics["per_round.oracle_turns"]["mean"] == 9.0
    game = data["games"][0]
    assert metrics["turns/oracle"]["mean"] == game["turns"] / game["oracle_turns"]
    assert "turns/oracle" in result.stdout


def test_selfplay_on_a_generated_maze(tmp_path):
    args = ["selfplay", "--game", "gnomes_at_night", "--agent", "mute", "--partner", "mute-proxy", "--games", "1"]
    result = runner.invoke(app, [*args, "--size", "5", "--turn-cap", "20", "--option", "iterations=500", "--json", "-"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"][0]["maze"] == "generated-5-0"


def test_play_gnomes_in_the_terminal():
    script = "r can you go down?\n/board\nstay\nhello\nstay\n/quit\n"
    result = runner.invoke(app, ["play", "gnomes_at_night", "--agent", "mute"], input=script)
    assert result.exit_code == 0, result.output
    assert "partner moved" in result.stdout and "@" in result.stdout and "rounds solved" in result.stdout


def test_bench_aismcts_small(tmp_path):
    out, png = tmp_path / "bench.json", tmp_path / "dictionary.png"
    args = ["bench", "aismcts", "--iterations", "200", "--reference", "200", "--repeats", "1"]
    result = runner.invoke(app, [*args, "--json", str(out), "--heatmap", str(png)])
    assert result.exit_code == 0, result.stderr
    data = json.loads(out.read_text())
    assert {r["core"] for r in data["results"]} == {"numba", "python"} and data["mismatches"] == []
    assert png.stat().st_size > 5000 and data["heatmap"]["refused_moves"] >= 0


def test_bench_aismcts_bad_counts_are_one_line():
    result = runner.invoke(app, ["bench", "aismcts", "--iterations", "ten"])
    assert result.exit_code == 2 and "comma-separated integers" in result.stderr


def test_ablate_with_a_partner_and_a_rounds_plot(tmp_path):
    out, png = tmp_path / "ablate.json", tmp_path / "ablate.png"
    args = ["ablate", "--game", "gnomes_at_night", "--agents", "comm,mute", "--partner", "proxy"]
    result = runner.invoke(
        app,
        [*args, "--seeds", "1", "--games", "1", "--option", "iterations=500", "--json", str(out), "--plot", str(png)],
    )
    assert result.exit_code == 0, result.stderr
    rows = json.loads(out.read_text())["sweeps"][0]["cells"]
    assert [r["cell"] for r in rows] == ["comm", "mute"]
    assert png.stat().st_size > 5000
