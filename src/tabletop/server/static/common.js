// Shared helpers of the lobby and table pages: element building, the JSON API, the
// seat tokens this browser holds (localStorage, one per table), and words.

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

export async function api(path, options = {}) {
  const init = { headers: { "content-type": "application/json" }, ...options };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let detail = data.detail ?? response.statusText;
    if (Array.isArray(detail)) detail = detail.map((d) => `${d.loc?.slice(-1)[0]}: ${d.msg}`).join("; ");
    throw new Error(detail);
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

export function forgetSeat(tableId) {
  localStorage.removeItem(KEY(tableId));
}

// The name people read for a seat: the name its holder typed, or "Bot 2 (heuristic)".
export function seatName(summary, seat) {
  const s = summary?.seats?.[seat];
  return s ? s.name : `Seat ${Number(seat) + 1}`;
}

// "1 heart", "2 hearts", "0 hearts".
export function plural(count, singular, many = `${singular}s`) {
  return `${count} ${count === 1 ? singular : many}`;
}

// "Keep the dice" from "keep the dice": labels of the rules become button texts.
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// "Ann, Bob and Cleo".
export function listText(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// 1 -> "1st", 2 -> "2nd", 11 -> "11th".
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
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
