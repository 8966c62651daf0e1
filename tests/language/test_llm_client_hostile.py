"""The LLM client against hostile endpoints (issue 12): a deadline for the whole answer, whatever
the endpoint does, and a cache that holds only answers that parsed and validated."""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from pydantic import BaseModel, Field

from language.llm import LLMParser
from language.llm_client import LLMCallError, LLMClient, LLMConfig, LLMUsage
from language.llm_transport import AccountingTransport
from language.scripted_server import Reply, ScriptedLLMServer
from language.traveling_adventurers import TravelingAdventurersParser
from language.traveling_adventurers.context import DialogueContext
from language.traveling_adventurers_llm import TRAVELING_ADVENTURERS

CONTEXT = DialogueContext(rooms={"L": "living room", "K": "kitchen", "A": "attic"}, visited=["L"], at="L")
TIMEOUT = 1.0  # the whole answer's budget in these tests
SLACK = 1.0  # what the client may take beyond it (thread start, connection set-up, one short read)


class Answer(BaseModel):
    value: int = Field(ge=0, le=9)


# ---- a hostile endpoint: a raw socket server whose behaviour is a function of the connection -------


Behaviour = Callable[[socket.socket, threading.Event], None]


class HostileServer:
    """A TCP server on 127.0.0.1 (a free port) that runs ``behaviour`` on every connection in its own
    thread until :meth:`stop`; every thread is joined and every socket closed on stop."""

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour = behaviour
        self.stopping = threading.Event()
        self.connections = 0
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.05)
        self._threads: list[threading.Thread] = []
        self._accepter = threading.Thread(target=self._accept, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._listener.getsockname()[1]}/v1"

    def _accept(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _serve(self, conn: socket.socket) -> None:
        with conn:
            conn.settimeout(0.2)
            try:
                read_request(conn)
                self.behaviour(conn, self.stopping)
            except OSError:  # the client gave up and closed: expected
                pass

    def __enter__(self) -> HostileServer:
        self._accepter.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self._accepter.join(timeout=2)
        self._listener.close()
        for thread in self._threads:
            thread.join(timeout=2)
        assert not self._accepter.is_alive() and not any(t.is_alive() for t in self._threads)


def read_request(conn: socket.socket) -> bytes:
    """The request's head and its body (as much of it as arrives within a second)."""
    data = b""
    deadline = time.monotonic() + 1.0

    def complete() -> bool:
        head, found, body = data.partition(b"\r\n\r\n")
        lengths = [
            int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
        ]
        return bool(found) and len(body) >= (lengths[0] if lengths else 0)

    while not complete() and time.monotonic() < deadline:
        try:
            chunk = conn.recv(65536)
        except TimeoutError:
            continue
        if not chunk:
            break
        data += chunk
    return data


def drip(conn: socket.socket, stopping: threading.Event, head: bytes, byte: bytes, every_s: float) -> None:
    conn.sendall(head)
    while not stopping.wait(every_s):
        conn.sendall(byte)


def drip_body(conn: socket.socket, stopping: threading.Event) -> None:
    """Headers at once, then one byte of a (never complete) JSON body every 0.3 s."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"
    drip(conn, stopping, head, b" ", 0.3)


def drip_headers(conn: socket.socket, stopping: threading.Event) -> None:
    """The status line, then one byte of an endless header every 0.3 s."""
    drip(conn, stopping, b"HTTP/1.1 200 OK\r\nX-Slow: ", b"a", 0.3)


def drip_chunked(conn: socket.socket, stopping: threading.Event) -> None:
    """An endless chunked body: a one-byte chunk every 0.2 s."""
    drip(
        conn,
        stopping,
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"1\r\n \r\n",
        0.2,
    )


def silent(conn: socket.socket, stopping: threading.Event) -> None:
    """Accepts the request and never answers."""
    stopping.wait(30)


def flood(conn: socket.socket, stopping: threading.Event, head: bytes, block: bytes) -> None:
    conn.sendall(head)
    while not stopping.is_set():
        try:
            conn.sendall(block)
        except TimeoutError:
            continue


def flood_chunked(conn: socket.socket, stopping: threading.Event) -> None:
    """An endless chunked body sent as fast as the client reads it."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    flood(conn, stopping, head, b"10000\r\n" + b" " * 0x10000 + b"\r\n")


def huge_body(conn: socket.socket, stopping: threading.Event) -> None:
    """A terabyte announced, sent as fast as the client reads it."""
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000000000\r\n\r\n"
    flood(conn, stopping, head, b" " * 0x10000)


def respond(conn: socket.socket, status: str, body: bytes, *headers: str) -> None:
    head = "".join(f"{h}\r\n" for h in ("Content-Type: application/json", *headers))
    conn.sendall(f"HTTP/1.1 {status}\r\n{head}Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)


def rate_limited(conn: socket.socket, stopping: threading.Event) -> None:
    """429 with a Retry-After of 100 s, which the openai client would honour (up to 120 s)."""
    respond(conn, "429 Too Many Requests", b'{"error": {"message": "slow down"}}', "Retry-After: 100")


def not_json(conn: socket.socket, stopping: threading.Event) -> None:
    """A 200 whose body is not JSON at all."""
    respond(conn, "200 OK", b"<html>surprise</html>")


@contextmanager
def bounded_call(call: Callable[[], Any], limit_s: float) -> Iterator[dict[str, Any]]:
    """Run ``call`` in a thread; yields its outcome (``finished``, ``elapsed``, ``value`` or ``error``)
    after at most ``limit_s``; the caller stops the server, then the thread is joined (bounded)."""
    outcome: dict[str, Any] = {"finished": False}

    def run() -> None:
        started = time.monotonic()
        try:
            outcome["value"] = call()
        except Exception as err:  # noqa: BLE001 - the outcome is inspected by the test
            outcome["error"] = err
        outcome["elapsed"] = time.monotonic() - started
        outcome["finished"] = True

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(limit_s)
    yield outcome
    thread.join(10)


# ---- item 8: a deadline for the whole answer ------------------------------------------------------


@pytest.mark.parametrize(
    "behaviour",
    [drip_body, drip_headers, drip_chunked, silent, flood_chunked, huge_body, rate_limited],
)
def test_a_hostile_endpoint_cannot_hold_a_parse_past_its_timeout(behaviour):
    """Issue 12 #8: whatever the endpoint does (drip-feeds the body or the headers, never answers,
    streams an endless or huge body, asks for a 100 s back-off), a parse with timeout T ends within
    about T, transport retries and re-asks included, as one counted failure and the rule fallback."""
    with HostileServer(behaviour) as server:
        config = LLMConfig(model="m", base_url=server.url, timeout=TIMEOUT, transport_retries=2, max_reasks=2)
        llm = LLMParser(LLMClient(config), TRAVELING_ADVENTURERS, TravelingAdventurersParser())
        with bounded_call(lambda: llm.parse("sure, the kitchen", CONTEXT), TIMEOUT + SLACK) as outcome:
            finished = outcome["finished"]
    assert finished, f"{behaviour.__name__}: the parse was still running after {TIMEOUT + SLACK} s"
    assert outcome["elapsed"] < TIMEOUT + SLACK
    assert outcome["value"] == TravelingAdventurersParser().parse("sure, the kitchen", CONTEXT)
    usage = llm.client.usage
    assert (usage.calls, usage.failures, usage.fallbacks) == (1, 1, 1)
    assert usage.http_requests >= 1


def test_the_deadline_is_one_typed_error_that_says_so():
    """Issue 12 #8: a drip-fed answer is an LLMCallError naming the timeout, not a hang."""
    with HostileServer(drip_body) as server:
        llm = LLMClient(LLMConfig(model="m", base_url=server.url, timeout=0.5, transport_retries=1))
        with bounded_call(lambda: llm.ask(Answer, "say a digit", "go"), 0.5 + SLACK) as outcome:
            finished = outcome["finished"]
    assert finished and isinstance(outcome.get("error"), LLMCallError)
    assert "Timeout" in str(outcome["error"]) and "\n" not in str(outcome["error"])


@pytest.mark.parametrize("behaviour", [drip_body, drip_chunked])
def test_a_streamed_request_through_the_transport_has_the_same_deadline(behaviour):
    """Issue 12 #8: the deadline lives in the transport every request of the client goes through,
    so a request read as a stream (as openai does for stream=True) ends by it too."""
    with HostileServer(behaviour) as server:
        transport = AccountingTransport(LLMUsage(), None, timeout=TIMEOUT)

        def stream() -> bytes:
            with httpx2.Client(transport=transport) as client:
                with client.stream("POST", f"{server.url}/chat/completions", json={"stream": True}) as response:
                    return b"".join(response.iter_raw())

        with bounded_call(stream, TIMEOUT + SLACK) as outcome:
            finished = outcome["finished"]
    assert finished and isinstance(outcome.get("error"), httpx2.TimeoutException)
    assert outcome["elapsed"] < TIMEOUT + SLACK


def test_the_deadline_covers_re_asks():
    """Issue 12 #8: re-asks share the answer's budget: slow invalid answers stop at the deadline."""
    with ScriptedLLMServer() as server:
        server.push(*[Reply.json({"value": 99}, delay_s=0.4)] * 10)
        llm = LLMClient(LLMConfig(model="m", base_url=server.url, timeout=1.0, max_reasks=9))
        started = time.monotonic()
        with pytest.raises(LLMCallError):
            llm.ask(Answer, "say a digit", "go")
        elapsed = time.monotonic() - started
    assert elapsed < 1.0 + SLACK
    assert llm.usage.http_requests <= 3 and llm.usage.failures == 1


def test_a_slow_but_honest_endpoint_still_answers():
    """Issue 12 #8: the deadline does not cut an answer that arrives in time."""
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 4}, delay_s=0.3))
        llm = LLMClient(LLMConfig(model="m", base_url=server.url, timeout=2.0))
        assert llm.ask(Answer, "say a digit", "go").value == 4
        server.push(Reply.error(503), Reply.json({"value": 5}))
        assert llm.ask(Answer, "say a digit", "go").value == 5  # a transport retry within the budget
    assert llm.usage.http_requests == 3 and llm.usage.failures == 0


# ---- item 9: the cache holds only answers that parsed and validated -------------------------------


def cache_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.is_file())


def cached_client(server_url: str, cache: Path, **settings: Any) -> LLMClient:
    return LLMClient(LLMConfig(model="m", base_url=server_url, cache_dir=str(cache), **settings))


def test_a_non_json_200_is_not_cached(tmp_path):
    """Issue 12 #9: a 200 whose body is not JSON fails the call and leaves nothing in the cache, so a
    later call asks again (and gets a good answer) instead of replaying the garbage."""
    with HostileServer(not_json) as server:
        with pytest.raises(LLMCallError):
            cached_client(server.url, tmp_path, transport_retries=0, max_reasks=0).ask(Answer, "i", "c")
    assert cache_files(tmp_path) == []
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 3}))
        llm = cached_client(server.url, tmp_path)
        assert llm.ask(Answer, "i", "c").value == 3
        assert (llm.usage.http_requests, llm.usage.cached) == (1, 0)


@pytest.mark.parametrize("raw", ["not json at all", '{"value": 99}'])
def test_an_answer_that_fails_validation_is_not_cached_and_a_later_valid_one_is(tmp_path, raw):
    """Issue 12 #9: an answer that fails to parse or to validate is never cached; the next valid
    answer to the same request is, and replays without a request."""
    with ScriptedLLMServer() as server:
        server.push(Reply.text(raw), Reply.json({"value": 2}))
        with pytest.raises(LLMCallError):
            cached_client(server.url, tmp_path, mode="json", max_reasks=0).ask(Answer, "i", "c")
        assert cache_files(tmp_path) == []
        assert cached_client(server.url, tmp_path, mode="json", max_reasks=0).ask(Answer, "i", "c").value == 2
        replay = cached_client(server.url, tmp_path, mode="json", max_reasks=0)
        assert replay.ask(Answer, "i", "c").value == 2
        assert (replay.usage.http_requests, replay.usage.cached, len(server.requests)) == (0, 1, 2)


def test_a_re_asked_answer_caches_only_the_valid_answer(tmp_path):
    """Issue 12 #9: in a re-ask chain only the answer that validated is cached, so a run with fewer
    re-asks can never replay the invalid first answer forever."""
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 99}), Reply.json({"value": 1}), Reply.json({"value": 8}))
        assert cached_client(server.url, tmp_path, max_reasks=1).ask(Answer, "i", "c").value == 1
        assert len(cache_files(tmp_path)) == 1
        strict = cached_client(server.url, tmp_path, max_reasks=0)
        assert strict.ask(Answer, "i", "c").value == 8  # asked again, not the cached 99
        assert (strict.usage.http_requests, strict.usage.cached) == (1, 0)


def corrupt(content: bytes) -> list[bytes]:
    return [
        content[: len(content) // 2],  # truncated
        b"\x00\xff\xfe garbage \x80",  # not text
        b"",  # empty
        b"[]",  # JSON, wrong shape
        b'{"choices": []}',
        b'{"choices": [{"message": "hello"}]}',
    ]


@pytest.mark.parametrize("case", range(6))
def test_an_unusable_cache_entry_is_a_miss_and_is_rewritten(tmp_path, case):
    """Issue 12 #9: a truncated, garbage, wrong-shape or invalid cache entry is not served as the
    answer: the request is sent again and the entry rewritten with the valid answer."""
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 5}), Reply.json({"value": 6}))
        assert cached_client(server.url, tmp_path).ask(Answer, "i", "c").value == 5
        [entry] = cache_files(tmp_path)
        entry.write_bytes(corrupt(entry.read_bytes())[case])
        llm = cached_client(server.url, tmp_path)
        assert llm.ask(Answer, "i", "c").value == 6
        assert llm.usage.http_requests >= 1 and llm.usage.failures == 0
        replay = cached_client(server.url, tmp_path)
        assert replay.ask(Answer, "i", "c").value == 6
        assert replay.usage.http_requests == 0
    [entry] = cache_files(tmp_path)
    assert (
        json.loads(entry.read_bytes())["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]
        == '{"value": 6}'
    )


def test_a_cached_answer_that_fails_validation_is_removed(tmp_path):
    """Issue 12 #9: an entry whose answer no longer validates (written before this fix, or by hand)
    fails that call once and is removed, so the next call asks the endpoint and caches its answer."""
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 5}), Reply.json({"value": 6}))
        assert cached_client(server.url, tmp_path).ask(Answer, "i", "c").value == 5
        [entry] = cache_files(tmp_path)
        answer = json.loads(entry.read_bytes())
        answer["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] = '{"value": 99}'
        entry.write_text(json.dumps(answer))
        with pytest.raises(LLMCallError, match="less than or equal to 9"):
            cached_client(server.url, tmp_path, max_reasks=0).ask(Answer, "i", "c")
        assert cache_files(tmp_path) == []
        llm = cached_client(server.url, tmp_path, max_reasks=0)
        assert llm.ask(Answer, "i", "c").value == 6 and llm.usage.http_requests == 1
        assert cached_client(server.url, tmp_path).ask(Answer, "i", "c").value == 6
    assert len(server.requests) == 2


def test_a_failed_cache_write_leaves_no_torn_entry_and_keeps_the_answer(tmp_path, monkeypatch):
    """Issue 12 #9: cache writes go to a temporary file in the entry's directory and are renamed
    into place; a crash before the rename leaves neither a partial entry nor a temporary file, and
    the answer itself is still returned."""
    with ScriptedLLMServer() as server:
        server.push(Reply.json({"value": 7}), Reply.json({"value": 7}))
        renamed: list[tuple[str, str]] = []

        def crash(src: str, dst: str) -> None:
            renamed.append((str(src), str(dst)))
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "replace", crash)
        llm = cached_client(server.url, tmp_path)
        assert llm.ask(Answer, "i", "c").value == 7
        monkeypatch.undo()
        assert renamed and all(Path(src).parent == Path(dst).parent for src, dst in renamed)
        assert cache_files(tmp_path) == []
        again = cached_client(server.url, tmp_path)
        assert again.ask(Answer, "i", "c").value == 7 and again.usage.http_requests == 1
        assert len(cache_files(tmp_path)) == 1
