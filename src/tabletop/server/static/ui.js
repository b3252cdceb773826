// How a board takes input. Every card, die, tower or monster may carry a *detail*
// (its whole text) and *actions* (legal actions it plays). A mouse reads the detail by
// hovering, a keyboard by focusing, a finger by tapping: a tap opens a sheet with the
// detail and the element's actions as buttons, so that reading a card never plays it
// by accident. A click (or Enter) plays the element's one action at once, or opens
// the sheet when it has several (a wild card's four colours, say).
//
// A card of a hand, whose play is the point of the game (UNO Power), is bound with
// ``oneTap``: a tap plays its one legal use at once, as a mouse click does. A finger
// held on any element (a long press) reads it instead, and so does a tap after the
// info button (``infoButton``).
//
// A Binder records which legal actions the board made reachable, so the table page
// can offer the rest as buttons and count what needed the "All choices" menu.

import { h, seatName } from "/static/common.js";
import { t } from "/static/i18n.js";

let lastPointer = "mouse";
document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
document.addEventListener("keydown", () => { lastPointer = "keyboard"; }, true);

// -- reading instead of playing: a long press, or the info button ----------------------

const LONG_PRESS_MS = 450;
const LONG_PRESS_SLOP_PX = 10; // a finger that moves further scrolls instead
let reading = false; // the info button was tapped: the next tap on a card reads it
let swallowClickUntil = 0; // the click that ends a long press reads nothing more

// The lift that ends a long press makes a click: it must neither play the card nor
// close the sheet the press opened (a click on its backdrop closes it).
document.addEventListener("click", (event) => {
  if (Date.now() < swallowClickUntil) {
    swallowClickUntil = 0;
    event.stopPropagation();
    event.preventDefault();
  }
}, true);

function setReading(on) {
  reading = on;
  for (const button of document.querySelectorAll(".info-toggle")) button.setAttribute("aria-pressed", String(on));
}

// A finger held still on ``el`` for a moment calls ``open`` (its sheet).
function onLongPress(el, open) {
  let timer = null;
  let start = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = null;
  };
  el.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    cancel();
    start = [event.clientX, event.clientY];
    timer = setTimeout(() => {
      timer = null;
      swallowClickUntil = Date.now() + 800;
      open();
    }, LONG_PRESS_MS);
  });
  el.addEventListener("pointermove", (event) => {
    if (timer && start && Math.hypot(event.clientX - start[0], event.clientY - start[1]) > LONG_PRESS_SLOP_PX) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) el.addEventListener(type, cancel);
  el.addEventListener("contextmenu", (event) => {
    if (lastPointer === "touch") event.preventDefault(); // the press reads the card instead
  });
}

// The info button: tap it, then a card, to read the card instead of playing it.
export function infoButton() {
  const button = h("button", {
    type: "button",
    class: "info-toggle",
    "aria-pressed": String(reading),
    "aria-label": t("Read a card: tap here, then the card (or hold the card)"),
    title: t("Read a card: tap here, then the card (or hold the card)"),
  }, "i");
  button.addEventListener("click", () => setReading(!reading));
  return button;
}

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
  // replaceChildren writes a null as the word "null": only nodes go in.
  dialog.replaceChildren(...[
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
      h("button", { type: "button", class: "sheet-close", onclick: close }, buttons.length ? t("Cancel") : t("Close"))),
  ].filter(Boolean));
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
    onLongPress(el, () => (el.__sheet ? el.__sheet() : openSheet(detail, [], null)));
    if (sheetOnClick) {
      el.addEventListener("click", () => {
        if (el.__actions) return; // a bound element acts instead
        setReading(false);
        openSheet(detail, [], null);
      });
    }
    return el;
  }

  // Make ``el`` play ``actions`` (legal items of the state message). ``text(a)`` names
  // each action on the sheet's buttons. ``oneTap``: a tap plays a single action at once
  // (a card of a hand); a long press or the info button reads it. Returns ``el``.
  bind(el, actions, { text = null, node = null, title = null, oneTap = false } = {}) {
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
    const buttons = () => actions.map((a) => ({
      text: text ? text(a) : this.describe(a),
      node: node ? node(a) : null,
      actionId: a.id,
      run: () => this.act(a.id),
    }));
    el.__sheet = () => openSheet(el.__detail || null, buttons(), title);
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      const detail = el.__detail || null;
      const read = detail && (reading || (lastPointer === "touch" && !(oneTap && actions.length === 1)));
      setReading(false);
      if (read || actions.length > 1) el.__sheet();
      else this.act(actions[0].id);
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
// ``names(text)``: the text with "player 2" written as that seat's name (the rules'
// English, such as Kung Fu's round summary). ``infoButton()``: see above.
export function boardContext({ seat = null, seenFrom = false, version = -1, legal = [], view = null, summary = null, events = [], logFrom = 0, act, describe, preferences = null, setPreferences = () => {}, texts = {}, names = (text) => text }) {
  const binder = new Binder(act, describe);
  return {
    seat,
    // A replay's moment seen from ``seat`` (the game is over): that seat is not "you".
    seenFrom,
    preferences,
    setPreferences,
    version,
    events,
    logFrom, // the first event number in ``events``: above 0, earlier ones were not sent
    mine: legal.length > 0,
    legal,
    summary,
    view,
    binder,
    texts,
    names,
    infoButton,
    text: (section, id, field, english) => {
      const found = texts?.[section]?.[id]?.[field];
      return typeof found === "string" && found ? found : english;
    },
    // The reader's words for a name the server made ("Bot 2 (Heuristisch)").
    name: (s) => seatName(summary, s),
    // The legal actions of ``move`` that satisfy ``test``.
    find: (move, test = () => true) => legal.filter((a) => a.move === move && test(a)),
    act,
    bind: (el, actions, opts) => binder.bind(el, actions, opts),
    detail: (el, detail, opts) => binder.detail(el, detail, opts),
    button: (action, content, cls) => binder.button(action, content, cls),
  };
}
