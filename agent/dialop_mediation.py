"""DialOp Mediation: the registration of the mediation agents.

The belief stores (:mod:`beliefs.dialop_mediation`: one per kind of seat, picked by
:func:`~beliefs.dialop_mediation.make_beliefs`) live in the beliefs layer; this module wires them
with the parsers, renderers and planners into presets.
"""

from __future__ import annotations

from typing import Any

from beliefs.dialop_mediation import make_beliefs

FAMILY = "dialop_mediation"


def register(registry: Any) -> None:
    """Register the mediation game's components and presets in ``registry``.

    Parsers ``rules``/``structured``/``off``, renderers ``template``/``structured``/``off``, the seat-dependent store (tracker
    ``seat``), planners ``solver`` and ``random``; presets ``solver`` (default) and ``random``.
    """
    from agent.registry import AgentSpec
    from language.base import NullParser, NullRenderer
    from language.dialop_llm import MEDIATION
    from language.dialop_mediation import MediationParser, MediationRenderer
    from language.structured import StructuredParser, StructuredRenderer
    from planners.dialop_mediation import make_random_planner, make_solver_planner

    fam = FAMILY
    registry.parsers[(fam, "rules")] = MediationParser
    registry.parsers[(fam, "structured")] = lambda: StructuredParser(acts=MEDIATION.acts, language=MEDIATION)
    registry.parsers[(fam, "off")] = NullParser
    registry.renderers[(fam, "template")] = MediationRenderer
    registry.renderers[(fam, "structured")] = lambda: StructuredRenderer(acts=MEDIATION.acts)
    registry.renderers[(fam, "off")] = NullRenderer
    # one seat-dependent object is the whole belief store
    registry.partner_models[(fam, "on")] = lambda: None
    registry.trackers[(fam, "seat")] = make_beliefs
    registry.belief_stores[fam] = lambda partner, tracker: tracker
    registry.planners[(fam, "solver")] = make_solver_planner
    registry.planners[(fam, "random")] = make_random_planner
    registry.register_preset(AgentSpec(game=fam, tracking="seat", planner="solver", name="solver"))
    registry.register_preset(
        AgentSpec(game=fam, tracking="seat", planner="random", parser="off", renderer="off", name="random")
    )
    registry.default_presets[fam] = "solver"
