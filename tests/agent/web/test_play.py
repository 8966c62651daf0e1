"""A person plays a full game of every registered game against an agent preset through the
WebSocket. The 'person' is a PipelineAgent that sees only its view frames (it rebuilds its
observation from each frame's JSON) and sends its turns as JSON; the outcome must equal playing
the same seats in process with ``play_game`` for the same seed, and the log must hold every event."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from agent.arena import agent_rng, play_game
from agent.registry import default_registry
from agent.web.store import SessionStore
from games.base import Turn
from tests.agent.web.conftest import token_of, turn_frame

GAMES = default_registry().games


def _preset(game: str) -> str:
    return default_registry().default_preset(game)


def play_remote(client: TestClient, session: dict[str, Any], seat: int, seed: int) -> tuple[dict[str, Any], int]:
    """Play ``seat`` of ``session`` as a remote agent of the game's default preset; returns the
    final frame and the number of turns sent."""
    registry = default_registry()
    game_name = session["game"]
    agent = registry.build_agent(registry.preset(game_name, _preset(game_name)))
    agent.reset(agent_rng(seed, seat))
    observation_type = type(registry.make_game(game_name).new_initial_state(seed).observation(seat))
    token = token_of(session["seats"][seat]["link"])
    sent = 0
    acted: set[int] = set()
    last: Turn | None = None
    with client.websocket_connect(f"/ws/{session['session']}?token={token}") as ws:
        while True:
            frame = ws.receive_json()
            if frame["type"] == "error":  # as the referee loop does with a refused agent turn
                assert last is not None, frame
                ws.send_text(json.dumps({"type": "turn", "message": last.message[:2000], "actions": []}))
                sent += 1
                continue
            assert frame["type"] == "view" and frame["seat"] == seat
            if frame["terminal"]:
                return frame, sent
            if frame["your_turn"] and frame["turn"] not in acted:
                acted.add(frame["turn"])
                observation = observation_type.model_validate(frame["view"])
                last = agent.act(observation)
                assert last is not None
                ws.send_text(turn_frame(last))
                sent += 1


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_full_game_against_an_agent(client: TestClient, store: SessionStore, game: str) -> None:
    registry = default_registry()
    seed = 3
    players = registry.make_game(game).facts.num_players
    preset = _preset(game)
    created = client.post(
        "/api/sessions", json={"game": game, "seats": ["person"] + [f"agent:{preset}"] * (players - 1), "seed": seed}
    )
    assert created.status_code == 200, created.text
    session = created.json()
    final, sent = play_remote(client, session, 0, seed)

    in_process = play_game(
        registry.make_game(game), [registry.build_agent(registry.preset(game, preset)) for _ in range(players)], seed
    )
    assert final["metrics"] == in_process.metrics
    assert final["turn"] == len(in_process.transcript)

    events = store.events(session["session"])
    kinds = [e["kind"] for e in events]
    assert kinds[0] == "created" and kinds.count("connect") == 1
    assert [e["seq"] for e in events] == list(range(len(events)))
    applied = [e for e in events if e["kind"] == "applied"]
    assert [e["payload"]["message"] for e in applied] == [t["message"] for t in in_process.transcript]
    assert kinds.count("received") == sent
    assert all({"heard", "acts", "seconds"} <= set(e["payload"]) for e in applied if e["seat"] != 0)
    finished = [e for e in events if e["kind"] == "finished"]
    assert len(finished) == 1 and finished[0]["payload"]["metrics"] == in_process.metrics
    row = next(s for s in store.sessions() if s["id"] == session["session"])
    assert row["metrics"] == in_process.metrics and row["finished"] is not None


def test_the_observation_of_every_game_survives_its_json_round_trip() -> None:
    """The remote player's premise: a view frame's JSON rebuilds the seat's observation exactly."""
    registry = default_registry()
    for game in GAMES:
        kit = registry.kit(game)
        agents = [registry.build_agent(registry.preset(game, _preset(game))) for _ in range(3)]
        for seed in range(2):
            state = registry.make_game(game).new_initial_state(seed)
            for seat, agent in enumerate(agents):
                agent.reset(agent_rng(seed, seat))
            while not state.is_terminal():
                seat = state.current_player
                observation = state.observation(seat)
                view = json.loads(kit.observation_view(state, seat).model_dump_json())
                rebuilt = type(observation).model_validate(view)
                assert rebuilt == observation, game
                turn = agents[seat].act(observation)
                assert turn is not None
                state.apply(turn)


def test_every_kit_declares_its_formal_actions() -> None:
    """The server decodes a turn's JSON actions with the kit's ``actions``; every random legal turn
    of every game survives that round trip."""
    registry = default_registry()
    for game in GAMES:
        kit = registry.kit(game)
        assert kit.actions is not None, game
        assert kit.decode_actions([]) == []
        state = registry.make_game(game).new_initial_state(0)
        rng = np.random.default_rng(0)
        for _ in range(20):
            if state.is_terminal():
                break
            turn = state.random_turn(rng)
            data = json.loads(
                json.dumps([a.model_dump(mode="json") if isinstance(a, BaseModel) else a for a in turn.actions])
            )
            decoded = kit.decode_actions(data)
            assert [a.model_dump(mode="json") for a in decoded] == data
            state.apply(turn.model_copy(update={"actions": tuple(decoded)}))
