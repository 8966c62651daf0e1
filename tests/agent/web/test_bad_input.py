"""Bad input over the WebSocket: each is refused with a clear message, the session goes on intact,
and nothing is lost from the log (every frame received and every refusal is an event)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from agent.registry import default_registry
from agent.web.sessions import MAX_FRAME_BYTES
from agent.web.store import SessionStore
from tests.agent.web.conftest import people_session, seat_url, token_of

GAME = "traveling_adventurers"


def _two_people(client: TestClient, seed: int = 5) -> dict[str, Any]:
    return people_session(client, GAME, seed)


def _turn(message: str = "", actions: list[Any] | None = None) -> str:
    return json.dumps({"type": "turn", "message": message, "actions": actions or []})


def _error(ws: Any) -> str:
    frame = ws.receive_json()
    assert frame["type"] == "error", frame
    assert frame["message"] and "\n" not in frame["message"]
    return str(frame["message"])


def _events(store: SessionStore, session: str, kind: str, wait: float = 2.0) -> list[dict[str, Any]]:
    deadline = time.monotonic() + wait
    while True:
        found = [e for e in store.events(session) if e["kind"] == kind]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.02)


def test_malformed_frames_are_refused_and_the_session_goes_on(client: TestClient, store: SessionStore) -> None:
    session = _two_people(client)
    with client.websocket_connect(seat_url(session, 0)) as ws:
        assert ws.receive_json()["your_turn"]
        ws.send_text("x" * (MAX_FRAME_BYTES + 1))
        assert "too large" in _error(ws)
        ws.send_text("{not json")
        assert _error(ws) == "malformed JSON"
        ws.send_text(json.dumps({"type": "cheat"}))
        assert "unknown frame type 'cheat'" in _error(ws)
        ws.send_text(json.dumps([1, 2]))
        assert "unknown frame type" in _error(ws)
        ws.send_bytes(b"\x00\x01")
        assert "binary" in _error(ws)
        ws.send_text(json.dumps({"type": "turn", "message": 7}))
        assert _error(ws) == "message must be a string"
        ws.send_text(json.dumps({"type": "turn", "message": "", "actions": [{"kind": "submit", "path": "LAL"}]}))
        assert _error(ws).startswith("invalid action (0.path: Input should be a valid list")
        ws.send_text(json.dumps({"type": "turn", "message": "", "actions": [{"kind": "fly"}]}))
        assert _error(ws).startswith("invalid action")
        ws.send_text(_turn("hello"))
        frame = ws.receive_json()
        assert frame["type"] == "view" and frame["turn"] == 1 and not frame["your_turn"]
    refused = _events(store, session["session"], "refused")
    assert len(refused) == 8
    assert len([e for e in store.events(session["session"]) if e["kind"] == "applied"]) == 1


def test_out_of_turn_replayed_and_forged_turns(client: TestClient, store: SessionStore) -> None:
    session = _two_people(client)
    state = default_registry().make_game(GAME).new_initial_state(5)
    rooms = list(state.observation(0).rooms)
    start = state.observation(0).start
    forged = [start, *[r for r in rooms if r != start], start]
    with client.websocket_connect(seat_url(session, 0)) as a, client.websocket_connect(seat_url(session, 1)) as b:
        a.receive_json(), b.receive_json()
        b.send_text(_turn("me first"))
        assert _error(b) == "it is not your turn"
        # a submission of a tour never agreed on goes through the game's own rules (it allows it)
        a.send_text(_turn("take this", [{"kind": "submit", "path": forged}]))
        assert a.receive_json()["turn"] == 1 and b.receive_json()["turn"] == 1
        a.send_text(_turn("take this", [{"kind": "submit", "path": forged}]))  # replayed
        assert _error(a) == "it is not your turn"
        b.send_text(_turn("ok", [{"kind": "submit", "path": [start, "nowhere", start]}]))
        assert _error(b).startswith("unknown room 'nowhere'")
        b.send_text(_turn("fine"))
        a.receive_json(), b.receive_json()
        a.send_text(_turn("again", [{"kind": "submit", "path": forged}]))  # a second submission
        assert "already submitted" in _error(a)
        a.send_text(_turn("<script>alert('x')</script> & <b>bold</b>"))
        seen = a.receive_json()["view"]["chat"][-1]["message"]
        assert seen == b.receive_json()["view"]["chat"][-1]["message"]
        assert seen == "<script>alert('x')</script> & <b>bold</b>"
    events = store.events(session["session"])
    applied = [e["payload"] for e in events if e["kind"] == "applied"]
    assert [p["message"] for p in applied] == ["take this", "fine", "<script>alert('x')</script> & <b>bold</b>"]
    assert applied[0]["actions"] == [{"kind": "submit", "path": forged}]
    assert len([e for e in events if e["kind"] == "refused"]) == 4
    assert len([e for e in events if e["kind"] == "received"]) == 7


@pytest.mark.parametrize("token", ["", "nope", "other"])
def test_a_token_of_another_session_closes_the_socket(client: TestClient, token: str) -> None:
    session = _two_people(client)
    other = _two_people(client, seed=6)
    if token == "other":
        token = token_of(other["seats"][0]["link"])
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/ws/{session['session']}?token={token}") as ws:
            ws.receive_json()
    assert closed.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"/ws/no-such-session?token={token_of(session['seats'][0]['link'])}") as ws:
            ws.receive_json()
    assert closed.value.code == 4403
    assert client.get(f"/play/{session['session']}?token=nope").status_code == 404


def test_reconnecting_resumes_the_seat_and_nothing_is_lost(client: TestClient, store: SessionStore) -> None:
    session = _two_people(client)
    with client.websocket_connect(seat_url(session, 0)) as a:
        a.receive_json()
        a.send_text(_turn("one"))
        a.receive_json()
    with client.websocket_connect(seat_url(session, 1)) as b:
        assert b.receive_json()["turn"] == 1
        b.send_text(_turn("two"))
        b.receive_json()
    with client.websocket_connect(seat_url(session, 0)) as a:  # a reload
        frame = a.receive_json()
        assert frame["turn"] == 2 and frame["your_turn"] and frame["seat"] == 0
        assert [line["message"] for line in frame["view"]["chat"]] == ["one", "two"]
    kinds = [e["kind"] for e in store.events(session["session"])]
    assert kinds.count("connect") == 2 and kinds.count("reconnect") == 1
    assert len(_events(store, session["session"], "disconnect")) >= 2


def test_input_after_the_end_is_refused(client: TestClient, store: SessionStore) -> None:
    response = client.post(
        "/api/sessions",
        json={"game": GAME, "seats": ["person", "person"], "seed": 2, "options": {"max_turns_per_player": 1}},
    )
    session = response.json()
    with client.websocket_connect(seat_url(session, 0)) as a, client.websocket_connect(seat_url(session, 1)) as b:
        a.receive_json(), b.receive_json()
        a.send_text(_turn("hi"))
        a.receive_json(), b.receive_json()
        b.send_text(_turn("bye"))
        assert a.receive_json()["terminal"]
        end = b.receive_json()
        assert end["terminal"] and end["metrics"] is not None
        b.send_text(_turn("one more"))
        assert _error(b) == "the game is over; no more turns are accepted"
    kinds = [e["kind"] for e in store.events(session["session"])]
    assert kinds.count("finished") == 1 and kinds.count("refused") == 1


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"game": "chess", "seats": ["person", "person"]}, "unknown game 'chess'"),
        ({"game": GAME, "seats": ["person"]}, f"{GAME} has 2 seats"),
        ({"game": GAME, "seats": ["person", "agent:nobody"]}, "unknown agent preset"),
        ({"game": GAME, "seats": ["person", "robot"]}, "neither 'person' nor 'agent:<preset>'"),
        ({"game": GAME, "seats": ["person", "person"], "options": {"colour": 1}}, "takes no option 'colour'"),
        ({"game": GAME, "seats": ["person", "person"], "seed": -1}, "'seed' must be a non-negative integer"),
        ({"game": GAME, "seats": ["person", "person"], "extra": 1}, "unknown field 'extra'"),
        ([], "the request body must be a JSON object"),
    ],
)
def test_a_bad_session_request_gets_one_line(client: TestClient, body: Any, error: str) -> None:
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 400
    message = response.json()["error"]
    assert error in message and "\n" not in message


def test_a_failing_agent_stops_its_session_not_the_server(client: TestClient, store: SessionStore) -> None:
    body = client.post("/api/sessions", json={"game": GAME, "seats": ["person", "agent:baseline"]}).json()
    session = client.app.state.manager.get(body["session"])  # type: ignore[attr-defined]

    def boom(observation: Any) -> Any:
        raise RuntimeError("boom")

    session.seats[1].agent.act = boom
    with client.websocket_connect(seat_url(body, 0)) as ws:
        ws.receive_json()
        ws.send_text(_turn("hello"))
        assert ws.receive_json()["turn"] == 1
        assert _error(ws) == "the agent in seat 1 failed: RuntimeError: boom"
    errors = [e for e in store.events(body["session"]) if e["kind"] == "error"]
    assert len(errors) == 1 and errors[0]["seat"] == 1
    assert client.get("/api/games").status_code == 200
