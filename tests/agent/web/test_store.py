"""The session log: append-only events in WAL mode, and its JSONL export."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from agent.web.store import SessionStore, export_jsonl


def test_events_are_append_only_and_exported(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    store = SessionStore(path)
    store.create_session("s1", "toy", 3, {"a": 1}, [{"seat": 0, "kind": "person"}])
    assert store.log("s1", "created", {"x": "<script>"}) == 0
    assert store.log("s1", "applied", {"message": "hi"}, seat=0) == 1
    store.finish("s1", {"score": 1})
    store.finish("s1", {"score": 2})  # once only
    assert store.sessions()[0]["metrics"] == {"score": 1}
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    for statement in ("UPDATE events SET kind = 'x'", "DELETE FROM events"):
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            raw.execute(statement)
    raw.close()
    store.close()
    reopened = SessionStore(path)
    assert reopened.log("s1", "disconnect", {}, seat=0) == 2  # numbering goes on after a restart
    reopened.close()
    out = tmp_path / "log.jsonl"
    assert export_jsonl(path, out) == 4
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["record"] for line in lines] == ["session", "event", "event", "event"]
    assert lines[1]["payload"] == {"x": "<script>"} and lines[3]["kind"] == "disconnect"
