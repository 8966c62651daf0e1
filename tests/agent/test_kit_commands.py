"""Kit commands (:mod:`agent.cli.kit_commands`): kits that declare one command share it, a kit may
add to a built-in group, and clashes are one-line errors."""

from __future__ import annotations

import dataclasses

import pytest
import typer
from typer.testing import CliRunner

from agent.cli import app
from agent.cli.kit_commands import collect, mount
from agent.kits.base import KitCommand
from agent.registry import default_registry

runner = CliRunner()


def hello(name: str = typer.Option("you", help="who")) -> None:
    """Say hello."""
    typer.echo(f"hello {name}")


def other() -> None:
    """Another command."""


def _kits(*command_lists: tuple[KitCommand, ...]):
    base = default_registry().kits["dialop_mediation"]
    return [dataclasses.replace(base, name=f"kit{i}", commands=c) for i, c in enumerate(command_lists)]


def test_kits_declaring_one_command_share_it_and_the_first_help_wins():
    shared = KitCommand("greet", "hello", hello, "Greetings.")
    groups = collect(_kits((shared,), (dataclasses.replace(shared, group_help=""),)))
    assert list(groups) == ["greet"] and list(groups["greet"].commands) == ["hello"]
    assert groups["greet"].help == "Greetings."


def test_two_kits_with_different_commands_under_one_name_are_refused():
    with pytest.raises(ValueError, match="'kit0' and 'kit1' both declare 'accord greet hello'"):
        collect(_kits((KitCommand("greet", "hello", hello),), (KitCommand("greet", "hello", other),)))


def test_a_kit_command_joins_a_built_in_group_and_runs(capsys):
    root = typer.main.get_group(app)
    mount(root, _kits((KitCommand("bench", "hello", hello),)))
    assert {"solvers", "hello"} <= set(root.commands["bench"].commands)  # type: ignore[attr-defined]
    root.main(["bench", "hello", "--name", "kit"], prog_name="accord", standalone_mode=False)
    assert capsys.readouterr().out == "hello kit\n"


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        (KitCommand("selfplay", "hello", hello), "the command group 'selfplay', which is a built-in command"),
        (KitCommand("bench", "solvers", hello), "'accord bench solvers', which is built in"),
    ],
)
def test_a_kit_cannot_take_a_built_in_command(command, problem):
    with pytest.raises(ValueError, match=problem):
        mount(typer.main.get_group(app), _kits((command,)))


def test_a_kit_declares_each_command_once():
    with pytest.raises(ValueError, match="declares a command twice"):
        _kits((KitCommand("greet", "hello", hello), KitCommand("greet", "hello", other)))


def test_the_dialop_group_is_mounted_once_for_three_kits():
    result = runner.invoke(app, ["dialop", "--help"])
    assert result.exit_code == 0 and "rescore" in result.stdout and "psp" in result.stdout
    listing = runner.invoke(app, ["--help"]).stdout
    assert listing.count("dialop") == 1 and "DialOp: the decision-oriented dialogue games" in listing
    assert "aismcts" in runner.invoke(app, ["bench", "--help"]).stdout
