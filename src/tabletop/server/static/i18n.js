// The page in the reader's language: English, German or Italian (docs/languages.md).
//
// The server sends the catalog of a language as JSON (/api/i18n/LANG): each
// translated message by its English text (``context\u0004text`` where it has a
// context) and the language's plural rule. Every string the page shows goes through
// ``t`` (``tn`` where a count chooses the form, ``tp`` with a context): whole messages
// with named placeholders, never fragments glued together.
//
//   t("Create table")                         -> "Tisch anlegen"
//   tn("{n} player", "{n} players", 3)         -> "3 Spieler"
//   t("Seat {number}", { number: 2 })         -> "Platz 2"
//
// The language: the one chosen in the page header (remembered in this browser), else
// the one the server negotiated from the browser's Accept-Language.

const KEY = "tabletop.lang";
const SEPARATOR = "\u0004";

let current = "en";
let messages = {};
let pluralIndex = (n) => (n !== 1 ? 1 : 0);
let available = [{ code: "en", name: "English" }];
let numbers = new Intl.NumberFormat("en");

export function lang() {
  return current;
}

export function languages() {
  return available;
}

function chosen() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

// Load the catalog this page reads in; call once before rendering anything.
export async function loadLanguage() {
  const info = await fetch(`/api/i18n?lang=${encodeURIComponent(chosen())}`).then((r) => r.json());
  available = info.languages;
  const catalog = await fetch(`/api/i18n/${encodeURIComponent(info.lang)}`).then((r) => r.json());
  current = catalog.lang;
  messages = catalog.messages || {};
  // The rule is a C expression in n from the language's PO header (CLDR's rule):
  // "(n != 1)", "(n == 1 ? 0 : ...)". It is read here, not evaluated as script: the
  // pages' Content-Security-Policy forbids that.
  pluralIndex = pluralRule(catalog.plural || "(n != 1)");
  numbers = new Intl.NumberFormat(current);
  document.documentElement.lang = current;
  translatePage();
  return current;
}

// Read in ``code`` from now on (remembered), and reload the page in it.
export function chooseLanguage(code) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    /* private mode: for this page only */
  }
  location.reload();
}

// A gettext plural expression as a function of n: numbers, n, ( ), ! and the
// operators of C that the rules use (* / % + - < <= > >= == != && || ?:).
export function pluralRule(source) {
  const tokens = source.match(/\d+|n|&&|\|\||[=!<>]=|[-+*\/%<>()?:!]/g) || [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (token) => {
    if (tokens[at] !== token) throw new SyntaxError(`plural rule: expected ${token} in ${source}`);
    at += 1;
  };
  const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];
  const APPLY = {
    "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0),
    "==": (a, b) => (a === b ? 1 : 0), "!=": (a, b) => (a !== b ? 1 : 0),
    "<": (a, b) => (a < b ? 1 : 0), "<=": (a, b) => (a <= b ? 1 : 0),
    ">": (a, b) => (a > b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0),
    "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
    "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
  };
  function unary() {
    const token = tokens[at++];
    if (token === "(") {
      const inner = conditional();
      take(")");
      return inner;
    }
    if (token === "!") {
      const operand = unary();
      return (n) => (operand(n) ? 0 : 1);
    }
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token || "")) return () => Number(token);
    throw new SyntaxError(`plural rule: unexpected ${token} in ${source}`);
  }
  function binary(level) {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (LEVELS[level].includes(peek())) {
      const op = APPLY[tokens[at++]];
      const l = left;
      const r = binary(level + 1);
      left = (n) => op(l(n), r(n));
    }
    return left;
  }
  function conditional() {
    const test = binary(0);
    if (peek() !== "?") return test;
    at += 1;
    const yes = conditional();
    take(":");
    const no = conditional();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  const rule = conditional();
  if (at !== tokens.length) throw new SyntaxError(`plural rule: ${source}`);
  return (n) => Number(rule(n));
}

function fill(template, fields) {
  if (!fields) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in fields)) return whole;
    const value = fields[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

export function t(message, fields) {
  const found = messages[message];
  return fill(typeof found === "string" ? found : message, fields);
}

export function tp(context, message, fields) {
  const found = messages[context + SEPARATOR + message];
  return fill(typeof found === "string" ? found : message, fields);
}

export function tn(singular, pluralForm, n, fields) {
  const found = messages[singular];
  const text = Array.isArray(found) ? found[pluralIndex(n)] ?? found[found.length - 1] : n === 1 ? singular : pluralForm;
  return fill(text, { n, ...fields });
}

// A number as the reader writes it: 1,200 or 1.200.
export function number(value) {
  return numbers.format(value);
}

// "A, B and C" in the reader's language.
export function listOf(items) {
  try {
    return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

// Elements marked ``data-i18n`` show their translated text; ``data-i18n-attr="title
// placeholder"`` translates those attributes too.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.i18nSource) el.dataset.i18nSource = el.textContent.replace(/\s+/g, " ").trim();
    el.textContent = t(el.dataset.i18nSource);
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const attr of el.dataset.i18nAttr.split(/\s+/)) {
      const key = `i18nSource${attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
      if (!el.dataset[key]) el.dataset[key] = el.getAttribute(attr) || "";
      if (el.dataset[key]) el.setAttribute(attr, t(el.dataset[key]));
    }
  }
}

// The language switch for the page header: a select of the languages in their own
// names; choosing one reloads the page in it.
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.setAttribute("aria-label", t("Language"));
  for (const { code, name } of available) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener("change", () => chooseLanguage(select.value));
  return select;
}
