"""The ``noisy`` renderer in the game kits (issue 17, the language-layer ablation): every kit with a
lexicon offers it, level 0 plays the template games exactly, noise changes words but never a turn's
formal actions, the ``language`` sweeps load and run, and DialOp prompted self-play takes it."""

from __future__ import annotations

import numpy as np
import pytest

from agent.arena import play_game
from agent.kits.base import OptionsError
from agent.registry import AgentSpec, default_registry
from agent.sweep import load_sweep, run_game
from language.acts import Intent
from language.noise import NoisyRenderer

REGISTRY = default_registry()
KITS = ("traveling_adventurers", "gnomes_at_night", "dialop_optimization", "dialop_planning", "dialop_mediation")
BASE = {
    "traveling_adventurers": "problem-solving",
    "gnomes_at_night": "proxy",
    "dialop_optimization": "solver",
    "dialop_planning": "solver",
    "dialop_mediation": "solver",
}
PARTNER = {**BASE, "gnomes_at_night": "comm"}


def noisy_spec(game: str, level: float, kinds: str = "all") -> AgentSpec:
    spec = REGISTRY.preset(game, BASE[game]).with_slots(renderer="noisy")
    return spec.with_options("renderer", level=level, kinds=kinds)


def play(game: str, seat0: AgentSpec, seed: int):
    made = REGISTRY.make_game(game)
    others = [REGISTRY.build_agent(REGISTRY.preset(game, PARTNER[game])) for _ in range(made.facts.num_players - 1)]
    return play_game(made, [REGISTRY.build_agent(seat0), *others], seed)


@pytest.mark.parametrize("game", KITS)
def test_every_kit_offers_the_noisy_renderer_and_checks_its_options(game: str) -> None:
    agent = REGISTRY.build_agent(noisy_spec(game, 0.5, "typo,reference"))
    assert isinstance(agent.renderer, NoisyRenderer)
    assert agent.renderer.kinds == ("typo", "reference") and agent.renderer.level == 0.5
    with pytest.raises(OptionsError):
        REGISTRY.check_options(noisy_spec(game, 0.5, "shouting"))
    with pytest.raises(OptionsError):
        REGISTRY.check_options(noisy_spec(game, 9.0))


@pytest.mark.parametrize("game", KITS)
def test_level_zero_plays_the_template_game_exactly(game: str) -> None:
    template = play(game, REGISTRY.preset(game, BASE[game]), seed=3)
    quiet = play(game, noisy_spec(game, 0.0), seed=3)
    assert quiet.transcript == template.transcript and quiet.metrics == template.metrics


@pytest.mark.parametrize("game", KITS)
def test_noise_changes_the_words_never_the_formal_actions(game: str) -> None:
    """Fresh agents, the same observation and the same rng, at each of a game's first turns: the
    turn's actions are the same with and without noise, its message differs for most."""
    state = REGISTRY.make_game(game).new_initial_state(5)
    differs = spoken = 0
    for _ in range(8):
        if state.is_terminal():
            break
        observation = state.observation(state.current_player)
        for seed in range(3):
            turns = []
            for spec in (REGISTRY.preset(game, BASE[game]), noisy_spec(game, 4.0)):
                agent = REGISTRY.build_agent(spec)
                agent.reset(np.random.default_rng(seed))
                turns.append(agent.act(observation))
            clean, noisy = turns
            assert noisy.actions == clean.actions
            spoken += bool(clean.message)
            differs += noisy.message != clean.message
        state.apply(clean)
    assert spoken and differs >= spoken // 2


@pytest.mark.parametrize("game", KITS)
def test_noisy_games_replay_identically(game: str) -> None:
    first = play(game, noisy_spec(game, 2.0), seed=1)
    again = play(game, noisy_spec(game, 2.0), seed=1)
    assert first.transcript == again.transcript


def test_the_lexicons_name_what_their_games_say() -> None:
    from agent.kits.dialop_mediation.noise import FlightNoise
    from agent.kits.dialop_optimization.noise import TableNoise
    from agent.kits.gnomes_at_night.noise import MoveNoise
    from agent.kits.traveling_adventurers.noise import RoomNoise
    from language.dialop_optimization import OptimizationContext
    from language.flags import Flag, FlagContext
    from language.noise import perturb_once
    from language.traveling_adventurers.context import DialogueContext

    rooms = {"L": "living room", "K": "kitchen", "A": "attic"}
    ta = DialogueContext(rooms=rooms, topic=["K"])
    assert {"living room", "kitchen", "attic", "lounge", "loft"} <= set(RoomNoise().names(ta))
    assert RoomNoise().topic(Intent(), ta) == "kitchen"
    assert RoomNoise().topic(Intent(), ta.model_copy(update={"topic": ["K", "A"]})) is None
    assert set(RoomNoise().rivals("lounge", ta)) == {"kitchen", "attic"}

    refusal = Intent(acts=[Flag(flag="reject", move="left")])
    assert MoveNoise().topic(refusal, FlagContext()) == "left"
    said = "I cannot move left because there is a wall in that direction."
    out = perturb_once("reference", said, MoveNoise(), refusal, FlagContext(), np.random.default_rng(0))
    assert out is not None and out.startswith("I cannot move ") and " left " not in out

    table = OptimizationContext(reviewers=("Ava Chen", "Noah Smith"), papers=("BLEU", "GloVe"))
    assert TableNoise().rivals("Ava", table) == ["Noah"]
    assert TableNoise().rivals("GloVe", table) == ["BLEU"]
    assert "Delta" in FlightNoise().rivals("United", None) and "Wed" not in FlightNoise().rivals("United", None)


@pytest.mark.parametrize("game", ["traveling_adventurers", "gnomes_at_night"])
def test_the_language_sweep_is_registered_loads_and_runs(game: str) -> None:
    sweep = load_sweep(REGISTRY.kit(game).sweeps["language"])
    levels = {c.params["options.renderer.level"] for c in sweep.cells}
    assert levels == {0.0, 0.5, 1.0, 2.0}
    assert {c.params["options.renderer.kinds"] for c in sweep.cells if c.params["options.renderer.level"] == 1.0} == {
        "all",
        "typo",
        "casual",
        "paraphrase",
        "correction",
        "reference",
    }
    for cell in sweep.cells:
        noisy, reader = cell.agents
        assert noisy.slots["renderer"] == "noisy" and reader.slots.get("renderer", "template") == "template"
        assert reader.slots.get("parser", "rules") == "rules"
    specs = [next(s for s in sweep.iter_specs() if s.label == sweep.cells[i].label) for i in (0, -1)]
    rows = [run_game(spec.to_json()) for spec in specs]  # a tiny sweep: one game of level 0 and of level 2
    assert all(row["metrics"] and not row["refused"] for row in rows)


def test_prompted_selfplay_takes_the_noisy_preset() -> None:
    from agent.kits.dialop.psp import prompted_selfplay

    for game in ("dialop_optimization", "dialop_planning", "dialop_mediation"):
        task = game.removeprefix("dialop_")
        spec = REGISTRY.preset(game, "noisy")
        assert spec.slots["renderer"] == "noisy" and spec.options["renderer"]["level"] == 1.0
        record = prompted_selfplay(task, 1, "0.5", spec, REGISTRY)
        assert 0.0 <= record.score <= 1.0 and not record.refused
        clean, noisy = (
            prompted_selfplay(task, 1, "self-play", REGISTRY.preset(game, preset), REGISTRY)
            for preset in ("solver", "noisy")
        )
        said = [[turn.get("message") for turn in r.transcript] for r in (clean, noisy)]
        assert said[0] != said[1]
