"""What the browser tests share (their fixtures ``server``, ``browser`` and ``page`` are in conftest.py):
Debian's chromium and its flags, a JSON client of a running server, screenshots, the check that
every control has an accessible name.

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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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
    'button, input:not([type=hidden]), select, textarea, a[href], [role=button], [role=application], [tabindex]:not([tabindex="-1"])');
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


def free_port() -> int:
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


@contextmanager
def serving(db: Path, registry: Any = None, study: Any = None) -> Iterator[Server]:
    """``accord serve``'s application for ``registry`` (default: every registered game) on 127.0.0.1,
    uvicorn on a free port in a thread, logging to ``db`` (with ``study``: its routes too); stopped on exit."""
    import uvicorn

    from agent.web.app import create_app
    from agent.web.store import SessionStore

    store = SessionStore(db)
    port = free_port()
    config = uvicorn.Config(
        create_app(store, registry, study=study), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
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


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as ``SCREENSHOTS/name.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def tab_to(page: Any, selector: str, back: bool = False) -> None:
    """Press Tab (Shift+Tab) until the element matching ``selector`` has the focus."""
    for _ in range(30):
        if page.evaluate(f"document.activeElement?.matches({selector!r})"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def unnamed_controls(page: Any) -> list[str]:
    """The page's controls without an accessible name (should be none)."""
    return list(page.evaluate(UNNAMED_CONTROLS_JS))


def play_to_the_end(page: Any, say: str, accept: str = "", limit: int = 40) -> None:
    """Play a seat's page until the game ends: on each of its turns, accept the pending proposal when
    the ``accept`` button (by accessible name) is enabled, else send ``say``; after each turn wait for
    the turn counter to move (the agent may already have answered)."""
    for _ in range(limit):
        page.wait_for_function("document.querySelector('#status.yours') || !document.querySelector('#end').hidden")
        if page.locator("#end").is_visible():
            return
        turn = page.locator("#turn").inner_text()
        button = page.get_by_role("button", name=accept) if accept else None
        if button is not None and button.count() and button.is_enabled():
            page.get_by_role("textbox", name="Message").fill("that works for me")
            button.click()
        else:
            page.get_by_role("textbox", name="Message").fill(say)
            page.get_by_role("button", name="Send", exact=True).click()
        page.wait_for_function(
            f"document.querySelector('#turn').textContent !== {turn!r} || !document.querySelector('#end').hidden"
        )
    raise AssertionError(f"the game did not end within {limit} turns")
