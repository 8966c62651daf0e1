// Traveling Adventurers' board (the kit's widget; interface in agent/web/static/app.js): the rooms
// as a graph with this player's own coins on the hallways, the tour being built, this player's and
// the partner's submissions, the path agreed so far and the partner's pending suggestion ("Follow
// partner" takes it into the tour): the kit's view reads both from the chat with the game's rule
// parser and agreement tracker (agent/kits/traveling_adventurers/view.py). Rooms are buttons: click, Enter or Space adds a room to the tour (the last
// one again takes it back); "Submit tour" sends a Submit action with the chat text as message.

import { el as html, svg, facts } from "/static/common.js";

export const stylesheet = "widget.css";

const SIZE = 520;

const key = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const pathText = (path) => (path && path.length ? path.join(" → ") : "none");

export function describeAction(action) {
  if (action && action.kind === "submit") return `submitted the tour ${pathText(action.path)}`;
  return "";
}

function positions(letters) {
  const n = letters.length;
  const r = SIZE / 2 - 60;
  const out = {};
  letters.forEach((letter, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
    out[letter] = [SIZE / 2 + r * Math.cos(angle), SIZE / 2 + r * Math.sin(angle)];
  });
  return out;
}

function build(root, view, state) {
  const letters = Object.keys(view.rooms);
  const at = positions(letters);
  const wrap = html("div", { className: "ta" });
  const figure = svg("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`, class: "ta-graph", role: "group",
    "aria-label": `The house: ${letters.length} rooms; your ${view.coin_kind} coins on the hallways`,
  });
  const edges = svg("g", { class: "edges" });
  const labels = svg("g", { class: "labels" });
  state.edges = {};
  for (const [a, b, coins] of view.own_coins) {
    const [x1, y1] = at[a];
    const [x2, y2] = at[b];
    const line = svg("line", { x1, y1, x2, y2, class: "hall" });
    edges.append(line);
    const mx = x1 + (x2 - x1) * 0.5;
    const my = y1 + (y2 - y1) * 0.5;
    const g = svg("g", { class: "coin" });
    g.append(svg("circle", { cx: mx, cy: my, r: 11 }));
    const t = svg("text", { x: mx, y: my + 4, "text-anchor": "middle" });
    t.textContent = String(coins);
    const title = svg("title");
    title.textContent = `${a}–${b}: ${coins} ${view.coin_kind} coins`;
    g.append(t, title);
    labels.append(g);
    state.edges[key(a, b)] = line;
  }
  figure.append(edges);
  const trail = svg("g", { class: "trail" });
  figure.append(trail);
  figure.append(labels);
  state.trail = trail;
  state.at = at;
  state.rooms = {};
  const roomLayer = svg("g", { class: "rooms" });
  for (const letter of letters) {
    const [x, y] = at[letter];
    const g = svg("g", { class: "room", tabindex: 0, role: "button", "data-room": letter });
    g.append(svg("circle", { cx: x, cy: y, r: 26 }));
    const t = svg("text", { x, y: y + 6, "text-anchor": "middle", class: "letter" });
    t.textContent = letter;
    const name = svg("text", { x, y: y + (y < SIZE / 2 ? -34 : 46), "text-anchor": "middle", class: "name" });
    name.textContent = view.rooms[letter];
    g.append(t, name);
    const act = () => toggle(state, letter);
    g.addEventListener("click", act);
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        act();
      }
    });
    roomLayer.append(g);
    state.rooms[letter] = g;
  }
  figure.append(roomLayer);
  wrap.append(figure);

  const side = html("div", { className: "ta-side" });
  side.append(html("h2", { text: "Your tour" }));
  state.tourText = html("p", { className: "tour", "aria-live": "polite" });
  side.append(state.tourText);
  const buttons = html("div", { className: "ta-buttons" });
  state.undo = html("button", { type: "button", className: "secondary", text: "Undo", "aria-label": "Take back the last room" });
  state.clear = html("button", { type: "button", className: "secondary", text: "Clear", "aria-label": "Clear the tour" });
  state.say = html("button", { type: "button", className: "secondary", text: "Propose in chat", "aria-label": "Write the tour into the chat message" });
  state.submit = html("button", { type: "button", text: "Submit tour", "aria-label": "Submit the tour as your final answer" });
  state.follow = html("button", { type: "button", className: "secondary", text: "Follow partner", "aria-label": "Add the partner's proposed rooms to your tour" });
  buttons.append(state.undo, state.clear, state.follow, state.say, state.submit);
  state.follow.addEventListener("click", () => {
    state.tour = [];
    for (const letter of state.view.partner_proposal || []) if (!state.tour.includes(letter)) state.tour.push(letter);
    update(state);
  });
  side.append(buttons);
  state.undo.addEventListener("click", () => {
    if (state.tour.length > 1) state.tour.pop();
    update(state);
  });
  state.clear.addEventListener("click", () => {
    state.tour = [state.view.start];
    update(state);
  });
  state.say.addEventListener("click", () => {
    const stops = complete(state) ? [...state.tour, state.view.start] : state.tour;
    state.api.setDraft(`How about ${stops.join("-")}${complete(state) ? "" : " ..."}?`);
  });
  state.submit.addEventListener("click", () => {
    if (!complete(state)) return;
    const path = [...state.tour, state.view.start];
    state.api.send(state.api.draftMessage() || `I submit ${path.join("-")}.`, [{ kind: "submit", path }]);
  });
  state.hint = html("p", { className: "hint" });
  side.append(state.hint);
  const [dl, fact] = facts("ta-facts");
  state.agreedText = fact("Agreed so far");
  state.ownSub = fact("You submitted");
  state.partnerSub = fact("Partner submitted");
  state.turnsLeft = fact("Your turns left");
  side.append(dl);
  const legend = html("p", { className: "legend" });
  legend.append(
    html("span", { className: "key agreed", text: "agreed path" }), " ",
    html("span", { className: "key draft", text: "your tour" }), " ",
    html("span", { className: "key own", text: "your submission" }), " ",
    html("span", { className: "key partner", text: "partner's submission" }), " ",
    html("span", { className: "key proposal", text: "partner's last proposal" }),
  );
  side.append(legend);
  wrap.append(side);
  root.replaceChildren(wrap);
}

function complete(state) {
  return state.tour.length === Object.keys(state.view.rooms).length;
}

function toggle(state, letter) {
  if (state.locked) return;
  const tour = state.tour;
  if (letter === tour[tour.length - 1] && tour.length > 1) tour.pop();
  else if (!tour.includes(letter)) tour.push(letter);
  update(state);
  state.api.announce(`Tour: ${tour.join(", ")}`);
}

function drawPath(state, path, cls) {
  for (let i = 0; i + 1 < path.length; i++) {
    const [x1, y1] = state.at[path[i]] || [];
    const [x2, y2] = state.at[path[i + 1]] || [];
    if (x1 === undefined || x2 === undefined) continue;
    state.trail.append(svg("line", { x1, y1, x2, y2, class: `path ${cls}` }));
  }
}

function update(state) {
  const { view, frame } = state;
  const draft = complete(state) ? [...state.tour, view.start] : state.tour;
  state.trail.replaceChildren();
  const proposal = view.own_submission ? [] : view.partner_proposal || [];
  drawPath(state, view.agreed, "agreed");
  drawPath(state, proposal, "proposal");
  if (view.partner_submission) drawPath(state, view.partner_submission, "partner");
  if (view.own_submission) drawPath(state, view.own_submission, "own");
  else drawPath(state, draft, "draft");
  for (const [letter, g] of Object.entries(state.rooms)) {
    const i = state.tour.indexOf(letter);
    g.classList.toggle("in-tour", i >= 0);
    g.classList.toggle("start", letter === view.start);
    const where = i >= 0 ? `, stop ${i + 1} of your tour` : "";
    g.setAttribute(
      "aria-label",
      `Room ${letter}, ${view.rooms[letter]}${letter === view.start ? ", the start" : ""}${where}`,
    );
    g.setAttribute("aria-disabled", String(state.locked));
  }
  state.tourText.textContent = `${pathText(draft)}${complete(state) ? " (complete)" : ""}`;
  const canSubmit = frame.your_turn && !frame.terminal && !view.own_submission && complete(state);
  state.submit.disabled = !canSubmit;
  state.undo.disabled = state.locked || state.tour.length <= 1;
  state.clear.disabled = state.locked || state.tour.length <= 1;
  state.say.disabled = state.locked;
  state.follow.disabled = state.locked || proposal.length === 0;
  const left = Object.keys(view.rooms).length - state.tour.length;
  state.hint.textContent = view.own_submission
    ? "You have submitted; wait for your partner."
    : left > 0
      ? `Add ${left} more room${left === 1 ? "" : "s"}; the tour returns to ${view.start}.`
      : frame.your_turn
        ? "The tour is complete: submit it when you both agree."
        : "The tour is complete: you can submit it on your turn.";
  state.agreedText.textContent = view.agreed.length > 1 ? pathText(view.agreed) : "nothing yet";
  state.ownSub.textContent = pathText(view.own_submission);
  state.partnerSub.textContent = pathText(view.partner_submission);
  state.turnsLeft.textContent = String(view.turns_left);
}

export function render(root, frame, api) {
  const view = frame.view;
  const signature = JSON.stringify([view.rooms, view.own_coins]);
  let state = root.__ta;
  if (!state || state.signature !== signature) {
    state = { signature, tour: [view.start] };
    root.__ta = state;
    build(root, view, state);
  }
  state.view = view;
  state.frame = frame;
  state.api = api;
  state.locked = Boolean(view.own_submission) || frame.terminal;
  if (view.own_submission) state.tour = view.own_submission.slice(0, -1);
  update(state);
}
