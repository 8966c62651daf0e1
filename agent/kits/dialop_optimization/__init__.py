"""The DialOp Optimization kit: assign reviewers to papers (Lin et al.)."""

from __future__ import annotations

from dataclasses import replace

from agent.kits.base import BenchProbe, GameKit, env_module, from_factory, kit_data
from agent.kits.dialop_family import dialop_kit

NAME = "dialop_optimization"


def kit() -> GameKit:
    """The DialOp Optimization game kit."""
    from agent.kits.dialop_optimization.noise import noisy
    from beliefs.dialop_optimization import OptimizationBeliefs
    from games.dialop.optimization_game import OptimizationGame, OptimizationMetrics
    from language.dialop_optimization import OptAct, OptimizationContext, OptimizationParser, OptimizationRenderer
    from planners.dialop_optimization import OptimizationPlanner, random_assignment, solver_planner
    from planners.dialop_random import RandomProposalPlanner

    kit = dialop_kit(
        NAME,
        "DialOp Optimization: assign reviewers to papers (Lin et al.)",
        OptimizationGame,
        OptAct,
        (OptimizationParser, OptimizationRenderer, OptimizationContext),
        OptimizationBeliefs,
        "own and reported cells, the scale ratio, the expected table",
        from_factory(solver_planner, "the exact assignment over the expected table", OptimizationPlanner),
        lambda: RandomProposalPlanner(random_assignment),
        kit_data(__name__, "sweeps", "selfplay.toml"),
        OptimizationMetrics,
        web=kit_data(__name__, "web"),
        noisy=noisy,
        env=env_module("agent.kits.dialop.env", "optimization_codec"),
    )
    generation = BenchProbe(
        "DialOp Opt. generation",
        kit_data(__name__, "bench_probe.py"),
        target=">= 10x before",
        min_speedup=10,
    )
    return replace(kit, bench=(generation,))
