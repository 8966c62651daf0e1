"""The pages, files and JSON API of ``accord serve``, and sessions of agents watched live."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent.arena import play_game
from agent.registry import Registry, default_registry
from agent.web.app import create_app
from agent.web.store import SessionStore
from tests.agent.web.conftest import token_of


def test_the_games_api_lists_every_game(client: TestClient) -> None:
    registry = default_registry()
    games = client.get("/api/games").json()
    assert [g["name"] for g in games] == list(registry.games)
    for entry in games:
        game = registry.make_game(entry["name"])
        assert entry["seats"] == list(game.facts.player_names)
        assert entry["presets"] == registry.preset_names(entry["name"], offline=True)
        assert set(entry["options"]) == set(registry.game_options(entry["name"]))


def test_the_index_form_starts_a_session_against_an_agent(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for game in default_registry().games:
        assert f'value="{game}"' in page.text
    started = client.get("/start?game=traveling_adventurers&preset=state-tracking&seat=1", follow_redirects=False)
    assert started.status_code == 303
    link = started.headers["location"]
    assert link.startswith("/play/")
    shell = client.get(link)
    assert shell.status_code == 200
    assert '<script type="module" src="/static/app.js">' in shell.text
    assert 'data-seat="1"' in shell.text and 'data-kit="/kits/traveling_adventurers/"' in shell.text
    assert client.get("/start?game=chess").status_code == 400


def test_static_and_kit_files(tmp_path: Path, store: SessionStore) -> None:
    registry = default_registry()
    widget = tmp_path / "widget"
    widget.mkdir()
    (widget / "view.js").write_text("export const ok = 1;\n")
    (tmp_path / "secret.txt").write_text("no")
    kits = list(registry)
    patched = Registry()
    for kit in kits:
        patched.register_kit(kit if kit is not kits[0] else dataclasses.replace(kit, web=widget))
    with TestClient(create_app(store, patched)) as client:
        assert client.get(f"/kits/{kits[0].name}/view.js").text == "export const ok = 1;\n"
        assert client.get(f"/kits/{kits[0].name}/../secret.txt").status_code == 404
        assert client.get(f"/kits/{kits[0].name}/%2e%2e/secret.txt").status_code == 404
        assert client.get(f"/kits/{kits[1].name}/view.js").status_code == 404
        assert client.get("/kits/chess/view.js").status_code == 404
        assert client.get("/static/no-such-file.js").status_code == 404


def test_a_watched_session_of_agents_plays_on_its_own(client: TestClient, store: SessionStore) -> None:
    registry = default_registry()
    game = "traveling_adventurers"
    seed = 4
    response = client.post(
        "/api/sessions", json={"game": game, "seats": ["agent:problem-solving", "agent:state-tracking"], "seed": seed}
    )
    body = response.json()
    assert all("link" not in seat for seat in body["seats"])
    assert client.get(body["watch"]).status_code == 200
    with client.websocket_connect(f"/ws/{body['session']}/watch") as ws:
        frame = ws.receive_json()
        while not frame["terminal"]:
            frame = ws.receive_json()
            assert frame["type"] == "watch" and set(frame) == {"type", "game", "chat", "turn", "terminal", "metrics"}
            assert all(set(line) == {"seat", "speaker", "message"} for line in frame["chat"])
    expected = play_game(
        registry.make_game(game),
        [registry.build_agent(registry.preset(game, p)) for p in ("problem-solving", "state-tracking")],
        seed,
    )
    assert frame["metrics"] == expected.metrics
    assert [line["message"] for line in frame["chat"]] == [t["message"] for t in expected.transcript]


def test_two_people_get_their_own_links(client: TestClient) -> None:
    body = client.post("/api/sessions", json={"game": "gnomes_at_night", "seats": ["person", "person"]}).json()
    links = [seat["link"] for seat in body["seats"]]
    assert len(set(links)) == 2 and len({token_of(link) for link in links}) == 2
    for seat, link in enumerate(links):
        with client.websocket_connect(f"/ws/{body['session']}?token={token_of(link)}") as ws:
            assert ws.receive_json()["seat"] == seat


@pytest.mark.parametrize("path", ["/play/x?token=y", "/watch/x"])
def test_unknown_sessions_are_not_found(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_full_server_refuses_new_sessions(store: SessionStore) -> None:
    with TestClient(create_app(store, default_registry(), max_sessions=2)) as client:
        body = {"game": "traveling_adventurers", "seats": ["person", "person"]}
        assert [client.post("/api/sessions", json=body).status_code for _ in range(2)] == [200, 200]
        full = client.post("/api/sessions", json=body)
        assert full.status_code == 400 and "the server is full (2 sessions in play)" in full.json()["error"]
