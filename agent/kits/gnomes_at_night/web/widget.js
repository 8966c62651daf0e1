// Gnomes at Night's board (the kit's widget; interface in agent/web/static/app.js): this player's own
// side of the maze (its walls only), the shared token, the treasure when this side sees it this
// round, the round and turn counters. Arrow keys (on the board) and the buttons send a move with the
// chat text as the turn's message; Send alone is a turn that stays put.

import { el as html, svg, facts } from "/static/common.js";

export const stylesheet = "widget.css";

const CELL = 44;
const PAD = 8;
const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const LABELS = { up: "Move up", left: "Move left", stay: "Stay", right: "Move right", down: "Move down" };
const GLYPHS = { up: "↑", left: "←", stay: "•", right: "→", down: "↓" };

export function describeAction(action) {
  if (action && action.kind === "move") return action.move === "stay" ? "stayed" : `moved ${action.move}`;
  return "";
}

function build(root, view, state) {
  const n = view.size;
  const side = n * CELL + 2 * PAD;
  const wrap = html("div", { className: "gnomes" });
  const figure = svg("svg", {
    viewBox: `0 0 ${side} ${side}`, class: "maze", tabindex: 0, role: "application",
    "aria-label": `Your side of the ${n} by ${n} maze; arrow keys move the token`,
  });
  const grid = svg("g", { class: "grid" });
  for (let i = 0; i <= n; i++) {
    grid.append(svg("line", { x1: PAD, y1: PAD + i * CELL, x2: PAD + n * CELL, y2: PAD + i * CELL }));
    grid.append(svg("line", { x1: PAD + i * CELL, y1: PAD, x2: PAD + i * CELL, y2: PAD + n * CELL }));
  }
  const walls = svg("g", { class: "walls" });
  view.vertical.forEach((row, y) =>
    row.forEach((wall, x) => {
      if (wall) {
        const wx = PAD + (x + 1) * CELL;
        walls.append(svg("line", { x1: wx, y1: PAD + y * CELL, x2: wx, y2: PAD + (y + 1) * CELL }));
      }
    }),
  );
  view.horizontal.forEach((row, y) =>
    row.forEach((wall, x) => {
      if (wall) {
        const wy = PAD + (y + 1) * CELL;
        walls.append(svg("line", { x1: PAD + x * CELL, y1: wy, x2: PAD + (x + 1) * CELL, y2: wy }));
      }
    }),
  );
  walls.append(svg("rect", { x: PAD, y: PAD, width: n * CELL, height: n * CELL, class: "border" }));
  const [sx, sy] = view.start;
  const start = svg("rect", { x: PAD + sx * CELL + 4, y: PAD + sy * CELL + 4, width: CELL - 8, height: CELL - 8, class: "start" });
  state.treasure = svg("g", { class: "treasure" });
  state.token = svg("circle", { r: CELL / 2 - 9, class: "token" });
  figure.append(start, grid, walls, state.treasure, state.token);
  figure.addEventListener("keydown", (event) => {
    const move = ARROWS[event.key] || (event.key === " " ? "stay" : null);
    if (!move) return;
    event.preventDefault();
    send(state, move);
  });
  wrap.append(figure);

  const panel = html("div", { className: "gnomes-side" });
  const [dl, fact] = facts("gnomes-facts");
  state.round = fact("Round");
  state.roundTurns = fact("Turns this round");
  state.turnsLeft = fact("Turns left");
  state.solved = fact("Treasures found");
  state.treasureFact = fact("Treasure");
  panel.append(dl);
  const pad = html("div", { className: "pad", role: "group", "aria-label": "Moves" });
  state.buttons = {};
  for (const move of ["up", "left", "stay", "right", "down"]) {
    const b = html("button", { type: "button", className: `move ${move}`, "aria-label": LABELS[move], text: GLYPHS[move] });
    b.addEventListener("click", () => send(state, move));
    pad.append(b);
    state.buttons[move] = b;
  }
  panel.append(pad);
  state.note = html("p", { className: "note", "aria-live": "polite" });
  panel.append(state.note);
  panel.append(html("p", { className: "hint", text: "The chat text goes with your move. Your walls block only your moves; your partner's walls are hidden from you." }));
  wrap.append(panel);
  root.replaceChildren(wrap);
  state.figure = figure;
}

function send(state, move) {
  const { frame } = state;
  if (!frame.your_turn || frame.terminal) {
    state.note.textContent = "Wait for your turn.";
    return;
  }
  if (!frame.legal.includes(move)) {
    state.note.textContent = `A wall blocks ${move} on your side.`;
    return;
  }
  state.note.textContent = "";
  state.api.send(state.api.draftMessage(), [{ kind: "move", move }]);
}

function place(node, [x, y]) {
  node.setAttribute("cx", PAD + x * CELL + CELL / 2);
  node.setAttribute("cy", PAD + y * CELL + CELL / 2);
}

export function render(root, frame, api) {
  const view = frame.view;
  const signature = JSON.stringify([view.size, view.vertical, view.horizontal, view.start]);
  let state = root.__gnomes;
  if (!state || state.signature !== signature) {
    state = { signature };
    root.__gnomes = state;
    build(root, view, state);
  }
  state.frame = frame;
  state.api = api;
  place(state.token, view.token);
  state.treasure.replaceChildren();
  if (view.treasure) {
    const [x, y] = view.treasure;
    const cx = PAD + x * CELL + CELL / 2;
    const cy = PAD + y * CELL + CELL / 2;
    const r = CELL / 2 - 8;
    const points = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? r / 2.2 : r;
      points.push(`${cx + rr * Math.cos(a)},${cy + rr * Math.sin(a)}`);
    }
    state.treasure.append(svg("polygon", { points: points.join(" ") }));
  }
  state.round.textContent = `${view.round} of ${view.rounds}`;
  state.roundTurns.textContent = String(view.round_turns);
  state.turnsLeft.textContent = String(view.turns_left);
  state.solved.textContent = String(view.rounds_solved);
  state.treasureFact.textContent = view.treasure
    ? `you see it at column ${view.treasure[0] + 1}, row ${view.treasure[1] + 1}`
    : "hidden from you this round";
  for (const [move, b] of Object.entries(state.buttons)) {
    b.disabled = !frame.your_turn || frame.terminal || !frame.legal.includes(move);
  }
  const [tx, ty] = view.token;
  state.figure.setAttribute(
    "aria-label",
    `Your side of the ${view.size} by ${view.size} maze; the token is at column ${tx + 1}, row ${ty + 1}; ` +
      `arrow keys move it${frame.your_turn ? "" : " on your turn"}`,
  );
}
