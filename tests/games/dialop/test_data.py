"""The vendored DialOp data: the recorded games load from the package, with their licence."""

import pytest

from games.dialop.data import TASKS, data_file, load_recorded


@pytest.mark.parametrize("task, count", [("optimization", 134), ("planning", 113), ("mediation", 162)])
def test_the_recorded_games_load(task, count):
    games = load_recorded(task)
    assert len(games) == count
    assert all({"score", "best", "worst", "norm"} <= set(g["result"]) for g in games)


def test_callers_get_independent_copies():
    first = load_recorded("optimization")
    first[0]["result"]["norm"] = -1
    assert load_recorded("optimization")[0]["result"]["norm"] != -1


def test_unknown_tasks_are_refused():
    with pytest.raises(ValueError, match="unknown DialOp task 'chess'"):
        load_recorded("chess")
    assert TASKS == ("optimization", "planning", "mediation")


def test_the_licence_and_provenance_ship_with_the_data():
    assert "Community Data License Agreement" in data_file("LICENSE-data.md").read_text()
    assert "jlin816/dialop" in data_file("PROVENANCE.md").read_text()
    assert data_file("planning.yaml").read_text().strip()
