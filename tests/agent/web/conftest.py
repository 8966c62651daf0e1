"""Fixtures of the server's tests: the app on a fresh store behind FastAPI's test client, and a
remote player that plays a seat through the WebSocket from its view frames alone."""

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


def turn_frame(turn: Any) -> str:
    """A turn as the page sends it (actions in their JSON form)."""
    return json.dumps(
        {"type": "turn", "message": turn.message, "actions": [a.model_dump(mode="json") for a in turn.actions]}
    )
