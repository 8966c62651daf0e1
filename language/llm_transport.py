"""The HTTP side of :class:`~language.llm_client.LLMClient`: the transport every request of a client
passes through (books, cache, retries within the answer's deadline, bounded bodies) and the network
backend that holds every socket operation to that deadline. A module of its own so that importing
the client (every agent does) does not import httpx2; the client imports it when it is made.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import Any

import httpcore2
import httpx2

from language.llm_client import (
    _ANSWER,
    MAX_BACKOFF_S,
    MAX_RESPONSE_BYTES,
    RETRY_STATUSES,
    LLMUsage,
    ResponseCache,
    _Answer,
    _budget,
    _token_count,
    is_chat_completion,
)


class _DeadlineStream(httpcore2.NetworkStream):
    """A network stream whose every operation ends by the current answer's deadline."""

    def __init__(self, inner: httpcore2.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _budget(timeout, httpcore2.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _budget(timeout, httpcore2.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None) -> Any:
        inner = self._inner.start_tls(ssl_context, server_hostname, _budget(timeout, httpcore2.ConnectTimeout))
        return _DeadlineStream(inner)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _DeadlineBackend(httpcore2.NetworkBackend):
    """httpcore2's socket backend, with every stream held to the current answer's deadline."""

    def __init__(self) -> None:
        self._inner = httpcore2.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.NetworkStream:
        stream = self._inner.connect_tcp(
            host, port, _budget(timeout, httpcore2.ConnectTimeout), local_address, socket_options
        )
        return _DeadlineStream(stream)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore2.NetworkStream:
        stream = self._inner.connect_unix_socket(path, _budget(timeout, httpcore2.ConnectTimeout), socket_options)
        return _DeadlineStream(stream)

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


class DeadlineTransport(httpx2.HTTPTransport):
    """httpx2's HTTP transport on a network backend that ends every connect, read and write by the
    deadline of the current answer: httpx's own timeouts bound each socket operation, so a server
    that sends a byte now and then would otherwise hold a request for ever."""

    def __init__(self) -> None:
        super().__init__()
        # httpx2.HTTPTransport takes no network backend: its connection pool is replaced by one on
        # the deadline backend, with the same defaults
        self._pool = httpcore2.ConnectionPool(
            ssl_context=httpx2.create_ssl_context(),
            max_connections=100,  # httpx2's default limits
            max_keepalive_connections=20,
            keepalive_expiry=5.0,
            network_backend=_DeadlineBackend(),
        )


class ResponseTooLargeError(httpx2.RequestError):
    """The endpoint's response body exceeded :data:`MAX_RESPONSE_BYTES`."""


class AccountingTransport(httpx2.BaseTransport):
    """Counts, times, retries and (optionally) caches every request the openai client sends.

    Retries of transport failures and retryable statuses happen here, not in the openai client,
    so that they and their back-off stay within the answer's deadline.
    """

    def __init__(
        self,
        usage: LLMUsage,
        cache: ResponseCache | None,
        inner: httpx2.BaseTransport | None = None,
        timeout: float = 60.0,
        retries: int = 0,
    ) -> None:
        self.usage = usage
        self.cache = cache
        self.inner = inner or DeadlineTransport()
        self.timeout = timeout
        self.retries = retries

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        answer = _ANSWER.get()
        if answer is None:  # a request outside LLMClient.ask: its own deadline
            answer = _Answer(deadline=time.monotonic() + self.timeout)
            token = _ANSWER.set(answer)
            try:
                return self._handle(request, answer)
            finally:
                _ANSWER.reset(token)
        return self._handle(request, answer)

    def _handle(self, request: httpx2.Request, answer: _Answer) -> httpx2.Response:
        body = request.read()
        cache = self.cache
        key = ResponseCache.key(request.url.path, body) if cache is not None else None
        if cache is not None and key is not None and (hit := cache.get(key)) is not None:
            self.usage.cached += 1
            answer.hits.append(key)
            answer.last = (key, None)
            return httpx2.Response(200, content=hit, headers={"content-type": "application/json"}, request=request)
        answer.last = None
        response = self._send(request, answer)
        if response.status_code == 200:
            try:
                usage = json.loads(response.content).get("usage") or {}
            except (ValueError, AttributeError, UnicodeDecodeError, RecursionError):
                usage = {}
            if isinstance(usage, dict):
                self.usage.prompt_tokens += _token_count(usage.get("prompt_tokens"))
                self.usage.completion_tokens += _token_count(usage.get("completion_tokens"))
            if key is not None and is_chat_completion(response.content):
                answer.last = (key, response.content)  # cached once the answer validates
        return response

    def _send(self, request: httpx2.Request, answer: _Answer) -> httpx2.Response:
        """The response after up to ``retries`` retries, none of which (nor its back-off) would
        pass the answer's deadline."""
        for attempt in range(self.retries + 1):
            if answer.remaining() <= 0:
                raise httpx2.TimeoutException("the answer's timeout passed", request=request)
            last = attempt == self.retries
            try:
                response = self._request_once(request)
            except httpx2.TransportError:
                if last or (delay := _backoff(attempt, None)) >= answer.remaining():
                    raise
            else:
                retryable = response.status_code in RETRY_STATUSES or response.status_code >= 500
                if not retryable or last or (delay := _backoff(attempt, response)) >= answer.remaining():
                    return response
            time.sleep(delay)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _request_once(self, request: httpx2.Request) -> httpx2.Response:
        """One request, its body read whole (at most :data:`MAX_RESPONSE_BYTES`)."""
        started = time.perf_counter()
        self.usage.http_requests += 1
        try:
            response = self.inner.handle_request(request)
            try:
                content = _read_bounded(response, request)
            finally:
                response.close()
        finally:
            self.usage.latency_s += time.perf_counter() - started
        dropped = ("content-encoding", "content-length", "transfer-encoding")
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in dropped]
        return httpx2.Response(response.status_code, headers=headers, content=content, request=request)

    def settle(self, answer: _Answer, valid: bool) -> None:
        """Tell the cache how the answer ended: when ``valid``, its last response carried the valid
        answer and is written (if it came fresh); every other cached answer of it was invalid and
        is removed."""
        if self.cache is None:
            return
        last_key, last_content = answer.last if valid and answer.last is not None else (None, None)
        if last_key is not None and last_content is not None:
            self.cache.put(last_key, last_content)
        for key in answer.hits:
            if key != last_key:
                self.cache.evict(key)

    def close(self) -> None:
        self.inner.close()


def _read_bounded(response: httpx2.Response, request: httpx2.Request) -> bytes:
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > MAX_RESPONSE_BYTES:
            raise ResponseTooLargeError(f"the response is over {MAX_RESPONSE_BYTES} bytes", request=request)
        chunks.append(chunk)
        _budget(None, httpx2.ReadTimeout)  # an inner transport other than ours: checked per chunk
    return b"".join(chunks)


def _backoff(attempt: int, response: httpx2.Response | None) -> float:
    """Seconds to wait before retry ``attempt + 1``: the server's ``Retry-After`` (seconds) when it
    gives one, else 0.5 s doubling per attempt, at most :data:`MAX_BACKOFF_S`."""
    if response is not None:
        for header, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
            try:
                seconds = float(response.headers.get(header, "")) * scale
            except ValueError:
                continue
            if 0 <= seconds < float("inf"):
                return seconds
    return min(0.5 * 2**attempt, MAX_BACKOFF_S)
