// The lobby: create a table (game, seats, options) and list the tables to join or watch.
import { api, h, saveSeat } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function seatChoice(index, game) {
  const select = h("select", { name: `seat-${index}`, class: "seat-kind", "data-seat": index });
  select.append(h("option", { value: "you", text: "You" }));
  select.append(h("option", { value: "human", text: "A person (invite)" }));
  for (const bot of game.bots) select.append(h("option", { value: `bot:${bot}`, text: `Bot: ${bot}` }));
  const preferred = game.bots.includes("heuristic") ? "bot:heuristic" : `bot:${game.bots[0]}`;
  select.value = index === 0 ? "you" : preferred;
  select.addEventListener("change", () => {
    // Only one seat is yours: choosing "You" elsewhere turns the old one into an invite.
    if (select.value !== "you") return;
    for (const other of document.querySelectorAll(".seat-kind")) {
      if (other !== select && other.value === "you") other.value = "human";
    }
  });
  return h("label", {}, `Seat ${index + 1} `, select);
}

function renderSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-kind")].map((s) => s.value);
  box.replaceChildren(h("legend", { text: "Seats" }));
  for (let i = 0; i < n; i++) {
    const label = seatChoice(i, game);
    if (old[i]) label.querySelector("select").value = old[i];
    box.append(label);
  }
}

function optionInput(option) {
  const allowed = option.allowed.split(" | ");
  let input;
  if (allowed.length > 1 && !allowed.includes("str") && !allowed.includes("int")) {
    input = h("select", { name: option.name });
    for (const value of allowed) input.append(h("option", { value, text: value }));
    const d = option.default;
    input.value = d === true ? "on" : d === false ? "off" : String(d);
  } else {
    input = h("input", { name: option.name, value: String(option.default) });
  }
  input.dataset.option = option.name;
  input.dataset.default = input.value;
  return h("label", { class: "option" }, h("span", { text: option.name }), input);
}

function renderGame() {
  const game = currentGame();
  const players = $("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(h("option", { value: n, text: n }));
  }
  players.value = String(Math.min(Math.max(2, game.min_players), game.max_players));
  $("options").replaceChildren(...game.options.map(optionInput));
  const replace = $("replace-bot");
  replace.replaceChildren(h("option", { value: "", text: "keep the seat empty" }));
  for (const bot of game.bots) replace.append(h("option", { value: bot, text: `a ${bot} bot plays on` }));
  replace.value = game.bots.includes("heuristic") ? "heuristic" : "";
  renderSeats();
}

async function createTable(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const seats = [];
  let claim = null;
  for (const select of document.querySelectorAll(".seat-kind")) {
    const value = select.value;
    if (value === "you") {
      claim = seats.length;
      seats.push({ kind: "human" });
    } else if (value === "human") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: value.slice(4) });
  }
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    if (input.value !== input.dataset.default) options[input.dataset.option] = input.value;
  }
  const seed = $("seed").value.trim();
  const body = {
    game: game.id,
    options,
    seats,
    claim,
    name: $("name").value.trim() || null,
    seed: seed === "" ? null : Number(seed),
    replace_bot: $("replace-bot").value || null,
    leave_grace_s: Number($("grace").value || 30),
  };
  try {
    $("create").disabled = true;
    const table = await api("/api/tables", { method: "POST", body });
    if (table.token) saveSeat(table.id, claim, table.token);
    location.href = table.url;
  } catch (error) {
    $("create-error").textContent = error.message;
  } finally {
    $("create").disabled = false;
  }
}

function statusText(t) {
  if (t.status === "over") {
    const names = (t.result?.winners || []).map((w) => t.seats[w]?.name);
    return names.length ? `won by ${names.join(", ")}` : "over";
  }
  if (t.status === "waiting") return `waiting for ${t.seats.filter((s) => !s.claimed).length} player(s)`;
  return `playing, move ${t.version}`;
}

async function refreshTables() {
  let tables = [];
  try {
    tables = await api("/api/tables");
  } catch {
    return;
  }
  const body = $("tables").querySelector("tbody");
  body.replaceChildren(
    ...tables.map((t) =>
      h(
        "tr",
        { dataset: { tableId: t.id } },
        h("td", { text: t.game }),
        h("td", { text: t.seats.map((s) => s.name).join(", ") }),
        h("td", { text: statusText(t) }),
        h(
          "td",
          {},
          h("a", { href: `/table/${t.id}`, text: t.status === "over" ? "replay" : t.seats.some((s) => !s.claimed) ? "join" : "watch" }),
        ),
      ),
    ),
  );
  $("no-tables").hidden = tables.length > 0;
}

async function main() {
  games = await api("/api/games");
  const select = $("game");
  for (const g of games) select.append(h("option", { value: g.id, text: g.title }));
  select.addEventListener("change", renderGame);
  $("players").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", createTable);
  renderGame();
  await refreshTables();
  document.body.dataset.ready = "1";
  setInterval(refreshTables, 4000);
}

main();
