"""Fixtures of the browser tests: ``accord serve``'s application on 127.0.0.1 (uvicorn on a free port
in a thread, a fresh session store per module) and Debian's chromium driven by Playwright.

Screenshots of every page go to ``results/screenshots/`` at the repository's root (override with
``ACCORD_SCREENSHOTS=DIR``); ``make test`` leaves them there as the test artefacts.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = Path(os.environ.get("ACCORD_SCREENSHOTS", ROOT / "results" / "screenshots"))

# Every control of a page and whether it has an accessible name (aria-label, aria-labelledby, a
# <label for>, a wrapping <label>, its text or a title): the elements without one.
UNNAMED_CONTROLS_JS = """() => {
  const controls = document.querySelectorAll(
    'button, input, select, textarea, a[href], [role=button], [role=application], [tabindex]:not([tabindex="-1"])');
  const named = (e) => {
    if ((e.getAttribute('aria-label') || '').trim()) return true;
    const by = e.getAttribute('aria-labelledby');
    if (by && by.split(/\\s+/).some((id) => (document.getElementById(id)?.textContent || '').trim())) return true;
    if (e.id && document.querySelector(`label[for="${CSS.escape(e.id)}"]`)) return true;
    if (e.closest('label')) return true;
    if (e.tagName !== 'INPUT' && e.tagName !== 'TEXTAREA' && (e.textContent || '').trim()) return true;
    return Boolean((e.getAttribute('title') || '').trim());
  };
  return [...controls].filter((e) => !named(e)).map((e) => e.outerHTML.slice(0, 120));
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A running application: its base URL and a JSON client for the API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def post(self, path: str, body: Any) -> Any:
        request = urllib.request.Request(
            self.base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def session(self, game: str, seats: list[str], seed: int = 0, **options: Any) -> Any:
        return self.post("/api/sessions", {"game": game, "seats": seats, "seed": seed, "options": options})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The application on 127.0.0.1, stopped after the module."""
    pytest.importorskip("fastapi")
    uvicorn = pytest.importorskip("uvicorn")

    from agent.web.app import create_app
    from agent.web.store import SessionStore

    store = SessionStore(tmp_path_factory.mktemp("web") / "sessions.db")
    port = _free_port()
    config = uvicorn.Config(create_app(store), host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    try:
        yield Server(f"http://127.0.0.1:{port}")
    finally:
        uv.should_exit = True
        thread.join(15)
        store.close()


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


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as ``SCREENSHOTS/name.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def unnamed_controls(page: Any) -> list[str]:
    """The page's controls without an accessible name (should be none)."""
    return list(page.evaluate(UNNAMED_CONTROLS_JS))
