"""The ``accord`` commands import only what they use: listing games or parsing one message does not
import Numba, ``scipy.optimize`` or the HTTP client (together about 0.5 s of start-up), and a command
about one game does not build the other games' kits. Start-up times are measured by the bench, not here: these tests
check which modules a fresh interpreter imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numba", "scipy.optimize", "httpx2")

RUN = """
import contextlib, io, json, sys
from agent.cli import app
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        app(args=sys.argv[1:], prog_name="accord")
    except SystemExit as exit:
        code = exit.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(*args: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``accord *args`` (which must succeed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ACCORD_KITS": ""}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=True
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] in (0, None), done.stderr
    return set(result["modules"])


@pytest.mark.parametrize(
    "args", [("games",), ("parse", "--game", "traveling_adventurers", "kitchen next? I get 5 on L-K")]
)
def test_listing_games_and_parsing_import_no_numba_scipy_optimize_or_httpx2(args: tuple[str, ...]) -> None:
    modules = imported_by(*args)
    assert not [m for m in HEAVY if m in modules]


def test_parsing_one_games_message_builds_no_other_kit() -> None:
    modules = imported_by("parse", "--game", "traveling_adventurers", "the attic next")
    assert "agent.kits.traveling_adventurers" in modules
    assert not [m for m in modules if m.startswith(("agent.kits.hanabi", "agent.kits.dialop_", "games.hanabi"))]
