// The board of DialOp Planning and Mediation (both kits declare this folder; interface in
// agent/web/static/app.js): a user's own private view (Planning: its preferences and the score
// breakdown of every proposal; Mediation: its calendar with importances, its flights and the pending
// proposal's breakdown), the pending proposal, and Accept / Reject with the chat text as the message.
// The assistant's seat: Planning's site database, searched with the game's Search tool (a seat tool
// the server runs on this seat's own sites), with a site per stop to propose; Mediation's flights of each user with a flight per user to propose, and the user every
// turn is addressed to (composeTurn adds the To action to whatever is sent).

import { el } from "/static/common.js";
import { render as renderData } from "/static/generic.js";

export const stylesheet = "widget.css";

export function describeAction(action) {
  if (!action || !action.kind) return "";
  const to = action.to === null || action.to === undefined ? "" : ` (to user ${action.to})`;
  if (action.kind === "propose") return `proposed ${proposalText(action.proposal)}${to}`;
  return `${action.kind === "accept" ? "accepted" : "rejected"} the proposal${to}`;
}

function proposalText(proposal) {
  if (proposal === null || proposal === undefined) return "";
  if (Array.isArray(proposal)) return proposal.map((p) => (typeof p === "object" ? JSON.stringify(p) : String(p))).join(", ");
  if (typeof proposal === "object") {
    return Object.entries(proposal)
      .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`)
      .join(", ");
  }
  return String(proposal);
}

function keyValues(caption, record) {
  const table = el("table", { className: "kv" }, [el("caption", { text: caption })]);
  const body = el("tbody");
  for (const [key, value] of Object.entries(record || {})) {
    const shown = value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
    body.append(el("tr", {}, [el("th", { scope: "row", text: key }), el("td", { text: shown })]));
  }
  table.append(body);
  return table;
}

function rows(caption, records, columns) {
  const table = el("table", { className: "rows" }, [el("caption", { text: caption })]);
  table.append(el("thead", {}, [el("tr", {}, columns.map(([, label]) => el("th", { scope: "col", text: label })))]));
  const body = el("tbody");
  for (const record of records || []) {
    body.append(
      el(
        "tr",
        {},
        columns.map(([key]) => {
          const value = record[key];
          return el("td", { text: value === null || value === undefined ? "" : String(value) });
        }),
      ),
    );
  }
  table.append(body);
  return table;
}

function privateView(view) {
  const parts = [];
  if (view.preferences) {
    parts.push(el("h2", { text: "Your preferences (only you see them)" }));
    parts.push(el("ul", { className: "prefs" }, view.preferences.map((p) => el("li", { text: p }))));
    (view.proposal_scores || []).forEach((score, i) => parts.push(keyValues(`Proposal ${i + 1}: how it scores for you`, score)));
  }
  if (view.calendar && view.calendar.length) {
    parts.push(el("h2", { text: "Your calendar (only you see the importances)" }));
    parts.push(rows("Your events", view.calendar, [["start", "start"], ["end", "end"], ["importance", "importance"], ["shared", "shared"]]));
    if (view.flights) {
      parts.push(rows("Your flights", view.flights, [["id", "flight"], ["carrier", "carrier"], ["start", "departs"], ["end", "arrives"], ["price", "price"]]));
    }
    const prefs = {};
    for (const key of ["price_pref", "mean_price", "arrival_time_pref"]) if (key in view) prefs[key] = view[key];
    if (Object.keys(prefs).length) parts.push(keyValues("Your preferences", prefs));
    if (view.pending_breakdown) parts.push(keyValues("The pending proposal for you", view.pending_breakdown));
  }
  return parts;
}

const mediating = (view) => Array.isArray(view.user_flights) && view.user_flights.length > 0;

function choices(root) {
  if (!root.__dialop) root.__dialop = { stops: [], flights: [], to: 0, query: "", result: null, error: "" };
  return root.__dialop;
}

function chooser(label, options, value, onChange) {
  const node = el("select", { "aria-label": label });
  for (const [optionValue, text] of options) node.append(el("option", { value: optionValue, text }));
  node.value = value;
  node.addEventListener("change", () => onChange(node.value));
  return node;
}

function siteText(site) {
  const features = Object.entries(site.features || {})
    .map(([k, v]) => (v === true ? k : v === false ? `not ${k}` : `${k} ${v}`))
    .join(", ");
  return `${site.name} (${site.category}, $${site.price}): ${features}`;
}

// Planning's assistant: the site database, searched with the game's Search tool on the server (plain
// words, or the paper's Search(...) language), a site per stop, Propose.
const siteList = (view) => el("ul", { className: "sites", "aria-label": "Your sites" }, view.sites.map((site) => el("li", { text: siteText(site) })));

function searchPanel(root, view, api, tool) {
  const chosen = choices(root);
  const query = el("input", { type: "search", "aria-label": "Search query", value: chosen.query || "", placeholder: tool.example });
  const run = el("button", { type: "button", className: "secondary", text: "Search", "aria-label": "Run the search" });
  const form = el("form", { className: "search" }, [query, run]);
  const ask = () => {
    chosen.query = query.value;
    api
      .tool(tool.name, query.value)
      .then((result) => {
        chosen.result = result;
        chosen.error = "";
        api.announce(`${result.count} sites found`);
      })
      .catch((err) => {
        chosen.error = err.message;
      })
      .finally(() => render(root, chosen.frame, chosen.api));
  };
  run.addEventListener("click", ask);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  const parts = [el("p", { className: "hint", text: tool.description }), form];
  if (chosen.error) parts.push(el("p", { className: "tool-error", role: "status", text: chosen.error }));
  const result = chosen.result;
  if (result) {
    const table = el("table", { className: "rows results" }, [el("caption", { text: `Search results (${result.count})` })]);
    table.append(el("thead", {}, [el("tr", {}, result.columns.map((c) => el("th", { scope: "col", text: c })))]));
    const body = el("tbody");
    for (const row of result.rows) {
      body.append(el("tr", {}, row.map((v) => el("td", { text: v === null || v === undefined ? "-" : String(v) }))));
    }
    table.append(body);
    parts.push(el("div", { className: "sites" }, [table]));
  } else {
    parts.push(siteList(view));
  }
  return parts;
}

function plannerView(root, view, frame, api) {
  const chosen = choices(root);
  const names = view.sites.map((site) => site.name);
  const parts = [el("h2", { text: "Your site database (only you see it)" })];
  const tool = (frame.tools || []).find((t) => t.name === "search");
  parts.push(...(tool ? searchPanel(root, view, api, tool) : [siteList(view)]));
  const stops = el("div", { className: "stops" });
  for (let i = 0; i < view.num_slots; i++) {
    const options = [["", "(empty)"], ...names.map((n) => [n, n])];
    stops.append(chooser(`Stop ${i + 1}`, options, chosen.stops[i] || "", (v) => (chosen.stops[i] = v)));
  }
  const propose = el("button", { type: "button", text: "Propose", "aria-label": "Propose this itinerary" });
  propose.disabled = !(frame.legal || []).some((a) => a.startsWith("propose"));
  propose.addEventListener("click", () => {
    const proposal = Array.from({ length: view.num_slots }, (_, i) => chosen.stops[i] || null);
    api.send(api.draftMessage(), [{ kind: "propose", proposal }]);
  });
  parts.push(el("h2", { text: "Your itinerary" }), stops, propose);
  return parts;
}

// Mediation's assistant: each user's flights, a flight per user, Propose; every turn addresses a user.
function mediatorView(root, view, frame, api) {
  const chosen = choices(root);
  const parts = [];
  const to = chooser("Address user", [["0", "user 0"], ["1", "user 1"]], String(chosen.to), (v) => (chosen.to = Number(v)));
  parts.push(el("div", { className: "field" }, [el("span", { text: "Your turn goes to " }), to]));
  view.user_flights.forEach((flights, user) => {
    parts.push(rows(`Flights of user ${user}`, flights, [["id", "flight"], ["carrier", "carrier"], ["start", "departs"], ["end", "arrives"], ["price", "price"]]));
  });
  (view.user_shared_calendars || []).forEach((events, user) => {
    parts.push(rows(`Shared calendar of user ${user}`, events, [["start", "start"], ["end", "end"]]));
  });
  const pick = view.user_flights.map((flights, user) =>
    chooser(
      `Flight for user ${user}`,
      [["", "(choose)"], ...flights.map((f) => [String(f.id), `${f.id}: ${f.carrier} ${f.start} $${f.price}`])],
      chosen.flights[user] ?? "",
      (v) => (chosen.flights[user] = v),
    ),
  );
  const propose = el("button", { type: "button", text: "Propose", "aria-label": "Propose these flights" });
  propose.disabled = !(frame.legal || []).some((a) => a.startsWith("propose"));
  propose.addEventListener("click", () => {
    if (chosen.flights.length < pick.length || chosen.flights.some((f) => f === "" || f === undefined)) {
      api.announce("Choose a flight for each user first.");
      return;
    }
    api.send(api.draftMessage(), [{ kind: "to", user: chosen.to }, { kind: "propose", proposal: chosen.flights.map(Number) }]);
  });
  parts.push(el("h2", { text: "Your proposal" }), el("div", { className: "stops" }, pick), propose);
  return parts;
}

export function composeTurn(frame, message, root) {
  if (mediating(frame.view)) return { message, actions: [{ kind: "to", user: choices(root).to }] };
  return { message, actions: [] };
}

export function render(root, frame, api) {
  const view = frame.view;
  Object.assign(choices(root), { frame, api });
  const mine = view.sites
    ? plannerView(root, view, frame, api)
    : mediating(view)
      ? mediatorView(root, view, frame, api)
      : privateView(view);
  const board = el("div", { className: "dialop-user" });
  if (mine.length) board.append(...mine);
  else renderData(board, frame);
  const legal = frame.legal || [];
  const pending = view.pending_proposal;
  const status = el("p", { className: "dialop-status", "aria-live": "polite" });
  status.textContent = view.game_over
    ? view.agreed ? "Agreed." : "The game ended without agreement."
    : pending !== null && pending !== undefined
      ? `Pending proposal: ${proposalText(pending)}${view.must_respond ? ". Accept or reject it." : "."}`
      : "No proposal is pending.";
  const accept = el("button", { type: "button", text: "Accept", "aria-label": "Accept the pending proposal" });
  const reject = el("button", { type: "button", className: "secondary", text: "Reject", "aria-label": "Reject the pending proposal" });
  accept.disabled = !legal.includes("accept");
  reject.disabled = !legal.includes("reject");
  const address = mediating(view) ? [{ kind: "to", user: choices(root).to }] : [];
  accept.addEventListener("click", () => api.send(api.draftMessage(), [...address, { kind: "accept" }]));
  reject.addEventListener("click", () => api.send(api.draftMessage(), [...address, { kind: "reject" }]));
  const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
  root.replaceChildren(
    board,
    status,
    el("div", { className: "dialop-buttons" }, [accept, reject]),
    el("p", { className: "hint", text: `Turns left: ${view.turns_left}` }),
  );
  if (focused) root.querySelector(`[aria-label="${focused}"]`)?.focus();
}
