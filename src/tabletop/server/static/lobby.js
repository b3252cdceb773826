// The lobby: create a table (game, seats, expansions, rules and variants described for
// players, bots by strength) and list the tables to join, watch or replay.
import { api, capitalise, h, plural, rememberName, rememberedName, saveSeat } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const STATUS = { waiting: "waiting for players", playing: "playing", over: "finished" };
let games = [];

function currentGame() {
  const checked = document.querySelector("input[name=game]:checked");
  return games.find((g) => g.id === checked?.value) || games[0];
}

function bots(game) {
  return game.bot_levels.filter((b) => !b.alias_of);
}

// Seconds a search bot may think per move instead of its level's fixed amount, as far
// as this server allows (the server checks and caps them again).
const THINK_CHOICES = [0.25, 1, 3];

function thinkChoices(game) {
  return THINK_CHOICES.filter((s) => s <= (game.max_bot_think_s || 0));
}

function searches(game, value) {
  return game.bot_levels.some((b) => `bot:${b.name}` === value && b.searches);
}

// Under a search bot's seat: how long it thinks per move.
function thinkChoice(index, game, select) {
  const think = h("select", { id: `seat-${index}-think`, class: "seat-think", "aria-label": `Seat ${index + 1}: thinking time per move` });
  think.append(h("option", { value: "", text: "quick (its level's pace)" }));
  for (const s of thinkChoices(game)) think.append(h("option", { value: String(s), text: `${s} s a move` }));
  const row = h("div", { class: "seat-row seat-think-row" }, h("label", { for: think.id, class: "muted small", text: "Thinks" }), think);
  const show = () => { row.hidden = !thinkChoices(game).length || !searches(game, select.value); };
  select.addEventListener("change", show);
  show();
  return row;
}

// The seconds chosen under a seat, or "" for its level's pace (or no search bot).
function thinkOf(select) {
  const think = document.getElementById(`${select.id}-think`);
  return think && !think.closest(".seat-think-row").hidden ? think.value : "";
}

// -- seats -------------------------------------------------------------------------------

function seatChoice(index, game) {
  const select = h("select", { id: `seat-${index}`, name: `seat-${index}`, class: "seat-kind", dataset: { seat: index } });
  select.append(h("option", { value: "you", text: "You" }));
  select.append(h("option", { value: "human", text: "A person (send them the link)" }));
  const group = h("optgroup", { label: "Bots, weakest first" });
  for (const bot of bots(game)) group.append(h("option", { value: `bot:${bot.name}`, text: `Bot: ${bot.title}` }));
  select.append(group);
  const preferred = bots(game).some((b) => b.name === "heuristic") ? "bot:heuristic" : `bot:${bots(game)[0].name}`;
  select.value = index === 0 ? "you" : preferred;
  const help = h("div", { class: "option-help", id: `seat-${index}-help` });
  const thinkRow = thinkChoice(index, game, select);
  const explain = () => {
    const bot = game.bot_levels.find((b) => `bot:${b.name}` === select.value);
    const think = thinkRow.hidden ? "" : thinkRow.querySelector("select").value;
    const timed = think ? `. Given ${think} s a move, it searches that long instead: more lines of play on a faster server.` : "";
    help.textContent = bot ? `${bot.title}: ${bot.summary}${timed}` : select.value === "human" ? "Whoever opens the table's link first takes this seat." : "";
    explainOnce();
  };
  thinkRow.querySelector("select").addEventListener("change", explain);
  select.setAttribute("aria-describedby", help.id);
  select.addEventListener("change", () => {
    // Only one seat is yours: choosing "You" elsewhere turns the old one into an invite.
    if (select.value === "you") {
      for (const other of document.querySelectorAll(".seat-kind")) {
        if (other !== select && other.value === "you") {
          other.value = "human";
          other.dispatchEvent(new Event("change"));
        }
      }
    }
    explain();
  });
  explain();
  return h("div", { class: "option" }, h("div", { class: "seat-row" }, h("label", { for: select.id, text: `Seat ${index + 1}` }), select), thinkRow, help);
}

// A bot's line is said once, under the first seat it plays.
function explainOnce() {
  const seen = new Set();
  for (const select of document.querySelectorAll(".seat-kind")) {
    const help = document.getElementById(`${select.id}-help`);
    if (!help) continue;
    const key = `${select.value}@${thinkOf(select)}`;
    help.hidden = select.value.startsWith("bot:") && seen.has(key);
    seen.add(key);
  }
}

function renderSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-kind")].map((s) => s.value);
  const oldThink = [...box.querySelectorAll(".seat-think")].map((s) => s.value);
  box.replaceChildren(h("legend", { text: "Seats" }));
  for (let i = 0; i < n; i++) {
    const row = seatChoice(i, game);
    const select = row.querySelector("select");
    if (old[i] && [...select.options].some((o) => o.value === old[i])) {
      select.value = old[i];
      select.dispatchEvent(new Event("change"));
    }
    const think = row.querySelector(".seat-think");
    if (oldThink[i] && [...think.options].some((o) => o.value === oldThink[i])) {
      think.value = oldThink[i];
      think.dispatchEvent(new Event("change"));
    }
    box.append(row);
  }
  explainOnce();
}

// -- options -------------------------------------------------------------------------------

function valueText(v) {
  return v === true ? "on" : v === false ? "off" : String(v);
}

function optionControl(o) {
  const id = `option-${o.name}`;
  let input;
  if (o.kind === "bool") {
    input = h("input", { id, type: "checkbox", checked: o.default === true });
    input.dataset.default = valueText(o.default);
    input.readValue = () => valueText(input.checked);
  } else if (o.kind === "choice") {
    input = h("select", { id });
    for (const [value, label] of o.values) input.append(h("option", { value: valueText(value), text: label }));
    input.value = valueText(o.default);
    input.dataset.default = input.value;
    input.readValue = () => input.value;
  } else if (o.kind.includes("-or-")) {
    // A number, or one of a few named values (UNO Power's "first to N points" or "one round").
    const select = h("select", { id, "aria-label": o.title });
    for (const [value, label] of o.values) select.append(h("option", { value: valueText(value), text: label }));
    select.append(h("option", { value: "__number__", text: "a number:" }));
    const number = h("input", { type: "number", min: o.min ?? undefined, max: o.max ?? undefined, "aria-label": `${o.title}: number` });
    const named = o.values.some(([v]) => valueText(v) === valueText(o.default));
    select.value = named ? valueText(o.default) : "__number__";
    number.value = named ? "" : valueText(o.default);
    number.hidden = named;
    select.addEventListener("change", () => { number.hidden = select.value !== "__number__"; });
    input = h("span", { class: "either" }, select, number);
    input.dataset.default = valueText(o.default);
    input.readValue = () => (select.value === "__number__" ? number.value : select.value);
  } else {
    input = h("input", { id, type: o.kind === "int" ? "number" : "text", value: valueText(o.default), min: o.min ?? undefined, max: o.max ?? undefined });
    input.dataset.default = input.value;
    input.readValue = () => input.value;
  }
  input.dataset.option = o.name;
  input.classList?.add("option-input");
  return input;
}

function optionRow(o) {
  const input = optionControl(o);
  const help = h("div", { class: "option-help", id: `option-${o.name}-help`, text: o.description });
  (input.querySelector?.("select") || input).setAttribute("aria-describedby", help.id);
  return h("div", { class: "option", dataset: { name: o.name } },
    h("div", { class: "option-head" }, h("label", { for: `option-${o.name}` }, h("span", { text: o.title })), input),
    help);
}

// Expansions are shown as visible choices, never hidden in the options.
function expansionRow(o) {
  const row = h("fieldset", { class: "expansion", dataset: { name: o.name } }, h("legend", { text: o.title }));
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-label": o.title });
  for (const [value, label] of o.values) {
    const input = h("input", { type: "radio", name: `expansion-${o.name}`, value: valueText(value), checked: valueText(value) === valueText(o.default) });
    group.append(h("label", { class: "segment" }, input, h("span", { text: capitalise(label) })));
  }
  const reader = h("span", { hidden: true });
  reader.dataset.option = o.name;
  reader.dataset.default = valueText(o.default);
  reader.classList.add("option-input");
  reader.readValue = () => group.querySelector("input:checked")?.value ?? reader.dataset.default;
  row.append(group, reader, h("div", { class: "option-help", text: o.description }));
  return row;
}

function renderOptions(game) {
  const expansions = game.options.filter((o) => o.group === "expansions");
  $("expansions").replaceChildren(...expansions.map(expansionRow));
  const box = $("options");
  box.replaceChildren();
  for (const group of game.option_groups) {
    if (group.id === "expansions") continue;
    const options = game.options.filter((o) => o.group === group.id);
    if (!options.length) continue;
    const section = h("section", { class: "option-group" }, h("h3", { text: group.title }), ...options.map(optionRow));
    if (group.id === "advanced") box.append(h("details", { class: "advanced" }, h("summary", { text: group.title }), section));
    else box.append(section);
  }
}

function renderGame() {
  const game = currentGame();
  const players = $("players");
  const previous = Number(players.value) || 0;
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(h("option", { value: n, text: n }));
  const wanted = previous >= game.min_players && previous <= game.max_players ? previous : Math.min(Math.max(game.id === "king-of-tokyo" ? 4 : 2, game.min_players), game.max_players);
  players.value = String(wanted);
  $("game-notice").hidden = !game.notice;
  $("game-notice").textContent = game.notice || "";
  renderOptions(game);
  $("bot-levels").replaceChildren(...bots(game).map((b) => h("li", {}, h("strong", { text: b.title }), ` (${b.name}): ${b.summary}`)));
  const longest = thinkChoices(game).at(-1);
  const thinkers = bots(game).filter((b) => b.searches).map((b) => b.title);
  $("think-note").hidden = !longest || !thinkers.length;
  const named = thinkers.length > 1 ? `${thinkers.slice(0, -1).join(", ")} and ${thinkers.at(-1)}` : thinkers[0];
  $("think-note").textContent = `${named} search. Given a time to think (up to ${longest} s a move on this server), one searches for that long instead of its level's fixed number of lines, so it sees more on a faster server; "quick" keeps its level's own.`;
  const replace = $("replace-bot");
  replace.replaceChildren(h("option", { value: "", text: "nobody: the seat waits for them" }));
  for (const bot of bots(game)) replace.append(h("option", { value: bot.name, text: `a ${bot.title.toLowerCase()} bot plays for them` }));
  replace.value = bots(game).some((b) => b.name === "heuristic") ? "heuristic" : "";
  renderSeats();
}

function renderGames() {
  const box = $("games");
  box.replaceChildren(...games.map((g, i) => h("label", { class: "game-choice" },
    h("input", { type: "radio", name: "game", value: g.id, checked: i === 0 }),
    h("strong", { text: g.title }),
    h("span", { class: "muted small", text: g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players` }))));
  for (const input of box.querySelectorAll("input")) input.addEventListener("change", renderGame);
}

// -- creating ------------------------------------------------------------------------------

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
    else {
      const seconds = thinkOf(select) ? Number(thinkOf(select)) : null;
      seats.push(seconds ? { kind: "bot", bot: value.slice(4), think: seconds } : { kind: "bot", bot: value.slice(4) });
    }
  }
  const options = {};
  for (const input of document.querySelectorAll(".option-input")) {
    const value = input.readValue();
    if (value !== input.dataset.default && value !== "") options[input.dataset.option] = value;
  }
  const name = $("name").value.trim();
  rememberName(name);
  const seed = $("seed").value.trim();
  const body = {
    game: game.id,
    options,
    seats,
    claim,
    name: name || null,
    seed: seed === "" ? null : Number(seed),
    known_deal: $("known-deal").checked,
    position: $("position").value.trim() || null,
    replace_bot: $("replace-bot").value || null,
    leave_grace_s: Number($("grace").value || 60),
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

// -- the tables ------------------------------------------------------------------------------

function statusText(t) {
  if (t.status === "over") {
    const names = (t.result?.winners || []).map((w) => t.seats[w]?.name);
    return names.length ? `finished · won by ${names.join(" and ")}` : "finished";
  }
  if (t.status === "waiting") return `waiting for ${plural(t.seats.filter((s) => !s.claimed).length, "player")}`;
  return `playing · move ${t.version}`;
}

async function refreshTables() {
  let tables = [];
  try {
    tables = await api("/api/tables");
  } catch {
    return;
  }
  $("tables").replaceChildren(
    ...tables.map((t) => {
      const open = t.status === "waiting" && t.seats.some((s) => !s.claimed);
      const verb = t.status === "over" ? "Replay" : open ? "Join" : "Watch";
      return h("div", { class: "table-row", dataset: { tableId: t.id } },
        h("div", {}, h("strong", { text: t.title || t.game }), " ", h("span", { class: "muted small", text: statusText(t) }),
          t.known_deal ? h("span", { class: "badge warn", title: "the creator chose the deal and may know every card", text: "known deal" }) : null,
          t.position ? h("span", { class: "badge warn", title: "the creator set up the position and may know the cards", text: "position" }) : null),
        h("a", { href: `/table/${t.id}`, text: verb, "aria-label": `${verb}: ${t.title || t.game}, ${t.seats.map((s) => s.name).join(", ")}` }),
        h("div", { class: "who", text: t.seats.map((s) => s.name).join(" · ") }));
    }),
  );
  $("no-tables").hidden = tables.length > 0;
}

async function main() {
  games = await api("/api/games");
  renderGames();
  $("name").value = rememberedName();
  $("players").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", createTable);
  renderGame();
  await refreshTables();
  document.body.dataset.ready = "1";
  setInterval(refreshTables, 4000);
}

main();
