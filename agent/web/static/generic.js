// The board of a game whose kit has no widget yet: the seat's view model as a readable list of its
// fields (everything as text). Turns are then chat messages only (no formal actions).

import { el } from "./common.js";

function show(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value !== "object") return String(value);
  return JSON.stringify(value, null, 1);
}

export function render(root, frame) {
  const list = el("dl", { className: "generic-view" });
  for (const [key, value] of Object.entries(frame.view || {})) {
    if (key === "chat") continue;
    list.append(el("dt", { text: key }), el("dd", {}, [el("pre", { text: show(value) })]));
  }
  root.replaceChildren(
    el("h2", { text: "Your view" }),
    el("p", { className: "hint", text: "This game has no board yet: its view is shown as data; chat to play." }),
    list,
  );
}
