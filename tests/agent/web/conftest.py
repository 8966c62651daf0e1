"""Fixtures of the server's tests: the app on a fresh store behind FastAPI's test client, and a
remote player that plays a seat through the WebSocket from its view frames alone. The browser tests'
fixtures: the app served by uvicorn on 127.0.0.1 (a free port, a thread, a fresh store per module),
Debian's chromium under Playwright, and a fresh page (helpers in browser.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from agent.registry import default_registry  # noqa: E402
from agent.web.app import create_app  # noqa: E402
from agent.web.store import SessionStore  # noqa: E402
from tests.agent.web.browser import CHROMIUM, CHROMIUM_ARGS, Server, serving  # noqa: E402


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SessionStore]:
    """A fresh session log in a temporary folder."""
    log = SessionStore(tmp_path / "sessions.sqlite")
    yield log
    log.close()


@pytest.fixture
def client(store: SessionStore) -> Iterator[TestClient]:
    """The app on ``store``, started on 127.0.0.1 by the test client and stopped after the test."""
    with TestClient(create_app(store, default_registry()), base_url="http://127.0.0.1") as test_client:
        yield test_client


def token_of(link: str) -> str:
    """The token in a play link."""
    return link.split("token=", 1)[1]


def people_session(client: TestClient, game: str, seed: int) -> dict[str, Any]:
    """A new two-person session of ``game`` (the creation response)."""
    response = client.post("/api/sessions", json={"game": game, "seats": ["person", "person"], "seed": seed})
    assert response.status_code == 200, response.text
    return dict(response.json())


def seat_url(session: dict[str, Any], seat: int) -> str:
    """The WebSocket path of ``seat`` in ``session`` (with its token)."""
    return f"/ws/{session['session']}?token={token_of(session['seats'][seat]['link'])}"


def turn_frame(turn: Any) -> str:
    """A turn as the page sends it (actions in their JSON form)."""
    return json.dumps(
        {"type": "turn", "message": turn.message, "actions": [a.model_dump(mode="json") for a in turn.actions]}
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The application on 127.0.0.1 (every registered game), stopped after the module."""
    pytest.importorskip("uvicorn")
    with serving(tmp_path_factory.mktemp("web") / "sessions.db") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright (skipped when it is not installed: ``make test`` installs it)."""
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium (apt-get install -y chromium; make test does it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; a script error on it fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"script errors on the page: {errors}"
