"""What every command shares: the two consoles, user errors reported in one line (:func:`_guard`),
output paths checked before a command runs, the JSON / JSONL / CSV writers, tables sent to
standard error when standard output carries data, and progress displays."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

try:  # recent typer vendors its own click: its usage errors are that click's classes
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - typer on the click package
    from click import exceptions as click_errors  # type: ignore[no-redef]

from agent.terminal import say
from language.text import error_line, error_summary

# Output options: those whose data may go to standard output with '-', and the PNG files.
DATA_OUTPUTS = ("--json", "--transcripts", "--csv")
PNG_OUTPUTS = ("--plot", "--heatmap", "--out")

# Output that is piped or captured (make, CI) is not cut to 80 columns.
console = Console(stderr=True, width=None if sys.stderr.isatty() else 120)
out = Console(width=None if sys.stdout.isatty() else 120)


class UserError(Exception):
    """A problem with the user's input: reported as one line, exit code 2."""


def _fail(message: str) -> None:
    say(console, ("error:", "bold red"), f" {message}")
    raise typer.Exit(code=2)


def _output_problem(path: str, png: bool) -> str | None:
    """Why ``path`` cannot be written as an output file (None when it can), found without creating
    or removing anything: a directory, a parent that is a file, no permission, a bad name. A PNG
    output takes a ``.png`` name or one without a suffix (written exactly there)."""
    target = Path(path)
    if path.endswith(("/", os.sep)) or target.name in ("", ".", ".."):
        return f"cannot write {path}: it names a directory, not a file"
    if png and target.suffix.lower() not in ("", ".png"):
        return f"a plot is a PNG file; name it .png (or give no suffix), not {target.suffix}"
    try:
        stat = os.stat(target)
    except FileNotFoundError:
        stat = None
    except NotADirectoryError:
        return f"cannot write {path}: a parent is a file, not a directory"
    except (OSError, ValueError) as err:
        return f"cannot write {path}: {getattr(err, 'strerror', None) or err}"
    if stat is not None:
        if os.path.isdir(target):
            return f"cannot write {path}: it is a directory"
        return None if os.access(target, os.W_OK) else f"cannot write {path}: permission denied"
    parent = next(p for p in target.absolute().parents if os.path.exists(p))
    if not parent.is_dir():
        return f"cannot write {path}: {parent} is a file, not a directory"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot write {path}: {parent} is not writable"
    longest = os.pathconf(parent, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    if any(len(os.fsencode(part)) > longest for part in target.absolute().relative_to(parent).parts):
        return f"cannot write {path}: a file or folder name is longer than {longest} bytes"
    return None


def _check_outputs_first(group: Any) -> None:
    """Make every command under ``group`` check its output options before it runs: a path that
    cannot be written, '-' for a PNG, or two outputs on standard output is a one-line usage error
    naming the option (exit code 2)."""
    for command in group.commands.values():
        if hasattr(command, "commands"):  # a command group
            _check_outputs_first(command)
            continue
        if getattr(command.callback, "outputs_checked", False) or command.callback is None:
            continue
        outputs = [p for p in command.params if set(p.opts) & {*DATA_OUTPUTS, *PNG_OUTPUTS}]
        command.callback = _checked(command.callback, outputs)


def _checked(callback: Callable[..., Any], outputs: list[Any]) -> Callable[..., Any]:
    """``callback`` preceded by the check of its ``outputs`` (see :func:`_check_outputs_first`)."""

    @functools.wraps(callback)
    def run(**kwargs: Any) -> Any:
        on_stdout: str | None = None
        for param in outputs:
            value = kwargs.get(param.name or "")
            for path in value if isinstance(value, list | tuple) else [value]:
                if path is None:
                    continue
                png = bool(set(param.opts) & set(PNG_OUTPUTS))
                problem: str | None
                if path == "-" and png:
                    problem = "a PNG needs a file name; '-' (standard output) is for JSON and CSV"
                elif path == "-" and on_stdout:
                    problem = f"standard output already carries {on_stdout}"
                else:
                    problem = None if path == "-" else _output_problem(path, png)
                if problem:
                    raise click_errors.BadParameter(problem, param=param)
                on_stdout = param.opts[0] if path == "-" else on_stdout
        _stdout_data["option"] = on_stdout
        return callback(**kwargs)

    run.outputs_checked = True  # type: ignore[attr-defined]
    return run


def _write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``-``: standard output), creating missing parent folders, as every
    output option does (the up-front output check lets a missing folder through for this reason)."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_text(text)
    except OSError as err:
        raise UserError(f"cannot write {path}: {err.strerror or err}") from err
    _wrote(path)


def _write_json(path: str | None, data: Any) -> None:
    """Write ``data`` as indented JSON to ``path`` (``-``: standard output; None: nowhere)."""
    if path is not None:
        _write_text(path, json.dumps(data, indent=2, default=str) + "\n")


def _wrote(path: str | Path) -> None:
    """The notice that ``path`` was written (the path as it is, never read as markup)."""
    say(console, f"wrote {path}")


# The output option that writes its data to standard output in the running command ('-'), if any.
_stdout_data: dict[str, str | None] = {"option": None}


def _show(renderable: Any, *outputs: str | None) -> None:
    """Print a table to stdout, or to stderr when stdout carries data: one of ``outputs`` is '-', or
    any output option of the running command is."""
    (console if "-" in outputs or _stdout_data["option"] else out).print(renderable)


class _RateColumn(ProgressColumn):
    """Games finished per second (over rich's recent window)."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f} games/s" if task.speed else "- games/s")


def _progress(rate: bool = False) -> Progress:
    """A progress display on standard error; ``rate=True`` adds games per second and the ETA."""
    columns: list[Any] = [
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    if rate:
        columns += [_RateColumn(), TextColumn("eta"), TimeRemainingColumn()]
    return Progress(*columns, console=console, transient=False)


@contextmanager
def _status(description: str) -> Iterator[Callable[[str], None]]:
    """A progress line for a job of unknown length; yields the callback that re-describes it."""
    with _progress() as progress:
        task = progress.add_task(description, total=None)
        yield lambda text: progress.update(task, description=text)


def _guard(run: Callable[[], None]) -> None:
    """Run a command body, turning user errors into one line and exit code 2."""
    from agent.registry import UnknownNameError
    from solvers.tsp import TSPError

    try:
        run()
    except (UserError, UnknownNameError, TSPError, ValueError, ImportError) as err:
        # ImportError: an optional extra is missing; the message says how to install it
        _fail(error_line(err))
    except OSError as err:
        _fail(f"{err.strerror or err}: {err.filename}" if err.filename else str(err))
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as err:
        if os.environ.get("ACCORD_DEBUG"):
            raise
        say(
            console,
            ("internal error:", "bold red"),
            f" {error_summary(err)} (set ACCORD_DEBUG=1 for the traceback)",
        )
        raise typer.Exit(code=1) from err


def _write_jsonl(path: str | None, rows: list[dict]) -> None:
    """Write ``rows`` as JSON lines to ``path`` (``-``: standard output; None or empty: nowhere)."""
    if path:
        _write_text(path, "".join(json.dumps(row, default=str) + "\n" for row in rows))


def _write_summary(
    summary: list[dict[str, Any]], json_path: str | None, csv_path: str | None, about: dict[str, Any]
) -> None:
    """Write a sweep summary as JSON (with ``about``) and as CSV, where asked."""
    from agent.summaries import to_csv

    _write_json(json_path, {**about, "summary": summary})
    if csv_path == "-":
        sys.stdout.write(to_csv(summary))
        sys.stdout.flush()
    elif csv_path:
        try:
            to_csv(summary, csv_path)
        except OSError as err:
            raise UserError(f"cannot write {csv_path}: {err.strerror or err}") from err
        _wrote(csv_path)
