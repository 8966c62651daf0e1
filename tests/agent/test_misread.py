"""Misreads in play (agent.misread) and ``accord eval misread``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.misread import MisreadCount, count_misreads, misreads_by_cell
from agent.registry import default_registry
from agent.sweep import parse_sweep

runner = CliRunner()

SWEEP = """
name = "noisy-mini"
seeds = 3
games = 1
[game]
name = "traveling_adventurers"
[agents]
preset = "problem-solving"
opponent = "problem-solving"
renderer = "noisy"
options.renderer.level = [0.0, 2.0]
"""


def _cells() -> dict[str, MisreadCount]:
    registry = default_registry()
    return misreads_by_cell(registry, parse_sweep(SWEEP, registry).iter_specs())


def test_the_templates_unchanged_are_read_as_meant() -> None:
    clean = _cells()["renderer.level=0.0"]
    assert clean.messages > 0
    assert (clean.misread, clean.perturbed) == (0, 0)


def test_noise_changes_messages_and_misreads_count_only_read_messages() -> None:
    noisy = _cells()["renderer.level=2.0"]
    assert 0 < noisy.perturbed <= noisy.messages
    assert noisy.perturbed_misread <= min(noisy.misread, noisy.perturbed)


def test_a_parser_that_reads_nothing_misreads_every_message_with_acts(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = default_registry()
    spec = next(iter(parse_sweep(SWEEP, registry).iter_specs()))
    build = registry.build_agent

    def deaf_listener(agent_spec, llm=None):  # type: ignore[no-untyped-def]
        agent = build(agent_spec, llm)
        agent.parser = type("Deaf", (), {"parse": lambda self, message, context: []})()
        return agent

    monkeypatch.setattr(registry, "build_agent", deaf_listener)
    count = count_misreads(registry, spec)
    assert count.messages > 0 and count.misread == count.messages


def test_rates_divide_safely() -> None:
    assert MisreadCount().to_json()["misread_rate"] == 0.0
    assert MisreadCount(4, 1, 2, 1).to_json()["perturbed_misread_rate"] == 0.5


def test_cli_prints_a_row_per_cell_and_writes_json(tmp_path: Path) -> None:
    sweep = tmp_path / "mini.toml"
    sweep.write_text(SWEEP)
    out = tmp_path / "misread.json"
    result = runner.invoke(app, ["eval", "misread", str(sweep), "--games", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert set(report["cells"]) == {"renderer.level=0.0", "renderer.level=2.0"}
    assert all(cell["games"] == 1 for cell in report["cells"].values())


def test_cli_refuses_games_that_are_not_two_seated_and_missing_files(tmp_path: Path) -> None:
    sweep = tmp_path / "mediation.toml"
    sweep.write_text('name = "m"\nseeds = 1\n[game]\nname = "dialop_mediation"\n[agents]\npreset = "solver"\n')
    for path, says in ((sweep, "two seats"), (tmp_path / "missing.toml", "cannot read")):
        result = runner.invoke(app, ["eval", "misread", str(path)])
        assert result.exit_code == 2, result.output
        assert says in result.output and len(result.output.strip().splitlines()) == 1
