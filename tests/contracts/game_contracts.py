"""Type-level proof that every game's rule parser and planners fill the generic contracts with
that game's own types: ``Parser[ActT, CtxT]`` and ``Planner[BeliefT, ObsT]``.

Nothing here runs; ``tests/test_types.py`` has mypy check this module, so a parser or planner
whose signature drifts from its game's acts, context, belief store or observation fails CI.
"""

from __future__ import annotations

from beliefs.asympuzl import AsympuzlBeliefs
from beliefs.dialop_mediation import AssistantBeliefs as MediationAssistantBeliefs
from beliefs.dialop_optimization import OptimizationBeliefs
from beliefs.dialop_planning import AssistantBeliefs as PlanningAssistantBeliefs
from beliefs.dialop_planning import UserBeliefs as PlanningUserBeliefs
from beliefs.gnomes_at_night import GnomesBeliefs
from beliefs.overcooked import OvercookedBeliefs
from beliefs.traveling_adventurers import TravelingAdventurersBeliefs
from games.asympuzl import AsympuzlObservation
from games.dialop.mediation_game import MediationObservation
from games.dialop.optimization_game import OptimizationObservation
from games.dialop.planning_game import PlanningObservation
from games.gnomes_at_night import GnomesObservation
from games.overcooked import OvercookedObservation
from games.traveling_adventurers import TravelingAdventurersObservation
from language.acts import Act
from language.asympuzl import AsympuzlContext, AsympuzlParser, PuzlAct
from language.base import Parser
from language.dialop_optimization import OptAct, OptimizationContext, OptimizationParser
from language.flags import Flag, FlagContext
from language.gnomes_at_night import GnomesParser
from language.traveling_adventurers import TravelingAdventurersParser
from language.traveling_adventurers.context import DialogueContext
from planners.asympuzl import OneAtATimePlanner, OverCorrectPlanner, ShareAllPlanner
from planners.base import Planner
from planners.dialop_mediation import AssistantPlanner as MediationAssistantPlanner
from planners.dialop_optimization import OptimizationPlanner
from planners.dialop_planning import AssistantPlanner as PlanningAssistantPlanner
from planners.dialop_planning import UserSimPlanner
from planners.gnomes_at_night import AISMCTSPlanner, ProxyPlanner
from planners.random_moves import UniformMovePlanner
from planners.traveling_adventurers import GreedyPlanner, IBPPlanner


def parsers() -> list[object]:
    """Each game's rule parser as the parser of its own acts in its own context."""
    traveling: Parser[Act, DialogueContext] = TravelingAdventurersParser()
    gnomes: Parser[Flag, FlagContext] = GnomesParser()
    puzzle: Parser[PuzlAct, AsympuzlContext] = AsympuzlParser()
    optimization: Parser[OptAct, OptimizationContext] = OptimizationParser()
    return [traveling, gnomes, puzzle, optimization]


def planners() -> list[object]:
    """Each game's planners as planners of its own belief store and observation."""
    ibp: Planner[TravelingAdventurersBeliefs, TravelingAdventurersObservation] = IBPPlanner()
    greedy: Planner[TravelingAdventurersBeliefs, TravelingAdventurersObservation] = GreedyPlanner()
    search: Planner[GnomesBeliefs, GnomesObservation] = AISMCTSPlanner()
    proxy: Planner[GnomesBeliefs, GnomesObservation] = ProxyPlanner()
    share: Planner[AsympuzlBeliefs, AsympuzlObservation] = ShareAllPlanner()
    single: Planner[AsympuzlBeliefs, AsympuzlObservation] = OneAtATimePlanner()
    doubt: Planner[AsympuzlBeliefs, AsympuzlObservation] = OverCorrectPlanner()
    reviewer: Planner[OptimizationBeliefs, OptimizationObservation] = OptimizationPlanner()
    planner: Planner[PlanningAssistantBeliefs, PlanningObservation] = PlanningAssistantPlanner()
    user: Planner[PlanningUserBeliefs, PlanningObservation] = UserSimPlanner()
    mediator: Planner[MediationAssistantBeliefs, MediationObservation] = MediationAssistantPlanner()
    kitchen: Planner[OvercookedBeliefs, OvercookedObservation] = UniformMovePlanner()
    return [ibp, greedy, search, proxy, share, single, doubt, reviewer, planner, user, mediator, kitchen]
