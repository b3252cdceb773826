// Shared helpers of the lobby and table pages: element building, the JSON API, the
// seat tokens this browser holds (localStorage, one per table), and words in the
// reader's language (static/i18n.js: whole messages, never fragments glued together).
import { lang, listOf, t, tp } from "/static/i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// The server answers (and words its errors) in the page's language.
export async function api(path, options = {}) {
  const init = { headers: { "content-type": "application/json", "accept-language": lang() }, ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let detail = data.detail ?? response.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => `${d.loc?.slice(-1)[0]}: ${d.msg}`).join("; ");
    throw Object.assign(new Error(detail), { status: response.status });
  }
  return data;
}

const KEY = (tableId) => `tabletop.seat.${tableId}`;

export function savedSeat(tableId) {
  try {
    const seat = JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
    return seat && typeof seat.token === "string" && Number.isInteger(seat.seat) ? seat : null;
  } catch {
    return null;
  }
}

export function saveSeat(tableId, seat, token) {
  localStorage.setItem(KEY(tableId), JSON.stringify({ seat, token }));
}

// Every seat this browser holds, as the account's endpoint links them: { table, seat, token }.
export function savedSeats() {
  const held = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("tabletop.seat.")) continue;
    const table = key.slice("tabletop.seat.".length);
    const seat = savedSeat(table);
    if (seat) held.push({ table, seat: seat.seat, token: seat.token });
  }
  return held.slice(-50); // the most one request links
}

// A seat just taken in a signed-in browser becomes the account's (found on any device);
// a guest's stays this browser's. Nothing to say if it fails: the seat is held here.
export async function linkSeats(seats) {
  try {
    if (seats.length) await api("/api/account/seats", { method: "POST", body: { seats } });
  } catch {
    // signed out (401), or the server is busy: the lobby links them again next time
  }
}

export function forgetSeat(tableId) {
  localStorage.removeItem(KEY(tableId));
}

// A bot as the reader calls it: "heuristic" in English, else its level's title in the
// game's catalog ("Heuristisch"); ``title`` is the English title the server sends.
export function botWord(summary, bot, title) {
  return lang() === "en" || !title ? bot : tp(`${summary?.game}:bot`, title);
}

// The name people read for a seat: the name its holder typed, or "Bot 2 (heuristic)";
// "Seat 2" for a seat the summary does not know.
export function seatName(summary, seat) {
  const s = summary?.seats?.[seat];
  const number = Number(seat) + 1;
  if (!s) return t("Seat {number}", { number });
  if (!s.default_name) return s.name;
  // A name the server made, in this reader's words: "Bot 2 (heuristic)", "Bot 2
  // (Heuristisch)", "Seat 3"; the bot by its level's title in the game's catalog.
  const bot = botWord(summary, s.bot, s.bot_title);
  if (s.kind === "bot" && s.think) return t("Bot {number} ({bot} · {seconds} s)", { number, bot, seconds: s.think });
  if (s.kind === "bot") return t("Bot {number} ({bot})", { number, bot });
  if (s.name.startsWith("Player")) return t("Player {number}", { number });
  return t("Seat {number}", { number });
}

// "Keep the dice" from "keep the dice": labels of the rules become button texts.
export function capitalise(text) {
  return text ? text[0].toLocaleUpperCase(lang()) + text.slice(1) : text;
}

// "Ann, Bob and Cleo", "Ann, Bob und Cleo", "Ann, Bob e Cleo".
export function listText(items) {
  return listOf(items);
}

// An ordinal number as the reader writes it: 1st, 2nd, 3rd, 11th; 1., 2. (German);
// 1°, 2° (Italian). The form is chosen by the language's ordinal rule (CLDR, through
// Intl.PluralRules), each form a message of its own (context "ordinal").
const ORDINAL = {
  one: (n) => tp("ordinal", "{n}st", { n }),
  two: (n) => tp("ordinal", "{n}nd", { n }),
  few: (n) => tp("ordinal", "{n}rd", { n }),
  many: (n) => tp("ordinal", "{n}th", { n }), // Italian's 8, 11, 80: as the others
  other: (n) => tp("ordinal", "{n}th", { n }),
};

export function ordinal(n) {
  let form = "other";
  try {
    form = new Intl.PluralRules(lang(), { type: "ordinal" }).select(n);
  } catch {
    /* an engine without the rule: the general form */
  }
  return (ORDINAL[form] || ORDINAL.other)(n);
}

const NAME_KEY = "tabletop.name";

export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

export function rememberName(name) {
  try {
    if (name) localStorage.setItem(NAME_KEY, name);
  } catch {
    /* private mode: nothing to remember */
  }
}
