"""One client for every LLM slot of an agent: configuration, instructor + openai, accounting, cache.

:class:`LLMConfig` is the single configuration the CLI (``--llm-model``, ``--llm-base-url``, ...)
and Python share; the key comes from ``ACCORD_LLM_API_KEY`` or ``OPENAI_API_KEY``.
:class:`LLMClient` asks any OpenAI-compatible endpoint for a pydantic object: instructor validates
the answer and re-asks a bounded number of times; a failure is one :class:`LLMCallError` that
carries the number of attempts and the last raw output (transport errors are never pasted into a
prompt).

Every HTTP request passes through one transport (:mod:`language.llm_transport`, imported when a
client is made) that keeps the books (:class:`LLMUsage`: calls,
requests, tokens, latency, retries) and, when a cache directory is given, answers repeated requests
from disk: the key is the SHA-256 of the request path and its canonical JSON body (model, messages,
schema and every sampling parameter), so a cached self-play run replays exactly and makes no
request at all, as long as every answer validated at the first attempt (only validated answers are
cached: an answer that needed a re-ask sends its first request again).

Hostile endpoints (issue 12) are bounded:

* **One deadline per answer.** ``timeout`` is the wall-clock budget of one :meth:`LLMClient.ask`:
  every request, transport retry, back-off and re-ask of that answer share it. The default
  transport holds every socket operation (connect, each read and write) to what is left of it, so
  an endpoint that drip-feeds its headers or body, or never answers, is cut off at the deadline; a
  retry or re-ask whose back-off (``Retry-After`` included) would pass it is not made.
* **Bounded answers.** A response body over :data:`MAX_RESPONSE_BYTES` is refused.
* **Only validated answers are cached.** A response is written to the cache only after instructor
  parsed and validated the answer it carries; a cache entry that is unreadable or not a chat
  completion is a miss (and is rewritten by the next valid answer), and a cached answer that fails
  validation is removed. Entries are written to a temporary file in their directory and renamed
  into place, so a crash never leaves a torn entry; a failed write loses the entry, not the answer.
"""

from __future__ import annotations

import contextvars
import hashlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from language.text import error_line

if TYPE_CHECKING:
    import httpx2

T = TypeVar("T", bound=BaseModel)

Mode = Literal["tools", "json", "md_json", "llamacpp"]
MODES: tuple[str, ...] = ("tools", "json", "md_json", "llamacpp")
NO_KEY = "no-key"  # local servers ignore the key, but the openai client insists on one
MAX_RESPONSE_BYTES = 8 * 1024 * 1024  # a chat completion is kilobytes; a longer answer is refused
RETRY_STATUSES = frozenset({408, 409, 429})  # and every 5xx: the statuses the openai client retries
MAX_BACKOFF_S = 8.0

log = logging.getLogger(__name__)


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
        timeout: seconds per answer, wall clock: every request, transport retry, back-off and
            re-ask of one answer share it (an endpoint that drip-feeds cannot stretch it).
        max_reasks: re-asks after an invalid answer (so at most ``1 + max_reasks`` answers).
        transport_retries: retries of a request that failed in transport (timeouts, connection
            errors, HTTP 408, 409, 429 and 5xx), within the answer's timeout.
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


def is_chat_completion(content: bytes) -> bool:
    """Whether ``content`` reads as a chat completion: a JSON object whose first choice holds a
    message object (what a cache entry must be to be served)."""
    try:
        data = json.loads(content)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False
    choices = data.get("choices") if isinstance(data, dict) else None
    return (
        isinstance(choices, list)
        and bool(choices)
        and isinstance(choices[0], dict)
        and isinstance(choices[0].get("message"), dict)
    )


class ResponseCache:
    """Validated responses on disk, one JSON file per request, written atomically.

    :meth:`get` serves only an entry that reads as a chat completion (anything else is a miss);
    :meth:`put` writes a temporary file in the entry's directory and renames it into place.
    """

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
        except (ValueError, UnicodeDecodeError, RecursionError):
            canonical = body
        return hashlib.sha256(path.encode() + b"\n" + canonical).hexdigest()

    def _file(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str) -> bytes | None:
        """The cached response for ``key``, or None when there is none or it is unusable (unreadable,
        too large, truncated, not a chat completion)."""
        file = self._file(key)
        try:
            if file.stat().st_size > MAX_RESPONSE_BYTES:
                return None
            content = file.read_bytes()
        except OSError:
            return None
        return content if is_chat_completion(content) else None

    def put(self, key: str, content: bytes) -> None:
        """Store ``content`` for ``key`` atomically; a failed write (disk full, read-only) is logged
        and leaves no entry and no temporary file behind."""
        target = self._file(key)
        tmp: str | None = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, tmp = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(tmp, target)
        except OSError as err:
            log.warning("LLM cache: could not write %s: %s", target, err.strerror or err)
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)

    def evict(self, key: str) -> None:
        """Remove the entry for ``key`` (an answer that failed validation); a failure is logged."""
        try:
            self._file(key).unlink(missing_ok=True)
        except OSError as err:
            log.warning("LLM cache: could not remove the entry %s: %s", key, err.strerror or err)


@dataclass
class _Answer:
    """The requests of one answer (one :meth:`LLMClient.ask` or :meth:`LLMClient.ask_text`): its deadline and what the cache
    must learn once the answer is known to be valid or not."""

    deadline: float
    hits: list[str] = field(default_factory=list)  # cache keys served, in order
    last: tuple[str, bytes | None] | None = None  # the last response: its key and, if fresh, content
    valid: bool = False  # the answer was taken: its cache entries are kept

    def remaining(self) -> float:
        return self.deadline - time.monotonic()

    def budget(self, timeout: float | None, error: type[Exception]) -> float:
        """``timeout`` cut to what is left of the deadline; raises ``error`` once it has passed."""
        remaining = self.remaining()
        if remaining <= 0:
            raise error("the answer's timeout passed")
        return remaining if timeout is None else min(timeout, remaining)


_ANSWER: contextvars.ContextVar[_Answer | None] = contextvars.ContextVar("accord_llm_answer", default=None)


def _budget(timeout: float | None, error: type[Exception]) -> float | None:
    answer = _ANSWER.get()
    return timeout if answer is None else answer.budget(timeout, error)


def _token_count(value: Any) -> int:
    """A token count as the endpoint reported it; anything but a plausible count is 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12 else 0


_INSTRUCTOR_MODES = {"tools": "TOOLS", "json": "JSON", "md_json": "MD_JSON", "llamacpp": "MD_JSON"}


class LLMClient:
    """Structured answers from one endpoint, with the books kept in :attr:`usage`.

    Raises:
        LLMNotConfiguredError: ``config`` names no model or no endpoint.
    """

    def __init__(self, config: LLMConfig, transport: httpx2.BaseTransport | None = None) -> None:
        import instructor
        import openai

        from language.llm_transport import AccountingTransport  # httpx2 and its transports: only to ask

        config.require()
        self.config = config
        self.usage = LLMUsage()
        cache = ResponseCache(config.cache_dir) if config.cache_dir else None
        self._transport = AccountingTransport(
            self.usage, cache, transport, timeout=config.timeout, retries=config.transport_retries
        )
        http_client = openai.DefaultHttpxClient(transport=self._transport, timeout=config.timeout)
        self._openai = openai.OpenAI(
            base_url=config.base_url,
            api_key=config.api_key or NO_KEY,
            timeout=config.timeout,
            max_retries=0,  # the transport retries, within the answer's deadline
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
        with self._answer() as answer:
            try:
                result = self._instructor.chat.completions.create(
                    response_model=response_model,
                    max_retries=self.config.max_reasks,
                    context=validation_context,
                    strict=False,
                    **kwargs,
                )
                answer.valid = True
                return result
            except InstructorRetryException as err:
                self.usage.failures += 1
                cause = err.__cause__ or err
                if answer.remaining() <= 0:  # the deadline cut the answer short
                    reason = f"Timeout: no valid answer within {self.config.timeout:g} s ({err.n_attempts} attempt(s))"
                elif err.failed_attempts:  # every answer came back invalid
                    reason = f"no valid answer after {err.n_attempts} attempt(s): {_first_line(err.failed_attempts[-1].exception)}"
                else:  # the endpoint failed (HTTP error, timeout, connection)
                    reason = f"the endpoint failed: {type(cause).__name__}: {_first_line(cause)}"
                raise LLMCallError(
                    f"{response_model.__name__}: {reason}",
                    attempts=err.n_attempts,
                    last_output=_raw_output(err.last_completion),
                ) from err
            except Exception as err:  # anything else the client raises
                self.usage.failures += 1
                raise LLMCallError(f"{response_model.__name__}: {type(err).__name__}: {_first_line(err)}") from err

    def ask_text(self, messages: list[dict[str, str]], seed: int | None = None) -> str:
        """One free-text chat completion (no schema, no re-asking), on the same transport and books
        as :meth:`ask`: a call, its requests and retries, tokens, the per-answer deadline, the cache.

        Args:
            messages: the chat turns.
            seed: sent as the request's ``seed`` (servers that honour it sample anew per seed, and
                each seed is its own cache entry).

        Raises:
            LLMCallError: the endpoint failed or sent no message (counted as a failure).
        """
        kwargs: dict[str, Any] = {
            "model": self.config.model,
            "messages": messages,
            "temperature": self.config.temperature,
            "max_tokens": self.config.max_tokens,
        }
        if seed is not None:
            kwargs["seed"] = seed
        with self._answer() as answer:
            try:
                completion = self._openai.chat.completions.create(**kwargs)
                choices = getattr(completion, "choices", None)
                if not choices or getattr(choices[0], "message", None) is None:
                    raise LLMCallError("the completion has no message")
                answer.valid = True
                return str(choices[0].message.content or "")
            except Exception as err:  # every failure of the endpoint or the client is one counted line
                self.usage.failures += 1
                reason = "Timeout" if answer.remaining() <= 0 else type(err).__name__
                raise LLMCallError(f"{reason}: {_first_line(err)}"[:300]) from err

    @contextmanager
    def _answer(self) -> Iterator[_Answer]:
        """The books of one answer: a call, its deadline for every request, and afterwards its
        cache entries kept (a valid answer) or dropped, and its extra requests counted as retries."""
        before = self.usage.http_requests + self.usage.cached
        self.usage.calls += 1
        answer = _Answer(deadline=time.monotonic() + self.config.timeout)
        token = _ANSWER.set(answer)
        try:
            yield answer
        finally:
            _ANSWER.reset(token)
            self._transport.settle(answer, answer.valid)
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
    return error_line(err)[:300]


def _raw_output(completion: Any) -> str | None:
    """The text or tool-call arguments of a chat completion, if any."""
    try:
        message = completion.choices[0].message
    except (AttributeError, IndexError, TypeError):
        return None
    if getattr(message, "tool_calls", None):
        return message.tool_calls[0].function.arguments
    return getattr(message, "content", None)
