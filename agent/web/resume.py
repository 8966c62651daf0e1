"""Sessions that outlive a restart of ``accord serve``: every session the log holds unfinished is
rebuilt and played again up to where it stopped, so that its people reopen their links and go on.

A session is rebuilt from its ``created`` record (game, options, seed, seats) and its ``applied``
turns in order: a person's turn is applied as logged; an agent's seat is rebuilt from its preset and
asked again for each of its turns, which must come out as logged (agents are deterministic per seed,
so this restores their beliefs exactly). A person's seat opens with the same token as before: the
log keeps its SHA-256, never the token. A session that cannot be rebuilt (an unknown game or preset
now, a turn the rules refuse, an agent that plays differently) is logged as ``abandoned`` with the
reason, once, and left out; its events stay in the log. This module names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from agent.arena import apply_agent_turn
from agent.web.sessions import SeatInfo, Session, SessionError, SessionManager, actions_json
from games.base import Turn
from language.text import error_line


def _rebuild(manager: SessionManager, row: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> Session:
    """The session of log row ``row`` played up to its last logged turn.

    Raises:
        SessionError: it cannot be rebuilt (one line: why).
    """
    kit, game = manager.build_game(row["game"], row["options"])
    seats = row["seats"]
    kinds = ["person" if s["kind"] == "person" else f"agent:{s['preset']}" for s in seats]
    infos = manager.seat_infos(kit, game, kinds)
    for info, logged in zip(infos, seats, strict=True):
        if info.kind == "person":  # the token stays unknown; the seat opens with the old one's digest
            if not logged.get("token_sha256"):
                raise SessionError(f"the log holds no token digest of seat {info.seat} (an older server wrote it)")
            infos[info.seat] = SeatInfo(info.seat, info.role, "person", digest=logged["token_sha256"])
    session = Session(row["id"], kit, game, row["seed"], dict(row["options"]), infos, manager.store, pace=manager.pace)
    state = session.state
    for n, event in enumerate(e for e in events if e["kind"] == "applied"):
        seat, payload = event["seat"], event["payload"]
        if state.is_terminal() or state.current_player != seat:
            raise SessionError(f"logged turn {n} of seat {seat} is out of turn on replay")
        agent = infos[seat].agent
        if agent is not None:
            turn = agent.act(state.observation(seat))
            if turn is None:
                raise SessionError(f"the agent in seat {seat} no longer moves at logged turn {n}")
            turn, _ = apply_agent_turn(state, turn)
            if turn.message != payload.get("message") or actions_json(turn.actions) != payload.get("actions"):
                raise SessionError(f"the agent in seat {seat} plays logged turn {n} differently now")
        else:
            try:
                actions = kit.decode_actions(payload.get("actions", []))
                state.apply(Turn(message=payload.get("message", ""), actions=tuple(actions)))
            except Exception as err:  # a logged turn the rules now refuse: the session cannot resume
                raise SessionError(f"logged turn {n} is refused on replay: {error_line(err)}") from None
    session.seen = {e["seat"] for e in events if e["kind"] in ("connect", "reconnect") and e["seat"] is not None}
    session.record_finish()  # the server stopped after the last turn, before logging the outcome
    return session


def resume_sessions(manager: SessionManager) -> tuple[list[Session], list[str]]:
    """Rebuild every session that ``manager``'s log holds unfinished (see the module docstring).

    Returns:
        The sessions resumed (now in ``manager``), and one line per session abandoned now.
    """
    store = manager.store
    events: dict[str, list[dict[str, Any]]] = {}
    for event in store.events():
        events.setdefault(event["session"], []).append(event)
    resumed: list[Session] = []
    abandoned: list[str] = []
    for row in store.sessions():
        own = events.get(row["id"], [])
        if row["finished"] is not None or row["id"] in manager.sessions or any(e["kind"] == "abandoned" for e in own):
            continue
        try:
            session = _rebuild(manager, row, own)
        except SessionError as err:
            store.log(row["id"], "abandoned", {"reason": f"not resumed after a restart: {err}"})
            abandoned.append(f"{row['id']}: {err}")
            continue
        manager.sessions[session.id] = session
        if not session.finished:
            resumed.append(session)
    return resumed, abandoned
