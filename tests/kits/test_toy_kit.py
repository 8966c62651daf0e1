"""Acceptance of the game-kit seam (issue 13): a toy game whose kit lives only under tests/ gets
every command with no edit to any shared file. It is registered the way an outside package would
register one: ``ACCORD_KITS=tests.kits.toy_sum:kit``."""

from __future__ import annotations

import json
import warnings

import pytest
from typer.testing import CliRunner

import agent.registry
from agent.cli import app
from agent.registry import KITS_ENV, default_registry
from games.base import check_game
from tests.kits.toy_sum import REFERENCE, SWEEP

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy_kit(monkeypatch: pytest.MonkeyPatch):
    """The default registry rebuilt with the toy kit named in the environment (and rebuilt without
    it afterwards)."""
    monkeypatch.setenv(KITS_ENV, REFERENCE)
    monkeypatch.setattr(agent.registry, "_DEFAULT", None)
    yield
    agent.registry._DEFAULT = None


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def test_the_toy_kit_registers_from_the_environment():
    registry = default_registry()
    assert "toy_sum" in registry.games and registry.default_preset("toy_sum") == "teller"
    assert check_game(registry.make_game("toy_sum"), range(3)).games_played == 6


def test_games_and_check_list_the_toy_game(tmp_path):
    out = tmp_path / "games.json"
    table = invoke("games", "--json", str(out)).stdout
    assert "toy_sum" in table and "teller" in table
    row = next(r for r in json.loads(out.read_text()) if r["name"] == "toy_sum")
    assert row["options"] == ["high", "max_turns_per_player", "players"] and row["slots"]["planner"] == ["tell"]
    checked = invoke("check", "--seeds", "2").stdout
    assert "ok toy_sum_v0: 4 games" in checked


def test_selfplay_prints_a_table_and_json_with_intervals(tmp_path):
    out = tmp_path / "selfplay.json"
    result = invoke("selfplay", "--game", "toy_sum", "--games", "8", "--json", str(out))
    assert "teller" in result.stdout
    data = json.loads(out.read_text())
    assert data["preset"] == "teller" and len(data["games"]) == 8
    assert all(g["correct"] for g in data["games"])
    deaf = tmp_path / "deaf.json"
    invoke("selfplay", "--game", "toy_sum", "--games", "8", "--parser", "off", "--json", str(deaf))
    assert not any(g["correct"] for g in json.loads(deaf.read_text())["games"])


def test_a_sweep_file_runs_and_its_results_summarize_and_plot(tmp_path):
    store = tmp_path / "store"
    summary_json = tmp_path / "summary.json"
    table = invoke("ablate", str(SWEEP), "--results", str(store), "--backend", "inprocess").stdout
    assert "correct" in table
    invoke("results", "summarize", str(store), "--json", str(summary_json))
    entries = json.loads(summary_json.read_text())["summary"]
    correct = {e["cell"]: e for e in entries if e["metric"] == "correct"}
    assert set(correct) == {"high=5, parser=rules", "high=5, parser=off", "high=9, parser=rules", "high=9, parser=off"}
    hearing = correct["high=9, parser=rules"]
    assert (hearing["kind"], hearing["n"], hearing["mean"]) == ("binary", 6, 1.0)
    assert 0.5 < hearing["low"] < 1.0 == hearing["high"]  # a Wilson interval
    assert correct["high=9, parser=off"]["mean"] == 0.0
    png = tmp_path / "correct.png"
    invoke("results", "plot", str(store), "--metric", "correct", "--out", str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_parse_reads_a_message_in_the_toy_language():
    result = invoke("parse", "--game", "toy_sum", "well, my number is 7!")
    assert json.loads(result.stdout) == [{"act": "tell", "value": 7}]
    refused = runner.invoke(app, ["parse", "--game", "toy_sum", "--at", "L", "hi"])
    assert refused.exit_code == 2 and "--at does not apply to toy_sum" in refused.stderr


def test_play_in_the_terminal(tmp_path):
    out = tmp_path / "play.json"
    result = runner.invoke(app, ["play", "toy_sum", "--seed", "3", "--json", str(out)], input="my number is 0\n/quit\n")
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text())
    assert record["agent"] == "teller" and record["transcript"][0]["message"] == "my number is 0"


def test_the_scripted_oracle_speaks_the_toy_language():
    oracle = default_registry().oracle()
    assert "toy_sum" in oracle.modules


def test_the_kit_adds_its_own_command(tmp_path):
    listing = invoke("--help").stdout
    assert "toy" in listing and "dialop" in listing
    assert "Show the two secret digits" in invoke("toy", "--help").stdout
    out = tmp_path / "digits.json"
    shown = invoke("toy", "digits", "--seed", "3", "--json", str(out)).stdout
    report = json.loads(out.read_text())
    state = default_registry().make_game("toy_sum").new_initial_state(3)
    assert report == {"seed": 3, "digits": state.digits, "sum": sum(state.digits)}  # type: ignore[attr-defined]
    assert f"= {report['sum']}" in shown
    (tmp_path / "a_file").write_text("")
    refused = runner.invoke(app, ["toy", "digits", "--json", str(tmp_path / "a_file" / "x.json")])
    assert refused.exit_code == 2 and "--json" in refused.stderr  # the shared output check, before it runs


def test_without_the_kit_its_command_is_unknown(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(KITS_ENV)
    agent.registry._DEFAULT = None
    result = runner.invoke(app, ["toy", "digits"])
    assert result.exit_code == 2 and "no such command 'toy'" in result.stderr.lower()


def test_the_toy_kit_is_a_pettingzoo_environment():
    from pettingzoo.test import api_test, seed_test

    from agent.env import to_pettingzoo

    env = to_pettingzoo("toy_sum(players=3)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns that a Dict observation is not an array
        api_test(env, num_cycles=50)
    seed_test(lambda: to_pettingzoo("toy_sum"))
    assert env.possible_agents == ["player_0", "player_1", "player_2"] and env.size == 1 + 3 * 9 + 1
