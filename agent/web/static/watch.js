// The watch page: the public chat of a session, live, from WS /ws/<session>/watch (no seat, no
// private view). Names and messages go in as text.

import { el, formatMetrics } from "./common.js";

const session = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);
let retries = 0;
let finished = false;

function onWatch(frame) {
  $("game").textContent = frame.game;
  document.title = `Watching ${frame.game}`;
  $("turn").textContent = String(frame.turn);
  $("status").textContent = frame.terminal ? "Game over" : "Playing";
  $("chat").replaceChildren(
    ...(frame.chat || []).map((line) =>
      el("li", { className: line.seat === 0 ? "seat0" : "seat1" }, [
        el("span", { className: "speaker", text: String(line.speaker) }),
        el("span", { className: "text", text: String(line.message || "") }),
      ]),
    ),
  );
  if (frame.terminal) {
    finished = true;
    $("end").hidden = false;
    $("metrics").replaceChildren(formatMetrics(frame.metrics));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(session)}/watch`);
  $("connection").textContent = "connecting";
  socket.addEventListener("open", () => {
    retries = 0;
    $("connection").textContent = "connected";
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    if (frame.type === "watch") onWatch(frame);
    else if (frame.type === "error") {
      $("alert").textContent = String(frame.message);
      $("alert").hidden = false;
    }
  });
  socket.addEventListener("close", () => {
    if (finished) {
      $("connection").textContent = "closed";
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** retries);
    retries += 1;
    $("connection").textContent = "disconnected; reconnecting";
    setTimeout(connect, delay);
  });
}

connect();
