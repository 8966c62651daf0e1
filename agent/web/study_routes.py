"""The study routes of ``accord serve --study FILE``.

``GET /study?pid=P`` shows the study's instructions and consent with a form (the pid from the query
string, or a generated one); ``GET /study/join?pid=P&consent=yes`` (the form's target) and
``POST /api/study/join`` (JSON ``{"pid": P, "consent": true}``) assign a condition with
:func:`~agent.web.study.assign`, create the participant's session and send the play link (a 303
redirect, or JSON ``{pid, condition, session, link}``). A returning pid gets its first assignment
and link again (after a restart its link is null, as the log never holds a seat's token; the session
itself is resumed, :mod:`agent.web.resume`, and the link the participant holds opens it again); a
full study is refused with 409. The session's terminal view frame carries the
participant's completion code. Every join is logged as a ``study_join`` event (study, condition,
pid) of its session, and assignments are rebuilt from those events when the server restarts.
"""

from __future__ import annotations

import html
import json
import secrets
from collections import Counter
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from agent.web.sessions import Session, SessionError, SessionManager
from agent.web.study import Study, assign

MAX_PID = 64
"""The longest participant id accepted (characters)."""


class StudyDesk:
    """Who joined which condition, with which session and link (rebuilt from the log)."""

    def __init__(self, study: Study, manager: SessionManager, start: Callable[[Session], None]) -> None:
        self.study = study
        self.manager = manager
        self.start = start
        self.joined: dict[str, dict[str, Any]] = {}
        for event in manager.store.events():
            payload = event["payload"]
            if event["kind"] == "study_join" and payload.get("study") == study.name:
                self.joined.setdefault(payload["pid"], {**payload, "session": event["session"], "link": None})
                resumed = manager.get(event["session"])
                if resumed is not None:  # resumed after a restart: its end still shows the code
                    resumed.completion = study.code_for(payload["pid"])

    def join(self, pid: str) -> dict[str, Any]:
        """The assignment of ``pid`` (new, or the one it got before).

        Raises:
            SessionError: a bad pid, a full study, or a session the manager refuses.
        """
        if not pid or len(pid) > MAX_PID or not pid.isprintable():
            raise SessionError(f"the participant id must be 1 to {MAX_PID} printable characters")
        if pid in self.joined:
            return self.joined[pid]
        counts = Counter(entry["condition"] for entry in self.joined.values())
        condition = assign(self.study, len(self.joined), counts)
        if condition is None:
            raise SessionError("this study is full: every condition has all its sessions")
        game = self.manager.registry.make_game(condition.game, **condition.options)
        seed = self.study.seed_for(condition, counts[condition.name])
        session = self.manager.create(condition.game, condition.seats(game.facts.num_players), seed, condition.options)
        session.completion = self.study.code_for(pid)
        link = session.seats[condition.seat].public(session.id)["link"]
        entry = {"study": self.study.name, "condition": condition.name, "pid": pid, "seat": condition.seat}
        self.manager.store.log(session.id, "study_join", entry)  # never the link: it holds the seat's token
        self.joined[pid] = {**entry, "link": link, "session": session.id}
        self.start(session)
        return self.joined[pid]


def add_study_routes(app: FastAPI, desk: StudyDesk) -> None:
    """Add the study's pages and API to ``app`` (see the module docstring)."""
    study = desk.study

    def answer(entry: dict[str, Any]) -> dict[str, Any]:
        return {k: entry[k] for k in ("pid", "condition", "session", "link")}

    @app.get("/study")
    async def landing(pid: str = "") -> HTMLResponse:
        """The instructions, the consent and a form to start."""
        pid = pid[:MAX_PID] or secrets.token_hex(6)
        body = (
            f"<h1>{html.escape(study.name)}</h1><section><h2>Instructions</h2>"
            f"<p>{html.escape(study.instructions)}</p></section><section><h2>Consent</h2>"
            f"<p>{html.escape(study.consent)}</p>"
            '<form action="/study/join" method="get">'
            f'<input type="hidden" name="pid" value="{html.escape(pid, quote=True)}">'
            '<label><input type="checkbox" name="consent" value="yes" required> I agree</label> '
            "<button>Start</button></form></section>"
        )
        return HTMLResponse(
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title>{html.escape(study.name)}</title><link rel="stylesheet" href="/static/app.css"></head>'
            f'<body><main id="app">{body}</main></body></html>'
        )

    @app.get("/study/join")
    async def join_form(pid: str = "", consent: str = "") -> Response:
        """The landing form's target: the participant's play page."""
        if consent != "yes":
            return JSONResponse({"error": "tick the consent box to take part"}, status_code=400)
        try:
            return RedirectResponse(desk.join(pid)["link"], status_code=303)
        except SessionError as err:
            return JSONResponse({"error": str(err)}, status_code=409 if "full" in str(err) else 400)

    @app.post("/api/study/join")
    async def join_api(request: Request) -> JSONResponse:
        """Join as ``pid`` after consenting: the assignment and the play link."""
        try:
            body = json.loads(await request.body())
        except ValueError:
            return JSONResponse({"error": "the request body must be JSON"}, status_code=400)
        if not isinstance(body, dict) or body.get("consent") is not True:
            return JSONResponse({"error": "joining needs {'pid': ..., 'consent': true}"}, status_code=400)
        try:
            return JSONResponse(answer(desk.join(str(body.get("pid", "")))))
        except SessionError as err:
            return JSONResponse({"error": str(err)}, status_code=409 if "full" in str(err) else 400)
