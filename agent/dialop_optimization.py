"""DialOp Optimization: the registration of the game's agents.

The belief store (:class:`beliefs.dialop_optimization.OptimizationBeliefs`) lives in the beliefs
layer; this module wires it with the parsers, renderers and planners into presets.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from beliefs.dialop_optimization import OptimizationBeliefs


def register(registry: Any) -> None:
    """Register the optimization game's components and presets in ``registry``.

    Family ``dialop_optimization``: parsers ``rules`` / ``structured`` / ``off``, renderers ``template`` /
    ``structured`` / ``off``,
    the tracker ``cells`` (the whole belief store), planners ``solver`` and ``random``, presets
    ``solver`` (default) and ``random``.
    """
    from agent.registry import AgentSpec
    from language.base import NullParser, NullRenderer
    from language.dialop_llm import OPTIMIZATION
    from language.dialop_optimization import OptimizationParser, OptimizationRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from planners.dialop_optimization import random_assignment, solver_planner
    from planners.dialop_random import RandomProposalPlanner

    fam = "dialop_optimization"
    registry.parsers[(fam, "rules")] = OptimizationParser
    registry.parsers[(fam, "structured")] = lambda: StructuredParser(acts=OPTIMIZATION.acts, language=OPTIMIZATION)
    registry.parsers[(fam, "off")] = NullParser
    registry.renderers[(fam, "template")] = OptimizationRenderer
    registry.renderers[(fam, "structured")] = lambda: StructuredRenderer(acts=OPTIMIZATION.acts)
    registry.renderers[(fam, "off")] = NullRenderer
    registry.partner_models[(fam, "on")] = lambda: None
    registry.trackers[(fam, "cells")] = OptimizationBeliefs
    registry.belief_stores[fam] = lambda partner, tracker: tracker
    registry.planners[(fam, "solver")] = solver_planner
    registry.planners[(fam, "random")] = lambda: RandomProposalPlanner(random_assignment)
    base = AgentSpec(game=fam, tracking="cells", planner="solver", name="solver")
    registry.register_preset(base)
    registry.register_preset(replace(base, name="random", planner="random", parser="off", renderer="off"))
    registry.default_presets[fam] = "solver"
