"""TSP instances with named nodes, and the JSON file format for them.

A file holds one complete undirected graph::

    {"nodes": ["L", "E", "B"], "edges": [["L", "E", 5], ["L", "B", 3], ["E", "B", 4]]}

| field   | meaning                                                                      |
| ------- | ---------------------------------------------------------------------------- |
| nodes   | at least 2 distinct non-empty strings; position = index used by the solvers  |
| edges   | ``[u, v, w]`` items: two node names and a finite number (not a bool)         |

Every pair of distinct nodes needs an edge, in either orientation; an edge may repeat only with
the same weight; self-loops are rejected. Other top-level keys (a description, say) are ignored.
Every problem raises ``TSPError`` with a single line that starts with what is wrong.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

import numpy as np

from solvers.tsp import TSPError, TSPSolution

__all__ = ["TSPInstance", "load_tsp_instance", "parse_tsp_instance", "solution_to_json"]


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def _error(message: str) -> TSPError:
    return TSPError(_one_line(message))


@dataclass(frozen=True, eq=False)
class TSPInstance:
    """A complete undirected graph with named nodes.

    Attributes:
        nodes: Node names; a node's position is its index in ``weights`` and in tours.
        weights: Read-only float64 n x n symmetric matrix with a zero diagonal.
    """

    nodes: list[str]
    weights: np.ndarray

    def __post_init__(self) -> None:
        weights = np.array(self.weights, dtype=np.float64)
        n = len(self.nodes)
        if weights.shape != (n, n):
            raise _error(f"weights must be {n} x {n} for {n} nodes, got shape {weights.shape}")
        weights.setflags(write=False)
        object.__setattr__(self, "nodes", list(self.nodes))
        object.__setattr__(self, "weights", weights)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TSPInstance):
            return NotImplemented
        return self.nodes == other.nodes and np.array_equal(self.weights, other.weights)

    __hash__ = None  # type: ignore[assignment]  # mutable list and array inside

    def index(self, name: str) -> int:
        """Index of a node.

        Args:
            name: A node name.

        Returns:
            Its position in ``nodes``.

        Raises:
            TSPError: If there is no such node.
        """
        try:
            return self.nodes.index(name)
        except ValueError:
            raise _error(f"unknown node {name!r}; nodes: {', '.join(self.nodes)}") from None


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _parse_nodes(raw: object) -> list[str]:
    if not isinstance(raw, list):
        kind = type(raw).__name__
        raise _error(f"malformed TSP file: 'nodes' must be a list of names, got {kind}")
    seen: set[str] = set()
    for k, name in enumerate(raw):
        if not isinstance(name, str) or not name:
            raise _error(f"malformed TSP file: node {k + 1} must be a non-empty string, got {name!r}")
        if name in seen:
            raise _error(f"duplicate node {name!r}")
        seen.add(name)
    if len(raw) < 2:
        raise _error(f"too few nodes: a tour needs at least 2, got {len(raw)}")
    return list(raw)


def parse_tsp_instance(data: object) -> TSPInstance:
    """Build an instance from decoded JSON (see the module docstring for the format).

    Args:
        data: The decoded JSON document: ``{"nodes": [...], "edges": [[u, v, w], ...]}``.
            Edges are numbered from 1 in error messages.

    Returns:
        The instance, with ``weights[i, j]`` the weight of edge ``nodes[i]``-``nodes[j]``.

    Raises:
        TSPError: On any malformed content: wrong shape, bad or duplicate node names, fewer
            than 2 nodes, an edge that is not ``[u, v, w]``, a weight that is not a finite
            number, a self-loop, an unknown node, conflicting duplicate edges, a missing edge.
    """
    if not isinstance(data, dict):
        raise _error(f"malformed TSP file: expected an object with 'nodes' and 'edges', got {type(data).__name__}")
    for key in ("nodes", "edges"):
        if key not in data:
            raise _error(f"malformed TSP file: missing key {key!r}")
    nodes = _parse_nodes(data["nodes"])
    index = {name: i for i, name in enumerate(nodes)}
    edges = data["edges"]
    if not isinstance(edges, list):
        raise _error(f"malformed TSP file: 'edges' must be a list, got {type(edges).__name__}")

    n = len(nodes)
    weights = np.zeros((n, n))
    known = np.zeros((n, n), dtype=bool)
    for k, edge in enumerate(edges, start=1):
        if not isinstance(edge, list) or len(edge) != 3:
            raise _error(f"malformed TSP file: edge {k} must be a list [u, v, weight], got {edge!r}")
        u, v, w = edge
        for name in (u, v):
            if not isinstance(name, str) or name not in index:
                raise _error(f"unknown node {name!r} in edge {k} {edge!r}")
        if u == v:
            raise _error(f"self-loop at node {u!r} in edge {k}")
        try:
            weight = float(w) if _is_number(w) else math.nan
        except OverflowError:  # an int beyond float range
            weight = math.inf
        if not math.isfinite(weight):
            shown = repr(w) if len(repr(w)) <= 40 else repr(w)[:37] + "..."
            raise _error(f"weight of edge {u}-{v} (edge {k}) must be a finite number, got {shown}")
        i, j = index[u], index[v]
        if known[i, j] and weights[i, j] != weight:
            raise _error(f"conflicting weights for edge {u}-{v}: {weights[i, j]:g} and {weight:g} (edge {k})")
        weights[i, j] = weights[j, i] = weight
        known[i, j] = known[j, i] = True
    for i, j in itertools.combinations(range(n), 2):
        if not known[i, j]:
            raise _error(
                f"missing edge {nodes[i]}-{nodes[j]} (the graph must be complete: "
                f"{n} nodes need all {n * (n - 1) // 2} edges)"
            )
    return TSPInstance(nodes=nodes, weights=weights)


def load_tsp_instance(path: str | Path) -> TSPInstance:
    """Read and parse a TSP file.

    Args:
        path: File path, or "-" for standard input.

    Returns:
        The parsed instance.

    Raises:
        TSPError: One line for every failure: the file cannot be read, is not UTF-8 JSON, or
            its content is malformed (see ``parse_tsp_instance``). File errors name the file.
    """
    label = "<stdin>" if str(path) == "-" else str(path)
    try:
        text = sys.stdin.read() if str(path) == "-" else Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise _error(f"malformed TSP file: {label} is not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise _error(f"cannot read TSP file {label}: {reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _error(
            f"malformed TSP file: {label} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise _error(f"malformed TSP file: {label} is nested too deeply") from None
    return parse_tsp_instance(data)


class SolutionJSON(TypedDict):
    """The JSON form of a solution: the tour by node name, its value, and whether it is optimal."""

    tour: list[str]
    value: int | float
    optimal: bool


def solution_to_json(instance: TSPInstance, solution: TSPSolution) -> SolutionJSON:
    """The JSON-able form of a solution, with node names.

    Args:
        instance: The instance the solution belongs to.
        solution: A solution for ``instance.weights``.

    Returns:
        ``{"tour": [node names], "value": v, "optimal": bool}``; ``v`` is an int when the
        value is integral, else a float.

    Raises:
        TSPError: If the tour refers to a node the instance does not have.
    """
    n = len(instance.nodes)
    if any(not 0 <= v < n for v in solution.tour):
        raise _error(f"the solution's tour {solution.tour} does not fit {n} nodes")
    value = float(solution.value)
    return {
        "tour": [instance.nodes[v] for v in solution.tour],
        "value": int(value) if value.is_integer() else value,
        "optimal": bool(solution.optimal),
    }
