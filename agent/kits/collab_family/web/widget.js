// The Collab games' board (one widget for both kits; interface in agent/web/static/app.js): every
// room with the rooms it leads to and who is in it, the doors and their buttons (Capture) or the
// generators, the exit and the killer's intent (Escape). On this seat's turn each legal move is a
// button; the chat text goes with the move. The partner's move stays hidden until the turn resolves.

import { el } from "/static/common.js";

export const stylesheet = "widget.css";

function moveText(action, room) {
  if (!action || !action.kind) return "";
  if (action.kind === "move") return `move to room ${action.room}`;
  if (action.kind === "press") return `press the button in room ${room}`;
  if (action.kind === "fix") return `fix the generator in room ${room}`;
  return `${action.kind} in room ${room}`;
}

function actText(action) {
  return `${action.kind}${action.room ? " " + action.room : ""}`;
}

export function describeAction(record) {
  if (!record || record.turn === undefined) return "";
  const [a, b] = record.rooms || [];
  return `turn ${record.turn}: Alice ${actText(record.alice)}, Bob ${actText(record.bob)}; now Alice in ${a}, Bob in ${b}; adversary ${record.adversary_from} -> ${record.adversary_to} (${record.result})`;
}

export function composeTurn(frame, message, root) {
  root.querySelector(".collab-hint")?.focus();
  return null; // a turn is a move: the message goes with the move's button
}

function roomNotes(view, room, buttons, generators) {
  const notes = [];
  if (buttons.has(room)) notes.push(`button: door ${buttons.get(room).between.join("-")}`);
  if (generators.has(room)) {
    const g = generators.get(room);
    notes.push(g.repaired ? "generator repaired" : `generator ${g.fixes}/${g.needed}`);
  }
  if (view.killer !== undefined && view.exit_room === room) notes.push(view.exit_open ? "exit OPEN" : "exit closed");
  return notes;
}

function rooms(view) {
  const isKiller = view.killer !== undefined;
  const [alice, bob] = view.rooms;
  const adversary = isKiller ? view.killer : view.thief;
  const buttons = new Map((view.doors || []).map((d) => [d.button_room, d]));
  const generators = new Map((view.generators || []).map((g) => [g.room, g]));
  const grid = el("ul", { className: "rooms", "aria-label": "Rooms" });
  const ids = Object.keys(view.adjacency).map(Number).sort((x, y) => x - y);
  for (const room of ids) {
    const who = [];
    if (alice === room) who.push("Alice");
    if (bob === room) who.push("Bob");
    if (adversary === room) who.push(isKiller ? "Killer" : "Thief");
    const notes = roomNotes(view, room, buttons, generators);
    const links = view.adjacency[room].join(", ");
    const label = `Room ${room}: ${who.join(", ") || "empty"}; leads to ${links}${notes.length ? "; " + notes.join("; ") : ""}`;
    const item = el("li", {
      className: `room${who.length ? " occupied" : ""}${adversary === room ? " adversary" : ""}`,
      "aria-label": label,
    }, [
      el("strong", { text: `Room ${room}` }),
      el("span", { className: "who", text: who.join(", ") || "\u00a0" }),
      el("span", { className: "links", text: `to ${links}` }),
    ]);
    for (const note of notes) item.append(el("span", { className: "note", text: note }));
    grid.append(item);
  }
  return grid;
}

function facts(view) {
  const lines = [`Turn ${view.turn} of ${view.max_turns} (${view.rules} rules)`];
  if (view.doors) lines.push(`Doors: ${view.doors.map((d) => `${d.between.join("-")} ${d.open ? "open" : "closed"}`).join(", ")}`);
  if (view.killer !== undefined) {
    const unaware = view.killer_target === null || view.killer_target === undefined;
    lines.push(unaware
      ? `The killer (room ${view.killer}) is unaware of you: it moves to a random room its room lists.`
      : `The killer (room ${view.killer}) will certainly move to ${["Alice", "Bob"][view.killer_target]}'s room.`);
  }
  return el("div", { className: "facts" }, lines.map((text) => el("p", { text })));
}

function moves(view, frame, api) {
  const room = view.rooms[view.seat];
  const row = el("div", { className: "moves", role: "group", "aria-label": "Your moves" });
  for (const action of view.legal || []) {
    const label = moveText(action, room);
    const b = el("button", { type: "button", className: "move", text: label, "aria-label": label });
    b.disabled = !frame.your_turn;
    b.addEventListener("click", () => api.send(api.draftMessage(), [action]));
    row.append(b);
  }
  return row;
}

export function render(root, frame, api) {
  const view = frame.view;
  const board = el("div", { className: "collab" }, [facts(view), rooms(view), moves(view, frame, api)]);
  board.append(
    el("p", {
      className: "collab-hint hint",
      tabindex: "-1",
      text: frame.your_turn ? "Your turn: choose a move (the chat text goes with it)." : "Wait for your partner's move.",
    }),
  );
  const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
  root.replaceChildren(board);
  if (focused) root.querySelector(`[aria-label="${CSS.escape(focused)}"]`)?.focus();
}
