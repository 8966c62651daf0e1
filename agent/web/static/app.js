// The page of one seat (/play/<session>?token=T) and the watch page (/watch/<session>): the server's
// HTML shell is `<main id="app" data-mode="play|watch" ...>` loading this module, which builds the page
// in it. The play page: a WebSocket to the server, the shared chrome (role, whose turn, turn counter,
// chat log and input, alerts, the end screen) and the game's board, drawn by its kit's widget. The
// shell never names a game: the game comes from the server's frames, the board from
// /kits/<game>/widget.js. The watch page (watch.js) shows the public chat live.
//
// The widget interface (an ES module at /kits/<game>/widget.js, the folder GameKit.web declares):
//   export function render(root, frame, api)   required; called on every view frame. `root` is the
//       board's element, owned by the widget (keep state on it between calls); `frame` is the server's
//       view frame {seat, role, game, view, your_turn, legal, turn, terminal, metrics, tools}, `view`
//       the kit's view model of this seat (its observation as JSON), `tools` the kit's seat tools this
//       seat may use ({name, description, example}; GameKit.tools).
//   export function composeTurn(frame, message, root)   optional; what the Send button sends:
//       {message, actions} (default: the message with no formal action), or null to send nothing.
//   export function describeAction(action)   optional; the text shown in the chat log for a line's
//       public formal action (default: its fields).
//   export const stylesheet = "widget.css"   optional; a stylesheet beside the widget.
// `api` offers: send(message, actions) sends a turn (and clears the chat input); draftMessage() is the
// chat input's text; setDraft(text) replaces it; announce(text) says something to screen readers;
// tool(name, query) asks the server to run a seat tool on this seat's own view: a Promise of its result
// (rejected with the tool's one-line error). A tool is not a turn: it may be used at any time.
// A widget may import the shell's helpers from /static/common.js (el, svg: elements with text set as
// text). Everything user-written (messages, names) is inserted with textContent, never as HTML.

import { el, formatMetrics, describeActionDefault } from "./common.js";
import { startWatch } from "./watch.js";

const params = new URLSearchParams(location.search);
const mount = document.getElementById("app") || document.body;
const data = mount.dataset || {};
const mode = data.mode || (location.pathname.startsWith("/watch/") ? "watch" : "play");
const token = data.token || params.get("token") || "";
const session = data.session || decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

function stylesheet(href) {
  if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href.endsWith(href))) {
    document.head.append(el("link", { rel: "stylesheet", href }));
  }
}

// The play page's elements, built once.
function skeleton() {
  const fact = (label, id, extra = {}) =>
    el("div", {}, [el("dt", { text: label }), el("dd", { id, ...extra })]);
  const header = el("header", { className: "bar" }, [
    el("h1", {}, [el("span", { id: "game", text: data.game || "Accord" })]),
    el("dl", { className: "facts" }, [
      fact("You play", "role", { text: data.role || "…" }),
      fact("Turn", "turn", { text: "0" }),
      fact("Now", "status", { "aria-live": "polite", text: "connecting" }),
      fact("Connection", "connection", { text: "connecting" }),
    ]),
  ]);
  const form = el("form", { id: "chat-form", className: "chat-form" }, [
    el("label", { for: "message", text: "Message" }),
    el("textarea", { id: "message", rows: "2", maxlength: "4000", autocomplete: "off" }),
    el("button", { id: "send", type: "submit", text: "Send", disabled: true }),
  ]);
  const main = el("div", { className: "play" }, [
    el("section", { id: "board", className: "board", "aria-label": "Board" }),
    el("section", { className: "chat-panel", "aria-label": "Chat" }, [
      el("h2", { text: "Chat" }),
      el("ol", { id: "chat", className: "chat", role: "log", "aria-label": "Chat messages", "aria-live": "polite" }),
      form,
    ]),
  ]);
  const end = el("section", { id: "end", className: "end", "aria-label": "Game over", hidden: true }, [
    el("h2", { text: "Game over" }),
    el("div", { id: "metrics" }),
    el("p", {}, [el("a", { href: "/", text: "Back to the games" })]),
  ]);
  mount.replaceChildren(
    header,
    el("div", { id: "alert", className: "alert", role: "alert", hidden: true }),
    el("div", { id: "live", className: "visually-hidden", "aria-live": "assertive" }),
    main,
    end,
  );
}

stylesheet("/static/app.css");
if (mode === "play") skeleton();

const $ = (id) => document.getElementById(id);
const ui = {
  game: $("game"), role: $("role"), status: $("status"), turn: $("turn"), connection: $("connection"),
  board: $("board"), chat: $("chat"), form: $("chat-form"), input: $("message"), send: $("send"),
  alert: $("alert"), end: $("end"), metrics: $("metrics"), live: $("live"),
};

let socket = null;
let widget = null;
let widgetGame = null;
let lastFrame = null;
let retries = 0;
let finished = false;
let toolRequests = 0;
const pendingTools = new Map();

function showAlert(text) {
  ui.alert.textContent = text;
  ui.alert.hidden = !text;
}

function announce(text) {
  ui.live.textContent = "";
  ui.live.textContent = text;
}

const api = {
  send(message, actions = []) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showAlert("Not connected: the turn was not sent. Reconnecting...");
      return false;
    }
    showAlert("");
    socket.send(JSON.stringify({ type: "turn", message: String(message || ""), actions }));
    ui.input.value = "";
    return true;
  },
  draftMessage() {
    return ui.input.value;
  },
  setDraft(text) {
    ui.input.value = text;
    ui.input.focus();
  },
  announce,
  tool(name, query) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error("Not connected."));
    toolRequests += 1;
    const id = toolRequests;
    socket.send(JSON.stringify({ type: "tool", tool: String(name), query: String(query || ""), id }));
    return new Promise((resolve, reject) => pendingTools.set(id, { resolve, reject }));
  },
};

function onTool(frame) {
  const pending = pendingTools.get(frame.id);
  if (!pending) return;
  pendingTools.delete(frame.id);
  if (frame.error) pending.reject(new Error(String(frame.error)));
  else pending.resolve(frame.result);
}

function dropPendingTools() {
  for (const { reject } of pendingTools.values()) reject(new Error("The connection was lost; try again."));
  pendingTools.clear();
}

async function loadWidget(game) {
  if (widget && widgetGame === game) return widget;
  const base = `/kits/${encodeURIComponent(game)}/`;
  try {
    widget = await import(`${base}widget.js`);
  } catch (err) {
    widget = await import("./generic.js"); // the kit has no widget (or it failed): its view as data
  }
  widgetGame = game;
  if (widget.stylesheet) {
    const link = el("link", { rel: "stylesheet", href: new URL(widget.stylesheet, location.origin + base).href });
    document.head.append(link);
  }
  return widget;
}

function renderChat(frame) {
  const lines = (frame.view && frame.view.chat) || [];
  const describe = (widget && widget.describeAction) || describeActionDefault;
  ui.chat.replaceChildren(
    ...lines.map((line) => {
      const own = line.seat === frame.seat;
      const item = el("li", { className: own ? "own" : "partner" });
      item.append(el("span", { className: "speaker", text: own ? `You (${line.speaker})` : String(line.speaker) }));
      item.append(el("span", { className: "text", text: String(line.message || "") }));
      if (line.action) {
        item.append(el("span", { className: "action", text: describe(line.action) }));
      }
      return item;
    }),
  );
  ui.chat.scrollTop = ui.chat.scrollHeight;
}

async function onView(frame) {
  const firstOfTurn = !lastFrame || lastFrame.turn !== frame.turn || lastFrame.your_turn !== frame.your_turn;
  lastFrame = frame;
  document.title = `${frame.game} · ${frame.role}`;
  ui.game.textContent = frame.game;
  ui.role.textContent = frame.role;
  renderChat(frame);
  const w = await loadWidget(frame.game);
  if (lastFrame !== frame) return; // a newer frame arrived while the widget loaded: it draws
  if (w) {
    try {
      w.render(ui.board, frame, api);
    } catch (err) {
      showAlert(`The board could not be drawn: ${err && err.message ? err.message : err}`);
    }
  }
  // the turn and status change once the board shows this frame (a "Your turn" is ready to play)
  ui.turn.textContent = String(frame.turn);
  ui.status.textContent = frame.terminal ? "Game over" : frame.your_turn ? "Your turn" : "Partner's turn";
  ui.status.className = frame.terminal ? "over" : frame.your_turn ? "yours" : "theirs";
  ui.send.disabled = !frame.your_turn || frame.terminal;
  ui.input.disabled = frame.terminal;
  if (frame.terminal) {
    finished = true;
    ui.end.hidden = false;
    ui.metrics.replaceChildren(formatMetrics(frame.metrics));
    if (frame.completion) {
      ui.metrics.append(el("p", { id: "completion", text: `Your completion code: ${frame.completion}` }));
    }
  }
  if (firstOfTurn && frame.your_turn && !frame.terminal) announce("Your turn");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/${encodeURIComponent(session)}?token=${encodeURIComponent(token)}`;
  ui.connection.textContent = "connecting";
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retries = 0;
    ui.connection.textContent = "connected";
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      showAlert("The server sent something unreadable.");
      return;
    }
    if (frame.type === "view") {
      onView(frame);
    } else if (frame.type === "tool") {
      onTool(frame);
    } else if (frame.type === "error") {
      showAlert(String(frame.message));
    }
  });
  socket.addEventListener("close", (event) => {
    ui.connection.textContent = "disconnected";
    dropPendingTools();
    if (finished) return;
    if (event.code === 4403) {
      showAlert(event.reason || "This link opens no seat of the session.");
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** retries);
    retries += 1;
    ui.connection.textContent = `disconnected; reconnecting in ${Math.round(delay / 100) / 10} s`;
    setTimeout(connect, delay);
  });
}

function startPlay() {
  ui.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!lastFrame || !lastFrame.your_turn || lastFrame.terminal) {
      showAlert("It is not your turn.");
      return;
    }
    const message = ui.input.value;
    const turn = widget && widget.composeTurn ? widget.composeTurn(lastFrame, message, ui.board) : { message, actions: [] };
    if (turn) api.send(turn.message, turn.actions || []);
  });

  ui.input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      ui.form.requestSubmit();
    }
  });

  if (!token) {
    showAlert("This link has no seat token; ask for your player link.");
  } else {
    connect();
  }
}

if (mode === "watch") startWatch(mount, session);
else startPlay();
