"""Game specs, ``name(key=value, ...)``: the parser, the registry's ``load_game`` and the CLI's ``--game``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.game_spec import GameSpec, GameSpecError, parse_game_spec
from agent.kits.base import OptionsError
from agent.registry import UnknownNameError, default_registry

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "name", "options"),
    [
        ("traveling_adventurers", "traveling_adventurers", {}),
        ("  hanabi()  ", "hanabi", {}),
        ("traveling_adventurers(rooms=8)", "traveling_adventurers", {"rooms": 8}),
        (
            'overcooked(layout="forced_coordination", horizon=50)',
            "overcooked",
            {"layout": "forced_coordination", "horizon": 50},
        ),
        ("overcooked(layout=cramped_room)", "overcooked", {"layout": "cramped_room"}),
        (
            "gnomes_at_night(size=5, openness=0.5, maze=None)",
            "gnomes_at_night",
            {"size": 5, "openness": 0.5, "maze": None},
        ),
        ("x(flag=True, pair=[1, 2], neg=-3)", "x", {"flag": True, "pair": [1, 2], "neg": -3}),
    ],
)
def test_specs_parse(text: str, name: str, options: dict) -> None:
    assert parse_game_spec(text) == GameSpec(name, options)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty game spec"),
        ("hanabi(players=3", "malformed game spec 'hanabi\\(players=3': '\\(' was never closed at column 7"),
        ("hanabi(3)", "options are key=value, not positional \\(column 8\\)"),
        ("hanabi(players=2+1)", "'2\\+1' is not a literal value \\(column 16\\)"),
        ("hanabi(players=2, players=3)", "gives option 'players' twice"),
        ("hanabi(**opts)", "\\*\\* is not an option"),
        ("hanabi.v0", "expected name or name\\(key=value, ...\\)"),
        ("hanabi(players=f(1))", "'f\\(1\\)' is not a literal value"),
    ],
)
def test_malformed_specs_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(GameSpecError, match=message) as refused:
        parse_game_spec(text)
    assert "\n" not in str(refused.value)


def test_str_writes_a_spec_back() -> None:
    spec = parse_game_spec('overcooked(layout="cramped_room", horizon=5)')
    assert parse_game_spec(str(spec)) == spec


def test_load_game_validates_with_the_kits_options_model() -> None:
    registry = default_registry()
    game = registry.load_game("traveling_adventurers(rooms=8)")
    assert len(game.new_initial_state(0).board.rooms) == 8
    assert registry.load_game("hanabi", players=3).facts.num_players == 3
    with pytest.raises(UnknownNameError, match="unknown game 'hanabbi' \\(did you mean 'hanabi'\\?\\)"):
        registry.load_game("hanabbi(players=3)")
    with pytest.raises(OptionsError, match="takes no option 'room'; valid: board, rooms, max_turns_per_player"):
        registry.load_game("traveling_adventurers(room=8)")
    with pytest.raises(OptionsError, match="option rooms expects int \\| None, not 'eight'"):
        registry.load_game("traveling_adventurers(rooms=eight)")
    with pytest.raises(ValueError, match="rooms must be between 4 and 14, not 99"):
        registry.load_game("traveling_adventurers(rooms=99)")
    with pytest.raises(GameSpecError, match="option 'rooms' is given twice"):
        registry.load_game("traveling_adventurers(rooms=8)", rooms=6)


def test_selfplay_takes_a_game_spec() -> None:
    args = [
        "selfplay",
        "--game",
        "traveling_adventurers(rooms=5)",
        "--games",
        "1",
        "--agent",
        "baseline",
        "--json",
        "-",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "traveling_adventurers" and data["games"][0]["rooms"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "traveling_adventurers(rooms=8"], "--game: malformed game spec"),
        (["--game", "traveling_adventurers(rooms=8)", "--rooms", "6"], "option 'rooms' is given twice: in --game"),
        (
            ["--game", "traveling_adventurers(legs=2)"],
            "option 'legs' of --game 'traveling_adventurers(legs=2)' does not apply",
        ),
        (["--game", "traveling_adventurers(rooms='x')"], "option rooms expects int | None, not 'x'"),
    ],
)
def test_a_bad_spec_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["selfplay", *args, "--games", "1"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_parse_reads_a_game_spec() -> None:
    result = runner.invoke(app, ["parse", "--game", "gnomes_at_night(size=5)", "can you go left?"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"flag": "left"}
    refused = runner.invoke(app, ["parse", "--game", "gnomes_at_night(size=5", "left"])
    assert refused.exit_code == 2 and "malformed game spec" in refused.stderr
