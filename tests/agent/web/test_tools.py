"""Seat tools over the WebSocket (``GameKit.tools``): DialOp Planning's assistant searches its own
sites on the server. The answer equals the game's Search run on the session's instance, goes to that
seat alone, is logged, and is no turn; a seat without the tool, and malformed requests, are refused."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agent.kits.base import SeatTool
from agent.registry import default_registry
from agent.web.sessions import MAX_QUERY_CHARS, SessionManager
from agent.web.store import SessionStore
from games.dialop.planning_search import search_columns, search_sites
from tests.agent.web.conftest import people_session, seat_url

GAME = "dialop_planning"
USER, ASSISTANT = 0, 1
QUERIES = [
    "Search(fields=[name, category, price], filters=[has parking AND price <= 30], sort_by=[price])",
    "Search(fields=[name, rating], filters=[NOT touristy OR viewpoint], sort_by=[-rating], limit=5)",
    "museum",
    "",
]


def _ask(ws: Any, query: Any, tool: Any = "search", **extra: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "tool", "tool": tool, "query": query, **extra}))
    frame = ws.receive_json()
    assert frame["type"] in ("tool", "error"), frame
    return dict(frame)


def _instance(seed: int) -> Any:
    return default_registry().make_game(GAME).new_initial_state(seed).instance


def test_only_the_assistant_is_offered_the_search() -> None:
    kit = default_registry().kit(GAME)
    state = kit.make_game().new_initial_state(0)
    assert [t.name for t in kit.tools_for(kit.observation_view(state, ASSISTANT))] == ["search"]
    assert kit.tools_for(kit.observation_view(state, USER)) == []


def test_the_assistant_searches_its_sites_exactly(client: TestClient, store: SessionStore) -> None:
    session = people_session(client, GAME, 3)
    instance = _instance(3)
    with client.websocket_connect(seat_url(session, ASSISTANT)) as ws:
        first = ws.receive_json()
        assert [t["name"] for t in first["tools"]] == ["search"] and not first["your_turn"]
        for i, query in enumerate(QUERIES):
            frame = _ask(ws, query, id=i)
            assert frame["type"] == "tool" and frame["id"] == i and "error" not in frame, frame
            result = frame["result"]
            if query.startswith("Search"):  # the same answer as the game's Search on the instance
                columns = search_columns(instance, query)
                rows = search_sites(instance, query)
                assert result["columns"] == columns
                assert result["rows"] == [[row[c] for c in columns] for row in rows]
            assert result["count"] == len(result["rows"])
        assert _ask(ws, "")["result"]["count"] == len(instance.sites)
        broken = _ask(ws, "Search(fields=[flavour])")
        assert broken["type"] == "tool" and broken["error"].startswith("unknown field 'flavour'")
    events = store.events(session["session"])
    tools = [e for e in events if e["kind"] == "tool"]
    assert len(tools) == len(QUERIES) + 2 and all(e["seat"] == ASSISTANT for e in tools)
    assert tools[-1]["payload"]["error"].startswith("unknown field")
    assert not [e for e in events if e["kind"] == "applied"]  # a search is not a turn


def test_a_seat_without_the_tool_and_malformed_requests_are_refused(client: TestClient, store: SessionStore) -> None:
    session = people_session(client, GAME, 4)
    with client.websocket_connect(seat_url(session, USER)) as ws:
        view = ws.receive_json()
        assert view["tools"] == [] and view["view"]["sites"] is None
        refused = _ask(ws, "museum")
        assert refused["type"] == "error" and refused["message"].startswith("this seat has no tool 'search'")
    with client.websocket_connect(seat_url(session, ASSISTANT)) as ws:
        ws.receive_json()
        for frame, reason in [
            ({"query": 7}, "query must be a string"),
            ({"query": "x" * (MAX_QUERY_CHARS + 1)}, "query too long"),
            ({"query": "museum", "id": "one"}, "id must be an integer"),
            ({"query": "museum", "token": "forged"}, "unknown field 'token'"),
            ({"query": "museum", "tool": "teleport"}, "this seat has no tool 'teleport'"),
        ]:
            answer = _ask(ws, **{"tool": "search", **frame})
            assert answer["type"] == "error" and answer["message"].startswith(reason), answer
        assert _ask(ws, "museum")["result"]["count"] >= 1  # the session goes on
    refusals = [e for e in store.events(session["session"]) if e["kind"] == "refused"]
    assert len(refusals) == 6


def test_a_tool_sees_only_its_seats_view() -> None:
    """The server hands a tool the asking seat's view and nothing else (here a tool that reports
    which seat's view it got, on every seat of a game)."""
    kit = default_registry().kit(GAME)
    seen: list[int] = []
    probe = SeatTool("probe", "reports the seat of its view", lambda view, query: seen.append(view.seat) or view.seat)
    manager = SessionManager(default_registry(), SessionStore(":memory:"))
    session = manager.create(GAME, ["person", "person"], seed=1)
    session.kit = replace(kit, tools=(probe,))
    sent: list[dict[str, Any]] = []

    async def send(frame: dict[str, Any]) -> None:
        sent.append(frame)

    for seat in (USER, ASSISTANT):
        asyncio.run(session.receive(seat, send, json.dumps({"type": "tool", "tool": "probe", "query": ""})))
    assert seen == [USER, ASSISTANT] and [f["result"] for f in sent] == [USER, ASSISTANT]


@pytest.mark.parametrize("query", ["Search(", "Search(fields=[name], limit=-1)", "Search(filters=[price >< 3])"])
def test_malformed_queries_answer_with_one_line(query: str) -> None:
    kit = default_registry().kit(GAME)
    view = kit.observation_view(kit.make_game().new_initial_state(0), ASSISTANT)
    with pytest.raises(ValueError) as err:
        kit.tools[0].run(view, query)
    assert "\n" not in str(err.value)
