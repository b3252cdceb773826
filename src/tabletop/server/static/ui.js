// How a board takes input. Every card, die, tower or monster may carry a *detail*
// (its whole text) and *actions* (legal actions it plays). A mouse reads the detail by
// hovering, a keyboard by focusing, a finger by tapping: a tap opens a sheet with the
// detail and the element's actions as buttons, so that reading a card never plays it
// by accident. A click (or Enter) plays the element's one action at once, or opens
// the sheet when it has several (a wild card's four colours, say).
//
// A Binder records which legal actions the board made reachable, so the table page
// can offer the rest as buttons and count what needed the "All choices" menu.

import { h } from "/static/common.js";
import { t } from "/static/i18n.js";

let lastPointer = "mouse";
document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
document.addEventListener("keydown", () => { lastPointer = "keyboard"; }, true);

// -- the detail popover (hover and focus) ----------------------------------------------

let popTimer = null;

function popover() {
  let pop = document.getElementById("detail-pop");
  if (!pop) {
    pop = h("div", { id: "detail-pop", class: "detail-pop", role: "tooltip", hidden: true });
    document.body.append(pop);
  }
  return pop;
}

function detailNode(detail) {
  const d = typeof detail === "function" ? detail() : detail;
  if (d instanceof Node) return d;
  return h("div", { class: "detail" },
    h("div", { class: "detail-title" }, h("strong", { text: d.title }), d.tag ? h("span", { class: "detail-tag", text: d.tag }) : null),
    d.subtitle ? h("div", { class: "detail-sub", text: d.subtitle }) : null,
    ...(Array.isArray(d.body) ? d.body : [d.body]).filter(Boolean).map((p) => (p instanceof Node ? p : h("p", { text: p }))));
}

function showPopover(el, detail) {
  const pop = popover();
  pop.replaceChildren(detailNode(detail));
  pop.hidden = false;
  const box = el.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  pop.style.width = `${width}px`;
  const left = Math.max(8, Math.min(box.left + box.width / 2 - width / 2, window.innerWidth - width - 8));
  pop.style.left = `${left}px`;
  const height = pop.offsetHeight;
  const below = box.bottom + 8;
  pop.style.top = `${below + height < window.innerHeight ? below : Math.max(8, box.top - height - 8)}px`;
}

export function hidePopover() {
  clearTimeout(popTimer);
  const pop = document.getElementById("detail-pop");
  if (pop) pop.hidden = true;
}

// -- the sheet (tap, or a choice between several actions) ------------------------------

function sheet() {
  let dialog = document.getElementById("sheet");
  if (!dialog) {
    dialog = h("dialog", { id: "sheet", class: "sheet", "aria-label": t("Details") });
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
    });
    document.body.append(dialog);
  }
  return dialog;
}

// Open the sheet with a detail (or null) and buttons: [{text, run, primary, node}].
export function openSheet(detail, buttons = [], title = null) {
  hidePopover();
  const dialog = sheet();
  const close = () => dialog.close();
  dialog.replaceChildren(
    title ? h("div", { class: "sheet-title", text: title }) : null,
    detail ? detailNode(detail) : null,
    h("div", { class: "sheet-actions" },
      ...buttons.map((b) => h("button", {
        type: "button",
        class: `sheet-action${b.primary === false ? "" : " primary"}`,
        "aria-label": b.aria || null,
        dataset: b.actionId !== undefined ? { actionId: b.actionId } : {},
        onclick: () => { close(); b.run(); },
      }, b.node || b.text)),
      h("button", { type: "button", class: "sheet-close", onclick: close }, buttons.length ? t("Cancel") : t("Close"))));
  if (dialog.open) dialog.close();
  dialog.showModal();
  return dialog;
}

export function closeSheet() {
  const dialog = document.getElementById("sheet");
  if (dialog?.open) dialog.close();
}

// -- binding elements to details and actions -------------------------------------------

export class Binder {
  // ``act(id)`` plays a legal action; ``describe(action)`` is a button text for it.
  constructor(act, describe) {
    this.act = act;
    this.describe = describe;
    this.bound = new Set();
  }

  // Make ``el`` show ``detail`` on hover, focus and tap. An element with a click of its
  // own (a tower to select) passes ``sheetOnClick: false``.
  detail(el, detail, { sheetOnClick = true } = {}) {
    el.dataset.detail = "1";
    el.__detail = detail;
    if (!el.hasAttribute("tabindex") && !/^(BUTTON|A|INPUT|SELECT)$/.test(el.tagName)) el.tabIndex = 0;
    el.addEventListener("pointerenter", (event) => {
      if (event.pointerType !== "mouse") return;
      clearTimeout(popTimer);
      popTimer = setTimeout(() => showPopover(el, detail), 250);
    });
    el.addEventListener("pointerleave", hidePopover);
    el.addEventListener("focus", () => { if (lastPointer === "keyboard") showPopover(el, detail); });
    el.addEventListener("blur", hidePopover);
    if (sheetOnClick) {
      el.addEventListener("click", () => {
        if (!el.__actions) openSheet(detail, [], null); // a bound element acts instead
      });
    }
    return el;
  }

  // Make ``el`` play ``actions`` (legal items of the state message). ``text(a)`` names
  // each action on the sheet's buttons. Returns ``el``.
  bind(el, actions, { text = null, node = null, title = null } = {}) {
    if (!actions || !actions.length) return el;
    for (const a of actions) this.bound.add(a.id);
    el.__actions = actions;
    el.classList.add("can-act");
    el.dataset.actionIds = actions.map((a) => a.id).join(" ");
    if (!/^(BUTTON|A)$/.test(el.tagName)) {
      el.setAttribute("role", "button");
      el.tabIndex = 0;
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          el.click();
        }
      });
    }
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      const detail = el.__detail || null;
      const buttons = actions.map((a) => ({
        text: text ? text(a) : this.describe(a),
        node: node ? node(a) : null,
        actionId: a.id,
        run: () => this.act(a.id),
      }));
      if (lastPointer === "touch" && detail) openSheet(detail, buttons, title);
      else if (actions.length === 1) this.act(actions[0].id);
      else openSheet(detail, buttons, title);
    });
    return el;
  }

  // A plain button that plays one action (or nothing when ``action`` is missing).
  button(action, content, cls = "") {
    if (!action) return null;
    return this.bind(h("button", { type: "button", class: `act ${cls}`.trim() }, content), [action]);
  }
}

// What a game module's ``render(view, ctx)`` gets: the seat, the legal actions (with
// their data), names, and the binder's ways to attach details and actions.
// ``preferences``: the seat's preferences (``null``: none), ``setPreferences(changes)``
// sends changes of them (a board's own controls, such as King of Tokyo's Heal button).
// ``texts``: the game's card names and texts in the reader's language (section → id →
// field, from /api/i18n/LANG/texts/GAME; empty in English), read with
// ``text(section, id, field, english)``, which falls back to the view's English.
export function boardContext({ seat = null, version = -1, legal = [], view = null, summary = null, events = [], act, describe, preferences = null, setPreferences = () => {}, texts = {} }) {
  const binder = new Binder(act, describe);
  return {
    seat,
    preferences,
    setPreferences,
    version,
    events,
    mine: legal.length > 0,
    legal,
    summary,
    view,
    binder,
    texts,
    text: (section, id, field, english) => {
      const found = texts?.[section]?.[id]?.[field];
      return typeof found === "string" && found ? found : english;
    },
    name: (s) => summary?.seats?.[s]?.name ?? t("Seat {number}", { number: Number(s) + 1 }),
    // The legal actions of ``move`` that satisfy ``test``.
    find: (move, test = () => true) => legal.filter((a) => a.move === move && test(a)),
    act,
    bind: (el, actions, opts) => binder.bind(el, actions, opts),
    detail: (el, detail, opts) => binder.detail(el, detail, opts),
    button: (action, content, cls) => binder.button(action, content, cls),
  };
}
