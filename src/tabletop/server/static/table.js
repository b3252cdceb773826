// The table page: one websocket to the server, the game's module for the board, and
// what every game shares: the prompt (said once), the decision bar, the "All choices"
// menu, the players, the log, the result, the break between rounds and the replay.
//
// A game module exports ``render(view, ctx) -> Element`` and may export
// ``prompt(view, ctx) -> string``, ``name(view, ctx, seat) -> string`` (how a seat is
// called: King of Tokyo says the monster), ``result(view, ctx) -> Element`` (the end
// in the game's own terms), ``breakSummary(view, ctx) -> Element`` (a round's end)
// and ``actionText(action, view, texts) -> string`` (a button's words; ``texts`` are
// the game's names and texts in the reader's language, as ``ctx.texts``).
//
// Every word is the reader's language (static/i18n.js): the catalog is loaded before
// the first render, the game's card names and texts come from
// /api/i18n/LANG/texts/GAME (handed to the game module as ``ctx.texts``), and the
// websocket's hello names the language, so that the server sends the log and the
// legal actions' labels already translated.
import { turnAlert } from "/static/alert.js";
import { api, botWord, capitalise, forgetSeat, h, linkSeats, saveSeat, savedSeat, seatName } from "/static/common.js";
import { lang, languageSwitch, listOf, loadLanguage, t, tn, tp } from "/static/i18n.js";
import { animate, measure } from "/static/motion.js";
import { renderPreferences } from "/static/preferences.js";
import { recentEvents } from "/static/recent.js";
import { startReplay } from "/static/replay.js";
import { clockText, termsNotices, timeoutEnding, timeoutEvent, timeoutNotices } from "/static/turns.js";
import { boardContext, closeSheet, hidePopover } from "/static/ui.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const BREAK_KEY = `tabletop.break.${tableId}`;
const DECISION_BAR_MAX = 8; // more loose actions than this go to the menu only

let renderer = null;
let socket = null;
let seat = null;
let last = null; // the latest "state" message
let summary = null;
let retry = 0;
let pending = false;
let menuUses = 0;
let preferenceCatalogue = []; // the game's preferences, described (a seat's welcome)
let preferences = null; // this seat's values
let answeredVersion = -1; // the state the last "answered for you" notice goes with
const events = []; // every log event this connection received, for endings
let logFrom = 0; // the first event of the log sent (a long game's is cut on joining)
let recent = null; // the strip of the last events by the prompt (static/recent.js)
let alerts = null; // the bell: a sound and vibration on your turn (static/alert.js)
let gameTexts = {}; // the game's card names and texts in the reader's language
let account = null; // the signed-in account ({ name }), or null for a guest

// A translated message with elements in it: "open {link} there" with the link an
// element. The placeholders in ``nodes`` become those elements, the others stay text.
function withNodes(message, nodes) {
  return message.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name && nodes[name] ? nodes[name] : part;
  });
}

// A link with #seat=..&token=.. moves a seat to this browser, but never replaces a
// seat it already holds here: a crafted link cannot take a player's seat away.
function importTokenFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  const number = Number(params.get("seat"));
  if (!params.has("token") && !params.has("seat")) return false; // another link: a replay's moment
  params.delete("token");
  params.delete("seat");
  const rest = params.toString(); // the token leaves the address bar, the rest stays
  history.replaceState(null, "", location.pathname + (rest ? `#${rest}` : ""));
  if (!token || !Number.isInteger(number) || savedSeat(tableId)) return false;
  saveSeat(tableId, number, token);
  return true;
}

// "#take=SEAT" (the lobby's list of the account's tables): the signed-in account's seat,
// taken in this browser with a new token (the device that held it before lets go).
async function takeFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("take")) return;
  const number = Number(params.get("take"));
  params.delete("take");
  const rest = params.toString();
  history.replaceState(null, "", location.pathname + (rest ? `#${rest}` : ""));
  if (!account || !Number.isInteger(number) || savedSeat(tableId)?.seat === number) return;
  try {
    const taken = await api(`/api/account/tables/${encodeURIComponent(tableId)}/seats/${number}/take`, { method: "POST" });
    saveSeat(tableId, taken.seat, taken.token);
  } catch (error) {
    showError(error.message);
  }
}

// The tab's icon: a plain one, or a marked one while this seat has a decision to make, so
// that a person in another tab sees it is their turn (the title says it too).
const ICONS = {
  idle: "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#1e7b34"/></svg>'),
  turn: "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#1e7b34"/><circle cx="11.5" cy="4.5" r="4" fill="#e39b00" stroke="#fff"/></svg>'),
};
function markIcon(mine) {
  const link = document.querySelector("link[rel=icon]");
  const href = mine ? ICONS.turn : ICONS.idle;
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
  document.body.dataset.icon = mine ? "turn" : "idle";
}

async function loadRenderer(client) {
  if (client.css) $("game-css").href = client.css;
  try {
    renderer = await import(client.module);
  } catch (error) {
    console.warn("game module failed, using the generic one", error);
    renderer = await import("/static/games/generic.js");
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function setConnection(text, cls) {
  $("connection").textContent = text;
  $("connection").className = `badge ${cls}`;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  setConnection(t("connecting…"), "warn");
  socket.addEventListener("open", () => {
    retry = 0;
    setConnection(t("live"), "live");
    const mine = savedSeat(tableId);
    send({ type: "hello", token: mine?.token || null, lang: lang() });
  });
  socket.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) {
      setConnection(t("no such table"), "warn");
      return;
    }
    setConnection(t("reconnecting…"), "warn");
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  });
}

function showError(message) {
  $("errors").textContent = message;
}

function onMessage(msg) {
  if (msg.type === "welcome") {
    seat = msg.seat;
    pending = false; // a click lost with the old connection may be made again
    $("log").replaceChildren();
    events.length = 0;
    logFrom = msg.log_from || 0;
    if (logFrom > 0) $("log").append(h("li", { class: "log-cut muted", text: t("Earlier events of this game are not shown.") }));
    recent?.clear();
    alerts?.reset();
    preferenceCatalogue = msg.preferences || [];
  } else if (msg.type === "preferences") {
    showPreferences(msg.preferences);
  } else if (msg.type === "answered") {
    // Sent just before the state it leads to, so that both show at once.
    answeredVersion = msg.version;
    $("answered").textContent = t("Answered for you (your preferences): {action}.", { action: capitalise(withNames(msg.label)) });
  } else if (msg.type === "state") {
    // A re-broadcast of the same version (somebody joined) keeps a sent click pending.
    if (!last || msg.version !== last.version) {
      pending = false;
      showError("");
    }
    onState(msg);
  } else if (msg.type === "presence") {
    // Who joined or left: the seats, the watchers and the prompt change, the board not.
    summary = msg.table;
    if (last) {
      last.table = msg.table;
      renderSeats();
      renderPrompt(last, context(last, last.view));
    }
  } else if (msg.type === "timeout") {
    // A person ran out of time at a turn-based table: said in the log (the state that
    // shows the bot in their seat, or the end, comes next).
    $("log").append(h("li", { class: "log-timeout", text: timeoutEvent(summary, msg) }));
  } else if (msg.type === "hint") {
    showHints(msg);
  } else if (msg.type === "error") {
    pending = false;
    document.body.dataset.pending = "";
    if (msg.code === "bad_token") {
      // The stored token holds no seat here (an old table, or a bad link): watch.
      forgetSeat(tableId);
      send({ type: "hello", lang: lang() });
    }
    showError(msg.message);
  }
}

// -- names -----------------------------------------------------------------------------

function nameOf(s, view = last?.view) {
  if (s === null || s === undefined || s < 0) return "";
  if (renderer?.name && view) return renderer.name(view, context(last, view), s);
  return seatName(summary, s);
}

// The rules write "player 2" (1-based); the page writes that seat's name. A log in
// another language names a seat as the games' seat formatters translate it
// (games/*/log_text.py: "Spieler 2", "giocatore 2"), with the same catalog entries.
let seatWords = null;

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// "Spieler {number}" from a translation such as "Spieler {number}" or "Platz
// {number}: {monster}": the words next to the number, without other placeholders.
function seatForm(translation) {
  const at = translation.indexOf("{number}");
  if (at < 0) return null;
  const before = translation.slice(0, at).split("}").pop().replace(/^[\s\p{P}]+/u, "");
  const after = translation.slice(at + 8).split(/[{\p{P}]/u)[0].trimEnd();
  const form = before ? `${before}{number}` : `{number}${after}`;
  return /\p{L}/u.test(form) ? form : null;
}

function seatPattern() {
  if (!seatWords) {
    const forms = new Set(["player {number}", "seat {number}"]);
    for (const translation of [
      tp("uno-power:seat", "player {number}"),
      tp("kung-fu:seat", "player {number}"),
      tp("king-of-tokyo:setup", "seat {number}: {monster}"),
    ]) {
      const form = seatForm(translation);
      if (form) forms.add(form);
    }
    const parts = [...forms].map((form) => form.split("{number}").map(escapeRegExp).join("(\\d+)"));
    seatWords = new RegExp(`(?<![\\p{L}\\d])(?:${parts.join("|")})(?![\\p{L}\\d])`, "giu");
  }
  return seatWords;
}

function withNames(text) {
  return text.replace(seatPattern(), (words, ...groups) => {
    const n = groups.slice(0, -2).find((g) => g !== undefined);
    const s = Number(n) - 1;
    return summary?.seats?.[s] ? seatName(summary, s) : words;
  });
}

// -- what a game module gets -----------------------------------------------------------

function actionText(a, view) {
  const text = renderer?.actionText ? renderer.actionText(a, view, gameTexts) : null;
  return capitalise(withNames(text || a.label));
}

function setPreferences(changes) {
  send({ type: "preferences", preferences: changes });
}

function showPreferences(values) {
  preferences = values;
  const panel = $("prefs-panel");
  panel.hidden = !values || !preferenceCatalogue.length;
  if (!panel.hidden) renderPreferences($("prefs"), preferenceCatalogue, values, setPreferences, summary?.game ?? "");
}

// ``seat``: whose view it is (a replay's moment may be seen from any seat).
function context(msg, view, seat = msg ? msg.seat : null) {
  return boardContext({
    preferences,
    setPreferences,
    seat,
    seenFrom: !msg && seat !== null,
    version: msg ? msg.version : -1,
    legal: msg?.legal || [],
    view,
    summary,
    events: msg ? events : [],
    logFrom: msg ? logFrom : 0,
    act,
    describe: (a) => actionText(a, view),
    texts: gameTexts,
    names: withNames,
  });
}

// -- a new state -----------------------------------------------------------------------

function onState(msg) {
  last = msg;
  summary = msg.table;
  const mine = msg.legal.length > 0;
  if (JSON.stringify(msg.preferences ?? null) !== JSON.stringify(preferences)) showPreferences(msg.preferences ?? null);
  if (mine && msg.version !== answeredVersion) $("answered").textContent = "";
  document.title = `${mine ? "▶ " : ""}${summary.title} · Tabletop`;
  markIcon(mine);
  $("title").textContent = summary.title;
  const body = document.body.dataset;
  body.status = summary.status;
  body.version = msg.version;
  body.seat = msg.seat ?? "";
  body.mine = mine ? "1" : "";
  body.decision = msg.view?.decision?.kind ?? "";
  body.pending = "";
  hidePopover();
  closeSheet();
  renderSeats();
  for (const event of msg.log) {
    events.push(event);
    appendLog($("log"), event);
  }
  recent?.show(msg.log, withNames);
  const ctx = context(msg, msg.view);
  const before = measure($("board"));
  $("board").replaceChildren(renderer.render(msg.view, ctx));
  animate($("board"), before); // what changed moves for a moment (static/motion.js)
  alerts?.turn(mine);
  renderPrompt(msg, ctx);
  renderDecisionBar(msg, ctx);
  renderChoices(msg);
  renderResult(msg, ctx);
  renderBreak(msg, ctx);
  body.ready = "1";
}

function renderPrompt(msg, ctx) {
  const box = $("prompt");
  const text = $("prompt-text");
  const watching = msg.seat === null;
  const spectators = summary.spectators || 0;
  let words;
  let cls = "";
  if (summary.status === "over") words = t("The game is over.");
  else if (summary.status === "study") words = t("A position to study: try moves on the board below.");
  else if (invited(msg)) {
    const host = summary.seats.find((s) => s.kind === "human" && s.claimed);
    words = host
      ? t("{player} invites you to this table: type your name and take a seat.", { player: seatName(summary, host.seat) })
      : t("You are invited to this table: type your name and take a seat.");
    cls = "mine";
  } else if (summary.status === "waiting") {
    const open = summary.seats.filter((s) => !s.claimed).length;
    words = tn(
      "Waiting for {n} player to take a seat: share the invite link.",
      "Waiting for {n} players to take their seats: share the invite link.",
      open,
    );
  } else if (summary.waiting_for_ready?.length) {
    const others = summary.waiting_for_ready.filter((s) => s !== msg.seat).map((s) => seatName(summary, s));
    words = summary.waiting_for_ready.includes(msg.seat)
      ? t("The round is over: start the next one when you are ready.")
      : t("Waiting for {players} to start the next round…", { players: listOf(others) });
  } else if (summary.storage_trouble) {
    words = t("The server cannot reach its database: the game goes on as soon as it is back.");
  } else if (summary.paused) {
    words = t("Paused: the bots wait until a player comes back.");
  } else if (ctx.mine) {
    const decision = msg.view?.decision?.text ?? t("choose an action");
    words = renderer.prompt ? renderer.prompt(msg.view, ctx) : t("Your decision: {decision}", { decision });
    cls = "mine";
  } else {
    const who = nameOf(msg.current_player);
    words = renderer.prompt ? renderer.prompt(msg.view, ctx) : t("Waiting for {player}…", { player: who });
  }
  if (watching && !["waiting", "study"].includes(summary.status)) {
    words = spectators > 1
      ? tn("Watching with {n} other · {prompt}", "Watching with {n} others · {prompt}", spectators - 1, { prompt: words })
      : t("Watching · {prompt}", { prompt: words });
    cls = `${cls} watching`;
  }
  text.textContent = words;
  box.className = `prompt ${cls}`.trim();
  renderClock();
  $("hint").hidden = !ctx.mine;
  $("hint").disabled = false;
  if (!ctx.mine) $("hints").replaceChildren();
}

// Legal actions the board did not offer become buttons here (a few), and every legal
// action is in the "All choices" menu.
function renderDecisionBar(msg, ctx) {
  const binder = ctx.binder;
  const loose = msg.legal.filter((a) => !binder.bound.has(a.id));
  const bar = $("decision-bar");
  bar.replaceChildren();
  if (invited(msg)) bar.append(claimForm());
  else if (summary.status === "waiting") {
    const copy = h("button", { type: "button", class: "decision", id: "copy-invite" }, t("Copy the invite link"));
    copy.addEventListener("click", () => {
      navigator.clipboard?.writeText($("share").value);
      copy.textContent = t("Link copied: send it to your friends");
    });
    bar.append(copy);
  }
  if (loose.length && loose.length <= DECISION_BAR_MAX) {
    for (const a of loose) bar.append(binder.button(a, actionText(a, msg.view), "decision"));
  }
  // A game's own one-tap answers beside the question (King of Tokyo: "Not until my turn").
  if (ctx.mine && renderer.decisionExtras) bar.append(...renderer.decisionExtras(msg.view, ctx));
  bar.hidden = !bar.childElementCount;
}

function renderChoices(msg) {
  const box = $("choices");
  box.hidden = msg.legal.length === 0;
  $("choices-summary").textContent = t("All choices ({n})", { n: msg.legal.length });
  $("choice-list").replaceChildren(
    ...msg.legal.map((a) => h("button", {
      type: "button",
      class: "choice",
      dataset: { actionId: a.id },
      onclick: () => {
        menuUses += 1;
        document.body.dataset.menuUses = String(menuUses);
        box.open = false;
        act(a.id);
      },
    }, actionText(a, msg.view))));
  if (!msg.legal.length) box.open = false;
}

function act(id) {
  if (pending || !last) return;
  pending = true;
  document.body.dataset.pending = "1";
  hidePopover();
  closeSheet();
  $("hints").replaceChildren();
  send({ type: "action", action: id, version: last.version });
}

function showHints(msg) {
  $("hint").disabled = false;
  if (!last || msg.version !== last.version) return;
  const labels = new Map(last.legal.map((a) => [a.id, a]));
  $("hints").replaceChildren(
    ...msg.hints.slice(0, 3).map((hint) => {
      const a = labels.get(hint.action);
      // The game's reason for the action, where its heuristic knows one, on a line of its own.
      return h("li", {},
        h("button", { type: "button", class: "link", onclick: () => act(hint.action) }, a ? actionText(a, last.view) : hint.label),
        h("span", { class: "muted", text: " · " + t("wins {percent}% of the searched games", { percent: Math.round(hint.win_probability * 100) }) }),
        hint.reason ? h("span", { class: "hint-reason", text: hint.reason }) : null);
    }),
  );
}

// -- players ---------------------------------------------------------------------------

// A finished game's or a study's table: nobody plays there, nobody takes a seat.
const readOnly = () => summary.status === "over" || summary.status === "study";

function seatStatus(s) {
  if (s.kind === "bot") return t("bot");
  if (readOnly()) return "";
  if (s.replaced) return t("away · a {bot} bot plays for now", { bot: botWord(summary, summary.replace_bot, summary.replace_bot_title) });
  if (s.connected) return t("online");
  if (s.claimed) return t("away");
  return t("open seat");
}

// A friend who opened the invite link: the prompt is theirs (not the host's "share the
// invite link"), with their name and "Take this seat" in it.
function invited(msg) {
  return msg.seat === null && summary.status === "waiting" && !savedSeat(tableId)
    && summary.seats.some((s) => s.kind === "human" && !s.claimed);
}

// The name to take a seat with and the first open seat's button, for the prompt. A
// name being typed survives the redraw (somebody joined meanwhile).
function claimForm() {
  const open = summary.seats.filter((s) => s.kind === "human" && !s.claimed);
  const before = $("claim-name");
  const focused = document.activeElement === before;
  const input = h("input", { id: "claim-name", class: "claim-name", maxlength: 40, placeholder: t("your name"), "aria-label": t("your name") });
  input.value = before ? before.value : localStorage.getItem("tabletop.name") || "";
  const button = h("button", { type: "button", class: "claim primary", dataset: { seat: open[0].seat } }, t("Take this seat"));
  button.addEventListener("click", () => claim(open[0].seat, input.value));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") button.click();
  });
  if (focused) queueMicrotask(() => input.focus());
  return h("div", { class: "claim-box" }, input, button);
}

function renderSeats() {
  const list = $("seats");
  const mine = savedSeat(tableId);
  list.replaceChildren(
    ...summary.seats.map((s) => {
      const turn = summary.status === "playing" && summary.current_player === s.seat;
      const item = h(
        "li",
        { class: `seat${turn ? " turn" : ""}${seat === s.seat ? " me" : ""}`, dataset: { seat: s.seat } },
        h("span", { class: `dot ${s.kind === "bot" ? "bot" : s.connected ? "online" : "away"}`, "aria-hidden": "true" }),
        h("span", { class: "name", text: seatName(summary, s.seat) }),
        seat === s.seat ? h("span", { class: "badge you", text: t("you") }) : null,
        h("span", { class: "muted small status", text: seatStatus(s) }),
      );
      if (s.kind === "human" && !s.claimed && seat === null && !mine && !readOnly()) {
        // Another open seat than the prompt's: the name typed in the prompt takes it.
        const take = h("button", { type: "button", class: "claim-seat", dataset: { seat: s.seat } }, t("Take seat {number}", { number: s.seat + 1 }));
        take.addEventListener("click", () => claim(s.seat, $("claim-name")?.value ?? ""));
        item.append(take);
      }
      return item;
    }),
  );
  const watchers = summary.spectators || 0;
  $("watchers").textContent = watchers ? "· " + tn("{n} spectator watching", "{n} spectators watching", watchers) : "";
  $("share").value = `${location.origin}/table/${tableId}`;
  if (mine?.token) {
    $("personal").replaceChildren(...withNodes(t("To continue on another device, open {link} there (keep it to yourself)."), {
      link: h("a", { href: `/table/${tableId}#seat=${mine.seat}&token=${mine.token}`, text: t("your seat's private link") }),
    }));
  }
  const me = seat !== null ? summary.seats[seat] : null;
  // (At a turn-based table only a person out of time has a bot in their seat: it takes it back.)
  $("leave").hidden = !(me && (summary.replace_bot || me.replaced) && summary.status === "playing");
  $("leave").textContent = me?.replaced ? t("Take my seat back") : t("Leave (a {bot} bot plays on)", { bot: botWord(summary, summary.replace_bot, summary.replace_bot_title) });
  // The game's notice is in the catalog under "<game>:notice" (the lobby shows it too).
  const notices = [summary.notice ? tp(`${summary.game}:notice`, summary.notice) : null];
  // A known deal is no secret: its seed is shown, so that nobody believes in hidden cards.
  if (summary.known_deal) notices.push(t("Known deal: seed {seed} — anyone here can compute the cards (for practice, puzzles or reproducing a bug).", { seed: String(summary.seed) }));
  if (summary.position) notices.push(t("Started from a position: the table's creator placed cards and may know them."));
  notices.push(...termsNotices(summary), ...timeoutNotices(summary));
  $("notice").hidden = !notices.some(Boolean);
  $("notice").textContent = notices.filter(Boolean).join(" ");
}

async function claim(seatNumber, name) {
  try {
    if (name) localStorage.setItem("tabletop.name", name);
    const result = await api(`/api/tables/${tableId}/seats/${seatNumber}/claim`, { method: "POST", body: { name: name || null } });
    saveSeat(tableId, result.seat, result.token);
    if (account) await linkSeats([{ table: tableId, seat: result.seat, token: result.token }]);
    socket.close(); // reconnect as the seat's holder
  } catch (error) {
    showError(error.message);
  }
}

// -- the log ---------------------------------------------------------------------------

function appendLog(list, event) {
  const item = h("li", { class: `log-${event.kind}${event.visible_to ? " private" : ""}`, dataset: { seq: event.seq } },
    event.visible_to ? h("span", { class: "private-tag", text: t("only you:") + " " }) : null,
    withNames(event.text));
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

// -- the end ---------------------------------------------------------------------------

function renderResult(msg, ctx) {
  const box = $("result");
  const result = msg.result;
  const study = summary.status === "study";
  document.body.dataset.over = result ? "1" : "";
  if (!result && !study) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  let ending;
  if (study) ending = h("h2", { class: "winner-line", text: t("A position to study") });
  else if (result.timeout != null) ending = h("h2", { class: "winner-line", text: timeoutEnding(summary, result) });
  else ending = renderer.result ? renderer.result(msg.view, ctx) : genericResult(result);
  const record = study
    ? h("p", { class: "small", text: t("Nobody plays here: try any seat's move on the board below, or let the bots answer.") })
    : h("p", { class: "small" },
      h("a", { href: `/api/tables/${tableId}/record`, download: `tabletop-${tableId}.record.json`, text: t("Download the game record") }),
      " · ",
      ...withNodes(t("step through the game below, or with {command}."), { command: h("code", { text: "tabletop replay FILE" }) }));
  box.replaceChildren(ending, record, h("p", { class: "small" }, h("a", { href: "/", text: t("Back to the lobby") })));
  startReplay({
    tableId,
    study,
    players: summary.seats.length,
    render: (view, seat = null) => renderer.render(view, context(null, view, seat)),
    appendLog,
    actionText,
    withNames,
    seatName: (s) => seatName(summary, s),
  });
}

// A turn-based table's clock: the time the person to move has left, to the minute.
function renderClock() {
  const words = clockText(summary, seat);
  $("turn-clock").hidden = !words;
  $("turn-clock").textContent = words ?? "";
}

function genericResult(result) {
  const winners = result.winners.map((w) => seatName(summary, w));
  const you = seat !== null && result.winners.includes(seat);
  const line = you ? t("You won!") : winners.length ? t("{players} won.", { players: listOf(winners) }) : t("Nobody won.");
  return h("h2", { class: "winner-line", text: line });
}

// A round's end (a break of the game): its summary waits for a click, and the server's
// bots wait for every person at the table to have read it.
function renderBreak(msg, ctx) {
  const dialog = $("break");
  if (!renderer.breakSummary || msg.result) {
    if (dialog.open) dialog.close();
    return;
  }
  const node = renderer.breakSummary(msg.view, ctx);
  const key = node?.dataset?.breakKey;
  const seen = sessionStorage.getItem(BREAK_KEY);
  const held = msg.seat !== null && (summary.waiting_for_ready || []).includes(msg.seat);
  if (!node || !key || (seen === key && !held)) {
    if (dialog.open && dialog.dataset.breakKey !== key) dialog.close();
    return;
  }
  if (seen === key && held) {
    send({ type: "ready" }); // read before a reload: say so again
    return;
  }
  if (dialog.open && dialog.dataset.breakKey === key) return;
  dialog.dataset.breakKey = key;
  const done = () => {
    sessionStorage.setItem(BREAK_KEY, key);
    dialog.close();
    if (msg.seat !== null) send({ type: "ready" });
  };
  dialog.replaceChildren(node, h("div", { class: "sheet-actions" },
    h("button", { type: "button", class: "primary", id: "next-round", onclick: done }, msg.seat === null ? t("Close") : t("Next round"))));
  dialog.onclose = () => sessionStorage.setItem(BREAK_KEY, key);
  dialog.showModal();
}

// The game's card names and texts in the reader's language; English needs none (the
// view holds it), and a server without them leaves the view's English.
async function loadTexts(game) {
  if (lang() === "en" || !game) return {};
  try {
    const response = await fetch(`/api/i18n/${encodeURIComponent(lang())}/texts/${encodeURIComponent(game)}`);
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

async function main() {
  try {
    await loadLanguage();
  } catch (error) {
    console.warn("the catalog did not load: the page stays in English", error);
  }
  alerts = turnAlert();
  recent = recentEvents($("recent"));
  document.querySelector("header.top").append(alerts.button, languageSwitch());
  importTokenFromHash();
  // A private link pasted into this open tab: take the seat (if none is held here).
  window.addEventListener("hashchange", () => {
    if (importTokenFromHash()) socket?.close();
  });
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText($("share").value));
  $("hint").addEventListener("click", () => {
    $("hint").disabled = true;
    $("hints").replaceChildren(h("li", { class: "muted", text: t("thinking…") }));
    send({ type: "hint" });
  });
  $("leave").addEventListener("click", () => {
    const mine = last && last.seat !== null ? summary.seats[last.seat] : null;
    // Saying hello again with the token takes the seat back from the bot.
    if (mine?.replaced) socket.close();
    else send({ type: "leave" });
  });
  try {
    account = (await api("/api/account").catch(() => ({ user: null }))).user; // a guest if unsure
    await takeFromHash();
    const held = savedSeat(tableId);
    if (account && held) await linkSeats([{ table: tableId, seat: held.seat, token: held.token }]);
    const table = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    summary = table;
    [gameTexts] = await Promise.all([loadTexts(table.game), loadRenderer(table.client)]);
  } catch (error) {
    $("title").textContent = error.message;
    return;
  }
  setInterval(() => summary && renderClock(), 20000); // a turn-based table's clock, to the minute
  connect();
}

main();
