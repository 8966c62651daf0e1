"""The Collab kits: presets play through the shared referee loop, the terminal boards draw both
games, and the Table 7 sweeps expand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent.arena import play_game
from agent.kits.collab_capture.terminal import capture_board
from agent.kits.collab_escape.terminal import escape_board
from agent.registry import default_registry
from agent.sweep import load_sweep
from games.collab import CollabCaptureGame, CollabEscapeGame, Move

REGISTRY = default_registry()


def test_exact_preset_captures_in_three_turns_through_the_pipeline() -> None:
    game = REGISTRY.make_game("collab_capture")
    agents = [REGISTRY.build_agent(REGISTRY.preset("collab_capture", "exact")) for _ in range(2)]
    record = play_game(game, agents, seed=0)
    assert record.metrics["captured"] and record.metrics["turns_to_capture"] == 3
    assert any("room" in entry["message"] for entry in record.transcript)


def test_cac_symbolic_escapes() -> None:
    game = REGISTRY.make_game("collab_escape", max_turns=30)
    agents = [REGISTRY.build_agent(REGISTRY.preset("collab_escape", "cac-symbolic")) for _ in range(2)]
    assert play_game(game, agents, seed=1).metrics["escaped"]


def test_boards_draw_the_map() -> None:
    capture = "\n".join(capture_board(CollabCaptureGame().new_initial_state(0).observation(0)))
    assert "room 2 -> 1, 3  THIEF" in capture and "1-2 CLOSED" in capture and "[button: door 1-2]" in capture
    escape = "\n".join(escape_board(CollabEscapeGame().new_initial_state(0).observation(0)))
    assert "room 6 -> 5, 7  [generator 0/2]  KILLER" in escape and "unaware" in escape


def test_table7_sweeps_expand() -> None:
    root = Path(__file__).resolve().parents[3] / "agent" / "kits"
    capture = load_sweep(root / "collab_capture" / "sweeps" / "table7.toml")
    escape = load_sweep(root / "collab_escape" / "sweeps" / "table7.toml")
    assert len(capture.cells) == 8 and len(escape.cells) == 4
    assert REGISTRY.kit("collab_capture").paper == ("table7",)


def test_terminal_reads_a_move_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from agent.kits.collab_capture.terminal import capture_ui

    lines = iter(["/moves", "move 9", "move 6 -- on my way"])
    monkeypatch.setattr("agent.terminal.prompt_line", lambda text="you> ": next(lines))
    console = Console(record=True, width=200)
    turn = capture_ui().read_turn(console, CollabCaptureGame().new_initial_state(0).observation(0))
    assert turn is not None and turn.actions == (Move(room=6),) and turn.message == "on my way"
    shown = console.export_text()
    assert "stay in room 1; move to room 6" in shown and "name one legal move" in shown


@pytest.mark.parametrize("game_name", ["collab_capture", "collab_escape"])
def test_the_scripted_server_answers_the_cac_prompts(llm_server: Any, game_name: str) -> None:
    """A CAC self-play game on the scripted server: every module asks it and every answer grounds."""
    from language.llm_client import LLMConfig

    config = LLMConfig(model="scripted", base_url=llm_server.url, transport_retries=0)
    agents = [REGISTRY.build_agent(REGISTRY.preset(game_name, "cac"), config) for _ in range(2)]
    game = REGISTRY.make_game(game_name, max_turns=3)
    result = play_game(game, agents, seed=0)
    assert len(result.transcript) == 2 * result.metrics["turns"]
    for agent in agents:
        assert agent.llm.usage.calls >= 2 and agent.llm.usage.failures == 0 and agent.planner.fallbacks == 0
