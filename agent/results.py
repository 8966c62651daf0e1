"""The result store of sweeps, and its summaries.

A store is a directory holding ``results.jsonl`` (one JSON line per finished game, appended by one
writer, flushed and fsynced), ``sweep.toml`` (the sweep file that filled it), ``manifest.json`` (the
sweep's name and digest, its total number of games and the order of its cells) and ``writer.lock``.

- **One sweep per store.** :meth:`ResultStore.adopt` refuses a sweep whose digest differs from the
  manifest's while the store holds games; the same sweep resumes.
- **One writer per store.** :func:`open_writer` holds an exclusive ``flock`` on ``writer.lock`` for
  the whole run (the OS drops it when the writer dies, even by ``kill -9``); a second writer is
  refused in one line.
- **Readers never write.** :func:`open_store` reads; a valid last row without its newline counts, a
  torn last line (not JSON: a writer killed mid-line) is skipped and reported in ``torn``. Only the
  writer cuts a torn line, or completes the newline of a valid one, before it appends.
- **Damage is one line.** A line that is not a row (not JSON, not an object, no ``key``, ``cell`` or
  ``metrics``), a manifest that is not one, or a row whose transcript or spec no longer matches its
  digest or key (:meth:`ResultStore.game`) raises :class:`StoreError`: "store damaged at line N of
  FILE: ...".


The summarizer of the rows is :mod:`agent.summaries` (:func:`summarize_store` applies it to a store).
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from agent.summaries import summarize
from language.text import error_line

if TYPE_CHECKING:
    from agent.sweep import Sweep
    from games.base import GameMetrics

RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "manifest.json"
SWEEP_FILE = "sweep.toml"
LOCK_FILE = "writer.lock"


class StoreError(ValueError):
    """A result store that cannot be read or does not hold what was asked (one line)."""


class _Rows:
    """The finished games of a store, by key (what every store reads)."""

    _rows: dict[str, dict[str, Any]]

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __len__(self) -> int:
        return len(self._rows)

    def keys(self) -> set[str]:
        """The keys of the finished games."""
        return set(self._rows)

    def rows(self) -> list[dict[str, Any]]:
        """The finished games' rows, in the order they finished."""
        return list(self._rows.values())


class ResultStore(_Rows):
    """The result directory of one sweep (see the module docstring).

    Args:
        path: the directory (created when missing, unless ``readonly``).
        readonly: read without ever writing (the ``results`` commands); :meth:`append` refuses.

    The writer opens it through :func:`open_writer`, which holds the store's lock; opening it
    writable also cuts a torn last line (``torn`` holds its size) and completes the newline of a
    valid last row. A reader skips a torn last line and reports its size in ``torn``.

    Raises:
        StoreError: a line that is not a row ("store damaged at line N of FILE").
    """

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        if not readonly:
            self.path.mkdir(parents=True, exist_ok=True)
        self.file = self.path / RESULTS_FILE
        self.torn = 0  # bytes of a torn last line: cut on opening for writing, skipped by readers
        self._rows: dict[str, dict[str, Any]] = {}
        self._lines: dict[str, int] = {}  # key -> line number in the file
        self._count = 0  # lines in the file
        self._load()

    def _load(self) -> None:
        if not self.file.exists():
            return
        data = self.file.read_bytes()
        lines = data.split(b"\n")
        last = lines.pop()  # what follows the final newline: empty unless the last line lacks it
        complete = False
        if last.strip():
            try:
                _decode(last)
                lines.append(last)  # a valid last row without its newline: kept
                complete = True
            except ValueError:  # a kill in the middle of a line
                self.torn = len(last)
        self._count = len(lines)
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                row = _decode(line)
            except ValueError as err:
                raise self._damaged(number, f"not JSON ({_reason(err)})") from err
            problem = _row_problem(row)
            if problem:
                raise self._damaged(number, problem)
            if row["key"] not in self._rows:
                self._rows[row["key"]] = row
                self._lines[row["key"]] = number
        if last.strip() and not self.readonly:
            self.manifest()  # a damaged store is reported before anything is written
            self._mend(len(data) - len(last), complete)

    def _mend(self, end: int, complete: bool) -> None:
        """Writer only: complete the newline of a valid last row, or cut a torn one."""
        with open(self.file, "r+b") as handle:
            if complete:
                handle.seek(0, os.SEEK_END)
                handle.write(b"\n")
            else:
                handle.truncate(end)
            handle.flush()
            os.fsync(handle.fileno())

    def _damaged(self, number: int, problem: str) -> StoreError:
        return StoreError(
            f"store damaged at line {number} of {self.file}: {problem}; "
            "delete that line to re-run its game, or use another --results directory"
        )

    def append(self, row: Mapping[str, Any]) -> bool:
        """Append one finished game (flushed and fsynced); a key already stored is not written again.

        Args:
            row: a :func:`~agent.sweep.run_game` row.

        Returns:
            True when the row was written, False when its key was already there.

        Raises:
            StoreError: the store was opened read-only.
        """
        if self.readonly:
            raise StoreError(f"{self.path} was opened read-only")
        key = row["key"]
        if key in self._rows:
            return False
        line = json.dumps(row, separators=(",", ":"), default=str) + "\n"
        with open(self.file, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
        self._rows[key] = dict(row)
        self._count += 1
        self._lines[key] = self._count
        return True

    def save_sweep(
        self,
        name: str,
        text: str,
        total: int,
        cells: Sequence[str],
        axes: Mapping[str, Any],
        digest: str | None = None,
    ) -> None:
        """Save the sweep file and the manifest (name, total games, cell order, axes, digest), each
        replaced atomically (a kill never leaves half a manifest)."""
        manifest = {"sweep": name, "total": total, "cells": list(cells), "axes": dict(axes)}
        if digest is not None:
            manifest["digest"] = digest
        write_atomically(self.path / SWEEP_FILE, text)
        write_atomically(self.path / MANIFEST_FILE, json.dumps(manifest, indent=2) + "\n")

    def manifest(self) -> dict[str, Any]:
        """The manifest (empty when the store was never given a sweep).

        Raises:
            StoreError: the manifest is not JSON, or not a manifest.
        """
        path = self.path / MANIFEST_FILE
        if not path.exists():
            return {}
        try:
            manifest = _decode(path.read_bytes())
        except ValueError as err:
            raise StoreError(f"store damaged: {path} is not JSON ({_reason(err)})") from err
        problem = _field_problem(manifest, {}, MANIFEST_FIELDS)
        if not problem and not all(isinstance(c, str) for c in manifest.get("cells", [])):
            problem = "'cells' is not a list of strings"
        if problem:
            raise StoreError(f"store damaged: {path} is not a manifest ({problem})")
        return manifest

    def adopt(self, sweep: Sweep) -> None:
        """Make this the store of ``sweep``: save its file and manifest. A store holding games
        keeps them only for the same sweep (the manifest's digest; a store written before digests
        were kept: every stored game is one of the sweep's).

        Raises:
            StoreError: the store holds another sweep's games, or its manifest is damaged.
        """
        manifest = self.manifest()
        if self._rows:
            stored = manifest.get("digest")
            same = (
                stored == sweep.digest
                if stored is not None
                else self.keys() <= {spec.key for spec in sweep.iter_specs()}
            )
            if not same:
                name = manifest.get("sweep", "unknown")
                raise StoreError(
                    f"{self.path} holds {len(self)} games of sweep {name!r} (digest {(stored or 'unknown')[:12]}), "
                    f"not of this sweep {sweep.name!r} (digest {sweep.digest[:12]}: other games, seeds or settings): "
                    f"give another --results directory, or delete {self.path} to start over"
                )
        cells = [cell.label for cell in sweep.cells]
        self.save_sweep(sweep.name, sweep.text, sweep.total, cells, sweep.axes, sweep.digest)

    def find(self, game_id: str) -> dict[str, Any]:
        """The row of the game whose key is ``game_id`` or starts with it.

        Raises:
            StoreError: no game, or several games, match.
        """
        matches = [k for k in self._rows if k.startswith(game_id.lower())] if game_id else []
        if len(matches) != 1:
            what = "no game" if not matches else f"{len(matches)} games"
            raise StoreError(f"{what} in {self.path} match {game_id!r}; give a longer prefix of a key")
        return self._rows[matches[0]]

    def game(self, game_id: str) -> dict[str, Any]:
        """:meth:`find`, checked: the row is a full game row, its spec gives its key and its
        transcript gives its stored digest.

        Raises:
            StoreError: no game or several games match, or the row is damaged (edited or corrupt).
        """
        from agent.sweep import GameSpec, SweepError, digest

        row = self.find(game_id)
        number = self._lines[row["key"]]
        problem = _game_row_problem(row)
        if problem:
            raise self._damaged(number, problem)
        try:
            key = GameSpec.from_json(row["spec"]).key
        except (SweepError, TypeError) as err:
            raise self._damaged(number, f"its spec is not a game spec ({err})") from err
        if key != row["key"]:
            raise self._damaged(number, f"its spec gives the key {key[:16]}, not {row['key'][:16]} (edited)")
        if digest(row["transcript"]) != row["transcript_digest"]:
            raise self._damaged(number, "its transcript does not match its stored digest (edited)")
        return row


class MemoryStore(_Rows):
    """A result store held in memory (``selfplay`` and ``ablate`` without ``--results``): the rows
    of one run, with :class:`ResultStore`'s reading and appending interface and nothing on disk."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, Any]] = {}
        self.torn = 0
        self._manifest: dict[str, Any] = {}

    def append(self, row: Mapping[str, Any]) -> bool:
        """Keep one finished game; a key already held is not kept again (as :meth:`ResultStore.append`)."""
        if row["key"] in self._rows:
            return False
        self._rows[row["key"]] = dict(row)
        return True

    def adopt(self, sweep: Sweep) -> None:
        """Record the sweep's name, total and cell order (the manifest of an on-disk store)."""
        self._manifest = {"sweep": sweep.name, "total": sweep.total, "cells": [c.label for c in sweep.cells]}

    def manifest(self) -> dict[str, Any]:
        """The sweep's name, total and cell order (empty before :meth:`adopt`)."""
        return dict(self._manifest)


def replay_differences(row: Mapping[str, Any]) -> list[str]:
    """Play the game of a checked row (:meth:`ResultStore.game`) again and compare it with the
    stored transcript, its stored digest, the metrics and the returns.

    Returns:
        What differs, one phrase each (empty when the replay is identical).
    """
    from agent.sweep import canonical_json, digest, run_game

    again = run_game(dict(row["spec"]))
    out = []
    if again["transcript_digest"] != row["transcript_digest"] or digest(row["transcript"]) != digest(
        again["transcript"]
    ):
        out.append(f"digest {again['transcript_digest'][:16]} != {row['transcript_digest'][:16]}")
    for name in ("metrics", "returns"):
        if canonical_json(again.get(name)) != canonical_json(row.get(name)):
            out.append(f"{name} differ")
    return out


@contextmanager
def open_writer(path: str | Path) -> Iterator[ResultStore]:
    """Open the store at ``path`` (created when missing) as its only writer: an exclusive lock on
    ``writer.lock`` is held until the block ends, or the process dies.

    Raises:
        StoreError: another process holds the lock (its pid is named), or a damaged line.
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    handle = os.open(path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            words = os.pread(handle, 32, 0).decode(errors="replace").split()
            holder = words[0] if words and words[0].isdigit() else "unknown"
            raise StoreError(
                f"{path} is being written by another accord ablate (pid {holder}); "
                "wait for it to finish, or give another --results directory"
            ) from err
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield ResultStore(path)
    finally:
        os.close(handle)  # drops the lock


def open_store(path: str | Path, must_exist: bool = False) -> ResultStore:
    """Open the store at ``path`` for reading (nothing is ever written).

    Raises:
        StoreError: ``must_exist`` and ``path`` holds no results, or a damaged line.
    """
    if must_exist and not (Path(path) / RESULTS_FILE).exists():
        raise StoreError(f"{path} holds no results ({RESULTS_FILE}); run accord ablate SWEEP --results {path}")
    return ResultStore(path, readonly=True)


def _decode(data: bytes) -> Any:
    """The JSON value of ``data``.

    Raises:
        ValueError: not UTF-8 JSON (or nested too deeply to read).
    """
    try:
        return json.loads(data)
    except RecursionError as err:
        raise ValueError("nested too deeply") from err


def _reason(err: ValueError) -> str:
    return err.msg if isinstance(err, json.JSONDecodeError) else error_line(err)


_JSON_TYPES: dict[type, str] = {str: "a string", int: "an integer", list: "a list", dict: "an object"}
ROW_FIELDS: dict[str, type] = {"key": str, "cell": str, "metrics": dict}  # what every row has
GAME_FIELDS: dict[str, type] = {"spec": dict, "game_id": str, "transcript": list, "transcript_digest": str}
MANIFEST_FIELDS: dict[str, type] = {"sweep": str, "total": int, "cells": list, "axes": dict, "digest": str}


def _field_problem(data: Any, required: Mapping[str, type], optional: Mapping[str, type] | None = None) -> str:
    """What makes ``data`` not an object with these fields ('' when nothing)."""
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object"
    for name, kind in {**required, **(optional or {})}.items():
        if name not in data:
            if name in required:
                return f"no {name!r}"
        elif not isinstance(data[name], kind) or isinstance(data[name], bool):
            return f"{name!r} is not {_JSON_TYPES[kind]}"
    return ""


def _row_problem(row: Any) -> str:
    """What makes ``row`` not a result row ('' when it is one)."""
    problem = _field_problem(row, ROW_FIELDS, {"params": dict})
    return problem or ("an empty 'key'" if not row["key"] else "")


def _game_row_problem(row: Mapping[str, Any]) -> str:
    """What a result row lacks for showing and replaying its game ('' when nothing)."""
    problem = _field_problem(row, GAME_FIELDS, {"refused": list}) or _field_problem(row["spec"], {"seed": int})
    if problem:
        return problem
    for turn in row["transcript"]:
        if _field_problem(turn, {"player": str, "message": str}):
            return "a transcript turn without a 'player' and a 'message'"
    return ""


def write_atomically(path: Path, text: str) -> None:
    """Write ``path`` atomically: a temporary file, fsynced, renamed over it (a crash leaves the
    previous file whole)."""
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


class RowSource(Protocol):
    """What the summaries read of a store: its rows and its manifest (a sweep's result store, a
    memory store, or ``accord serve``'s session log)."""

    def rows(self) -> list[dict[str, Any]]: ...

    def manifest(self) -> dict[str, Any]: ...


def summarize_store(
    store: RowSource,
    metrics: Sequence[str] = (),
    kinds: Mapping[str, str] | None = None,
    schema: type[GameMetrics] | None = None,
) -> list[dict[str, Any]]:
    """:func:`summarize` over a store's rows, cells in the manifest's order."""
    return summarize(store.rows(), store.manifest().get("cells", []), metrics, kinds, schema)
