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
import urllib.request
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


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as ``SCREENSHOTS/name.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def unnamed_controls(page: Any) -> list[str]:
    """The page's controls without an accessible name (should be none)."""
    return list(page.evaluate(UNNAMED_CONTROLS_JS))
