// The index page: the games the server offers (GET /api/games); for each one a form that picks who
// sits in each seat (a person, or an agent preset) and a seed, and starts a session
// (POST /api/sessions). With one person seat it goes straight to that seat's page; otherwise it
// lists the links to share and the watch link.

import { el } from "./common.js";

const $ = (id) => document.getElementById(id);

function showAlert(text) {
  $("alert").textContent = text;
  $("alert").hidden = !text;
}

function gameForm(game) {
  const id = `game-${game.name}`;
  const form = el("form", { className: "game", "aria-labelledby": `${id}-title` });
  form.append(el("h2", { id: `${id}-title`, text: game.name }));
  form.append(el("p", { text: game.description || "" }));
  const seats = (game.seats || []).map((role, i) => {
    const select = el("select", { id: `${id}-seat-${i}`, name: `seat-${i}` });
    select.append(el("option", { value: "person", text: "a person (you, or a link to share)" }));
    for (const preset of game.presets || []) {
      select.append(el("option", { value: `agent:${preset}`, text: `agent: ${preset}` }));
    }
    if (i > 0 && (game.presets || []).length) select.value = `agent:${game.presets[0]}`;
    form.append(el("div", { className: "field" }, [el("label", { for: select.id, text: `Seat ${i + 1} (${role})` }), select]));
    return select;
  });
  const seed = el("input", { id: `${id}-seed`, type: "number", min: "0", value: "0", name: "seed" });
  form.append(el("div", { className: "field" }, [el("label", { for: seed.id, text: "Seed" }), seed]));
  form.append(el("button", { type: "submit", text: `Start ${game.name}`, "aria-label": `Start ${game.name}` }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showAlert("");
    const body = { game: game.name, seats: seats.map((s) => s.value), seed: Number(seed.value) || 0, options: {} };
    let reply;
    try {
      const response = await fetch("/api/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      reply = await response.json();
      if (!response.ok) throw new Error(reply.error || `the server answered ${response.status}`);
    } catch (err) {
      showAlert(`Could not start the session: ${err.message || err}`);
      return;
    }
    const people = reply.seats.filter((s) => s.kind === "person");
    if (people.length === 1) {
      location.assign(people[0].link);
      return;
    }
    const links = $("links");
    links.replaceChildren();
    for (const seat of people) {
      links.append(el("li", {}, [el("a", { href: seat.link, text: `Seat ${seat.seat + 1} (${seat.role})` })]));
    }
    links.append(el("li", {}, [el("a", { href: reply.watch, text: "Watch the session" })]));
    $("started").hidden = false;
    if (!people.length) location.assign(reply.watch);
  });
  return el("li", {}, [form]);
}

async function main() {
  try {
    const response = await fetch("/api/games");
    const games = await response.json();
    $("games").replaceChildren(...games.map(gameForm));
  } catch (err) {
    showAlert(`Could not list the games: ${err.message || err}`);
  }
}

main();
