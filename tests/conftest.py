"""Fixtures shared across the test tree."""

from collections.abc import Iterator

import pytest

from agent.registry import default_registry
from language.scripted_server import ScriptedLLMServer


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    """A scripted OpenAI-compatible server on 127.0.0.1 (a free port) whose oracle speaks every
    kit's language, stopped after the test."""
    with ScriptedLLMServer(responder=default_registry().oracle()) as server:
        yield server
