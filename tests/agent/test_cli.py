"""The ``accord`` command line: outputs, JSON files and one-line errors with exit code 2."""

import json

import pytest
from typer.testing import CliRunner

from agent.cli import app

runner = CliRunner()

BOARD1 = {
    "nodes": ["L", "E", "B", "K", "C", "A"],
    "edges": [
        ["L", "E", 11],
        ["L", "B", 7],
        ["L", "K", 3],
        ["L", "C", 7],
        ["L", "A", 7],
        ["E", "B", 7],
        ["E", "K", 7],
        ["E", "C", 3],
        ["E", "A", 9],
        ["B", "K", 7],
        ["B", "C", 9],
        ["B", "A", 9],
        ["K", "C", 9],
        ["K", "A", 6],
        ["C", "A", 2],
    ],
}


def write(tmp_path, data, name="g.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_solve_tsp_json_to_stdout(tmp_path):
    result = runner.invoke(app, ["solve", "tsp", write(tmp_path, BOARD1), "--maximize", "--json", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["optimal"] is True and data["tour"][0] == data["tour"][-1] == "L" and len(data["tour"]) == 7


@pytest.mark.parametrize("method", ["dp", "cpsat", "scip"])
def test_solve_tsp_methods_agree_with_a_prefix(tmp_path, method):
    result = runner.invoke(
        app, ["solve", "tsp", write(tmp_path, BOARD1), "--prefix", "L,K", "--method", method, "--json", "-"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["tour"][:2] == ["L", "K"]
    dp = json.loads(
        runner.invoke(app, ["solve", "tsp", write(tmp_path, BOARD1), "--prefix", "L,K", "--json", "-"]).stdout
    )
    assert data["value"] == dp["value"]


@pytest.mark.parametrize(
    "content, args",
    [
        ("{not json", []),
        ({"nodes": ["L", "E", "B"], "edges": [["L", "E", 1], ["L", "B", 2]]}, []),
        ({"nodes": ["L", "E"], "edges": [["L", "Q", 1]]}, []),
        ({"nodes": ["L", "L"], "edges": []}, []),
        (BOARD1, ["--start", "Z"]),
        (BOARD1, ["--prefix", "E,L"]),
        (BOARD1, ["--method", "magic"]),
        (
            {
                "nodes": [f"n{i}" for i in range(25)],
                "edges": [[f"n{i}", f"n{j}", 1] for i in range(25) for j in range(i + 1, 25)],
            },
            [],
        ),
    ],
)
def test_solve_tsp_bad_input_is_one_line_exit_2(tmp_path, content, args):
    result = runner.invoke(app, ["solve", "tsp", write(tmp_path, content), *args, "--json", "-"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and result.stderr.strip().count("\n") == 0 and "error" in result.stderr


def test_missing_file_is_one_line(tmp_path):
    result = runner.invoke(app, ["solve", "tsp", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_parse_prints_acts_as_json():
    result = runner.invoke(
        app,
        [
            "parse",
            "--game",
            "traveling_adventurers",
            "--at",
            "L",
            "--visited",
            "L,E",
            "I get 6 light coins from L to E. How many coins do you get from L to A?",
        ],
    )
    assert result.exit_code == 0, result.output
    acts = json.loads(result.stdout)
    assert {"act": "inform", "edge": ["L", "E"], "coins": 6} in acts
    assert {"act": "ask", "edge": ["L", "A"]} in acts


def test_parse_unknown_game_or_room_is_one_line():
    assert runner.invoke(app, ["parse", "--game", "chess", "hi"]).exit_code == 2
    result = runner.invoke(app, ["parse", "--visited", "L,Q", "hi"])
    assert result.exit_code == 2 and "unknown room 'Q'" in result.stderr


def test_selfplay_json(tmp_path):
    out = tmp_path / "sp.json"
    result = runner.invoke(
        app,
        [
            "selfplay",
            "--game",
            "traveling_adventurers",
            "--agent",
            "problem-solving",
            "--games",
            "4",
            "--seed",
            "1",
            "--board",
            "2",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert len(data["games"]) == 4
    metrics = data["metrics"]
    assert metrics["identical"]["mean"] == metrics["correct"]["mean"] == metrics["optimal"]["mean"] == 1.0
    assert metrics["optimal"]["kind"] == "binary" and metrics["optimal"]["high"] == 1.0


def test_selfplay_unknown_agent_is_one_line():
    result = runner.invoke(app, ["selfplay", "--agent", "wizard"])
    assert result.exit_code == 2 and "unknown agent preset" in result.stderr


def test_ablate_small_with_plot(tmp_path):
    out, png = tmp_path / "t.json", tmp_path / "t.png"
    result = runner.invoke(app, ["ablate", "--seeds", "1", "--games", "3", "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())["sweeps"][0]["cells"]
    assert [r["cell"] for r in rows] == ["baseline", "grounding", "state-tracking", "problem-solving"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Optimal" in result.stdout


def test_games_and_check():
    listed = json.loads(runner.invoke(app, ["games", "--json", "-"]).stdout)
    assert listed[0]["game_id"] == "traveling_adventurers_v0" and "problem-solving" in listed[0]["presets"]
    result = runner.invoke(app, ["check", "--seeds", "2"])
    assert result.exit_code == 0 and "ok" in result.stdout
    reports = json.loads(runner.invoke(app, ["check", "--seeds", "1", "--json", "-"]).stdout)
    assert reports[0]["ok"] and reports[0]["game_id"] == "traveling_adventurers_v0" and reports[0]["games_played"] == 2


def test_play_in_the_terminal_with_scripted_input():
    script = "/coins\nhi! what should we do?\nok\nok\nok\nok\nok\n/quit\n"
    result = runner.invoke(app, ["play", "traveling_adventurers", "--board", "1"], input=script)
    assert result.exit_code == 0, result.output
    assert "partner>" in result.stdout and "identical=" in result.stdout


def test_planner_options_from_the_command_line(tmp_path):
    out = tmp_path / "sp.json"
    args = ["selfplay", "--games", "2", "--board", "1", "--option", "unknown=expected", "--json", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["metrics"]["correct"]["mean"] == 1.0
    bad = runner.invoke(app, ["selfplay", "--agent", "baseline", "--games", "1", "--option", "unknown=expected"])
    assert bad.exit_code == 2 and "takes no option 'unknown'" in bad.stderr
    assert runner.invoke(app, ["selfplay", "--games", "1", "--option", "novalue"]).exit_code == 2
