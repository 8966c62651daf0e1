"""The FastAPI application of ``accord serve``: pages, static files, the JSON API and WebSockets.

Routes: ``GET /`` (games and a form to play one against an agent), ``GET /start`` (the form's
target: creates a session and sends the person to its play page), ``POST /api/sessions``,
``GET /api/games``, the study routes when serving a study, ``GET /play/{session}?token=T`` and ``GET /watch/{session}`` (HTML shells that
load ``/static/app.js``), ``GET /static/...`` (``agent/web/static/``), ``GET /kits/{game}/...`` (the
kit's ``web`` folder), ``WS /ws/{session}?token=T`` (a person's seat) and ``WS /ws/{session}/watch``.
A bad token closes the WebSocket with code 4403. Every name and text is escaped in the HTML.
"""

from __future__ import annotations

import asyncio
import html
import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

from agent.registry import Registry, default_registry
from agent.web.resume import resume_sessions
from agent.web.sessions import Session, SessionError, SessionManager
from agent.web.store import SessionStore
from agent.web.study import Study
from agent.web.study_routes import StudyDesk, add_study_routes

STATIC = Path(__file__).with_name("static")
"""The page's files, served under ``/static/``."""

FORBIDDEN = 4403
"""The close code of a WebSocket whose token opens no seat of the session."""


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "bad request"}, status_code=status)


def _page(title: str, body: str, data: dict[str, Any] | None = None) -> HTMLResponse:
    attributes = "".join(f' data-{k}="{html.escape(str(v), quote=True)}"' for k, v in (data or {}).items())
    return HTMLResponse(
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        '<link rel="stylesheet" href="/static/app.css"></head>'
        f'<body><main id="app"{attributes}>{body}</main>'
        + ('<script type="module" src="/static/app.js"></script>' if data is not None else "")
        + "</body></html>"
    )


def _option(field: Any) -> dict[str, Any]:
    """A game option as JSON: its type as written and its default (None unless plain JSON)."""
    annotation = field.annotation
    kind = getattr(annotation, "__name__", None) or str(annotation).replace("typing.", "")
    default = field.default
    plain = default is None or isinstance(default, str | int | float | bool)
    return {"type": kind, "default": default if plain else None}


def games_json(registry: Registry) -> list[dict[str, Any]]:
    """Every registered game: name, description, seat roles, offline presets and options."""
    out = []
    for kit in registry:
        game = registry.make_game(kit.name)
        out.append(
            {
                "name": kit.name,
                "description": kit.description,
                "seats": list(game.facts.player_names),
                "presets": registry.preset_names(kit.name, offline=True),
                "default_preset": registry.default_preset(kit.name),
                "options": {name: _option(field) for name, field in kit.game_options.model_fields.items()},
            }
        )
    return out


def create_app(
    store: SessionStore,
    registry: Registry | None = None,
    pace: float = 0.0,
    max_sessions: int = 1000,
    study: Study | None = None,
) -> FastAPI:
    """The application serving sessions of ``registry``'s games, logging to ``store``; agents
    pause ``pace`` seconds before each turn; at most ``max_sessions`` are in play at once. With a
    ``study``, also its landing page and join API (:mod:`agent.web.study_routes`)."""
    registry = registry or default_registry()
    manager = SessionManager(registry, store, pace, max_sessions)
    resumed, abandoned = resume_sessions(manager)
    app = FastAPI(title="Accord", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.manager = manager
    app.state.store = store
    app.state.resumed = resumed
    app.state.abandoned = abandoned
    catalogue = games_json(registry)
    tasks: set[asyncio.Task[None]] = set()

    def start(session: Session) -> None:
        task = asyncio.create_task(session.start())
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    def create(body: Any) -> Session:
        if not isinstance(body, dict):
            raise SessionError("the request body must be a JSON object")
        unknown = sorted(set(body) - {"game", "seats", "seed", "options"})
        if unknown:
            raise SessionError(f"unknown field {unknown[0]!r}")
        game, seats, seed, options = body.get("game"), body.get("seats"), body.get("seed", 0), body.get("options", {})
        if not isinstance(game, str):
            raise SessionError("'game' must be a game's name")
        if not isinstance(seats, list):
            raise SessionError("'seats' must be a list: 'person' or 'agent:<preset>' per seat")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise SessionError("'seed' must be a non-negative integer")
        if not isinstance(options, dict):
            raise SessionError("'options' must be an object")
        session = manager.create(game, seats, seed, options)
        start(session)
        return session

    def created(session: Session) -> dict[str, Any]:
        return {
            "session": session.id,
            "game": session.kit.name,
            "seats": [s.public(session.id) for s in session.seats],
            "watch": f"/watch/{session.id}",
        }

    @app.post("/api/sessions")
    async def new_session(request: Request) -> Response:
        """Create a session (see the module docstring of :mod:`agent.web`)."""
        try:
            body = json.loads(await request.body())
        except ValueError:
            return _error("the request body must be JSON")
        try:
            return JSONResponse(created(create(body)))
        except SessionError as err:
            return _error(str(err))

    @app.get("/api/games")
    async def list_games() -> JSONResponse:
        """The registered games."""
        return JSONResponse(catalogue)

    @app.get("/start")
    async def start_form(game: str = "", preset: str = "", seat: int = 0, seed: int = 0) -> Response:
        """The index form's target: a person at ``seat``, agents of ``preset`` elsewhere."""
        entry = next((g for g in catalogue if g["name"] == game), None)
        if entry is None:
            return _error(f"unknown game {game!r}")
        count = len(entry["seats"])
        if not 0 <= seat < count:
            return _error(f"seat must be 0 to {count - 1}")
        seats = [f"agent:{preset or entry['default_preset']}"] * count
        seats[seat] = "person"
        try:
            session = create({"game": game, "seats": seats, "seed": seed})
        except SessionError as err:
            return _error(str(err))
        return RedirectResponse(created(session)["seats"][seat]["link"], status_code=303)

    @app.get("/")
    async def index() -> HTMLResponse:
        """The games, each with a form to play it against an agent preset."""
        parts = ["<h1>Accord</h1><p>Play a dialogue game against an agent.</p><ul>"]
        for g in catalogue:
            name = html.escape(g["name"])
            presets = "".join(
                f'<option value="{html.escape(p)}"{" selected" if p == g["default_preset"] else ""}>'
                f"{html.escape(p)}</option>"
                for p in g["presets"]
            )
            seats = "".join(f'<option value="{i}">{html.escape(r)}</option>' for i, r in enumerate(g["seats"]))
            parts.append(
                f"<li><h2>{name}</h2><p>{html.escape(g['description'])}</p>"
                f'<form action="/start" method="get"><input type="hidden" name="game" value="{name}">'
                f'<label>you play <select name="seat">{seats}</select></label> '
                f'<label>against <select name="preset">{presets}</select></label> '
                f'<label>seed <input name="seed" type="number" min="0" value="0"></label> '
                f"<button>Play {name}</button></form></li>"
            )
        parts.append("</ul>")
        return _page("Accord", "".join(parts))

    @app.get("/play/{session_id}")
    async def play_page(session_id: str, token: str = "") -> Response:
        """The play page of a person's seat (the page's script connects to the WebSocket)."""
        session = manager.get(session_id)
        seat = session.seat_of(token) if session is not None else None
        if session is None or seat is None:
            return HTMLResponse("<!doctype html><p>No such seat: the link is wrong or expired.</p>", status_code=404)
        data = {
            "mode": "play",
            "session": session.id,
            "token": token,
            "game": session.kit.name,
            "seat": seat,
            "role": session.seats[seat].role,
            "kit": f"/kits/{session.kit.name}/",
        }
        return _page(f"Accord: {session.kit.name}", "<noscript>This page needs JavaScript.</noscript>", data)

    @app.get("/watch/{session_id}")
    async def watch_page(session_id: str) -> Response:
        """The watch page of a session (public data only)."""
        session = manager.get(session_id)
        if session is None:
            return HTMLResponse("<!doctype html><p>No such session.</p>", status_code=404)
        data = {"mode": "watch", "session": session.id, "game": session.kit.name, "kit": f"/kits/{session.kit.name}/"}
        return _page(f"Accord: watching {session.kit.name}", "<noscript>This page needs JavaScript.</noscript>", data)

    @app.get("/kits/{game}/{path:path}")
    async def kit_file(game: str, path: str) -> Response:
        """A file of the kit's ``web`` folder (404 when the kit has none or the file is outside it)."""
        kit = registry.kits.get(game)
        if kit is None or kit.web is None:
            return Response(status_code=404)
        root = Path(kit.web).resolve()
        target = (root / path).resolve()
        if root not in target.parents or not target.is_file():
            return Response(status_code=404)
        return FileResponse(target)

    if study is not None:
        add_study_routes(app, StudyDesk(study, manager, start))

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.websocket("/ws/{session_id}")
    async def play_socket(websocket: WebSocket, session_id: str, token: str = "") -> None:
        """A person's seat: its view after every turn; its turns in."""
        await websocket.accept()
        session = manager.get(session_id)
        seat = session.seat_of(token) if session is not None else None
        if session is None or seat is None:
            await websocket.close(code=FORBIDDEN, reason="no seat of this session has that token")
            return
        send = websocket.send_json
        await session.connect(seat, send)
        if session.agent_to_move():  # a resumed session whose agent was moving when the server stopped
            start(session)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await session.receive(seat, send, text if text is not None else message.get("bytes") or b"")
        except WebSocketDisconnect:
            pass
        finally:
            session.disconnect(seat, send)

    @app.websocket("/ws/{session_id}/watch")
    async def watch_socket(websocket: WebSocket, session_id: str) -> None:
        """A watcher: the public frame after every turn; its input is ignored."""
        await websocket.accept()
        session = manager.get(session_id)
        if session is None:
            await websocket.close(code=FORBIDDEN, reason="no such session")
            return
        send = websocket.send_json
        await session.watch(send)
        if session.agent_to_move():
            start(session)
        try:
            while (await websocket.receive())["type"] != "websocket.disconnect":
                pass
        except WebSocketDisconnect:
            pass
        finally:
            session.unwatch(send)

    return app
