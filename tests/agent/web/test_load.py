"""A bounded load test on 127.0.0.1: concurrent sessions of a person (a scripted WebSocket client)
against an agent, under uvicorn in a thread. Prints the latency per turn (median and 95th
percentile: until the server acknowledges the turn, and until the agent has replied) and checks
that every session's log is complete."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn")
websockets_client = pytest.importorskip("websockets.asyncio.client")
httpx = pytest.importorskip("httpx")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from agent.registry import default_registry  # noqa: E402
from agent.web.app import create_app  # noqa: E402
from agent.web.store import SessionStore  # noqa: E402

SESSIONS = 60
GAME = "traveling_adventurers"
PRESET = "problem-solving"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, SessionStore]]:
    """uvicorn serving the app on a free port of 127.0.0.1, stopped after the test."""
    store = SessionStore(tmp_path / "load.sqlite")
    port = _free_port()
    config = uvicorn.Config(create_app(store, default_registry()), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"127.0.0.1:{port}", store
    running.should_exit = True
    thread.join(timeout=30)
    store.close()


async def _play(address: str, seed: int, acks: list[float], rounds: list[float]) -> dict[str, Any]:
    """One session: a person who says something every turn until the game ends."""
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        response = await http.post(
            "/api/sessions", json={"game": GAME, "seats": ["person", f"agent:{PRESET}"], "seed": seed}
        )
    body = response.json()
    token = body["seats"][0]["link"].split("token=", 1)[1]
    sent = 0
    async with websockets_client.connect(f"ws://{address}/ws/{body['session']}?token={token}") as ws:
        frame = json.loads(await ws.recv())
        while not frame["terminal"]:
            assert frame["your_turn"], frame
            started = time.perf_counter()
            await ws.send(
                json.dumps({"type": "turn", "message": f"turn {sent}: let's go to the kitchen", "actions": []})
            )
            sent += 1
            frame = json.loads(await ws.recv())
            acks.append(time.perf_counter() - started)
            while not frame["your_turn"] and not frame["terminal"]:
                frame = json.loads(await ws.recv())
            rounds.append(time.perf_counter() - started)
    return {"session": body["session"], "sent": sent, "turns": frame["turn"], "metrics": frame["metrics"]}


@pytest.mark.slow
def test_concurrent_sessions_against_agents(server: tuple[str, SessionStore]) -> None:
    address, store = server
    acks: list[float] = []
    rounds: list[float] = []

    async def everyone() -> list[dict[str, Any]]:
        return await asyncio.gather(*(_play(address, seed, acks, rounds) for seed in range(SESSIONS)))

    started = time.perf_counter()
    results = asyncio.run(everyone())
    wall = time.perf_counter() - started

    complete = 0
    for result in results:
        events = store.events(result["session"])
        kinds = [e["kind"] for e in events]
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert kinds[0] == "created" and kinds.count("connect") == 1
        assert kinds.count("received") == result["sent"]
        assert kinds.count("applied") == result["turns"]
        assert kinds.count("finished") == 1 and kinds.count("refused") == 0
        finished = next(e for e in events if e["kind"] == "finished")
        assert finished["payload"]["metrics"] == result["metrics"]
        complete += 1

    def ms(values: list[float], q: float) -> float:
        return 1000 * statistics.quantiles(values, n=100)[int(q) - 1] if q < 100 else 1000 * max(values)

    print(
        f"\nload: {SESSIONS} concurrent sessions ({GAME}, a scripted person against {PRESET}), "
        f"{len(acks)} person turns, {sum(r['turns'] for r in results)} turns in all, {wall:.1f} s wall; "
        f"turn acknowledged: median {1000 * statistics.median(acks):.1f} ms, p95 {ms(acks, 95):.1f} ms; "
        f"until the agent replied: median {1000 * statistics.median(rounds):.1f} ms, p95 {ms(rounds, 95):.1f} ms; "
        f"complete logs: {complete}/{SESSIONS}"
    )
    assert complete == SESSIONS


def test_a_real_server_closes_a_foreign_token_with_4403(server: tuple[str, SessionStore]) -> None:
    """Under uvicorn, as a browser sees it: the close code of a bad token, and a person's first view."""
    address, _ = server

    async def connect() -> tuple[int | None, dict[str, Any]]:
        async with httpx.AsyncClient(base_url=f"http://{address}") as http:
            body = (await http.post("/api/sessions", json={"game": GAME, "seats": ["person", "person"]})).json()
        async with websockets_client.connect(f"ws://{address}/ws/{body['session']}?token=forged") as ws:
            with contextlib.suppress(ConnectionClosed):
                await ws.recv()
            code = ws.close_code
        token = body["seats"][1]["link"].split("token=", 1)[1]
        async with websockets_client.connect(f"ws://{address}/ws/{body['session']}?token={token}") as ws:
            return code, json.loads(await ws.recv())

    code, frame = asyncio.run(connect())
    assert code == 4403
    assert frame["type"] == "view" and frame["seat"] == 1 and not frame["your_turn"]
