"""Fixtures shared across the test tree."""

from collections.abc import Iterator

import pytest

from language.scripted_server import ScriptedLLMServer


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    """A scripted OpenAI-compatible server on 127.0.0.1 (a free port), stopped after the test."""
    with ScriptedLLMServer() as server:
        yield server
