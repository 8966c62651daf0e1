"""One client for every LLM slot of an agent: configuration, instructor + openai, accounting, cache.

:class:`LLMConfig` is the single configuration the CLI (``--llm-model``, ``--llm-base-url``, ...)
and Python share; the key comes from ``ACCORD_LLM_API_KEY`` or ``OPENAI_API_KEY``.
:class:`LLMClient` asks any OpenAI-compatible endpoint for a pydantic object: instructor validates
the answer and re-asks a bounded number of times; a failure is one :class:`LLMCallError` that
carries the number of attempts and the last raw output (transport errors are never pasted into a
prompt).

Every HTTP request passes through one transport that keeps the books (:class:`LLMUsage`: calls,
requests, tokens, latency, retries) and, when a cache directory is given, answers repeated requests
from disk: the key is the SHA-256 of the request path and its canonical JSON body (model, messages,
schema and every sampling parameter), so a cached self-play run replays exactly and makes no
request at all.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, Literal, TypeVar

import httpx2
from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T", bound=BaseModel)

Mode = Literal["tools", "json", "md_json", "llamacpp"]
MODES: tuple[str, ...] = ("tools", "json", "md_json", "llamacpp")
NO_KEY = "no-key"  # local servers ignore the key, but the openai client insists on one


class LLMNotConfiguredError(ValueError):
    """An LLM component was asked for without an endpoint; the message says what to set."""


class LLMCallError(RuntimeError):
    """No valid answer: the endpoint failed or every attempt was invalid.

    Attributes:
        attempts: requests made for this answer (including re-asks).
        last_output: the model's last raw output, when there was one.
    """

    def __init__(self, message: str, attempts: int = 0, last_output: str | None = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.last_output = last_output


class LLMConfig(BaseModel):
    """Where and how to ask a language model; shared by the CLI and Python.

    Attributes:
        model: the model name the endpoint serves.
        base_url: the OpenAI-compatible endpoint (``None`` = OpenAI's own API).
        api_key: the key (default: ``ACCORD_LLM_API_KEY``, then ``OPENAI_API_KEY``).
        mode: how structured output is requested: ``tools`` (tool calling, default), ``json``
            (JSON mode), ``md_json`` (a JSON block in plain text, for servers without either), or
            ``llamacpp`` (``response_format={"type": "json_object", "schema": ...}`` with every
            instruction in the user turn, for llama-cpp-python's server).
        temperature, max_tokens: sampling parameters of every request.
        timeout: seconds per request.
        max_reasks: re-asks after an invalid answer (so at most ``1 + max_reasks`` answers).
        transport_retries: retries of a request that failed in transport (timeouts, HTTP 5xx).
        cache_dir: directory of the response cache (``None`` = off, for live evaluation).
    """

    model_config = ConfigDict(frozen=True)

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = Field(default=None, repr=False)
    mode: Mode = "tools"
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(default=512, ge=1)
    timeout: float = Field(default=60.0, gt=0.0)
    max_reasks: int = Field(default=2, ge=0, le=10)
    transport_retries: int = Field(default=1, ge=0, le=10)
    cache_dir: str | None = None

    @classmethod
    def from_env(cls, **settings: Any) -> LLMConfig:
        """The configuration from ``settings`` (``None`` values ignored), filled from the environment
        (``ACCORD_LLM_MODEL``, ``ACCORD_LLM_BASE_URL``, ``ACCORD_LLM_MODE``, ``ACCORD_LLM_API_KEY``
        or ``OPENAI_API_KEY``)."""
        given = {k: v for k, v in settings.items() if v is not None}
        env = {
            "model": os.environ.get("ACCORD_LLM_MODEL"),
            "base_url": os.environ.get("ACCORD_LLM_BASE_URL"),
            "mode": os.environ.get("ACCORD_LLM_MODE"),
            "api_key": os.environ.get("ACCORD_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY"),
        }
        for key, value in env.items():
            if value and key not in given:
                given[key] = value
        if given.get("mode") not in (None, *MODES):
            raise ValueError(f"unknown LLM mode {given['mode']!r}; modes: {', '.join(MODES)}")
        return cls(**given)

    @property
    def configured(self) -> bool:
        """Whether a model can be asked: a model name, and an endpoint or an OpenAI key."""
        return bool(self.model) and (bool(self.base_url) or bool(self.api_key))

    def require(self, purpose: str = "an LLM component") -> None:
        """Raise :class:`LLMNotConfiguredError` (one line: what to set) unless :attr:`configured`."""
        if self.configured:
            return
        missing = []
        if not self.model:
            missing.append("--llm-model NAME (or ACCORD_LLM_MODEL)")
        if not self.base_url and not self.api_key:
            missing.append(
                "--llm-base-url URL for an OpenAI-compatible server, e.g. `accord llm serve` "
                "(or ACCORD_LLM_BASE_URL), or OPENAI_API_KEY for OpenAI's API"
            )
        raise LLMNotConfiguredError(f"{purpose} needs a language model: set {' and '.join(missing)}")

    def describe(self) -> str:
        """One line for reports: model, endpoint and mode (never the key)."""
        return f"{self.model} at {self.base_url or 'api.openai.com'} ({self.mode} mode)"


@dataclass
class LLMUsage:
    """Accounting of LLM use; the sum or difference of two usages is a usage.

    Attributes:
        calls: answers asked for (one per parse, render or policy decision).
        http_requests: requests that went to the endpoint.
        cached: requests answered from the on-disk cache.
        retries: requests beyond the first of an answer (re-asks and transport retries).
        failures: answers that never came (every attempt invalid, or the endpoint failed).
        fallbacks: times a module fell back to its rule-based counterpart.
        prompt_tokens, completion_tokens: as the endpoint reported them, over every request.
        latency_s: wall time spent in requests to the endpoint.
    """

    calls: int = 0
    http_requests: int = 0
    cached: int = 0
    retries: int = 0
    failures: int = 0
    fallbacks: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0

    def __add__(self, other: LLMUsage) -> LLMUsage:
        return LLMUsage(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def __sub__(self, other: LLMUsage) -> LLMUsage:
        return LLMUsage(**{f.name: getattr(self, f.name) - getattr(other, f.name) for f in fields(self)})

    def copy(self) -> LLMUsage:
        return LLMUsage(**asdict(self))

    def is_zero(self) -> bool:
        return all(not getattr(self, f.name) for f in fields(self))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["latency_s"] = round(self.latency_s, 4)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LLMUsage:
        return cls(**{f.name: data.get(f.name, 0) for f in fields(cls)})


class ResponseCache:
    """Successful responses on disk, one JSON file per request, written atomically."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ValueError(f"cannot use {directory} as the LLM cache: {err.strerror or err}") from err

    @staticmethod
    def key(path: str, body: bytes) -> str:
        """SHA-256 of the request path and its body with keys sorted (so dict order cannot matter)."""
        try:
            canonical = json.dumps(json.loads(body), sort_keys=True, separators=(",", ":")).encode()
        except (ValueError, UnicodeDecodeError):
            canonical = body
        return hashlib.sha256(path.encode() + b"\n" + canonical).hexdigest()

    def _file(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> bytes | None:
        try:
            return self._file(key).read_bytes()
        except OSError:
            return None

    def put(self, key: str, content: bytes) -> None:
        target = self._file(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
        os.replace(tmp, target)


class AccountingTransport(httpx2.BaseTransport):
    """Counts, times and (optionally) caches every request the openai client sends."""

    def __init__(self, usage: LLMUsage, cache: ResponseCache | None, inner: httpx2.BaseTransport | None = None) -> None:
        self.usage = usage
        self.cache = cache
        self.inner = inner or httpx2.HTTPTransport()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        body = request.read()
        key = ResponseCache.key(request.url.path, body) if self.cache is not None else None
        if key is not None and (hit := self.cache.get(key)) is not None:
            self.usage.cached += 1
            return httpx2.Response(200, content=hit, headers={"content-type": "application/json"}, request=request)
        started = time.perf_counter()
        self.usage.http_requests += 1
        try:
            response = self.inner.handle_request(request)
            response.read()
        finally:
            self.usage.latency_s += time.perf_counter() - started
        if response.status_code == 200:
            try:
                usage = json.loads(response.content).get("usage") or {}
            except (ValueError, AttributeError):
                usage = {}
            self.usage.prompt_tokens += int(usage.get("prompt_tokens") or 0)
            self.usage.completion_tokens += int(usage.get("completion_tokens") or 0)
            if key is not None:
                self.cache.put(key, response.content)
        return response

    def close(self) -> None:
        self.inner.close()


_INSTRUCTOR_MODES = {"tools": "TOOLS", "json": "JSON", "md_json": "MD_JSON", "llamacpp": "MD_JSON"}


class LLMClient:
    """Structured answers from one endpoint, with the books kept in :attr:`usage`.

    Raises:
        LLMNotConfiguredError: ``config`` names no model or no endpoint.
    """

    def __init__(self, config: LLMConfig, transport: httpx2.BaseTransport | None = None) -> None:
        import instructor
        import openai

        config.require()
        self.config = config
        self.usage = LLMUsage()
        cache = ResponseCache(config.cache_dir) if config.cache_dir else None
        self._transport = AccountingTransport(self.usage, cache, transport)
        http_client = openai.DefaultHttpxClient(transport=self._transport, timeout=config.timeout)
        self._openai = openai.OpenAI(
            base_url=config.base_url,
            api_key=config.api_key or NO_KEY,
            timeout=config.timeout,
            max_retries=config.transport_retries,
            http_client=http_client,
        )
        self._instructor = instructor.from_openai(
            self._openai, mode=getattr(instructor.Mode, _INSTRUCTOR_MODES[config.mode])
        )
        # instructor and openai log every failed attempt; the ledger and LLMCallError report them
        logging.getLogger("instructor").setLevel(logging.CRITICAL)
        logging.getLogger("openai").setLevel(logging.CRITICAL)

    def messages(self, instructions: str, content: str) -> list[dict[str, str]]:
        """The chat for one request: instructions as the system turn, or (llama.cpp mode, whose
        ``gemma`` chat format drops system turns) at the head of the user turn."""
        if self.config.mode == "llamacpp":
            return [{"role": "user", "content": f"{instructions}\n\n{content}"}]
        return [{"role": "system", "content": instructions}, {"role": "user", "content": content}]

    def ask(
        self,
        response_model: type[T],
        instructions: str,
        content: str,
        validation_context: dict[str, Any] | None = None,
    ) -> T:
        """One validated ``response_model`` for the prompt (instructions + content).

        ``validation_context`` reaches the model's validators (``info.context``), which check the
        answer against the game (rooms exist, paths legal); an invalid answer is re-asked with the
        validation error, at most ``config.max_reasks`` times.

        Raises:
            LLMCallError: the endpoint failed or no attempt was valid.
        """
        from instructor.core import InstructorRetryException

        kwargs: dict[str, Any] = {
            "model": self.config.model,
            "messages": self.messages(instructions, content),
            "temperature": self.config.temperature,
            "max_tokens": self.config.max_tokens,
        }
        if self.config.mode == "llamacpp":
            kwargs["response_format"] = {"type": "json_object", "schema": grammar_schema(response_model)}
        before = self.usage.http_requests + self.usage.cached
        self.usage.calls += 1
        try:
            return self._instructor.chat.completions.create(
                response_model=response_model,
                max_retries=self.config.max_reasks,
                context=validation_context,
                strict=False,
                **kwargs,
            )
        except InstructorRetryException as err:
            self.usage.failures += 1
            if err.failed_attempts:  # every answer came back invalid
                reason = f"no valid answer after {err.n_attempts} attempt(s): {_first_line(err.failed_attempts[-1].exception)}"
            else:  # the endpoint failed (HTTP error, timeout, connection)
                cause = err.__cause__ or err
                reason = f"the endpoint failed: {type(cause).__name__}: {_first_line(cause)}"
            raise LLMCallError(
                f"{response_model.__name__}: {reason}",
                attempts=err.n_attempts,
                last_output=_raw_output(err.last_completion),
            ) from err
        except Exception as err:  # anything else the client raises
            self.usage.failures += 1
            raise LLMCallError(f"{response_model.__name__}: {type(err).__name__}: {_first_line(err)}") from err
        finally:
            self.usage.retries += max(0, self.usage.http_requests + self.usage.cached - before - 1)

    def close(self) -> None:
        self._openai.close()


def grammar_schema(response_model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent to llama.cpp, which compiles it to a grammar: without string length
    bounds, whose expansion a long ``maxLength`` makes too large for llama.cpp (pydantic still
    checks the bounds when the answer comes back)."""

    def strip(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: strip(v) for k, v in node.items() if k not in ("maxLength", "minLength")}
        if isinstance(node, list):
            return [strip(v) for v in node]
        return node

    return strip(response_model.model_json_schema())


def _first_line(err: BaseException) -> str:
    """One line about ``err``; for a validation error, what was invalid and why."""
    from pydantic import ValidationError

    if isinstance(err, ValidationError):
        problems = [f"{'.'.join(map(str, e['loc'])) or 'answer'}: {e['msg']}" for e in err.errors()[:3]]
        return "; ".join(problems)[:300]
    text = str(err).strip()
    return text.splitlines()[0][:300] if text else type(err).__name__


def _raw_output(completion: Any) -> str | None:
    """The text or tool-call arguments of a chat completion, if any."""
    try:
        message = completion.choices[0].message
    except (AttributeError, IndexError, TypeError):
        return None
    if getattr(message, "tool_calls", None):
        return message.tool_calls[0].function.arguments
    return getattr(message, "content", None)
