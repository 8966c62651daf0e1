// Hanabi's board (the kit's widget; interface in agent/web/static/app.js): the stacks, tokens and
// deck; every other hand face up with what its holder knows of each card; this player's own hand
// face down with only what the clues allow; the discard pile. On this player's turn each own card
// has Play and Discard, and each other hand has a clue button per colour and rank it holds. A turn
// is exactly one move: the chat text goes with it (Send alone only reminds to choose a move).

import { el } from "/static/common.js";

export const stylesheet = "widget.css";

const LETTER = (color) => color[0].toUpperCase();

export function describeAction(record) {
  if (!record || !record.kind) return "";
  const card = record.revealed ? `${LETTER(record.revealed.color)}${record.revealed.rank}` : "";
  if (record.kind === "play") return `played card ${record.card}: ${card}${record.success ? "" : " (misplayed: a life lost)"}`;
  if (record.kind === "discard") return `discarded card ${record.card}: ${card}`;
  const what = record.kind === "reveal_color" ? record.color : `${record.rank}s`;
  return `clued seat ${record.target} about ${what}: cards ${(record.touched || []).join(", ")}`;
}

export function composeTurn(frame, message, root) {
  root.querySelector(".hanabi-hint")?.focus();
  return null; // a Hanabi turn is a move; the message goes with the move's button
}

function knowledgeText(k) {
  return `${k.colors.map(LETTER).join("")} ${k.ranks.join("")}`;
}

function cardFace(card, knowledge, label) {
  const face = el("div", { className: `card ${card ? card.color : "hidden"}`, role: "img", "aria-label": label });
  face.append(el("span", { className: "rank", text: card ? String(card.rank) : "?" }));
  if (knowledge.color_clued || knowledge.rank_clued) face.classList.add("clued");
  face.append(el("span", { className: "knows", text: knowledgeText(knowledge) }));
  return face;
}

function stacks(view) {
  const row = el("div", { className: "stacks", role: "list", "aria-label": "Stacks" });
  view.colors.forEach((color, i) => {
    const height = view.fireworks[i];
    const next = view.next_playable[i];
    row.append(
      el("div", { className: `stack ${color}`, role: "listitem", "aria-label": `${color} stack at ${height}${next ? `, needs ${next}` : ", complete"}` }, [
        el("span", { className: "rank", text: String(height) }),
        el("span", { className: "knows", text: next ? `next ${next}` : "done" }),
      ]),
    );
  });
  return row;
}

function tokens(view) {
  const facts = [
    ["Clues", `${view.information_tokens}/${view.max_information_tokens}`],
    ["Lives", `${view.life_tokens}/${view.max_life_tokens}`],
    ["Deck", String(view.deck_size)],
    ["Score", String(view.score)],
  ];
  if (view.final_turns_left !== null && view.final_turns_left !== undefined) facts.push(["Final moves", String(view.final_turns_left)]);
  const dl = el("dl", { className: "tokens" });
  for (const [name, value] of facts) dl.append(el("div", {}, [el("dt", { text: name }), el("dd", { text: value })]));
  return dl;
}

function button(text, label, enabled, onClick, extra = "") {
  const b = el("button", { type: "button", className: `move ${extra}`.trim(), text, "aria-label": label });
  b.disabled = !enabled;
  b.addEventListener("click", onClick);
  return b;
}

function ownHand(hand, frame, api) {
  const legal = new Set(frame.legal || []);
  const cards = el("div", { className: "hand own" });
  hand.knowledge.forEach((k, i) => {
    const could = `could be ${k.colors.join(", ")}; ${k.ranks.join(", ")}`;
    const slot = el("div", { className: "slot" }, [cardFace(null, k, `Your card ${i}: ${could}`)]);
    slot.append(
      button("Play", `Play your card ${i} (${could})`, legal.has(`play card ${i}`), () =>
        api.send(api.draftMessage(), [{ kind: "play", card: i }]),
      ),
      button("Discard", `Discard your card ${i} (${could})`, legal.has(`discard card ${i}`), () =>
        api.send(api.draftMessage(), [{ kind: "discard", card: i }]),
      "secondary"),
    );
    cards.append(slot);
  });
  return el("section", { className: "seat", "aria-label": "Your hand" }, [
    el("h2", { text: `Your hand (you see only what the clues allow)` }),
    cards,
  ]);
}

function otherHand(hand, frame, api, view) {
  const legal = new Set(frame.legal || []);
  const cards = el("div", { className: "hand" });
  hand.cards.forEach((card, i) => {
    const k = hand.knowledge[i];
    const label = `${hand.name}'s card ${i}: ${card.color} ${card.rank}; ${hand.name} knows ${k.colors.join(", ")}; ${k.ranks.join(", ")}`;
    cards.append(el("div", { className: "slot" }, [cardFace(card, k, label)]));
  });
  const clues = el("div", { className: "clues" });
  for (const color of view.colors) {
    if (!hand.cards.some((c) => c.color === color)) continue;
    clues.append(
      button(color, `Tell ${hand.name} about their ${color} cards`, legal.has(`reveal seat ${hand.seat} ${color}`), () =>
        api.send(api.draftMessage(), [{ kind: "reveal_color", target: hand.seat, color }]),
      `secondary clue ${color}`),
    );
  }
  for (const rank of [...new Set(hand.cards.map((c) => c.rank))].sort()) {
    clues.append(
      button(String(rank), `Tell ${hand.name} about their ${rank}s`, legal.has(`reveal seat ${hand.seat} rank ${rank}`), () =>
        api.send(api.draftMessage(), [{ kind: "reveal_rank", target: hand.seat, rank }]),
      "secondary clue"),
    );
  }
  return el("section", { className: "seat", "aria-label": `${hand.name}'s hand` }, [
    el("h2", { text: `${hand.name}'s hand (under each card: what ${hand.name} knows)` }),
    cards,
    el("div", { className: "clue-row" }, [el("span", { text: "Clue: " }), clues]),
  ]);
}

export function render(root, frame, api) {
  const view = frame.view;
  const own = view.hands.find((h) => h.cards === null || h.cards === undefined);
  const board = el("div", { className: "hanabi" }, [el("div", { className: "table" }, [stacks(view), tokens(view)])]);
  for (const hand of view.hands) board.append(hand === own ? ownHand(hand, frame, api) : otherHand(hand, frame, api, view));
  const discards = view.discards.map((c) => `${LETTER(c.color)}${c.rank}`).join(" ") || "none";
  board.append(el("p", { className: "discards", text: `Discards: ${discards}` }));
  board.append(
    el("p", {
      className: "hanabi-hint hint",
      tabindex: "-1",
      text: frame.your_turn ? "Your turn: play, discard or clue (the chat text goes with your move)." : "Wait for your partners' moves.",
    }),
  );
  const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
  root.replaceChildren(board);
  if (focused) root.querySelector(`[aria-label="${CSS.escape(focused)}"]`)?.focus();
}
