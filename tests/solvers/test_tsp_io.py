"""TSP file format: parsing, loading, every error case, and the JSON form of a solution."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from solvers.tsp import TSPError, TSPSolution, solve_tsp
from solvers.tsp_io import TSPInstance, load_tsp_instance, parse_tsp_instance, solution_to_json

# Traveling Adventurers preset board 1, joint weights (USER + BOT); the best tour from L is 52.
BOARD_1 = {
    "nodes": ["L", "E", "B", "K", "C", "A"],
    "edges": [
        ["L", "E", 11],
        ["L", "B", 7],
        ["L", "K", 3],
        ["L", "C", 7],
        ["L", "A", 7],
        ["E", "B", 7],
        ["E", "K", 7],
        ["E", "C", 3],
        ["E", "A", 9],
        ["B", "K", 7],
        ["B", "C", 9],
        ["B", "A", 9],
        ["K", "C", 9],
        ["K", "A", 6],
        ["C", "A", 2],
    ],
}
TRIANGLE = {"nodes": ["L", "E", "B"], "edges": [["L", "E", 5], ["L", "B", 3], ["E", "B", 4]]}


def write(tmp_path, content) -> str:
    path = tmp_path / "instance.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def one_line_error(excinfo: pytest.ExceptionInfo) -> str:
    message = str(excinfo.value)
    assert message and "\n" not in message and "\r" not in message
    return message


# ---------------------------------------------------------------------------------------------
# valid files


def test_parse_triangle():
    instance = parse_tsp_instance(TRIANGLE)
    assert instance.nodes == ["L", "E", "B"]
    assert instance.weights.dtype == np.float64
    np.testing.assert_array_equal(instance.weights, [[0, 5, 3], [5, 0, 4], [3, 4, 0]])
    assert instance.index("B") == 2
    assert not instance.weights.flags.writeable


def test_orientation_same_weight_duplicates_and_extra_keys_are_fine():
    data = {
        "description": "ignored",
        "nodes": ["L", "E", "B"],
        "edges": [["E", "L", 5], ["L", "E", 5], ["B", "L", 3.5], ["B", "E", 4]],
    }
    instance = parse_tsp_instance(data)
    assert instance.weights[0, 1] == instance.weights[1, 0] == 5
    assert instance.weights[0, 2] == 3.5


def test_load_and_solve_board_1(tmp_path):
    instance = load_tsp_instance(write(tmp_path, BOARD_1))
    solution = solve_tsp(instance.weights, start=instance.index("L"), maximize=True)
    result = solution_to_json(instance, solution)
    assert result["value"] == 52 and isinstance(result["value"], int)
    assert result["optimal"] is True
    assert result["tour"][0] == result["tour"][-1] == "L"
    assert sorted(result["tour"][:-1]) == sorted(BOARD_1["nodes"])
    assert set(result) == {"tour", "value", "optimal"}
    json.dumps(result)


def test_load_accepts_path_objects_and_stdin(tmp_path, monkeypatch):
    path = tmp_path / "triangle.json"
    path.write_text(json.dumps(TRIANGLE))
    assert load_tsp_instance(path) == parse_tsp_instance(TRIANGLE)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(TRIANGLE)))
    assert load_tsp_instance("-").nodes == ["L", "E", "B"]


def test_solution_to_json_keeps_fractional_values():
    instance = parse_tsp_instance({"nodes": ["a", "b", "c"], "edges": [["a", "b", 5.5], ["a", "c", 1], ["b", "c", 1]]})
    solution = solve_tsp(instance.weights, prefix=[0, 1])
    assert solution_to_json(instance, solution) == {
        "tour": ["a", "b", "c", "a"],
        "value": 7.5,
        "optimal": True,
    }
    not_proven = TSPSolution(tour=[0, 2, 1, 0], value=7.0, optimal=False, method="cpsat")
    assert solution_to_json(instance, not_proven) == {
        "tour": ["a", "c", "b", "a"],
        "value": 7,
        "optimal": False,
    }
    with pytest.raises(TSPError):
        solution_to_json(instance, TSPSolution([0, 3, 0], 1.0, True, "dp"))


def test_instance_equality_and_validation():
    a = parse_tsp_instance(TRIANGLE)
    assert a == parse_tsp_instance(json.loads(json.dumps(TRIANGLE)))
    assert a != parse_tsp_instance(
        {**TRIANGLE, "nodes": ["L", "E", "X"], "edges": [["L", "E", 5], ["L", "X", 3], ["E", "X", 4]]}
    )
    with pytest.raises(TSPError) as excinfo:
        TSPInstance(nodes=["a", "b"], weights=np.zeros((3, 3)))
    assert "2 x 2" in one_line_error(excinfo)


def test_unknown_node_index():
    with pytest.raises(TSPError) as excinfo:
        parse_tsp_instance(TRIANGLE).index("X")
    assert one_line_error(excinfo).startswith("unknown node 'X'")


# ---------------------------------------------------------------------------------------------
# errors


def edges_with(*extra, drop=None):
    edges = [e for e in BOARD_1["edges"] if e[:2] != drop]
    return {"nodes": BOARD_1["nodes"], "edges": [*edges, *extra]}


BAD_FILES = [
    ("not json at all", "malformed TSP file: "),
    ('{"nodes": ["L", "E"], "edges": [["L", "E", 1]]', "malformed TSP file: "),
    (b'{"nodes": ["L\xff"]}', "malformed TSP file: "),
    ([1, 2, 3], "malformed TSP file: expected an object"),
    ({"nodes": ["L", "E"]}, "malformed TSP file: missing key 'edges'"),
    ({"edges": []}, "malformed TSP file: missing key 'nodes'"),
    ({"nodes": "LEB", "edges": []}, "malformed TSP file: 'nodes' must be a list"),
    ({"nodes": ["L", ""], "edges": []}, "malformed TSP file: node 2 must be a non-empty string"),
    ({"nodes": ["L", 3], "edges": []}, "malformed TSP file: node 2 must be a non-empty string"),
    ({"nodes": ["L", "E", "E"], "edges": []}, "duplicate node 'E'"),
    ({"nodes": ["L"], "edges": []}, "too few nodes"),
    ({"nodes": [], "edges": []}, "too few nodes"),
    ({"nodes": ["L", "E"], "edges": {"L": "E"}}, "malformed TSP file: 'edges' must be a list"),
    ({"nodes": ["L", "E"], "edges": [["L", "E"]]}, "malformed TSP file: edge 1 must be a list"),
    ({"nodes": ["L", "E"], "edges": [["L", "E", 1, 2]]}, "malformed TSP file: edge 1"),
    ({"nodes": ["L", "E"], "edges": [{"u": "L"}]}, "malformed TSP file: edge 1"),
    ({"nodes": ["L", "E"], "edges": [["L", "E", "5"]]}, "weight of edge L-E (edge 1)"),
    ({"nodes": ["L", "E"], "edges": [["L", "E", True]]}, "weight of edge L-E (edge 1)"),
    ({"nodes": ["L", "E"], "edges": [["L", "E", None]]}, "weight of edge L-E (edge 1)"),
    ('{"nodes": ["L", "E"], "edges": [["L", "E", NaN]]}', "weight of edge L-E (edge 1) must be"),
    ('{"nodes": ["L", "E"], "edges": [["L", "E", 1e999]]}', "weight of edge L-E (edge 1) must"),
    ('{"nodes": ["L", "E"], "edges": [["L", "E", 1' + "0" * 400 + "]]}", "weight of edge L-E"),
    ({"nodes": ["L", "E"], "edges": [["L", "L", 1]]}, "self-loop at node 'L' in edge 1"),
    ({"nodes": ["L", "E", "B"], "edges": [["L", "E", 1], ["E", "B", 2], ["L", "Q", 3]]}, "unknown node 'Q' in edge 3"),
    ({"nodes": ["L", "E"], "edges": [[1, "E", 3]]}, "unknown node 1 in edge 1"),
    (edges_with(["E", "L", 12]), "conflicting weights for edge E-L: 11 and 12"),
    (edges_with(drop=["E", "B"]), "missing edge E-B (the graph must be complete"),
    ({"nodes": ["L", "E"], "edges": []}, "missing edge L-E"),
]


@pytest.mark.parametrize(("content", "phrase"), BAD_FILES)
def test_bad_files(tmp_path, content, phrase):
    with pytest.raises(TSPError) as excinfo:
        load_tsp_instance(write(tmp_path, content))
    assert one_line_error(excinfo).startswith(phrase)


def test_invalid_json_names_file_and_position(tmp_path):
    path = write(tmp_path, '{"nodes": [\n"L",, "E"]}')
    with pytest.raises(TSPError) as excinfo:
        load_tsp_instance(path)
    message = one_line_error(excinfo)
    assert path in message and "line 2" in message


@pytest.mark.parametrize("make_path", [lambda p: p / "missing.json", lambda p: p])
def test_unreadable_file(tmp_path, make_path):
    with pytest.raises(TSPError) as excinfo:
        load_tsp_instance(make_path(tmp_path))
    assert one_line_error(excinfo).startswith("cannot read TSP file")


def test_names_with_newlines_stay_on_one_line():
    with pytest.raises(TSPError) as excinfo:
        parse_tsp_instance({"nodes": ["a\nb", "c"], "edges": []})
    assert one_line_error(excinfo).startswith("missing edge a\\nb-c")
