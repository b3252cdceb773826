// The lobby: create a table (game, seats, expansions, rules and variants described for
// players, bots by strength) and list the tables to join, watch or replay; in the
// reader's language (static/i18n.js), the games' own words as the server translates them.
import { api, capitalise, h, rememberName, rememberedName, saveSeat, seatName } from "/static/common.js";
import { lang, languageSwitch, listOf, loadLanguage, number, t, tn } from "/static/i18n.js";
import { startAccount } from "/static/account.js";
import { startRatings } from "/static/ratings.js";
import { termsBadges } from "/static/turns.js";
import { keepUnique, loadMonsterNames, monsterPicker, monstersReader, picksMonsters } from "/static/monsters.js";

const $ = (id) => document.getElementById(id);
let games = [];

// A translated message whose placeholders may be elements ({title} in bold): the
// translation of ``message`` (from t(), unfilled) filled with text or with nodes.
function rich(template, fields) {
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name || !(name in fields)) return part;
      const value = fields[name];
      return value instanceof Node ? value : typeof value === "number" ? number(value) : String(value);
    })
    .filter((part) => part !== "");
}

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
  const label = t("Seat {number}: thinking time per move", { number: index + 1 });
  const think = h("select", { id: `seat-${index}-think`, class: "seat-think", "aria-label": label });
  think.append(h("option", { value: "", text: t("quick (its level's pace)") }));
  for (const s of thinkChoices(game)) think.append(h("option", { value: String(s), text: t("{seconds} s a move", { seconds: s }) }));
  const row = h("div", { class: "seat-row seat-think-row" }, h("label", { for: think.id, class: "muted small", text: t("Thinks") }), think);
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
  select.append(h("option", { value: "you", text: t("You") }));
  select.append(h("option", { value: "human", text: t("A person (send them the link)") }));
  const group = h("optgroup", { label: t("Bots, weakest first") });
  for (const bot of bots(game)) group.append(h("option", { value: `bot:${bot.name}`, text: t("Bot: {title}", { title: bot.title }) }));
  select.append(group);
  const preferred = bots(game).some((b) => b.name === "heuristic") ? "bot:heuristic" : `bot:${bots(game)[0].name}`;
  select.value = index === 0 ? "you" : preferred;
  const help = h("div", { class: "option-help", id: `seat-${index}-help` });
  const thinkRow = thinkChoice(index, game, select);
  const explain = () => {
    const bot = game.bot_levels.find((b) => `bot:${b.name}` === select.value);
    const think = thinkRow.hidden ? "" : thinkRow.querySelector("select").value;
    const fields = { title: bot?.title, summary: bot?.summary, seconds: Number(think) };
    if (bot && think) {
      help.textContent = t("{title}: {summary}. Given {seconds} s a move, it searches that long instead: more lines of play on a faster server.", fields);
    } else if (bot) {
      help.textContent = t("{title}: {summary}", fields);
    } else {
      help.textContent = select.value === "human" ? t("Whoever opens the table's link first takes this seat.") : "";
    }
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
  const monster = picksMonsters(game) ? monsterPicker(index) : null;
  return h("div", { class: "option" },
    h("div", { class: `seat-row${monster ? " with-monster" : ""}` }, h("label", { for: select.id, text: t("Seat {number}", { number: index + 1 }) }), select, monster),
    thinkRow, help);
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
  const oldMonsters = [...box.querySelectorAll(".seat-monster")].map((s) => s.value);
  box.replaceChildren(h("legend", { text: t("Seats") }));
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
    const monster = row.querySelector(".seat-monster");
    if (monster && oldMonsters[i]) monster.value = oldMonsters[i];
    box.append(row);
  }
  keepUnique();
  explainOnce();
}

// -- options -------------------------------------------------------------------------------

function valueText(v) {
  return v === true ? "on" : v === false ? "off" : String(v);
}

// "the 2011 first edition (Italian rulebook) · default": the default said where it is chosen.
function withDefault(o, value, label) {
  return valueText(value) === valueText(o.default) ? t("{choice} · default", { choice: label }) : label;
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
    for (const [value, label] of o.values) input.append(h("option", { value: valueText(value), text: withDefault(o, value, label) }));
    input.value = valueText(o.default);
    input.dataset.default = input.value;
    input.readValue = () => input.value;
  } else if (o.kind.includes("-or-")) {
    // A number, or one of a few named values (UNO Power's "first to N points" or "one round").
    const select = h("select", { id, "aria-label": o.title });
    for (const [value, label] of o.values) select.append(h("option", { value: valueText(value), text: withDefault(o, value, label) }));
    select.append(h("option", { value: "__number__", text: t("a number:") }));
    const amount = h("input", { type: "number", min: o.min ?? undefined, max: o.max ?? undefined, "aria-label": t("{option}: number", { option: o.title }) });
    const named = o.values.some(([v]) => valueText(v) === valueText(o.default));
    select.value = named ? valueText(o.default) : "__number__";
    amount.value = named ? "" : valueText(o.default);
    amount.hidden = named;
    select.addEventListener("change", () => { amount.hidden = select.value !== "__number__"; });
    input = h("span", { class: "either" }, select, amount);
    input.dataset.default = valueText(o.default);
    input.readValue = () => (select.value === "__number__" ? amount.value : select.value);
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
    // King of Tokyo's monsters are chosen beside the seats (static/monsters.js).
    const row = (o) => (o.name === "monsters" && picksMonsters(game) ? monstersReader(o) : optionRow(o));
    const section = h("section", { class: "option-group" }, h("h3", { text: group.title }), ...options.map(row));
    if (group.id === "advanced") box.append(h("details", { class: "advanced" }, h("summary", { text: group.title }), section));
    else box.append(section);
  }
}

function renderGame() {
  const game = currentGame();
  const players = $("players");
  const previous = Number(players.value) || 0;
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) players.append(h("option", { value: n, text: number(n) }));
  const wanted = previous >= game.min_players && previous <= game.max_players ? previous : Math.min(Math.max(game.id === "king-of-tokyo" ? 4 : 2, game.min_players), game.max_players);
  players.value = String(wanted);
  $("game-notice").hidden = !game.notice;
  $("game-notice").textContent = game.notice || "";
  renderOptions(game);
  const level = t("{title} ({name}): {summary}");
  $("bot-levels").replaceChildren(...bots(game).map((b) => h("li", {}, ...rich(level, { title: h("strong", { text: b.title }), name: b.name, summary: b.summary }))));
  const longest = thinkChoices(game).at(-1);
  const thinkers = bots(game).filter((b) => b.searches).map((b) => b.title);
  $("think-note").hidden = !longest || !thinkers.length;
  $("think-note").textContent = tn(
    "{bots} searches. Given a time to think (up to {seconds} s a move on this server), it searches for that long instead of its level's fixed number of lines, so it sees more on a faster server; “quick” keeps its level's own.",
    "{bots} search. Given a time to think (up to {seconds} s a move on this server), one searches for that long instead of its level's fixed number of lines, so it sees more on a faster server; “quick” keeps its level's own.",
    thinkers.length,
    { bots: listOf(thinkers), seconds: longest ?? 0 },
  );
  renderPace(game);
  const replace = $("replace-bot");
  replace.replaceChildren(h("option", { value: "", text: t("nobody: the seat waits for them") }));
  for (const bot of bots(game)) replace.append(h("option", { value: bot.name, text: t("the {title} bot plays for them", { title: bot.title }) }));
  replace.value = bots(game).some((b) => b.name === "heuristic") ? "heuristic" : "";
  renderSeats();
}

// The bots' pace: seconds between two bot moves, so that people follow them; the
// server's own pace first, then the others this server allows.
const PACES = [0.3, 0.7, 1.5, 3];

function renderPace(game) {
  const offer = game.bot_pause;
  const select = $("bot-pace");
  const before = select.value;
  select.replaceChildren(h("option", { value: "", text: t("{seconds} s between bot moves (this server's pace)", { seconds: number(offer?.default ?? 0) }) }));
  for (const seconds of PACES) {
    if (!offer || seconds === offer.default || seconds < offer.min || seconds > offer.max) continue;
    select.append(h("option", { value: String(seconds), text: t("{seconds} s between bot moves", { seconds: number(seconds) }) }));
  }
  select.value = [...select.options].some((o) => o.value === before) ? before : "";
}

function renderGames() {
  const box = $("games");
  box.replaceChildren(...games.map((g, i) => h("label", { class: "game-choice" },
    h("input", { type: "radio", name: "game", value: g.id, checked: i === 0 }),
    h("strong", { text: g.title }),
    h("span", { class: "muted small", text: g.min_players === g.max_players ? tn("{n} player", "{n} players", g.min_players) : t("{min}–{max} players", { min: g.min_players, max: g.max_players }) }))));
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
    rated: $("rated").checked,
  };
  if ($("bot-pace").value) body.bot_pause_s = Number($("bot-pace").value);
  if ($("move-time").value) {
    // Turn-based: a person out of time is replaced by the heuristic bot, or the table
    // ends; no replacement bot takes a seat for being away.
    body.move_time_s = Number($("move-time").value);
    body.on_timeout = $("on-timeout").value;
    body.replace_bot = null;
  }
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

function statusText(table) {
  if (table.status === "over") {
    const names = (table.result?.winners || []).map((w) => table.seats[w]?.name);
    return names.length ? t("finished · won by {names}", { names: listOf(names) }) : t("finished");
  }
  if (table.status === "waiting") {
    const open = table.seats.filter((s) => !s.claimed).length;
    return tn("waiting for {n} player", "waiting for {n} players", open);
  }
  // Paused: the bots wait for the people, or nobody was here for a while (asleep).
  if (table.paused) return t("paused · move {move}", { move: table.version });
  return t("playing · move {move}", { move: table.version });
}

// A table left for over an hour by everybody (waiting with nobody there, or a game
// paused for its people) is folded away: the switch under the list shows them.
const LEFT_LONG_S = 3600;

function abandoned(table) {
  const here = table.seats.some((s) => s.connected);
  return (table.status === "waiting" && !here) || (table.status === "playing" && Boolean(table.paused));
}

// How long ago a waiting or paused table was made or last moved: "5 minutes ago".
function ageText(seconds) {
  if (seconds < 60) return t("just now");
  if (seconds < 3600) return tn("{n} minute ago", "{n} minutes ago", Math.floor(seconds / 60));
  if (seconds < 86400) return tn("{n} hour ago", "{n} hours ago", Math.floor(seconds / 3600));
  return tn("{n} day ago", "{n} days ago", Math.floor(seconds / 86400));
}

// The link of a table in the list: what it does, and for a screen reader which table.
function tableLink(table, open) {
  const fields = { game: table.title || table.game, seats: table.seats.map((s) => seatName(table, s.seat)).join(", ") };
  if (table.status === "over") return [t("Replay"), t("Replay: {game}, {seats}", fields)];
  if (open) return [t("Join"), t("Join: {game}, {seats}", fields)];
  return [t("Watch"), t("Watch: {game}, {seats}", fields)];
}

async function refreshTables() {
  let tables = [];
  try {
    tables = await api("/api/tables");
  } catch {
    return;
  }
  const old = tables.filter((table) => abandoned(table) && (table.idle_s ?? 0) > LEFT_LONG_S);
  $("old-tables").hidden = !old.length;
  $("old-tables-label").textContent = tn("Show {n} table left for over an hour", "Show {n} tables left for over an hour", old.length);
  const shown = $("show-old").checked ? tables : tables.filter((table) => !old.includes(table));
  $("tables").replaceChildren(
    ...shown.map((table) => {
      const open = table.status === "waiting" && table.seats.some((s) => !s.claimed);
      const [verb, label] = tableLink(table, open);
      const age = table.idle_s !== undefined && abandoned(table) ? h("span", { class: "muted small age", text: ` · ${ageText(table.idle_s)}` }) : null;
      return h("div", { class: "table-row", dataset: { tableId: table.id } },
        h("div", {}, h("strong", { text: table.title || table.game }), " ", h("span", { class: "muted small", text: statusText(table) }), age,
          table.known_deal ? h("span", { class: "badge warn", title: t("anyone here can compute the cards from the seed"), text: t("known deal: seed {seed}", { seed: String(table.seed) }) }) : null,
          table.position ? h("span", { class: "badge warn", title: t("the creator set up the position and may know the cards"), text: t("position") }) : null,
          ...termsBadges(table)),
        h("a", { href: `/table/${table.id}`, text: verb, "aria-label": label }),
        h("div", { class: "who", text: table.seats.map((s) => seatName(table, s.seat)).join(" · ") }));
    }),
  );
  $("no-tables").hidden = tables.length > 0;
}

// A finished game's record, brought in to its own table: the analysis board.
const MAX_FILE_BYTES = 60_000; // under the server's body limit, said here first
async function bringInRecord() {
  const file = $("record-file").files[0];
  $("record-error").textContent = "";
  if (!file) return;
  try {
    if (file.size > MAX_FILE_BYTES) throw new Error(t("the file is too large for a game record"));
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      throw new Error(t("the file is not a game record (JSON)"));
    }
    const table = await api("/api/analyses", { method: "POST", body: record });
    location.href = table.url;
  } catch (error) {
    $("record-error").textContent = error.message;
    $("record-file").value = "";
  }
}

// A position file (TOML or JSON, a whole one: its game and options) brought to a board of
// its own, a study: nobody plays it, every seat's moves can be tried there.
async function studyPosition() {
  const file = $("study-file").files[0];
  $("record-error").textContent = "";
  if (!file) return;
  try {
    if (file.size > MAX_FILE_BYTES) throw new Error(t("the file is too large for a position"));
    const table = await api("/api/analyses", { method: "POST", body: { position: await file.text() } });
    location.href = table.url;
  } catch (error) {
    $("record-error").textContent = error.message;
    $("study-file").value = "";
  }
}

// A position file (TOML or JSON) read into the position's field, to be checked there.
async function readPositionFile() {
  const file = $("position-file").files[0];
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    $("create-error").textContent = t("the file is too large for a position");
    return;
  }
  $("position").value = await file.text();
  $("more-box").open = true;
}

async function main() {
  await loadLanguage();
  await loadMonsterNames();
  $("lang-slot").replaceChildren(languageSwitch());
  games = await api(`/api/games?lang=${encodeURIComponent(lang())}`);
  renderGames();
  $("name").value = rememberedName();
  $("players").addEventListener("change", renderSeats);
  $("create-form").addEventListener("submit", createTable);
  $("move-time").addEventListener("change", () => { $("on-timeout-row").hidden = !$("move-time").value; });
  $("show-old").addEventListener("change", refreshTables);
  $("record-file").addEventListener("change", bringInRecord);
  $("study-file").addEventListener("change", studyPosition);
  $("position-file").addEventListener("change", readPositionFile);
  renderGame();
  await Promise.all([refreshTables(), startAccount({ ageText }), startRatings(games)]);
  document.body.dataset.ready = "1";
  setInterval(refreshTables, 4000);
}

main();
