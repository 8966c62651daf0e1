"""The session log of ``accord serve``: an append-only SQLite store in WAL mode.

Two tables: ``sessions`` (one row per session: game, seed, options, seats, when it was created and
finished, its final metrics) and ``events`` (session, sequence number, time, seat, kind, JSON
payload). Events are only ever inserted: triggers refuse any update or delete of an event. The one
row a session updates is its own ``sessions`` row, once, when it finishes. :func:`export_jsonl`
writes every session and event as JSON lines.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    metrics TEXT
);
CREATE TABLE IF NOT EXISTS events (
    session TEXT NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    time REAL NOT NULL,
    seat INTEGER,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (session, seq)
);
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""

EVENT_KINDS: tuple[str, ...] = (
    "created",
    "connect",
    "reconnect",
    "disconnect",
    "watch",
    "received",
    "refused",
    "applied",
    "tool",
    "finished",
    "error",
    "study_join",
    "abandoned",
)
"""Every kind of event the server logs (``received``: a turn as sent; ``refused``: input turned
away, with the reason; ``applied``: a turn the game played, with an agent's acts and intent; ``tool``: a seat tool's
query and answer; ``error``: an agent that failed;
``study_join``: a study participant's pid, study and condition; ``abandoned``: a session a restarted
server could not resume, with the reason)."""


class SessionStore:
    """The append-only log of every session, in one SQLite file (WAL mode).

    Safe to share between threads: every write holds one lock. Sequence numbers count from 0 per
    session, in the order events are logged.
    """

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._seq: dict[str, int] = {}
        if readonly:  # the results commands: never create, never write
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
            return
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def create_session(
        self, session: str, game: str, seed: int, options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
    ) -> None:
        """Record a new session (its seats without their tokens: a person's token as its SHA-256)."""
        with self._lock:
            self._db.execute(
                "INSERT INTO sessions (id, game, seed, options, seats, created) VALUES (?, ?, ?, ?, ?, ?)",
                (session, game, seed, json.dumps(dict(options)), json.dumps(list(seats)), time.time()),
            )
            self._seq[session] = 0

    def log(self, session: str, kind: str, payload: Mapping[str, Any] | None = None, seat: int | None = None) -> int:
        """Append one event; returns its sequence number."""
        with self._lock:
            seq = self._seq.get(session)
            if seq is None:
                row = self._db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE session = ?", (session,))
                seq = int(row.fetchone()[0])
            self._db.execute(
                "INSERT INTO events (session, seq, time, seat, kind, payload) VALUES (?, ?, ?, ?, ?, ?)",
                (session, seq, time.time(), seat, kind, json.dumps(dict(payload or {}), default=str)),
            )
            self._seq[session] = seq + 1
            return seq

    def finish(self, session: str, metrics: Mapping[str, Any]) -> None:
        """Record that ``session`` ended with ``metrics`` (once; later calls change nothing)."""
        with self._lock:
            self._db.execute(
                "UPDATE sessions SET finished = ?, metrics = ? WHERE id = ? AND finished IS NULL",
                (time.time(), json.dumps(dict(metrics)), session),
            )

    def sessions(self) -> list[dict[str, Any]]:
        """Every session row, oldest first (options, seats and metrics decoded)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, seed, options, seats, created, finished, metrics FROM sessions ORDER BY created, id"
            ).fetchall()
        return [
            {
                "id": r[0],
                "game": r[1],
                "seed": r[2],
                "options": json.loads(r[3]),
                "seats": json.loads(r[4]),
                "created": r[5],
                "finished": r[6],
                "metrics": json.loads(r[7]) if r[7] is not None else None,
            }
            for r in rows
        ]

    def events(self, session: str | None = None) -> list[dict[str, Any]]:
        """The events of ``session`` (default: of every session), in order."""
        query = "SELECT session, seq, time, seat, kind, payload FROM events"
        args: tuple[Any, ...] = ()
        if session is not None:
            query += " WHERE session = ?"
            args = (session,)
        with self._lock:
            rows = self._db.execute(query + " ORDER BY session, seq", args).fetchall()
        return [
            {"session": r[0], "seq": r[1], "time": r[2], "seat": r[3], "kind": r[4], "payload": json.loads(r[5])}
            for r in rows
        ]


def _lines(store: SessionStore) -> Iterator[dict[str, Any]]:
    for session in store.sessions():
        yield {"record": "session", **session}
        for event in store.events(session["id"]):
            yield {"record": "event", **event}


def export_jsonl(db: str | Path, path: str | Path) -> int:
    """Write every session of the store at ``db`` and its events to ``path`` as JSON lines (each
    session's line, then its events in order; ``-`` is standard output). Returns the lines written."""
    import sys

    store = SessionStore(db)
    try:
        count = 0
        out = sys.stdout if str(path) == "-" else open(path, "w", encoding="utf-8")  # noqa: SIM115
        try:
            for line in _lines(store):
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
                count += 1
        finally:
            if out is not sys.stdout:
                out.close()
        return count
    finally:
        store.close()
