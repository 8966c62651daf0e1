"""The Hanabi kit (LLM-Coordination, seed 002, Appendix B; the rules as the Hanabi Learning
Environment plays them).

Slots: ``parser`` (off: Hanabi's chat carries no rules meaning; rules: reads moves named in words),
``beliefs`` (``cards``: each card's possible identities by clue knowledge, card counting and the
H-group conventions), ``planner`` (convention, search, cac, cac-symbolic, random, off), ``renderer``
(template: the move in the paper's words; off). The CAC agent's modules switch with the planner's
options ``tom`` and ``verifier`` (the paper's Table 3: ``accord ablate --game hanabi``). The kit also
declares ``accord qa run`` (CoordinationQA, shared by the seed-002 kits) and ``accord bench hanabi``
(:mod:`.commands`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agent.kits.base import GameKit, OracleLanguage, Preset, Slot, env_module, from_factory, kit_data, switched_off

NAME = "hanabi"


def _convention(**options: Any) -> Any:
    from planners.hanabi_convention import ConventionPlanner

    return ConventionPlanner(**options)


def _cac(llm: Any, tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.cac import llm_cac
    from planners.hanabi_cac import HANABI

    return llm_cac(llm, HANABI, _convention(), tom=tom, verifier=verifier, max_choices=max_choices)


def _cac_symbolic(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.hanabi_cac import symbolic_cac

    return symbolic_cac(tom=tom, verifier=verifier, max_choices=max_choices)


def _search(**options: Any) -> Any:
    from planners.hanabi_search import SearchPlanner

    return SearchPlanner(**options)


def _random() -> Any:
    from planners.random_moves import UniformMovePlanner

    return UniformMovePlanner()


def _slots() -> dict[str, Slot]:
    from language.hanabi import HanabiParser, HanabiRenderer

    def beliefs() -> Any:
        from beliefs.hanabi import HanabiBeliefs

        return HanabiBeliefs

    from planners.hanabi_convention import ConventionPlanner
    from planners.hanabi_search import SearchPlanner

    planners = {
        "convention": from_factory(
            _convention, "the H-group basic conventions over a counted card belief", ConventionPlanner
        ),
        "search": from_factory(
            _search,
            "SPARTA-style search: belief-sampled rollouts of the conventions, their move changed when confident",
            SearchPlanner,
        ),
        "cac": from_factory(
            _cac,
            "the CAC agent on a language model (chooser; theory of mind and verifier switchable); conventions as fallback",
            needs_llm=True,
        ),
        "cac-symbolic": from_factory(
            _cac_symbolic,
            "the CAC agent with every module's symbolic twin (conventions, their clue reading, a safety check)",
        ),
        "random": from_factory(_random, "a uniformly random legal move"),
        "off": switched_off("planner"),
    }
    return {
        "parser": Slot(
            "reads moves named in a partner's message (the chat has no rules meaning)",
            {"rules": from_factory(HanabiParser, "the moves a message names"), "off": switched_off("parser")},
            "off",
        ),
        "beliefs": Slot(
            "each card's possible identities: clue knowledge, card counting, the conventions' clue reading",
            {"cards": from_factory(beliefs, "clue knowledge, card counting, convention reading of clues")},
            "cards",
        ),
        "planner": Slot("chooses the move", planners, "convention"),
        "renderer": Slot(
            "says the move in the paper's words",
            {"template": from_factory(HanabiRenderer, "the paper's wording"), "off": switched_off("renderer")},
            "template",
        ),
    }


def _presets() -> list[Preset]:
    return [
        Preset("convention", "H-group basic conventions (offline, deterministic)"),
        Preset(
            "cautious",
            "the conventions parameterised otherwise: no late-game gambles, a clue before a known play",
            options={"planner": {"fear_play": 0, "play_first": False}},
        ),
        Preset(
            "search",
            "the conventions improved by belief-sampled rollouts once 20 or fewer cards are left to draw (SPARTA-style)",
            {"planner": "search"},
        ),
        Preset("cac-symbolic", "the CAC agent with every module's symbolic twin", {"planner": "cac-symbolic"}),
        Preset(
            "cac", "the CAC agent: a language model chooses, with theory of mind and a verifier", {"planner": "cac"}
        ),
        Preset("random", "a uniformly random legal move", {"planner": "random", "renderer": "off"}),
    ]


def _parse_context(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
    from games.hanabi import PLAYER_NAMES
    from language.hanabi import HanabiContext

    players = game.facts.num_players
    try:
        speaker = int(options.get("speaker", 0))
    except ValueError:
        raise ValueError(f"speaker must be a seat number, not {options['speaker']!r}") from None
    if not 0 <= speaker < players:
        raise ValueError(f"speaker must be 0..{players - 1}")
    return HanabiContext(speaker=speaker, names=PLAYER_NAMES[:players], hand_size=game.hand_size)


def _terminal() -> Any:
    from agent.kits.hanabi.terminal import HanabiUI

    return HanabiUI()


def kit() -> GameKit:
    """The Hanabi game kit."""
    from agent.kits.hanabi.commands import COMMANDS
    from games.hanabi import HanabiAction, HanabiGame, HanabiMetrics
    from language.hanabi import HanabiContext, HanabiParser, HanabiRenderer, Move
    from language.hanabi_llm import scripted_answer

    return GameKit(
        name=NAME,
        description="cooperative card game with hidden own hands (LLM-Coordination, Agashe et al.)",
        make_game=HanabiGame,
        acts=Move,
        slots=_slots(),
        presets=_presets(),
        default_preset="convention",
        metrics=HanabiMetrics,
        summary_metrics=("score", "perfect", "bombed", "lives_lost", "turns"),
        oracle=OracleLanguage(HanabiParser, HanabiRenderer, HanabiContext, text=scripted_answer),
        terminal=_terminal,
        parse_context=_parse_context,
        parse_options=("speaker",),
        sweeps={
            "selfplay": kit_data(__name__, "sweeps", "selfplay.toml"),
            "players": kit_data(__name__, "sweeps", "players.toml"),
            "table3": kit_data(__name__, "sweeps", "table3.toml"),
        },
        paper=("selfplay", "table3"),
        commands=COMMANDS,
        actions=HanabiAction,
        env=env_module("agent.kits.hanabi.env"),
        web=kit_data(__name__, "web"),
    )
