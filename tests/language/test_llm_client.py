"""The LLM client: configuration, accounting, the response cache, transport failures."""

import json

import pytest
from pydantic import BaseModel, Field

from language.llm_client import (
    LLMCallError,
    LLMClient,
    LLMConfig,
    LLMNotConfiguredError,
    LLMUsage,
    ResponseCache,
    grammar_schema,
)
from language.scripted_server import Reply


class Answer(BaseModel):
    value: int = Field(ge=0, le=9)


def client(server, tmp_path=None, **settings) -> LLMClient:
    config = LLMConfig(model="scripted", base_url=server.url, cache_dir=str(tmp_path) if tmp_path else None, **settings)
    return LLMClient(config)


# ---- configuration -----------------------------------------------------------------------------


def test_no_endpoint_is_a_one_line_error_that_says_what_to_set(monkeypatch):
    for name in ("ACCORD_LLM_MODEL", "ACCORD_LLM_BASE_URL", "ACCORD_LLM_API_KEY", "OPENAI_API_KEY", "ACCORD_LLM_MODE"):
        monkeypatch.delenv(name, raising=False)
    config = LLMConfig.from_env()
    assert not config.configured
    with pytest.raises(LLMNotConfiguredError) as err:
        LLMClient(config)
    message = str(err.value)
    assert "\n" not in message and "--llm-model" in message and "--llm-base-url" in message
    assert "OPENAI_API_KEY" in message


def test_settings_come_from_the_environment_unless_given(monkeypatch):
    monkeypatch.setenv("ACCORD_LLM_MODEL", "env-model")
    monkeypatch.setenv("ACCORD_LLM_BASE_URL", "http://127.0.0.1:1/v1")
    monkeypatch.delenv("ACCORD_LLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    config = LLMConfig.from_env(model="given", base_url=None)
    assert (config.model, config.base_url, config.api_key) == ("given", "http://127.0.0.1:1/v1", "sk-test")
    assert "sk-test" not in repr(config) and "sk-test" not in config.describe()
    monkeypatch.setenv("ACCORD_LLM_API_KEY", "accord-key")
    assert LLMConfig.from_env().api_key == "accord-key"


def test_unknown_mode_is_refused(monkeypatch):
    with pytest.raises(ValueError, match="unknown LLM mode 'xml'"):
        LLMConfig.from_env(mode="xml")


def test_llamacpp_mode_puts_instructions_in_the_user_turn(llm_server):
    llama = client(llm_server, mode="llamacpp")
    assert llama.messages("RULES", "DATA") == [{"role": "user", "content": "RULES\n\nDATA"}]
    tools = client(llm_server)
    assert [m["role"] for m in tools.messages("RULES", "DATA")] == ["system", "user"]


def test_llamacpp_mode_sends_a_json_object_schema_without_length_bounds(llm_server):
    llm_server.push(Reply.json({"value": 3}))
    assert client(llm_server, mode="llamacpp").ask(Answer, "say 3", "go").value == 3
    request = llm_server.requests[-1]
    assert request["response_format"]["type"] == "json_object"
    assert request["response_format"]["schema"]["properties"]["value"]["maximum"] == 9
    assert all(m["role"] != "system" or "json_schema" in m["content"] for m in request["messages"])

    class Long(BaseModel):
        text: str = Field(max_length=4000)

    assert "maxLength" not in json.dumps(grammar_schema(Long))


# ---- answers, re-asks and accounting ---------------------------------------------------------------


@pytest.mark.parametrize("mode", ["tools", "json", "md_json", "llamacpp"])
def test_every_mode_gets_a_validated_answer(llm_server, mode):
    llm_server.push(Reply.json({"value": 7}))
    llm = client(llm_server, mode=mode)
    assert llm.ask(Answer, "instructions", "content").value == 7
    assert (llm.usage.calls, llm.usage.http_requests, llm.usage.retries) == (1, 1, 0)
    if mode == "tools":
        assert llm_server.requests[-1]["tools"][0]["function"]["name"]


def test_invalid_json_is_re_asked_and_tokens_are_summed_over_attempts(llm_server):
    llm_server.push(Reply.text("{not json"), Reply.json({"value": 42}), Reply.json({"value": 4}))
    llm = client(llm_server, mode="json", max_reasks=2)
    assert llm.ask(Answer, "instructions", "content").value == 4
    usage = llm.usage
    assert (usage.calls, usage.http_requests, usage.retries, usage.failures) == (1, 3, 2, 0)
    # the server reports an estimate per request; the books hold the sum of all three
    assert usage.prompt_tokens > 0 and usage.completion_tokens >= 3
    third = llm_server.requests[2]["messages"]
    assert any("less than or equal to 9" in str(m.get("content")) for m in third)


def test_no_valid_answer_is_one_typed_error_with_attempts_and_last_output(llm_server):
    llm_server.push(*[Reply.json({"value": 99})] * 3)
    llm = client(llm_server, max_reasks=2)
    with pytest.raises(LLMCallError) as err:
        llm.ask(Answer, "instructions", "content")
    assert err.value.attempts == 3
    assert json.loads(err.value.last_output) == {"value": 99}
    assert "\n" not in str(err.value) and "less than or equal to 9" in str(err.value)
    assert llm.usage.failures == 1 and llm.usage.http_requests == 3


def test_http_500_is_retried_in_transport_and_never_pasted_into_a_prompt(llm_server):
    llm_server.push(Reply.error(500, "boom"), Reply.json({"value": 1}))
    llm = client(llm_server, transport_retries=1)
    assert llm.ask(Answer, "instructions", "content").value == 1
    first, second = llm_server.requests
    assert first["messages"] == second["messages"]
    assert "boom" not in json.dumps(second)
    assert llm.usage.http_requests == 2 and llm.usage.retries == 1


def test_http_500_without_retries_fails_cleanly(llm_server):
    llm_server.push(Reply.error(500, "boom"))
    llm = client(llm_server, transport_retries=0)
    with pytest.raises(LLMCallError, match="InternalServerError"):
        llm.ask(Answer, "instructions", "content")
    assert llm.usage.failures == 1


def test_a_timeout_fails_cleanly_and_is_counted(llm_server):
    llm_server.push(Reply.json({"value": 1}, delay_s=2.0))
    llm = client(llm_server, timeout=0.3, transport_retries=0)
    with pytest.raises(LLMCallError, match="Timeout"):
        llm.ask(Answer, "instructions", "content")
    assert llm.usage.failures == 1 and llm.usage.http_requests == 1 and llm.usage.latency_s >= 0.25


def test_an_unreachable_endpoint_fails_cleanly():
    llm = LLMClient(LLMConfig(model="m", base_url="http://127.0.0.1:9/v1", transport_retries=0, timeout=2))
    with pytest.raises(LLMCallError, match="APIConnectionError"):
        llm.ask(Answer, "instructions", "content")


def test_free_text_is_asked_on_the_same_books_and_cache(llm_server, tmp_path):
    llm_server.push(Reply.error(500, "boom"), Reply.text("Answer: B"))
    llm = client(llm_server, tmp_path, transport_retries=1)
    messages = llm.messages("pick one", "A or B?")
    assert llm.ask_text(messages, seed=1) == "Answer: B"
    assert (llm.usage.calls, llm.usage.http_requests, llm.usage.retries, llm.usage.failures) == (1, 2, 1, 0)
    assert llm_server.requests[-1]["seed"] == 1 and "response_format" not in llm_server.requests[-1]
    again = client(llm_server, tmp_path)
    assert again.ask_text(messages, seed=1) == "Answer: B" and again.usage.cached == 1
    llm_server.push(Reply.error(500, "boom"))
    with pytest.raises(LLMCallError, match="InternalServerError") as err:
        client(llm_server, transport_retries=0).ask_text(messages, seed=2)
    assert "\n" not in str(err.value)


# ---- the cache ---------------------------------------------------------------------------------


def test_the_cache_replays_without_any_request(llm_server, tmp_path):
    llm_server.push(Reply.json({"value": 5}))
    first = client(llm_server, tmp_path)
    assert first.ask(Answer, "instructions", "content").value == 5
    second = client(llm_server, tmp_path)
    assert second.ask(Answer, "instructions", "content").value == 5
    assert len(llm_server.requests) == 1
    assert (second.usage.http_requests, second.usage.cached, second.usage.prompt_tokens) == (0, 1, 0)


def test_the_cache_key_covers_prompt_model_and_parameters(llm_server, tmp_path):
    llm_server.push(Reply.json({"value": 1}), Reply.json({"value": 2}), Reply.json({"value": 3}))
    assert client(llm_server, tmp_path).ask(Answer, "instructions", "content").value == 1
    assert client(llm_server, tmp_path, temperature=0.5).ask(Answer, "instructions", "content").value == 2
    assert client(llm_server, tmp_path).ask(Answer, "instructions", "other").value == 3
    assert len(llm_server.requests) == 3


def test_failed_responses_are_not_cached(llm_server, tmp_path):
    llm_server.push(Reply.error(500), Reply.json({"value": 6}))
    with pytest.raises(LLMCallError):
        client(llm_server, tmp_path, transport_retries=0).ask(Answer, "i", "c")
    assert client(llm_server, tmp_path, transport_retries=0).ask(Answer, "i", "c").value == 6


def test_cache_keys_ignore_key_order_of_the_body():
    a = ResponseCache.key("/v1/chat/completions", b'{"model": "m", "messages": []}')
    b = ResponseCache.key("/v1/chat/completions", b'{"messages": [], "model": "m"}')
    assert a == b != ResponseCache.key("/v1/other", b'{"model": "m", "messages": []}')


def test_an_unusable_cache_directory_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ValueError, match="cannot use .* as the LLM cache"):
        ResponseCache(blocker / "sub")


def test_usage_arithmetic_and_json():
    a = LLMUsage(calls=2, http_requests=3, prompt_tokens=10, latency_s=0.5)
    b = LLMUsage(calls=1, http_requests=1, prompt_tokens=4, latency_s=0.25)
    assert (a + b).calls == 3 and (a - b).prompt_tokens == 6
    assert LLMUsage.from_json((a + b).to_json()) == a + b
    assert LLMUsage().is_zero() and not a.is_zero()
