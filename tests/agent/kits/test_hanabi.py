"""The Hanabi kit: its presets play legal, deterministic games through the referee loop; the CAC
agent's symbolic ablation is a real grid; a person plays in the terminal by typing moves; ``accord
parse`` reads a move; the scripted server answers the CAC agent's prompts."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from rich.console import Console
from typer.testing import CliRunner

from agent.arena import play_game
from agent.cli import app
from agent.kits.hanabi import terminal
from agent.registry import default_registry
from games.hanabi import HanabiGame, RevealColor
from planners.hanabi_cac import SymbolicVerifier, symbolic_cac

REGISTRY = default_registry()


def _scores(preset: str, seeds: range) -> list[int]:
    out = []
    for seed in seeds:
        game = REGISTRY.make_game("hanabi")
        agents = [REGISTRY.build_agent(REGISTRY.preset("hanabi", preset)) for _ in range(2)]
        out.append(int(play_game(game, agents, seed).metrics["score"]))
    return out


def test_every_offline_preset_plays_deterministic_legal_games() -> None:
    for preset in REGISTRY.preset_names("hanabi", offline=True):
        first, again = _scores(preset, range(3)), _scores(preset, range(3))
        assert first == again, preset
    assert np.mean(_scores("convention", range(10))) > 15 > np.mean(_scores("random", range(10)))


def test_the_symbolic_table3_cells_differ() -> None:
    """The chooser alone reads clues literally; the verifier stops last-life gambles; the theory of
    mind module reads clues by the conventions (the grid of the table3 sweep)."""
    game = HanabiGame()
    results = {}
    for tom, verifier in [(False, False), (False, True), (True, True)]:
        scores = []
        for seed in range(8):
            state = game.new_initial_state(seed)
            planners = [symbolic_cac(tom=tom, verifier=verifier) for _ in range(2)]
            stores = [
                REGISTRY.build_agent(REGISTRY.preset("hanabi", "convention")).make_beliefs(state.observation(s))
                for s in range(2)
            ]
            rng = np.random.default_rng(seed)
            while not state.is_terminal():
                seat = state.current_player
                observation = state.observation(seat)
                stores[seat].observe(observation)
                intent = planners[seat].plan(stores[seat], observation, rng)
                state.apply_uid(game.uid(seat, intent.actions[0]))
            scores.append(state.score())
        results[(tom, verifier)] = float(np.mean(scores))
    assert results[(True, True)] > results[(False, False)]


def test_the_verifier_stops_an_uncertain_play_on_the_last_life_only() -> None:
    state = HanabiGame(max_life_tokens=1).new_initial_state(0)
    observation = state.observation(0)
    beliefs = REGISTRY.build_agent(REGISTRY.preset("hanabi", "convention")).make_beliefs(observation)
    verifier = SymbolicVerifier()
    moves = observation.legal_moves()
    plays = [m for m in moves if m.kind == "play"]
    assert plays and not any(verifier.approve(beliefs, observation, m) for m in plays)
    assert all(verifier.approve(beliefs, observation, m) for m in moves if m.kind != "play")
    assert not verifier.approve(beliefs, observation, RevealColor(target=0, color="red"))  # not legal
    lives = HanabiGame().new_initial_state(0).observation(0)
    assert verifier.approve(beliefs, lives, plays[0])


def test_a_person_types_moves_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    state = HanabiGame().new_initial_state(2)
    observation = state.observation(0)
    bob = observation.hands[1].cards
    assert bob is not None
    lines = iter(["/moves", "dance", "/board", f"clue Bob {bob[0].color} -- a hint for you"])
    monkeypatch.setattr(terminal, "prompt_line", lambda *a, **k: next(lines))
    console = Console(record=True, width=200)
    ui = terminal.HanabiUI()
    ui.intro(console, observation, "hanabi_v0", "convention")
    turn = ui.read_turn(console, observation)
    assert turn is not None and turn.actions == (RevealColor(target=1, color=bob[0].color),)
    assert turn.message == "a hint for you"
    shown = console.export_text()
    assert "your cards (what the clues allow): [0: ?? RYGWB/12345]" in shown and "Reveal Bob's" in shown
    assert "name one move" in shown
    state.apply(turn)
    ui.show_partner(console, turn, state, 1)
    assert "told Bob about" in console.export_text()


def test_accord_parse_reads_a_move() -> None:
    result = CliRunner().invoke(app, ["parse", "--game", "hanabi", "--context", "speaker=1", "play my card 3"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [{"act": "hanabi_move", "action": {"kind": "play", "card": 3}}]
    wrong = CliRunner().invoke(app, ["parse", "--game", "hanabi", "--context", "speaker=9", "x"])
    assert wrong.exit_code == 2 and len(wrong.output.strip().splitlines()) == 1


def test_the_scripted_server_answers_the_cac_prompts(llm_server: Any) -> None:
    """A CAC self-play game on the scripted server: every module asks it, every answer grounds."""
    spec = REGISTRY.preset("hanabi", "cac")
    from language.llm_client import LLMConfig

    config = LLMConfig(model="scripted", base_url=llm_server.url, transport_retries=0)
    agents = [REGISTRY.build_agent(spec, config) for _ in range(2)]
    result = play_game(HanabiGame(), agents, seed=0, stop=lambda state: len(state.history) >= 10)
    assert len(result.transcript) == 10
    # five turns each: chooser, verifier and theory of mind (none before the partner's first move)
    assert [agent.llm.usage.calls for agent in agents] == [14, 15]
    for agent in agents:
        assert agent.llm.usage.failures == 0 and agent.planner.fallbacks == 0


def test_accord_bench_hanabi_times_both_engines_and_the_agent() -> None:
    args = ["bench", "hanabi", "--games", "20", "--agent-games", "3", "--search-decisions", "2", "--json", "-"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert data["engine"]["games"] == 20 and data["engine"]["moves"] > 20 * 5
    if data["openspiel"] is not None:  # the dev extra installs open_spiel
        assert data["openspiel"]["games"] == 20 and data["openspiel"]["moves"] > 20 * 5
    assert data["convention"]["games"] == 3 and 10 < data["convention"]["mean_score"] <= 25
    search = data["search"]  # the same search on the same positions: the same moves, Numba faster
    assert search["decisions"] == 2 and search["same_moves"] is True
    assert search["numba"]["decisions_per_s"] > 0 and search["python"]["decisions_per_s"] > 0
