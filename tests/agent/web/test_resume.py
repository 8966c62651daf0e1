"""Sessions outlive a restart of the server (agent/web/resume.py): a new app on the same log rebuilds
every unfinished session, its person reopens the old link and plays on to the same end; an agent that
was to move moves once someone connects; a session that cannot be rebuilt is abandoned once, with
its reason; the log keeps a token's digest, never the token."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from agent.cli import app as cli
from agent.registry import default_registry
from agent.web.app import create_app
from agent.web.store import SessionStore
from tests.agent.web.conftest import seat_url, token_of

GAME = "traveling_adventurers"
OPTIONS = {"board": 1, "max_turns_per_player": 4}


@contextmanager
def _server(store: SessionStore) -> Iterator[TestClient]:
    """One run of the server on ``store`` (a restart is a second run on the same log)."""
    with TestClient(create_app(store, default_registry()), base_url="http://127.0.0.1") as client:
        yield client


def _create(client: TestClient, seats: list[str], seed: int = 2) -> dict[str, Any]:
    body = {"game": GAME, "seats": seats, "seed": seed, "options": OPTIONS}
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())


def _play(client: TestClient, session: dict[str, Any], seat: int, turns: int) -> dict[str, Any]:
    """Send ``turns`` chat turns from ``seat`` (each after the agent's answer); the last view frame."""
    with client.websocket_connect(seat_url(session, seat)) as ws:
        frame = ws.receive_json()
        sent = 0
        while not frame["terminal"] and sent < turns:
            if frame["your_turn"]:
                ws.send_text(json.dumps({"type": "turn", "message": f"hello {sent}", "actions": []}))
                sent += 1
            frame = ws.receive_json()
        while not frame["terminal"] and not frame["your_turn"]:
            frame = ws.receive_json()
        return dict(frame)


def test_a_person_reopens_the_old_link_after_a_restart_and_plays_to_the_same_end(store: SessionStore) -> None:
    with _server(store) as first:
        session = _create(first, ["person", "agent:problem-solving"])
        before = _play(first, session, 0, turns=2)
        assert before["turn"] == 4 and before["your_turn"]
    with _server(store) as second:
        page = second.get(session["seats"][0]["link"])
        assert page.status_code == 200
        with second.websocket_connect(seat_url(session, 0)) as ws:
            again = ws.receive_json()
            assert again == before  # the same view: the state and the agent's beliefs were rebuilt
        end = _play(second, session, 0, turns=10)
    assert end["terminal"]
    with _server(store) as third:
        assert third.app.state.resumed == [] and third.app.state.abandoned == []
    kinds = [e["kind"] for e in store.events(session["session"])]
    assert kinds.count("reconnect") >= 2 and kinds.count("finished") == 1 and "abandoned" not in kinds
    result = CliRunner().invoke(cli, ["results", "show", "--replay", "--", str(store.path), session["session"]])
    assert result.exit_code == 0 and "replay: identical metrics" in result.output, result.output


def test_an_agent_that_was_to_move_moves_when_its_partner_connects(store: SessionStore) -> None:
    with _server(store) as first:
        manager = first.app.state.manager
        session = manager.create(GAME, ["agent:problem-solving", "person"], 4, OPTIONS)  # never started
        link = session.seats[1].public(session.id)["link"]
    with _server(store) as second:
        assert [s.id for s in second.app.state.resumed] == [session.id]
        created = {"session": session.id, "seats": [{}, {"link": link}]}
        with second.websocket_connect(seat_url(created, 1)) as ws:
            frame = ws.receive_json()
            while not frame["your_turn"]:
                frame = ws.receive_json()
            assert frame["turn"] == 1 and frame["view"]["chat"][0]["seat"] == 0


def test_a_session_that_cannot_be_rebuilt_is_abandoned_once(store: SessionStore) -> None:
    with _server(store) as first:
        session = _create(first, ["person", "agent:problem-solving"])
        _play(first, session, 0, turns=1)
        store.log(session["session"], "applied", {"message": "a turn nobody played", "actions": []}, 1)
    with _server(store) as second:
        assert second.app.state.resumed == []
        [line] = second.app.state.abandoned
        assert line.startswith(session["session"]) and "out of turn" in line
        assert second.get(session["seats"][0]["link"]).status_code == 404
    with _server(store) as third:
        assert third.app.state.abandoned == []
    abandoned = [e for e in store.events(session["session"]) if e["kind"] == "abandoned"]
    assert len(abandoned) == 1 and "out of turn" in abandoned[0]["payload"]["reason"]


def test_an_agent_that_plays_differently_now_is_not_resumed(store: SessionStore) -> None:
    with _server(store) as first:
        session = _create(first, ["agent:problem-solving", "person"], seed=6)
        with first.websocket_connect(seat_url(session, 1)) as ws:  # the agent opens the game
            frame = ws.receive_json()
            while not frame["your_turn"]:
                frame = ws.receive_json()
    forged = SessionStore(store.path.parent / "forged.sqlite")  # the log is append-only: a copy, edited
    for row in store.sessions():
        forged.create_session(row["id"], row["game"], row["seed"], row["options"], row["seats"])
    for event in store.events():
        payload = dict(event["payload"])
        if event["kind"] == "applied" and event["seat"] == 0:
            payload["message"] = "not what the agent said"
        forged.log(event["session"], event["kind"], payload, event["seat"])
    with _server(forged) as second:
        [line] = second.app.state.abandoned
        assert "plays logged turn 0 differently" in line
    forged.close()


def test_the_log_keeps_a_digest_of_every_token_never_the_token(store: SessionStore) -> None:
    with _server(store) as client:
        session = _create(client, ["person", "person"])
    tokens = [token_of(seat["link"]) for seat in session["seats"]]
    dump = "\n".join(sqlite3.connect(store.path).iterdump())
    assert all(token not in dump for token in tokens)
    [row] = store.sessions()
    assert all(len(seat["token_sha256"]) == 64 for seat in row["seats"])
