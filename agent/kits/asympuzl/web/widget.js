// AsymPuzl's board (the kit's widget; interface in agent/web/static/app.js): this player's clues, its
// own working hypothesis as an editor (a shape and a color per position), the feedback it reads and
// the turn counter. Send attaches one Replace action per edited position (composeTurn); the partner
// never sees the hypothesis, only the chat.

import { el, svg } from "/static/common.js";

export const stylesheet = "widget.css";

const UNKNOWN = "";

const pieceText = (piece) => (piece.color ? `${piece.color} ${piece.shape}` : piece.shape);

function swatch(color) {
  const box = svg("svg", { width: 14, height: 14, "aria-hidden": "true", class: "swatch" });
  box.append(svg("rect", { width: 14, height: 14, rx: 3, fill: color || "transparent", stroke: "#888" }));
  return box;
}

function select(label, options, value) {
  const node = el("select", { "aria-label": label });
  for (const [optionValue, text] of options) node.append(el("option", { value: optionValue, text }));
  node.value = value;
  return node;
}

function build(root, view, state) {
  const clues = el("section", { className: "clues", "aria-label": "Your clues" });
  clues.append(el("h2", { text: `Your clues (${view.name})` }));
  const positional = view.clues.every((c) => !c.color);
  const list = el(positional ? "ol" : "ul");
  for (const clue of view.clues) {
    list.append(el("li", {}, [swatch(clue.color), ` ${pieceText(clue)}`]));
  }
  clues.append(list);
  clues.append(
    el("p", {
      className: "hint",
      text: positional ? "The shape at each position, in order." : "Shape and color pairs, in no particular order.",
    }),
  );

  const table = el("table", { className: "hypothesis" });
  table.append(el("caption", { text: "Your hypothesis (only you see it)" }));
  table.append(
    el("thead", {}, [
      el("tr", {}, [
        el("th", { scope: "col", text: "position" }),
        el("th", { scope: "col", text: "shape" }),
        el("th", { scope: "col", text: "color" }),
      ]),
    ]),
  );
  const body = el("tbody");
  state.rows = [];
  const shapes = view.shapes.map((s) => [s, s]);
  const colors = [[UNKNOWN, "unknown"], ...view.colors.map((c) => [c, c])];
  for (let i = 0; i < view.size; i++) {
    const shape = select(`Shape at position ${i + 1}`, shapes, "");
    const color = select(`Color at position ${i + 1}`, colors, UNKNOWN);
    const row = el("tr", {}, [el("th", { scope: "row", text: String(i + 1) }), el("td", {}, [shape]), el("td", {}, [color])]);
    const mark = () => row.classList.toggle("edited", edited(state, i));
    shape.addEventListener("change", mark);
    color.addEventListener("change", mark);
    body.append(row);
    state.rows.push({ row, shape, color });
  }
  table.append(body);
  state.reset = el("button", { type: "button", className: "secondary", text: "Undo edits", "aria-label": "Undo the edits to your hypothesis" });
  state.reset.addEventListener("click", () => load(state, true));
  state.feedback = el("p", { className: "feedback", "aria-live": "polite" });
  state.counter = el("p", { className: "counter" });
  const editor = el("section", { className: "editor", "aria-label": "Your hypothesis" }, [
    table,
    el("p", { className: "hint", text: "Edit positions, then Send: your edits go with your message." }),
    state.reset,
    state.counter,
    state.feedback,
  ]);
  root.replaceChildren(el("div", { className: "asympuzl" }, [clues, editor]));
}

function edited(state, i) {
  const piece = state.view.hypothesis[i];
  const { shape, color } = state.rows[i];
  return shape.value !== piece.shape || color.value !== (piece.color || UNKNOWN);
}

function load(state, force) {
  state.view.hypothesis.forEach((piece, i) => {
    const { row, shape, color } = state.rows[i];
    if (force || !row.classList.contains("edited")) {
      shape.value = piece.shape;
      color.value = piece.color || UNKNOWN;
    }
    row.classList.toggle("edited", edited(state, i));
    const wrong = (state.view.feedback.own_wrong || []).includes(i + 1);
    row.classList.toggle("wrong", wrong);
  });
}

export function composeTurn(frame, message, root) {
  const state = root.__asympuzl;
  if (!state) return { message, actions: [] };
  const actions = [];
  state.rows.forEach(({ shape, color }, i) => {
    if (edited(state, i)) actions.push({ replace: i + 1, by: { shape: shape.value, color: color.value || null } });
  });
  state.sent = true;
  return { message, actions };
}

export function render(root, frame, api) {
  const view = frame.view;
  const signature = JSON.stringify([view.size, view.clues]);
  let state = root.__asympuzl;
  if (!state || state.signature !== signature) {
    state = { signature };
    root.__asympuzl = state;
    state.view = view;
    build(root, view, state);
    load(state, true);
  }
  state.view = view;
  load(state, Boolean(state.sent)); // after a turn the hypothesis is the server's again
  state.sent = false;
  for (const { shape, color } of state.rows) {
    shape.disabled = frame.terminal;
    color.disabled = frame.terminal;
  }
  state.counter.textContent = `Turn ${view.turn} of ${view.turn_cap}`;
  state.feedback.textContent = view.feedback.text || "";
}
