"""The Overcooked kit's agents (LLM-Coordination, seed 002, Tables 1 and 4): the planner slot's
implementations and the presets, for ``agent/kits/overcooked/__init__.py`` to declare.

| planner | what it is |
| --- | --- |
| ``symbolic`` | joint allocation of medium-level actions, shortest-path execution; assumes a same-planner partner until it deviates, then answers its predicted action (:mod:`planners.overcooked_symbolic`) |
| ``greedy`` | the greedy human-like proxy, the unseen partner of Table 4 (:mod:`planners.overcooked_greedy`) |
| ``cac-symbolic`` | the CAC agent with every module's symbolic twin (:func:`planners.overcooked_cac.symbolic_cac`) |
| ``cac`` | the CAC agent on a language model, the symbolic sub-task as fallback (:func:`planners.overcooked_cac.language_cac`) |
| ``random`` | the kit's own uniformly random low-level move |

:func:`planners` gives the implementations (``random`` and ``off`` stay the kit's), :func:`presets`
the presets; the default preset is :data:`DEFAULT_PRESET`.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import Implementation, Preset, from_factory

DEFAULT_PRESET = "symbolic"
"""The kit's strongest offline agent."""


def _symbolic(trust_partner: bool = True) -> Any:
    from planners.overcooked_symbolic import SymbolicPlanner

    return SymbolicPlanner(trust_partner=trust_partner)


def _greedy(noise: float = 0.05) -> Any:
    from planners.overcooked_greedy import GreedyPlanner

    return GreedyPlanner(noise=noise)


def _cac_symbolic(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.overcooked_cac import symbolic_cac

    return symbolic_cac(tom=tom, verifier=verifier, max_choices=max_choices)


def _cac(llm: Any, tom: bool = True, verifier: bool = True, max_choices: int = 3) -> Any:
    from planners.overcooked_cac import language_cac

    return language_cac(llm, tom=tom, verifier=verifier, max_choices=max_choices)


def planners() -> dict[str, Implementation]:
    """The planner slot's implementations this module supplies, by name."""
    return {
        "symbolic": from_factory(
            _symbolic,
            "joint allocation of medium-level actions with shortest paths; answers an unknown partner's predicted action",
        ),
        "greedy": from_factory(
            _greedy, "greedy human-like proxy: nearest place for the held item's use (GreedyHumanModel in spirit)"
        ),
        "cac-symbolic": from_factory(
            _cac_symbolic, "the CAC agent with every module's symbolic twin (sub-task, partner prediction, feasibility)"
        ),
        "cac": from_factory(
            _cac,
            "the CAC agent on a language model over medium-level actions (theory of mind and verifier switchable)",
            needs_llm=True,
        ),
    }


def presets() -> list[Preset]:
    """The kit's agent presets."""
    return [
        Preset(
            "symbolic",
            "joint task allocation with shortest-path execution (offline, deterministic in self-play)",
            {"planner": "symbolic"},
        ),
        Preset("greedy", "the greedy human-like proxy (Table 4's unseen partner)", {"planner": "greedy"}),
        Preset("cac-symbolic", "the CAC agent with every module's symbolic twin", {"planner": "cac-symbolic"}),
        Preset("cac", "the CAC agent: a language model picks medium-level actions", {"planner": "cac"}),
        Preset("random", "a uniformly random low-level move", {"planner": "random"}),
    ]
