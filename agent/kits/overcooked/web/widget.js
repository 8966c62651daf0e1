// Overcooked's kitchen (the kit's widget; interface in agent/web/static/app.js), drawn from the
// observation JSON: counters (with what lies on them), onion and dish dispensers, pots (onions in
// them, a cooking bar, ready when full), the serving window, and both chefs with their facing and what
// they hold. Arrow keys (on the kitchen) and the pad send a move, Space or the Interact button an
// interaction, "." or Stay stays; the chat text goes with the action. Send alone is a turn that stays.

import { el as html, svg, facts } from "/static/common.js";

export const stylesheet = "widget.css";

const CELL = 56;
const ARROWS = { ArrowUp: "north", ArrowDown: "south", ArrowRight: "east", ArrowLeft: "west" };
const LABELS = { north: "Move north", west: "Move west", stay: "Stay", east: "Move east", south: "Move south", interact: "Interact" };
const GLYPHS = { north: "↑", west: "←", stay: "•", east: "→", south: "↓", interact: "Use" };
const TERRAIN = { X: "counter", O: "onion dispenser", D: "dish dispenser", P: "pot", S: "serving window", " ": "floor" };
const FACING = { "0,-1": "north", "0,1": "south", "1,0": "east", "-1,0": "west" };
const DONE = { north: "moved north", south: "moved south", east: "moved east", west: "moved west", stay: "stayed", interact: "interacted" };

export function describeAction(action) {
  return action && action.action ? DONE[action.action] || action.action : "";
}

export function composeTurn(frame, message) {
  return { message, actions: [{ action: "stay" }] }; // Send alone: the chef stays, the message goes
}

function soupText(soup, cookTime) {
  const n = soup.ingredients.length;
  const onions = `${n} onion${n === 1 ? "" : "s"}`;
  if (soup.cooking_tick < 0) return `${onions}, not cooking`;
  if (soup.cooking_tick >= cookTime) return `${onions}, ready`;
  return `${onions}, cooking ${soup.cooking_tick} of ${cookTime}`;
}

function itemText(obj, cookTime) {
  if (!obj) return "nothing";
  if (obj.name === "soup") return `a soup (${soupText(obj, cookTime)})`;
  return obj.name === "onion" ? "an onion" : `a ${obj.name}`;
}

function itemGlyph(group, obj, cx, cy, r, cookTime) {
  if (obj.name === "onion") group.append(svg("circle", { cx, cy, r, class: "onion" }));
  else if (obj.name === "dish") group.append(svg("ellipse", { cx, cy, rx: r * 1.3, ry: r * 0.8, class: "dish" }));
  else {
    group.append(svg("ellipse", { cx, cy, rx: r * 1.3, ry: r * 0.8, class: "dish" }));
    group.append(svg("circle", { cx, cy, r: r * 0.7, class: obj.cooking_tick >= cookTime ? "soup ready" : "soup" }));
  }
}

function terrain(view) {
  const g = svg("g", { class: "terrain" });
  view.grid.forEach((row, y) =>
    [...row].forEach((c, x) => {
      const kind = TERRAIN[c] || "floor";
      g.append(svg("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: `tile ${kind.replace(/ /g, "-")}` }));
      const letter = { O: "O", D: "D", S: "S", P: "P" }[c];
      if (letter) {
        const t = svg("text", { x: x * CELL + CELL / 2, y: c === "P" ? y * CELL + 13 : y * CELL + CELL - 6, class: `tile-letter ${kind.replace(/ /g, "-")}` });
        t.textContent = letter;
        g.append(t);
      }
    }),
  );
  return g;
}

function objects(view) {
  const g = svg("g", { class: "objects" });
  for (const obj of view.kitchen.objects) {
    const [x, y] = obj.position;
    const cx = x * CELL + CELL / 2;
    const cy = y * CELL + CELL / 2;
    if (view.grid[y][x] === "P") {
      const n = obj.ingredients.length;
      for (let i = 0; i < n; i++) g.append(svg("circle", { cx: cx - 12 + i * 12, cy: cy - 6, r: 5, class: "onion" }));
      const t = Math.max(0, Math.min(obj.cooking_tick, view.cook_time));
      const ready = obj.cooking_tick >= view.cook_time;
      g.append(svg("rect", { x: x * CELL + 6, y: y * CELL + CELL - 14, width: CELL - 12, height: 7, class: "bar" }));
      if (obj.cooking_tick >= 0) {
        g.append(svg("rect", { x: x * CELL + 6, y: y * CELL + CELL - 14, width: ((CELL - 12) * t) / view.cook_time, height: 7, class: ready ? "bar-fill ready" : "bar-fill" }));
      }
    } else {
      itemGlyph(g, obj, cx, cy, 9, view.cook_time);
    }
  }
  return g;
}

function chefs(view) {
  const g = svg("g", { class: "chefs" });
  view.kitchen.chefs.forEach((chef, seat) => {
    const [x, y] = chef.position;
    const [dx, dy] = chef.orientation;
    const cx = x * CELL + CELL / 2;
    const cy = y * CELL + CELL / 2;
    const r = CELL / 2 - 8;
    const tip = [cx + dx * (r + 6), cy + dy * (r + 6)];
    const side = [-dy, dx];
    const base1 = [cx + dx * (r - 4) + side[0] * 7, cy + dy * (r - 4) + side[1] * 7];
    const base2 = [cx + dx * (r - 4) - side[0] * 7, cy + dy * (r - 4) - side[1] * 7];
    const who = seat === view.seat ? "you" : "partner";
    g.append(svg("polygon", { points: [tip, base1, base2].map((p) => p.join(",")).join(" "), class: `facing ${who}` }));
    g.append(svg("circle", { cx, cy, r, class: `chef ${who}` }));
    const t = svg("text", { x: cx, y: cy + 5, class: "chef-letter" });
    t.textContent = view.players[seat][0];
    g.append(t);
    if (chef.held) itemGlyph(g, chef.held, cx + r * 0.6, cy + r * 0.6, 7, view.cook_time);
  });
  return g;
}

function describeKitchen(view) {
  const lines = [];
  view.kitchen.chefs.forEach((chef, seat) => {
    const name = seat === view.seat ? `You (${view.players[seat]})` : view.players[seat];
    lines.push(`${name}: column ${chef.position[0] + 1}, row ${chef.position[1] + 1}, facing ${FACING[chef.orientation.join(",")]}, holding ${itemText(chef.held, view.cook_time)}`);
  });
  view.grid.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if (c !== "P") return;
      const soup = view.kitchen.objects.find((o) => o.position[0] === x && o.position[1] === y);
      lines.push(`Pot at column ${x + 1}, row ${y + 1}: ${soup ? soupText(soup, view.cook_time) : "empty"}`);
    }),
  );
  for (const obj of view.kitchen.objects) {
    const [x, y] = obj.position;
    if (view.grid[y][x] === "X") lines.push(`Counter at column ${x + 1}, row ${y + 1}: ${itemText(obj, view.cook_time)}`);
  }
  return lines;
}

function build(root, view, state) {
  const wrap = html("div", { className: "overcooked" });
  const figure = svg("svg", {
    viewBox: `0 0 ${view.width * CELL} ${view.height * CELL}`, class: "kitchen", tabindex: 0, role: "application",
    "aria-label": `The ${view.layout} kitchen; arrow keys move your chef, Space interacts, "." stays`,
  });
  figure.append(terrain(view));
  state.objects = svg("g");
  state.chefs = svg("g");
  figure.append(state.objects, state.chefs);
  figure.addEventListener("keydown", (event) => {
    const action = ARROWS[event.key] || (event.key === " " || event.key === "e" ? "interact" : event.key === "." ? "stay" : null);
    if (!action) return;
    event.preventDefault();
    send(state, action);
  });
  wrap.append(figure);
  const panel = html("div", { className: "overcooked-side" });
  const [dl, fact] = facts("overcooked-facts");
  state.step = fact("Step");
  state.score = fact("Score");
  state.pending = fact("Your action");
  state.last = fact("Last step");
  panel.append(dl);
  const pad = html("div", { className: "pad", role: "group", "aria-label": "Actions" });
  state.buttons = {};
  for (const action of ["north", "west", "stay", "east", "south", "interact"]) {
    const b = html("button", { type: "button", className: `move ${action}`, "aria-label": LABELS[action], text: GLYPHS[action] });
    b.addEventListener("click", () => send(state, action));
    pad.append(b);
    state.buttons[action] = b;
  }
  panel.append(pad);
  state.note = html("p", { className: "note", "aria-live": "polite" });
  state.list = html("ul", { className: "kitchen-facts", "aria-label": "Kitchen" });
  panel.append(state.note, state.list);
  panel.append(html("p", { className: "hint", text: "Three onions in a pot cook by themselves; take the ready soup with a dish and serve it for 20. The chat text goes with your action." }));
  wrap.append(panel);
  root.replaceChildren(wrap);
}

function send(state, action) {
  const { frame } = state;
  if (!frame.your_turn || frame.terminal) {
    state.note.textContent = "Wait for your turn.";
    return;
  }
  state.note.textContent = "";
  state.api.send(state.api.draftMessage(), [{ action }]);
}

export function render(root, frame, api) {
  const view = frame.view;
  const signature = JSON.stringify([view.layout, view.grid]);
  let state = root.__overcooked;
  if (!state || state.signature !== signature) {
    state = { signature };
    root.__overcooked = state;
    build(root, view, state);
  }
  state.frame = frame;
  state.api = api;
  state.objects.replaceChildren(objects(view));
  state.chefs.replaceChildren(chefs(view));
  state.step.textContent = `${view.kitchen.timestep} of ${view.horizon}`;
  state.score.textContent = `${view.score} (${view.deliveries} soups)`;
  state.pending.textContent = view.pending ? `${view.pending} (waiting for your partner)` : "none yet";
  state.last.textContent = view.last_step ? view.last_step.actions.map((a, i) => `${view.players[i]} ${a}`).join(", ") : "none yet";
  state.list.replaceChildren(...describeKitchen(view).map((text) => html("li", { text })));
  for (const b of Object.values(state.buttons)) b.disabled = !frame.your_turn || frame.terminal;
}
