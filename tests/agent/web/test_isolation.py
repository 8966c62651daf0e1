"""No frame sent to a seat holds another seat's private data (randomized, seeded).

Many sessions of every game with every seat a person: the test plays random legal turns (the
game's own ``random_turn``) through each seat's WebSocket, mirrors the game in process, and
inspects every frame every seat and a watcher receive: a seat's must be exactly that seat's own view at that turn,
and it must contain neither another seat's ``private_data`` nor any field of another seat's
observation that the seat's own observation does not show (the conformance checker's
``_contains`` test, applied to whole frames). The final metrics, sent to every seat once the game
is over, are the game's public outcome (e.g. the agreed flight pair of DialOp Mediation, of which
each user saw only its own flight during the game) and are left out of the secret search. A
watcher's frames hold only the chat lines every seat sees (never DialOp Mediation's private rooms).
Every seat tool a seat is offered (DialOp Planning's site search) is asked after every turn, and its
answers are searched for the other seats' secrets too."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import numpy as np
from fastapi.testclient import TestClient
from pydantic import BaseModel

from agent.registry import default_registry
from games.base import State, _contains
from tests.agent.web.conftest import token_of

SESSIONS_PER_GAME = 6


def _secrets(state: State, owner: int, viewer: int) -> list[Any]:
    """What ``viewer`` must never receive of ``owner``: its private data (where the game hides it
    from the viewer) and the non-empty fields of its observation that differ from the viewer's own
    and do not occur in the viewer's own."""
    secrets = [state.private_data(owner)] if viewer in state.private_data_hidden_from(owner) else []
    theirs = state.observation(owner).model_dump(mode="json")
    mine = state.observation(viewer).model_dump(mode="json")
    for name, value in theirs.items():
        if name in ("seat", "role") or not isinstance(value, list | dict) or not value:
            continue
        if value != mine.get(name) and not _contains(mine, value):
            secrets.append(value)
    return [s for s in secrets if s not in (None, [], {})]


def _inspect(frame: dict[str, Any], state: State, seat: int, kit: Any, counts: dict[str, int]) -> None:
    """Count the secrets searched in ``frame`` (every seat's that ``seat`` must not see, its own
    included where the game hides a seat's data from the seat itself) and the leaks found."""
    for owner in range(len(state.game.facts.player_names)):
        for secret in _secrets(state, owner, seat):
            counts["secrets checked"] += 1
            if _contains({k: v for k, v in frame.items() if k != "metrics"}, secret):
                counts["leaks"] += 1
                print(f"LEAK {kit.name} seat {seat} of {owner}: {json.dumps(secret)[:300]}")


def _check(frame: dict[str, Any], state: State, seat: int, kit: Any, counts: dict[str, int]) -> dict[str, Any]:
    assert frame["type"] == "view" and frame["seat"] == seat
    assert frame["turn"] == len(state.history)
    assert frame["view"] == kit.observation_view(state, seat).model_dump(mode="json")
    _inspect(frame, state, seat, kit, counts)
    counts["frames"] += 1
    return frame


def _use_tools(ws: Any, frame: dict[str, Any], state: State, seat: int, kit: Any, counts: dict[str, int]) -> None:
    """Ask every seat tool the frame offers its example query and an empty one; inspect the answers."""
    for tool in frame["tools"]:
        for query in (tool["example"], ""):
            ws.send_text(json.dumps({"type": "tool", "tool": tool["name"], "query": query}))
            answer = ws.receive_json()
            assert answer["type"] == "tool" and "error" not in answer, answer
            _inspect(answer, state, seat, kit, counts)
            counts["tool answers"] += 1


def _check_watch(frame: dict[str, Any], state: State, counts: dict[str, int]) -> None:
    """A watcher gets only chat lines that every seat sees, and no seat's private data."""
    assert frame["type"] == "watch" and frame["turn"] == len(state.history)
    seats = range(len(state.game.facts.player_names))
    chats = [[(line.seat, line.message) for line in state.observation(seat).chat] for seat in seats]
    for line in frame["chat"]:
        assert all((line["seat"], line["message"]) in chat for chat in chats), line
    public = {k: v for k, v in frame.items() if k != "metrics"}
    for owner in seats:
        secret = state.private_data(owner) if state.private_data_hidden_from(owner) else None
        counts["secrets checked"] += 1
        if secret not in (None, [], {}) and _contains(public, secret):
            counts["leaks"] += 1
            print(f"LEAK to a watcher of seat {owner}: {json.dumps(secret)[:300]}")
    counts["watch frames"] += 1


def test_no_frame_holds_another_seats_private_data(client: TestClient) -> None:
    registry = default_registry()
    counts = {"sessions": 0, "frames": 0, "watch frames": 0, "tool answers": 0, "secrets checked": 0, "leaks": 0}
    counts["turns"] = 0
    for game in registry.games:
        kit = registry.kit(game)
        players = registry.make_game(game).facts.num_players
        for n in range(SESSIONS_PER_GAME):
            seed = 1000 * n + 17
            rng = np.random.default_rng([seed, 14])
            session = client.post("/api/sessions", json={"game": game, "seats": ["person"] * players, "seed": seed})
            assert session.status_code == 200, session.text
            body = session.json()
            mirror = registry.make_game(game).new_initial_state(seed)
            with ExitStack() as stack:
                sockets = [
                    stack.enter_context(client.websocket_connect(f"/ws/{body['session']}?token={token_of(s['link'])}"))
                    for s in body["seats"]
                ]
                watcher = stack.enter_context(client.websocket_connect(f"/ws/{body['session']}/watch"))
                for seat, ws in enumerate(sockets):
                    _check(ws.receive_json(), mirror, seat, kit, counts)
                _check_watch(watcher.receive_json(), mirror, counts)
                while not mirror.is_terminal():
                    turn = mirror.random_turn(rng)
                    actions = [a.model_dump(mode="json") if isinstance(a, BaseModel) else a for a in turn.actions]
                    player = mirror.current_player
                    sockets[player].send_text(json.dumps({"type": "turn", "message": turn.message, "actions": actions}))
                    mirror.apply(turn.model_copy(update={"actions": tuple(kit.decode_actions(actions))}))
                    counts["turns"] += 1
                    for seat, ws in enumerate(sockets):
                        frame = _check(ws.receive_json(), mirror, seat, kit, counts)
                        _use_tools(ws, frame, mirror, seat, kit, counts)
                    _check_watch(watcher.receive_json(), mirror, counts)
            counts["sessions"] += 1
    print(f"\nisolation: {counts}")
    assert counts["leaks"] == 0
    assert counts["sessions"] == SESSIONS_PER_GAME * len(registry.games)
    assert counts["tool answers"] > 0  # DialOp Planning's assistant searched its sites
