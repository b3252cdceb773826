// The fallback renderer: any game's view as readable nested fields. A new game is
// playable at once with it (the table page adds the legal actions as buttons and
// the log); a game gets a prettier module of its own later.

// Its field names are the view's own keys (identifiers, shown as they are); its words
// are the reader's language.

import { h } from "/static/common.js";
import { t } from "/static/i18n.js";

function label(key) {
  return String(key).replaceAll("_", " ");
}

function value(v, ctx, depth = 0) {
  if (v === null || v === undefined) return h("span", { class: "muted", text: "–" });
  if (typeof v === "boolean") return h("span", { text: v ? t("yes") : t("no") });
  if (typeof v !== "object") return h("span", { text: String(v) });
  if (Array.isArray(v)) {
    if (v.length === 0) return h("span", { class: "muted", text: t("none") });
    if (v.every((x) => x && typeof x === "object" && "label" in x)) {
      return h("span", { class: "chips" }, ...v.map((x) => h("span", { class: "chip", text: x.label })));
    }
    if (v.every((x) => typeof x !== "object" || x === null)) return h("span", { text: v.map((x) => (x === null ? "–" : String(x))).join(", ") });
    return h("ol", { class: "fields-list" }, ...v.map((x) => h("li", {}, value(x, ctx, depth + 1))));
  }
  if ("label" in v && typeof v.label === "string") return h("span", { class: "chip", text: v.label });
  if (depth > 4) return h("code", { text: JSON.stringify(v) });
  return h("dl", { class: "fields" }, ...Object.entries(v).flatMap(([k, x]) => [h("dt", { text: label(k) }), h("dd", {}, value(x, ctx, depth + 1))]));
}

export function render(view, ctx) {
  return h("div", { class: "generic-view" }, value(view, ctx));
}
