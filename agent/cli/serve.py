"""``accord serve``: human-agent play in the browser (the ``[web]`` extra: FastAPI and uvicorn)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import typer

from agent.cli.common import UserError, _guard, console
from agent.terminal import say


def serve_command(
    host: str = typer.Option("127.0.0.1", help="address to listen on (127.0.0.1: this machine only)"),
    port: int = typer.Option(8765, min=0, max=65535, help="port to listen on"),
    db: Path = typer.Option(Path("results/web/sessions.sqlite"), help="the session log (SQLite, append-only)"),
    pace: float = typer.Option(0.0, min=0.0, max=60.0, help="seconds an agent waits before each turn"),
    max_sessions: int = typer.Option(1000, min=1, max=100_000, help="sessions in play at once, at most"),
    study: Path | None = typer.Option(
        None, help="a study file (TOML): serve its landing page /study and assign its conditions"
    ),
    export: str = typer.Option(
        "", help="write the log at --db as JSON lines to this path ('-' = standard output) and exit"
    ),
) -> None:
    """Serve games in the browser: people play against agents or each other; every event is logged."""

    def run() -> None:
        if export:
            from agent.web.store import export_jsonl

            if not db.is_file():
                raise UserError(f"no session log at {db}")
            try:
                export_jsonl(db, export)
            except (sqlite3.Error, OSError) as err:
                raise UserError(f"cannot export the session log {db} to {export}: {err}") from None
            return
        try:
            import fastapi  # noqa: F401
            import uvicorn
        except ImportError:
            raise UserError("accord serve needs the web extra: pip install 'accord[web]'") from None
        from agent.web.app import create_app
        from agent.web.store import SessionStore

        try:
            store = SessionStore(db)
        except (sqlite3.Error, OSError) as err:
            raise UserError(f"cannot open the session log {db}: {err}") from None
        from agent.registry import default_registry
        from agent.web.study import StudyError, load_study

        registry = default_registry()
        try:
            plan = load_study(study, registry) if study is not None else None
        except StudyError as err:
            raise UserError(str(err)) from None
        app = create_app(store, registry, pace=pace, max_sessions=max_sessions, study=plan)
        if app.state.resumed:
            say(console, f"resumed {len(app.state.resumed)} unfinished sessions from {db}")
        for line in app.state.abandoned:
            say(console, f"not resumed: {line}")
        page = f"http://{host}:{port}/" + ("study" if plan is not None else "")
        say(console, f"serving on {page}  (log: {db}; Ctrl+C stops)")
        uvicorn.run(app, host=host, port=port, ws_max_size=1 << 20, log_level="warning")

    _guard(run)
