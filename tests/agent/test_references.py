"""A paper's figures beside a sweep's (``[[paper]]`` tables, :mod:`agent.references`): parsed with
one-line errors, matched to the cells they name, printed beside the run's table, written to its JSON
and marked on its plot; they change neither the games nor the sweep's digest."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli import app
from agent.references import PaperFigure, ReferenceError, beside, parse_paper
from agent.sweep import SweepError, parse_sweep

GRID = """
name = "tiny-paper"
seeds = 1
games = 2
metrics = ["optimal", "turns"]
[game]
name = "traveling_adventurers"
rooms = [6, 7]
[agents]
preset = "problem-solving"
"""

PAPER = """
[[paper]]
where = { rooms = 6 }
figures = { turns = 9.5, optimal = 0.8 }
source = "a made-up table"
"""


def test_figures_match_the_cells_they_name():
    figure = PaperFigure({"rooms": 6, "preset": "x"}, {"turns": 9.5}, "t")
    assert figure.matches({"rooms": 6, "preset": "x", "other": 1})
    assert not figure.matches({"rooms": 7, "preset": "x"}) and not figure.matches({"rooms": 6})
    summary = [{"cell": "a", "metric": "turns", "mean": 10.0, "low": 9.0, "high": 11.0}]
    rows = beside([figure], [("a", {"rooms": 6, "preset": "x"}), ("b", {"rooms": 7, "preset": "x"})], summary)
    assert rows == [
        {"cell": "a", "metric": "turns", "paper": 9.5, "source": "t", "mean": 10.0, "low": 9.0, "high": 11.0}
    ]


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"where": {}}, "list of tables"),
        ([{"where": {}, "figures": {"x": 1}, "colour": "red"}], "unknown [[paper]] key 'colour'"),
        ([{"where": 3, "figures": {"x": 1}}], "where must be a table"),
        ([{"where": {}}], "figures must be a table"),
        ([{"where": {}, "figures": {"x": "high"}}], "finite number"),
        ([{"where": {}, "figures": {"x": float("nan")}}], "finite number"),
        ([{"where": {}, "figures": {"x": True}}], "finite number"),
        ([{"where": {}, "figures": {"x": 1}, "source": 7}], "source must be a string"),
    ],
)
def test_malformed_paper_tables_are_one_line_errors(entries, message):
    with pytest.raises(ReferenceError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_paper(entries)


def test_a_sweep_keeps_its_paper_figures_outside_its_digest():
    plain, with_paper = parse_sweep(GRID), parse_sweep(GRID + PAPER)
    assert plain.digest == with_paper.digest and plain.specs() == with_paper.specs()
    assert with_paper.paper == (PaperFigure({"rooms": 6}, {"turns": 9.5, "optimal": 0.8}, "a made-up table"),)
    with pytest.raises(SweepError, match="figures must be a table"):
        parse_sweep(GRID + '[[paper]]\nwhere = { rooms = 6 }\nsource = "x"\n')


def test_ablate_prints_writes_and_plots_the_paper_beside_the_run(tmp_path: Path):
    sweep = tmp_path / "sweep.toml"
    sweep.write_text(GRID + PAPER)
    out, png = tmp_path / "run.json", tmp_path / "run.png"
    args = ["ablate", str(sweep), "--results", str(tmp_path / "R"), "--backend", "inprocess"]
    result = CliRunner().invoke(app, [*args, "--json", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "tiny-paper: the paper's figures beside Accord's" in result.output and "a made-up table" in result.output
    rows = json.loads(out.read_text())["paper"]
    assert {(r["cell"], r["metric"], r["paper"]) for r in rows} == {
        ("rooms=6", "turns", 9.5),
        ("rooms=6", "optimal", 0.8),
    }
    assert all(r["mean"] is not None for r in rows)
    assert png.stat().st_size > 1000
