"""A study end to end: six scripted participants join ``studies/partners.toml`` (two conditions,
three sessions each) through the study API, play their seat through the WebSocket to the end and
get their completion codes; the counterbalancing puts three in each condition; a rejoining pid
gets its assignment again and a seventh participant finds the study full."""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from agent.cli import app
from agent.registry import default_registry
from agent.web.app import create_app as create_web_app
from agent.web.store import SessionStore
from agent.web.study import load_study
from tests.agent.web.test_play import play_remote

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[3] / "studies" / "partners.toml"


@pytest.fixture
def study_client(store: SessionStore) -> Iterator[TestClient]:
    """The app serving the example study on a fresh store."""
    registry = default_registry()
    web = create_web_app(store, registry, study=load_study(EXAMPLE, registry))
    with TestClient(web, base_url="http://127.0.0.1") as test_client:
        yield test_client


def test_six_participants_play_the_study_to_the_end(study_client: TestClient, store: SessionStore) -> None:
    study = load_study(EXAMPLE, default_registry())
    landing = study_client.get("/study?pid=p0")
    assert landing.status_code == 200 and study.consent in landing.text and 'value="p0"' in landing.text
    joins = []
    for n in range(6):
        joined = study_client.post("/api/study/join", json={"pid": f"p{n}", "consent": True})
        assert joined.status_code == 200, joined.text
        joins.append(joined.json())
    assert Counter(j["condition"] for j in joins) == {"problem-solving": 3, "baseline": 3}
    for j in joins:
        session = {"session": j["session"], "game": "traveling_adventurers", "seats": [{"link": j["link"]}]}
        final, _ = play_remote(study_client, session, 0, 0)
        assert final["terminal"] and final["completion"] == study.code_for(j["pid"])
    again = study_client.post("/api/study/join", json={"pid": "p2", "consent": True})
    assert again.json() == joins[2]
    full = study_client.post("/api/study/join", json={"pid": "p6", "consent": True})
    assert full.status_code == 409 and "full" in full.json()["error"]
    rows = {r["id"]: r for r in store.sessions()}
    assert all(rows[j["session"]]["finished"] is not None for j in joins)
    logged = [e["payload"] for e in store.events() if e["kind"] == "study_join"]
    assert all("token" not in json.dumps(p) for p in logged)
    assert sorted((p["pid"], p["condition"]) for p in logged) == sorted((j["pid"], j["condition"]) for j in joins)
    _results_read_the_log(store.path, joins)


def _results_read_the_log(db: Path, joins: list[dict[str, Any]]) -> None:
    """``accord results`` summarizes the log by condition, shows and replays every session, and
    plots a metric by condition and over the turns."""
    summary = runner.invoke(app, ["results", "summarize", str(db)], terminal_width=200)
    assert summary.exit_code == 0, summary.output
    print(summary.output)
    assert "partners: 6 of " in summary.output and "Wilson" in summary.output
    assert "problem-solving" in summary.output and "baseline" in summary.output and "condition" in summary.output
    for j in joins:
        shown = runner.invoke(app, ["results", "show", "--replay", "--", str(db.parent), j["session"][:8]])
        assert shown.exit_code == 0, shown.output
        assert "replay: identical metrics" in shown.output and "USER:" in shown.output
    for extra in ([], ["--over", "turn"]):
        png = db.parent / f"correct{len(extra)}.png"
        plotted = runner.invoke(app, ["results", "plot", str(db), "--metric", "correct", "--out", str(png), *extra])
        assert plotted.exit_code == 0, plotted.output
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_joining_needs_consent_and_a_pid(study_client: TestClient) -> None:
    assert study_client.post("/api/study/join", json={"pid": "x"}).status_code == 400
    assert study_client.post("/api/study/join", json={"pid": "", "consent": True}).status_code == 400
    assert study_client.get("/study/join?pid=x").status_code == 400
    form = study_client.get("/study/join?pid=x&consent=yes", follow_redirects=False)
    assert form.status_code == 303 and form.headers["location"].startswith("/play/")


def test_a_server_without_a_study_has_no_study_page(client: TestClient) -> None:
    assert client.get("/study").status_code == 404


def test_results_read_a_log_outside_a_study_and_replay_finds_an_edit(client: TestClient, store: SessionStore) -> None:
    """Agents-only sessions are tabled by game and seats; a session whose stored metrics were
    edited replays to a difference (exit 1), and an unknown session id is one line."""
    created = client.post(
        "/api/sessions", json={"game": "traveling_adventurers", "seats": ["agent:baseline", "agent:baseline"]}
    ).json()
    for _ in range(200):
        if any(r["finished"] for r in store.sessions()):
            break
        time.sleep(0.05)
    summary = runner.invoke(app, ["results", "summarize", str(store.path)], terminal_width=200)
    assert summary.exit_code == 0 and "traveling_adventurers baseline vs" in summary.output, summary.output
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE sessions SET metrics = json_set(metrics, '$.turns', 99) WHERE id = ?", (created["session"],))
    shown = runner.invoke(app, ["results", "show", "--replay", "--", str(store.path), created["session"]])
    assert shown.exit_code == 1 and "replay differs" in shown.output and "turns" in shown.output, shown.output
    missing = runner.invoke(app, ["results", "show", str(store.path), "nope"])
    assert missing.exit_code == 2 and len(missing.output.strip().splitlines()) == 1


def test_assignments_survive_a_restart(store: SessionStore) -> None:
    """A new server on the same log rebuilds who joined from the study_join events: a returning
    pid keeps its condition, its session resumes on its old link and ends with its completion code,
    and the counterbalancing goes on from where it stopped."""
    registry = default_registry()
    study = load_study(EXAMPLE, registry)
    with TestClient(create_web_app(store, registry, study=study), base_url="http://127.0.0.1") as first:
        before = [first.post("/api/study/join", json={"pid": f"p{n}", "consent": True}).json() for n in range(5)]
    with TestClient(create_web_app(store, registry, study=study), base_url="http://127.0.0.1") as second:
        again = second.post("/api/study/join", json={"pid": "p1", "consent": True}).json()
        assert again == {**before[1], "link": None}  # the log keeps no token's text, only its digest
        with second.websocket_connect(before[1]["link"].replace("/play/", "/ws/")) as ws:  # resumed
            frame = ws.receive_json()
            while not frame["terminal"]:
                if frame["your_turn"]:
                    ws.send_text(json.dumps({"type": "turn", "message": "hello", "actions": []}))
                frame = ws.receive_json()
        assert frame["completion"] == study.code_for("p1")
        last = second.post("/api/study/join", json={"pid": "p5", "consent": True})
        assert last.status_code == 200
        conditions = Counter(j["condition"] for j in [*before, last.json()])
        assert conditions == {"problem-solving": 3, "baseline": 3}
        assert second.post("/api/study/join", json={"pid": "p6", "consent": True}).status_code == 409


def test_results_refuse_a_sqlite_file_that_is_no_session_log_and_leave_it_alone(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    before = other.read_bytes()
    result = runner.invoke(app, ["results", "summarize", str(other)])
    assert result.exit_code == 2 and "is not a session log" in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and other.read_bytes() == before
