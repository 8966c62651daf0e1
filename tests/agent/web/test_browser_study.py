"""A study in a real browser: a participant opens the landing page, reads the instructions, ticks
the consent box, starts, plays a short Traveling Adventurers game to the end and sees the
completion code; every control has a name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agent.registry import default_registry
from agent.web.study import Study, parse_study
from tests.agent.web.browser import Server, play_to_the_end, screenshot, serving, unnamed_controls

EXAMPLE = Path(__file__).resolve().parents[3] / "studies" / "partners.toml"


@pytest.fixture(scope="module")
def study() -> Study:
    """The example study with two turns per player, so that a game ends quickly."""
    text = EXAMPLE.read_text().replace("max_turns_per_player = 15", "max_turns_per_player = 2")
    return parse_study(text, default_registry())


@pytest.fixture(scope="module")
def study_server(tmp_path_factory: pytest.TempPathFactory, study: Study) -> Iterator[Server]:
    """The study served by uvicorn on 127.0.0.1."""
    pytest.importorskip("uvicorn")
    with serving(tmp_path_factory.mktemp("study") / "sessions.sqlite", study=study) as running:
        yield running


def test_a_participant_consents_plays_and_gets_the_completion_code(
    study_server: Server, study: Study, page: Any
) -> None:
    page.goto(study_server.base + "/study?pid=browser-1")
    page.get_by_text(study.consent).wait_for()
    assert unnamed_controls(page) == []
    screenshot(page, "study_landing")
    page.get_by_role("checkbox", name="I agree").check()
    page.get_by_role("button", name="Start").click()
    page.locator("#status").wait_for()
    play_to_the_end(page, "ok, let us finish")
    page.locator("#completion").wait_for()
    assert page.locator("#completion").inner_text() == f"Your completion code: {study.code_for('browser-1')}"
    screenshot(page, "study_end")
