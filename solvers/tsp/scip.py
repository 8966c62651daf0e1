"""SCIP: an edge ILP with subtour elimination cuts added lazily (Dantzig, Fulkerson and Johnson
1954)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from pyscipopt import SCIP_RESULT, Conshdlr, Model, quicksum

from solvers.tsp._common import TSPError, TSPSolution, _check_time_limit, _forced, _prepare, _solution


def _components(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """Connected components of the graph on nodes 0..n-1 with the given edges."""
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    seen = [False] * n
    components = []
    for root in range(n):
        if seen[root]:
            continue
        seen[root] = True
        stack, component = [root], []
        while stack:
            v = stack.pop()
            component.append(v)
            for u in adjacent[v]:
                if not seen[u]:
                    seen[u] = True
                    stack.append(u)
        components.append(sorted(component))
    return components


class _SubtourElimination(Conshdlr):
    """SCIP constraint handler: the chosen edges must form one connected tour.

    A candidate solution whose chosen edges split into several components is infeasible;
    during LP enforcement each component S gets the DFJ cut ``sum(x[e], e inside S) <=
    |S| - 1``. Cuts are added only when a subtour is found.
    """

    def __init__(self, n: int, x: dict[tuple[int, int], Any]) -> None:
        self.n = n
        self.x = x

    def _subtours(self, solution: Any) -> list[list[int]]:
        chosen = [e for e, var in self.x.items() if self.model.getSolVal(solution, var) > 0.5]
        components = _components(self.n, chosen)
        return components if len(components) > 1 else []

    def _enforce(self) -> dict[str, Any]:
        subtours = self._subtours(None)  # None: the current LP or pseudo solution
        if not subtours:
            return {"result": SCIP_RESULT.FEASIBLE}
        for component in subtours:
            inside = [self.x[a, b] for a, b in itertools.combinations(component, 2)]
            self.model.addCons(quicksum(inside) <= len(component) - 1, name="dfj_subtour")
        return {"result": SCIP_RESULT.CONSADDED}

    def conscheck(self, constraints, solution, checkintegrality, checklprows, printreason, completely):
        infeasible = bool(self._subtours(solution))
        return {"result": SCIP_RESULT.INFEASIBLE if infeasible else SCIP_RESULT.FEASIBLE}

    def consenfolp(self, constraints, nusefulconss, solinfeasible):
        return self._enforce()

    def consenfops(self, constraints, nusefulconss, solinfeasible, objinfeasible):
        return self._enforce()

    def conslock(self, constraint, locktype, nlockspos, nlocksneg):
        # Connectivity can break by rounding any edge either way: lock every variable both
        # ways, so presolving never fixes an edge by dual arguments that ignore the cuts.
        locks = nlockspos + nlocksneg
        for var in self.x.values():
            self.model.addVarLocksType(var, locktype, locks, locks)


def solve_tsp_scip(
    weights: object,
    *,
    start: int = 0,
    prefix: Sequence[int] = (),
    maximize: bool = False,
    time_limit: float | None = None,
) -> TSPSolution:
    """Solve with SCIP: binary edge variables, degree-2 rows, lazy subtour elimination.

    The model has one binary ``x[i, j]`` per undirected edge, ``sum(x[e], e at v) == 2`` for
    every node, the prefix edges fixed to 1 and (for a prefix of three or more nodes) the edge
    closing the prefix into a cycle fixed to 0. Subtour elimination constraints (Dantzig,
    Fulkerson and Johnson 1954) are added lazily by a constraint handler, only for the
    subtours that appear in candidate solutions. Output is silenced; SCIP runs single-threaded
    and deterministically.

    Args:
        weights: Symmetric n x n matrix of finite numbers (n >= 2); the diagonal is ignored.
        start: Node the tour starts and ends at.
        prefix: Agreed beginning of the tour; empty, or starting with ``start``.
        maximize: Maximise the tour value instead of minimising it.
        time_limit: Wall-clock limit in seconds (SCIP's "limits/time"), or None for no limit.

    Returns:
        The best tour found, with ``optimal=True`` iff SCIP's status is "optimal". Without a
        prefix the tour leaves ``start`` towards its lower-numbered tour neighbour.

    Raises:
        TSPError: If the arguments are invalid, or no tour was found within ``time_limit``.
    """
    problem = _prepare(weights, start, prefix, maximize)
    limit = _check_time_limit(time_limit)
    forced = _forced(problem, "scip")
    if forced is not None:
        return forced
    n, w = problem.n, problem.weights
    prefix_edges = {tuple(sorted(e)) for e in itertools.pairwise(problem.prefix)}
    if len(problem.prefix) >= 3:
        closing = tuple(sorted((problem.prefix[-1], problem.start)))
    else:
        closing = None

    model = Model("tsp")
    model.hideOutput()
    x: dict[tuple[int, int], Any] = {}
    for i, j in itertools.combinations(range(n), 2):
        lb = 1.0 if (i, j) in prefix_edges else 0.0
        ub = 0.0 if (i, j) == closing else 1.0
        x[i, j] = model.addVar(name=f"x_{i}_{j}", vtype="B", lb=lb, ub=ub, obj=float(w[i, j]))
    for v in range(n):
        model.addCons(quicksum(x[e] for e in x if v in e) == 2, name=f"degree_{v}")
    if problem.maximize:
        model.setMaximize()
    else:
        model.setMinimize()

    handler = _SubtourElimination(n, x)
    model.includeConshdlr(
        handler,
        "subtour",
        "DFJ subtour elimination, cuts added lazily",
        enfopriority=-1,
        chckpriority=-1,
    )
    model.addPyCons(model.createCons(handler, "connected_tour"))
    if limit is not None:
        model.setParam("limits/time", limit)
    model.optimize()

    if model.getNSols() == 0:
        status = model.getStatus()
        if status == "timelimit":
            raise TSPError(f"SCIP found no tour within the time limit of {limit:g} s; raise time_limit")
        raise RuntimeError(f"internal error: SCIP stopped with status {status!r} and no tour")
    best = model.getBestSol()
    chosen = [e for e, var in x.items() if model.getSolVal(best, var) > 0.5]
    neighbours: dict[int, list[int]] = {v: [] for v in range(n)}
    for a, b in chosen:
        neighbours[a].append(b)
        neighbours[b].append(a)
    tour = list(problem.prefix) if len(problem.prefix) >= 2 else [problem.start, min(neighbours[problem.start])]
    while len(tour) <= n:
        previous, here = tour[-2], tour[-1]
        tour.append(next(u for u in neighbours[here] if u != previous))
    optimal = model.getStatus() == "optimal"
    model.freeProb()
    return _solution(problem, tour, optimal=optimal, method="scip")
