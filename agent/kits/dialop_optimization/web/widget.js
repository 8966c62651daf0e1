// DialOp Optimization's board (the kit's widget; interface in agent/web/static/app.js): this player's
// own reviewer x paper table (its cells on its own scale, "?" where hidden), an assignment built by
// choosing one paper per reviewer (cells are buttons), the pending proposal, and Propose / Accept /
// Reject, each sent with the chat text as the message.

import { el } from "/static/common.js";

export const stylesheet = "widget.css";

export function describeAction(action) {
  if (!action || !action.kind) return "";
  if (action.kind === "propose") return "proposed an assignment";
  return action.kind === "accept" ? "accepted the proposal" : "rejected the proposal";
}

function build(root, view, state) {
  const table = el("table", { className: "dialop-table" });
  table.append(el("caption", { text: "Your table: how well each reviewer fits each paper (on your scale; ? is hidden from you)" }));
  const head = el("tr", {}, [el("th", { scope: "col", text: "reviewer" })]);
  for (const paper of view.papers) head.append(el("th", { scope: "col", text: paper }));
  table.append(el("thead", {}, [head]));
  const body = el("tbody");
  state.cells = [];
  view.reviewers.forEach((reviewer, r) => {
    const row = el("tr", {}, [el("th", { scope: "row", text: reviewer })]);
    state.cells.push([]);
    view.papers.forEach((paper, p) => {
      const value = view.table[r][p];
      const button = el("button", { type: "button", className: "cell", text: value === null ? "?" : String(value) });
      button.addEventListener("click", () => choose(state, r, p));
      row.append(el("td", {}, [button]));
      state.cells[r].push(button);
    });
    body.append(row);
  });
  table.append(body);
  state.status = el("p", { className: "dialop-status", "aria-live": "polite" });
  state.propose = el("button", { type: "button", text: "Propose", "aria-label": "Propose this assignment" });
  state.accept = el("button", { type: "button", text: "Accept", "aria-label": "Accept the pending proposal" });
  state.reject = el("button", { type: "button", className: "secondary", text: "Reject", "aria-label": "Reject the pending proposal" });
  state.clear = el("button", { type: "button", className: "secondary", text: "Clear", "aria-label": "Clear your assignment" });
  state.propose.addEventListener("click", () =>
    state.api.send(state.api.draftMessage(), [{ kind: "propose", proposal: state.assign.slice() }]),
  );
  state.accept.addEventListener("click", () => state.api.send(state.api.draftMessage(), [{ kind: "accept" }]));
  state.reject.addEventListener("click", () => state.api.send(state.api.draftMessage(), [{ kind: "reject" }]));
  state.clear.addEventListener("click", () => {
    state.assign = state.assign.map(() => null);
    update(state);
  });
  state.facts = el("p", { className: "hint" });
  root.replaceChildren(
    el("div", { className: "dialop" }, [
      table,
      el("p", { className: "hint", text: "Choose one paper per reviewer: click a cell (again to undo)." }),
      el("div", { className: "dialop-buttons" }, [state.propose, state.clear, state.accept, state.reject]),
      state.status,
      state.facts,
    ]),
  );
}

function choose(state, r, p) {
  if (state.frame.terminal) return;
  if (state.assign[r] === p) state.assign[r] = null;
  else {
    state.assign = state.assign.map((q) => (q === p ? null : q));
    state.assign[r] = p;
  }
  update(state);
}

function update(state) {
  const { view, frame } = state;
  const pending = view.pending_proposal;
  state.cells.forEach((row, r) =>
    row.forEach((button, p) => {
      const chosen = state.assign[r] === p;
      const proposed = Array.isArray(pending) && pending[r] === p;
      button.classList.toggle("chosen", chosen);
      button.classList.toggle("proposed", proposed);
      const value = view.table[r][p];
      button.setAttribute(
        "aria-label",
        `${view.reviewers[r]} on ${view.papers[p]}: ${value === null ? "hidden" : value}` +
          `${chosen ? ", in your assignment" : ""}${proposed ? ", in the pending proposal" : ""}`,
      );
      button.setAttribute("aria-pressed", String(chosen));
      button.disabled = frame.terminal;
    }),
  );
  const complete = state.assign.every((q) => q !== null);
  const legal = frame.legal || [];
  state.propose.disabled = !(complete && legal.some((a) => a.startsWith("propose")));
  state.accept.disabled = !legal.includes("accept");
  state.reject.disabled = !legal.includes("reject");
  state.clear.disabled = frame.terminal;
  const who = view.proposer === null || view.proposer === undefined ? "" : view.proposer === frame.seat ? "your" : "the partner's";
  state.status.textContent = view.game_over
    ? view.agreed ? "Agreed." : "The game ended without agreement."
    : pending
      ? `Pending: ${who} proposal (outlined)${view.must_respond ? "; accept or reject it" : ""}.`
      : complete
        ? "Your assignment is complete: propose it on your turn."
        : `Your assignment: ${state.assign.filter((q) => q !== null).length} of ${view.k} reviewers placed.`;
  state.facts.textContent = `Turns left: ${view.turns_left}`;
}

export function render(root, frame, api) {
  const view = frame.view;
  const signature = JSON.stringify([view.reviewers, view.papers, view.table]);
  let state = root.__dialop;
  if (!state || state.signature !== signature) {
    state = { signature, assign: view.reviewers.map(() => null) };
    root.__dialop = state;
    build(root, view, state);
  }
  state.view = view;
  state.frame = frame;
  state.api = api;
  update(state);
}
