"""The session log of ``accord serve`` read like a sweep's result store, for ``accord results``.

:func:`open_any_store` is the one place that tells the two apart: a SQLite file (or a folder that
holds ``sessions.sqlite``) opens as a :class:`SessionLog`, anything else as a sweep's
:class:`~agent.results.ResultStore`. A :class:`SessionLog` offers what the ``results`` commands read:
``rows()`` (one per finished session: ``key`` the session id, ``cell`` its study condition or, outside
a study, the game and its seats' kinds, ``metrics`` its final metrics, ``spec`` its game and seed,
``transcript`` and ``refused``), ``manifest()``, ``game(key)`` and ``replay_differences(row)``, which
plays the recorded turns again through a fresh state from the seed and compares the final metrics.
This module names no game.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from agent.results import ResultStore, StoreError, open_store, replay_differences
from agent.web.store import SessionStore
from language.text import error_line

LOG_FILE = "sessions.sqlite"
"""The session log's file name inside a results folder."""


class SessionLog:
    """The finished sessions of a session log (see the module docstring); read only."""

    def __init__(self, path: Path) -> None:
        self.file = path
        self.torn = 0
        try:
            store = SessionStore(path, readonly=True)
            try:
                sessions, events = store.sessions(), store.events()
            finally:
                store.close()
        except (sqlite3.Error, OSError) as err:
            raise StoreError(f"{path} is not a session log of accord serve: {err}") from None
        by_session: dict[str, list[dict[str, Any]]] = {}
        for event in events:
            by_session.setdefault(event["session"], []).append(event)
        self._total = len(sessions)
        joins = [e["payload"] for e in events if e["kind"] == "study_join"]
        self._study = str(joins[0].get("study", "")) if joins else ""
        self._rows: dict[str, dict[str, Any]] = {}
        for session in sessions:
            if session["finished"] is None or session["metrics"] is None:
                continue
            self._rows[session["id"]] = self._row(session, by_session.get(session["id"], []))

    def _row(self, session: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
        roles = {s["seat"]: s["role"] for s in session["seats"]}
        joins = [e["payload"] for e in events if e["kind"] == "study_join"]
        if joins:
            cell = str(joins[0]["condition"])
        else:
            kinds = [s["preset"] if s["kind"] == "agent" else s["kind"] for s in session["seats"]]
            cell = f"{session['game']} {' vs '.join(kinds)}"
        return {
            "key": session["id"],
            "game_id": session["game"],
            "cell": cell,
            "params": {"condition": cell},
            "spec": {"game": session["game"], "seed": session["seed"], "options": session["options"]},
            "metrics": session["metrics"],
            "participant": joins[0].get("pid") if joins else None,
            "transcript": [
                {
                    "seat": e["seat"],
                    "player": roles.get(e["seat"], str(e["seat"])),
                    "message": e["payload"].get("message", ""),
                    "actions": e["payload"].get("actions", []),
                }
                for e in events
                if e["kind"] == "applied"
            ],
            "refused": [
                f"seat {e['seat']}: {e['payload'].get('reason', '')}" for e in events if e["kind"] == "refused"
            ],
        }

    def __len__(self) -> int:
        return len(self._rows)

    def rows(self) -> list[dict[str, Any]]:
        """The finished sessions' rows, oldest first."""
        return list(self._rows.values())

    def manifest(self) -> dict[str, Any]:
        """The study's name (or the log's path), every session counted, the cells in first-seen order."""
        cells = list(dict.fromkeys(r["cell"] for r in self._rows.values()))
        return {"sweep": self._study or str(self.file), "total": self._total, "cells": cells}

    def game(self, key: str) -> dict[str, Any]:
        """The row of the finished session ``key`` (or a unique prefix of it)."""
        found = [k for k in self._rows if k.startswith(key)] if key else []
        if len(found) != 1:
            what = "no finished session" if not found else f"{len(found)} sessions"
            raise StoreError(f"{what} in {self.file} matches {key!r}")
        return self._rows[found[0]]

    def replay_differences(self, row: dict[str, Any]) -> list[str]:
        """Play the session's recorded turns again from its seed; what differs (empty: nothing)."""
        from agent.registry import default_registry
        from agent.sweep import digest
        from games.base import Turn

        registry = default_registry()
        spec = row["spec"]
        kit = registry.kit(spec["game"])
        state = registry.make_game(kit.name, **spec["options"]).new_initial_state(spec["seed"])
        for n, turn in enumerate(row["transcript"]):
            if state.is_terminal():
                return [f"the game ended before recorded turn {n}"]
            if state.current_player != turn["seat"]:
                return [f"turn {n}: seat {turn['seat']} recorded, seat {state.current_player} to move"]
            try:
                state.apply(Turn(message=turn["message"], actions=tuple(kit.decode_actions(turn["actions"]))))
            except Exception as err:  # a recorded turn the game now refuses is a difference, not a crash
                return [f"turn {n} refused on replay: {error_line(err)}"]
        if not state.is_terminal():
            return ["the game is not over after the recorded turns"]
        again = state.metrics().model_dump(mode="json")
        if digest(again) != digest(row["metrics"]):
            changed = sorted(k for k in set(again) | set(row["metrics"]) if again.get(k) != row["metrics"].get(k))
            return [f"metrics digest {digest(again)[:16]} != {digest(row['metrics'])[:16]} ({', '.join(changed)})"]
        return []


def is_session_log(path: str | Path) -> bool:
    """Whether ``path`` is a session log (a SQLite file) or a folder holding one."""
    path = Path(path)
    if path.is_dir():
        return (path / LOG_FILE).is_file()
    if not path.is_file():
        return False
    try:
        with path.open("rb") as handle:
            return handle.read(16) == b"SQLite format 3\x00"
    except OSError:  # unreadable: the sweep store's reader says why
        return False


def open_any_store(path: str | Path, must_exist: bool = True) -> ResultStore | SessionLog:
    """A session log (see :func:`is_session_log`) or a sweep's result store at ``path``."""
    if is_session_log(path):
        path = Path(path)
        return SessionLog(path / LOG_FILE if path.is_dir() else path)
    return open_store(path, must_exist=must_exist)


def differences(store: ResultStore | SessionLog, row: dict[str, Any]) -> list[str]:
    """What differs when ``row`` of ``store`` is played again (a sweep's game or a session)."""
    return store.replay_differences(row) if isinstance(store, SessionLog) else replay_differences(row)
