"""Sessions of ``accord serve``: the server holds every game's state; each seat sees only its view.

A :class:`Session` is one game between seats that are people (each with a secret token, connected
over a WebSocket) or agents (a preset, moving as soon as it is their turn, off the event loop). A
person's input is checked here: frame size, JSON, type, turn order, the game's action types and
finally the game's own rules; anything refused gets an error frame and changes nothing. Every event
goes to the :class:`~agent.web.store.SessionStore`. This module names no game: what a seat sees is
its kit's ``observation_view``, and a turn's actions are decoded with the kit's ``actions``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from agent.arena import agent_rng, apply_agent_turn
from agent.kits.base import GameKit, OptionsError, SeatTool
from agent.registry import Registry, UnknownNameError
from agent.web.store import SessionStore
from games.base import Game, IllegalTurnError, State, Turn
from language.text import error_line, error_summary

MAX_FRAME_BYTES = 16 * 1024
"""The largest frame a person may send (bytes of UTF-8)."""
MAX_QUERY_CHARS = 2000
"""The longest query a person may send a seat tool."""

Send = Callable[[dict[str, Any]], Awaitable[None]]
"""How a connection gets a frame (a WebSocket's ``send_json``)."""


class SessionError(ValueError):
    """A session request the server refuses (unknown game, preset or option, wrong seats); one line."""


def token_digest(token: str) -> str:
    """The SHA-256 of a seat token: what the log keeps of it (a seat resumes after a restart)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatInfo:
    """One seat of a session: a person (with its token, or after a restart only the token's
    digest) or an agent (with its preset)."""

    seat: int
    role: str
    kind: str
    preset: str | None = None
    token: str | None = None
    agent: Any = None
    digest: str | None = None

    def __post_init__(self) -> None:
        if self.token is not None and self.digest is None:
            self.digest = token_digest(self.token)

    def public(self, session: str) -> dict[str, Any]:
        """The seat as the creation response shows it (a person's play link carries its token)."""
        out: dict[str, Any] = {"seat": self.seat, "role": self.role, "kind": self.kind, "preset": self.preset}
        if self.kind == "person":
            out["link"] = f"/play/{session}?token={self.token}"
        return out

    def logged(self) -> dict[str, Any]:
        """The seat as the log keeps it: never the token, a person's token digest."""
        out: dict[str, Any] = {"seat": self.seat, "role": self.role, "kind": self.kind, "preset": self.preset}
        if self.kind == "person":
            out["token_sha256"] = self.digest
        return out


def actions_json(actions: Sequence[Any]) -> list[Any]:
    """A turn's formal actions as the log keeps them (JSON)."""
    return [a.model_dump(mode="json") if isinstance(a, BaseModel) else a for a in actions]


def _tool_request(data: Mapping[str, Any], tools: Mapping[str, SeatTool]) -> tuple[SeatTool, str, int | None] | str:
    """The tool, query and request id a tool frame asks for, or why it is refused."""
    name, query, ask_id = data.get("tool"), data.get("query"), data.get("id")
    extra = sorted(set(data) - {"type", "tool", "query", "id"})
    if extra:
        return f"unknown field {extra[0]!r} in a tool request"
    if not isinstance(name, str) or name not in tools:
        return f"this seat has no tool {str(name)[:40]!r} (its tools: {', '.join(tools) or 'none'})"
    if not isinstance(query, str):
        return "query must be a string"
    if len(query) > MAX_QUERY_CHARS:
        return f"query too long ({len(query)} > {MAX_QUERY_CHARS} characters)"
    if ask_id is not None and (not isinstance(ask_id, int) or isinstance(ask_id, bool)):
        return "id must be an integer"
    return tools[name], query, ask_id


@dataclass
class Session:
    """One game served to its seats (see the module docstring)."""

    id: str
    kit: GameKit
    game: Game
    seed: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    store: SessionStore
    state: State = field(init=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: dict[int, list[Send]] = field(default_factory=dict)
    watchers: list[Send] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)
    finished: bool = False
    pace: float = 0.0
    completion: str | None = None
    """A study participant's completion code, shown in the terminal view frame (None: no study)."""

    def __post_init__(self) -> None:
        self.state = self.game.new_initial_state(self.seed)
        for info in self.seats:
            if info.agent is not None:
                info.agent.reset(agent_rng(self.seed, info.seat))

    # ---- frames ---------------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The person seat that ``token`` opens in this session, or None."""
        if not token:
            return None
        digest = token_digest(token)
        for info in self.seats:
            if info.kind == "person" and info.digest is not None and secrets.compare_digest(info.digest, digest):
                return info.seat
        return None

    def metrics(self) -> dict[str, Any] | None:
        """The game's metrics as JSON once it is over, else None."""
        return self.state.metrics().model_dump(mode="json") if self.state.is_terminal() else None

    def view_frame(self, seat: int) -> dict[str, Any]:
        """What seat ``seat`` is sent: its own view of the state, never another seat's."""
        terminal = self.state.is_terminal()
        mine = not terminal and self.state.current_player == seat
        view = self.kit.observation_view(self.state, seat)
        frame: dict[str, Any] = {
            "type": "view",
            "seat": seat,
            "role": self.seats[seat].role,
            "game": self.kit.name,
            "view": view.model_dump(mode="json"),
            "tools": [
                {"name": tool.name, "description": tool.description, "example": tool.example}
                for tool in self.kit.tools_for(view)
            ],
            "your_turn": mine,
            "legal": list(self.state.legal_actions(seat)) if mine else [],
            "turn": len(self.state.history),
            "terminal": terminal,
            "metrics": self.metrics(),
        }
        if terminal and self.completion is not None:
            frame["completion"] = self.completion
        return frame

    def public_chat(self) -> list[dict[str, Any]]:
        """The chat lines every seat sees (who wrote them and the text), in order: a line only
        some seats see (a private room) is not public, so a watcher never gets it."""
        chats = [
            [(line.seat, line.speaker, line.message) for line in getattr(self.state.observation(seat), "chat", [])]
            for seat in range(len(self.seats))
        ]
        shared = Counter(chats[0])
        for chat in chats[1:]:
            shared &= Counter(chat)
        public = []
        for line in chats[0]:
            if shared[line] > 0:
                shared[line] -= 1
                public.append({"seat": line[0], "speaker": line[1], "message": line[2]})
        return public

    def watch_frame(self) -> dict[str, Any]:
        """What a watcher is sent: public data only, the chat every seat sees (never a view)."""
        return {
            "type": "watch",
            "game": self.kit.name,
            "chat": self.public_chat(),
            "turn": len(self.state.history),
            "terminal": self.state.is_terminal(),
            "metrics": self.metrics(),
        }

    async def _send(self, send: Send, frame: dict[str, Any]) -> None:
        try:
            await send(frame)
        except Exception:  # a connection that went away; its disconnect is logged by its handler
            pass

    async def broadcast(self) -> None:
        """Send every connected seat its own view and every watcher the public frame."""
        for seat, sends in list(self.connections.items()):
            frame = self.view_frame(seat)
            for send in list(sends):
                await self._send(send, frame)
        if self.watchers:
            frame = self.watch_frame()
            for send in list(self.watchers):
                await self._send(send, frame)

    # ---- connections ----------------------------------------------------------------------------
    async def connect(self, seat: int, send: Send) -> None:
        """A person's connection to ``seat`` (a reconnect when the seat was connected before)."""
        kind = "reconnect" if seat in self.seen else "connect"
        self.seen.add(seat)
        self.connections.setdefault(seat, []).append(send)
        self.store.log(self.id, kind, {}, seat)
        await self._send(send, self.view_frame(seat))

    def disconnect(self, seat: int, send: Send) -> None:
        """Forget one connection of ``seat``."""
        sends = self.connections.get(seat, [])
        if send in sends:
            sends.remove(send)
        self.store.log(self.id, "disconnect", {}, seat)

    async def watch(self, send: Send) -> None:
        """A watcher's connection: it gets the public frame now and after every turn."""
        self.watchers.append(send)
        self.store.log(self.id, "watch", {})
        await self._send(send, self.watch_frame())

    def unwatch(self, send: Send) -> None:
        """Forget a watcher."""
        if send in self.watchers:
            self.watchers.remove(send)

    # ---- input ----------------------------------------------------------------------------------
    async def refuse(self, seat: int, send: Send, reason: str, received: Any = None) -> None:
        """Tell ``seat`` why its input was refused (and log it); nothing else changes."""
        payload: dict[str, Any] = {"reason": reason}
        if received is not None:
            payload["received"] = received
        self.store.log(self.id, "refused", payload, seat)
        await self._send(send, {"type": "error", "message": reason})

    async def receive(self, seat: int, send: Send, text: str | bytes) -> None:
        """One frame from the person at ``seat``: a turn, or input that is refused."""
        if isinstance(text, bytes):
            await self.refuse(seat, send, "binary frames are not accepted; send JSON text")
            return
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FRAME_BYTES:
            await self.refuse(seat, send, f"frame too large ({size} > {MAX_FRAME_BYTES} bytes)", {"bytes": size})
            return
        try:
            data = json.loads(text)
        except ValueError:
            await self.refuse(seat, send, "malformed JSON", {"text": text})
            return
        if isinstance(data, dict) and data.get("type") == "tool":
            await self._use_tool(seat, send, data)
            return
        if not isinstance(data, dict) or data.get("type") != "turn":
            kind = data.get("type") if isinstance(data, dict) else type(data).__name__
            await self.refuse(seat, send, f"unknown frame type {kind!r}; send {{'type': 'turn', ...}}", data)
            return
        async with self.lock:
            self.store.log(self.id, "received", {"message": data.get("message"), "actions": data.get("actions")}, seat)
            reason = self._check_turn(seat, data)
            if isinstance(reason, str):
                await self.refuse(seat, send, reason)
                return
            try:
                self.state.apply(reason)
            except IllegalTurnError as err:
                await self.refuse(seat, send, str(err))
                return
            self._log_applied(seat, reason, None)
            await self._after_turn()
            await self._play_agents()

    async def _use_tool(self, seat: int, send: Send, data: Mapping[str, Any]) -> None:
        """Answer a seat tool's query from this seat's own view, to this seat alone (any time, not
        only on its turn; not a turn). A query the tool cannot answer gets its one-line error."""
        view = self.kit.observation_view(self.state, seat)
        request = _tool_request(data, {tool.name: tool for tool in self.kit.tools_for(view)})
        if isinstance(request, str):
            await self.refuse(seat, send, request, dict(data))
            return
        tool, query, ask_id = request
        answer: dict[str, Any] = {"type": "tool", "tool": tool.name, "query": query, "id": ask_id}
        try:
            answer["result"] = tool.run(view, query)
        except ValueError as err:
            answer["error"] = error_line(err)
        self.store.log(self.id, "tool", {k: v for k, v in answer.items() if k != "type"}, seat)
        await self._send(send, answer)

    def _check_turn(self, seat: int, data: Mapping[str, Any]) -> Turn | str:
        """The turn ``data`` asks for, or why it is refused before the rules see it."""
        if self.state.is_terminal():
            return "the game is over; no more turns are accepted"
        if self.state.current_player != seat:
            return "it is not your turn"
        message = data.get("message", "")
        if not isinstance(message, str):
            return "message must be a string"
        actions = data.get("actions", [])
        if not isinstance(actions, list):
            return "actions must be a list"
        extra = sorted(set(data) - {"type", "message", "actions"})
        if extra:
            return f"unknown field {extra[0]!r} in a turn"
        try:
            decoded = self.kit.decode_actions(actions)
        except ValidationError as err:
            problem = err.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "actions"
            return f"invalid action ({where}: {problem['msg']})"
        except ValueError as err:
            return error_line(err)
        return Turn(message=message, actions=tuple(decoded))

    def _log_applied(self, seat: int, turn: Turn, agent: Any, seconds: float | None = None) -> None:
        """Log an applied turn; an agent's also with its trace: the acts it parsed from each new
        message (``heard``), the acts of its intent (``acts``), its reasoning if any (``thought``),
        acts a turn check withdrew, and how long it took to decide (``seconds``)."""
        payload: dict[str, Any] = {
            "turn": len(self.state.history) - 1,
            "message": turn.message,
            "actions": actions_json(turn.actions),
        }
        traces = getattr(agent, "trace", None) if agent is not None else None
        if traces:
            trace = traces[-1]
            payload["heard"] = trace.heard
            payload["acts"] = trace.said
            if trace.thought:
                payload["thought"] = trace.thought
            if trace.withdrawn:
                payload["withdrawn"] = trace.withdrawn
        if seconds is not None:
            payload["seconds"] = round(seconds, 4)
        self.store.log(self.id, "applied", payload, seat)

    def record_finish(self) -> None:
        """Log the outcome once the game is over (once)."""
        if self.state.is_terminal() and not self.finished:
            self.finished = True
            metrics = self.metrics() or {}
            self.store.log(self.id, "finished", {"metrics": metrics, "returns": self.state.returns()})
            self.store.finish(self.id, metrics)

    async def _after_turn(self) -> None:
        self.record_finish()
        await self.broadcast()

    async def _play_agents(self) -> None:
        """Agent seats move while it is their turn (each move off the event loop)."""
        while not self.state.is_terminal():
            seat = self.state.current_player
            info = self.seats[seat]
            if info.agent is None:
                return
            observation = self.state.observation(seat)
            if self.pace > 0:
                await asyncio.sleep(self.pace)
            started = time.perf_counter()
            try:
                turn = await asyncio.to_thread(info.agent.act, observation)
            except Exception as err:  # a faulty agent stops its session, never the server
                reason = f"the agent in seat {seat} failed: {error_summary(err)}"
                self.store.log(self.id, "error", {"reason": reason}, seat)
                for sends in self.connections.values():
                    for send in list(sends):
                        await self._send(send, {"type": "error", "message": reason})
                return
            seconds = time.perf_counter() - started
            if turn is None:
                return
            turn, error = apply_agent_turn(self.state, turn)  # refused: its message alone, as in play_game
            if error is not None:
                self.store.log(self.id, "refused", {"reason": str(error), "agent": True}, seat)
            self._log_applied(seat, turn, info.agent, seconds)
            await self._after_turn()

    def agent_to_move(self) -> bool:
        """Whether an agent's seat is to move (it moves under the lock; a second start waits for
        the lock and then finds nothing to do, so starting an agent that is moving is harmless)."""
        return not self.state.is_terminal() and self.seats[self.state.current_player].agent is not None

    async def start(self) -> None:
        """Let the agents move if the game opens with theirs (an agents-only session plays out)."""
        async with self.lock:
            await self._play_agents()


class SessionManager:
    """Every session of one server: creation from a request, and lookup by id. ``pace`` is a pause
    in seconds before each agent turn (0: none), so that people can follow agents playing live;
    at most ``limit`` sessions are in play at once (finished ones do not count)."""

    def __init__(self, registry: Registry, store: SessionStore, pace: float = 0.0, limit: int = 1000) -> None:
        self.registry = registry
        self.store = store
        self.pace = pace
        self.limit = limit
        self.sessions: dict[str, Session] = {}

    def create(
        self, game: str, seats: Sequence[str], seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Session:
        """A new session of ``game`` with one seat per entry of ``seats`` (``person`` or
        ``agent:<preset>``), played from ``seed``.

        Raises:
            SessionError: an unknown game, preset or option, the wrong number of seats, or
                ``limit`` sessions in play already.
        """
        in_play = sum(not s.finished for s in self.sessions.values())
        if in_play >= self.limit:
            raise SessionError(f"the server is full ({in_play} sessions in play); try again later")
        options = dict(options or {})
        kit, built = self.build_game(game, options)
        infos = self.seat_infos(kit, built, seats)
        sid = secrets.token_hex(8)  # hex: an id never starts with "-", which a command line would read as an option
        logged = [info.logged() for info in infos]
        self.store.create_session(sid, kit.name, seed, options, logged)
        session = Session(sid, kit, built, seed, options, infos, self.store, pace=self.pace)
        self.store.log(sid, "created", {"game": kit.name, "seed": seed, "options": options, "seats": logged})
        self.sessions[sid] = session
        return session

    def build_game(self, game: str, options: Mapping[str, Any]) -> tuple[GameKit, Game]:
        """The kit of ``game`` and the game built with ``options``.

        Raises:
            SessionError: an unknown game or a bad option (one line).
        """
        try:
            kit = self.registry.kit(game)
            return kit, self.registry.make_game(kit.name, **options)
        except (UnknownNameError, OptionsError, ValueError, TypeError) as err:
            raise SessionError(error_line(err)) from None

    def seat_infos(self, kit: GameKit, game: Game, seats: Sequence[str]) -> list[SeatInfo]:
        """One seat per entry of ``seats`` (``person``, with a new token, or ``agent:<preset>``).

        Raises:
            SessionError: the wrong number of seats, an unknown preset, or one that needs a model.
        """
        facts = game.facts
        if not isinstance(seats, list | tuple) or len(seats) != facts.num_players:
            raise SessionError(f"{kit.name} has {facts.num_players} seats ({', '.join(facts.player_names)})")
        infos = []
        for seat, kind in enumerate(seats):
            role = facts.player_names[seat]
            if kind == "person":
                infos.append(SeatInfo(seat, role, "person", token=secrets.token_urlsafe(18)))
            elif isinstance(kind, str) and kind.startswith("agent:"):
                preset = kind.split(":", 1)[1]
                try:
                    spec = self.registry.preset(kit.name, preset)
                    if self.registry.llm_stages(spec):
                        raise SessionError(f"preset {preset!r} needs a language model; the server plays offline")
                    agent = self.registry.build_agent(spec)
                except (UnknownNameError, OptionsError) as err:
                    raise SessionError(error_line(err)) from None
                infos.append(SeatInfo(seat, role, "agent", preset=preset, agent=agent))
            else:
                raise SessionError(f"seat {seat}: {kind!r} is neither 'person' nor 'agent:<preset>'")
        return infos

    def get(self, session: str) -> Session | None:
        """The session with id ``session``, if any."""
        return self.sessions.get(session)
