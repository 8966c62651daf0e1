// The watch page (/watch/<session>): the public chat of a session, live, from WS /ws/<session>/watch
// (no seat, no private view), and the outcome at the end. Names and messages go in as text.

import { el, formatMetrics } from "./common.js";

export function startWatch(mount, session) {
  const fact = (label, id, text) => el("div", {}, [el("dt", { text: label }), el("dd", { id, text })]);
  mount.replaceChildren(
    el("header", { className: "bar" }, [
      el("h1", {}, ["Watching ", el("span", { id: "game", text: mount.dataset.game || "…" })]),
      el("dl", { className: "facts" }, [
        fact("Turn", "turn", "0"),
        fact("Now", "status", "connecting"),
        fact("Connection", "connection", "connecting"),
      ]),
    ]),
    el("div", { id: "alert", className: "alert", role: "alert", hidden: true }),
    el("div", { className: "watch" }, [
      el("section", { className: "chat-panel", "aria-label": "Public chat" }, [
        el("h2", { text: "Public chat" }),
        el("ol", { id: "chat", className: "chat", role: "log", "aria-label": "Chat messages", "aria-live": "polite" }),
      ]),
      el("section", { id: "end", className: "end", "aria-label": "Game over", hidden: true }, [
        el("h2", { text: "Game over" }),
        el("div", { id: "metrics" }),
      ]),
    ]),
  );
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
        el("li", { className: `seat${line.seat}` }, [
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
    socket.addEventListener("close", (event) => {
      if (finished || event.code === 4403) {
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
}
