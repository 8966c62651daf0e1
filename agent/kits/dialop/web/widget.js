// The board of DialOp Planning and Mediation (both kits declare this folder; interface in
// agent/web/static/app.js): a user's own private view (Planning: its preferences and the score
// breakdown of every proposal; Mediation: its calendar with importances, its flights and the pending
// proposal's breakdown), the pending proposal, and Accept / Reject with the chat text as the message.
// The assistant's seat shows its view as data (its database, every user's flights) and plays by chat;
// building its proposals in the page is still to come.

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
  if (view.calendar) {
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

export function render(root, frame, api) {
  const view = frame.view;
  const mine = privateView(view);
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
  accept.addEventListener("click", () => api.send(api.draftMessage(), [{ kind: "accept" }]));
  reject.addEventListener("click", () => api.send(api.draftMessage(), [{ kind: "reject" }]));
  const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
  root.replaceChildren(
    board,
    status,
    el("div", { className: "dialop-buttons" }, [accept, reject]),
    el("p", { className: "hint", text: `Turns left: ${view.turns_left}` }),
  );
  if (focused) root.querySelector(`[aria-label="${focused}"]`)?.focus();
}
