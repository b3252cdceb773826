// Kung Fu: the two fighters (life, who holds the initiative, koku row), the mat with the
// attack and the parry, the red and blue draw piles, and your hand. Tap a red card to
// attack (the "face down" switch turns it over), a blue card to parry, koku cards to pay,
// the piles (or the split control) to draw. Draws only what the view holds
// (docs/games/kung-fu.md); plays only legal actions, found by their data.

import { capitalise, h, listText, plural } from "/static/common.js";

const MAX_LIFE = 10;
const EFFECT_TEXT = {
  boost: (c) => `its value becomes ${c.boosted_value}`,
  gain_koku: (c) => `after the round it joins your koku row, worth ${c.worth} koku`,
  negate_parry: () => "the opponent's parry counts 0 and cannot be activated",
  switch_initiative: () => "after this round the defender holds the initiative",
  draw3: () => "you draw 3 cards, choosing the piles",
  no_parry_next_round: () => "the opponent may not parry in the next round",
  discard_random_2: () => "the opponent discards 2 cards at random",
  discard_opp_koku: () => "you discard one card of the opponent's koku row",
  heal2: () => "you regain 2 life",
  lose2: () => "2 life is lost (see the rules for whom)",
};

// Whether this browser attacks face down (reset every version).
let faceDown = { version: -1, on: false };

function who(ctx, seat) {
  return seat === ctx.seat ? "you" : ctx.name(seat);
}

function effectText(c) {
  if (c.text) return c.text;
  const parts = c.effects.map((key) => {
    const arrow = key.startsWith("on_opp_life_loss:");
    const name = arrow ? key.split(":")[1] : key;
    const words = (EFFECT_TEXT[name] || (() => name))(c);
    return arrow ? `if the opponent lost life this round, ${words}` : words;
  });
  return parts.length ? `Activate for ${plural(c.cost, "koku", "koku")}: ${parts.join("; ")}.` : "No effect.";
}

function cardDetail(c) {
  const value = c.boosted_value ? `${c.value} (boosted ${c.boosted_value})` : String(c.value);
  return {
    title: c.name,
    tag: c.deck === "attack" ? "red · attack" : "blue · parry",
    subtitle: `value ${value}${c.koku ? ` · shows ${plural(c.koku, "koku", "koku")}` : ""}`,
    body: [effectText(c)],
  };
}

function card(c, ctx, cls = "") {
  if (!c) return h("div", { class: "kf-card down", role: "img", "aria-label": "a face-down card", text: "?" });
  const el = h("div", { class: `kf-card ${c.deck} ${cls}`.trim(), dataset: { type: c.type }, "aria-label": c.name },
    h("div", { class: "kf-value", text: c.boosted_value ? `${c.value}→${c.boosted_value}` : String(c.value) }),
    h("div", { class: "kf-name", text: c.name }),
    h("div", { class: "kf-text", text: c.effects.length ? effectText(c) : "" }),
    h("div", { class: "kf-foot" },
      c.koku ? h("span", { class: "coin", title: `${c.koku} koku`, text: c.koku }) : null,
      c.effects.length ? h("span", { class: "cost", text: `cost ${c.cost}` }) : null));
  ctx.detail(el, cardDetail(c));
  return el;
}

// -- the prompt ------------------------------------------------------------------------

export function prompt(view, ctx) {
  const d = view.decision;
  if (!d) return "";
  if (!ctx.mine) {
    const doing = { attack: "to attack", parry: "to parry", draw: "to draw", facedown_draw: "to draw or not", activate: "to decide on an effect", pay: "to pay", choice: "to choose", discard_koku: "to discard koku" }[d.kind] ?? "to decide";
    return `Waiting for ${who(ctx, d.player)} ${doing}…`;
  }
  const mySlot = view.attacker === ctx.seat ? view.attack : view.parry;
  switch (d.kind) {
    case "attack":
      return ctx.find("pass").length
        ? "You hold the initiative: attack with a red card (face up or face down), or give it up."
        : "You hold the initiative: attack with a red card, face up or face down.";
    case "draw":
      return ctx.find("draw_red").every((a) => a.red <= 1)
        ? `Draw ${plural(d.count, "card")}: tap the pile of the ${d.count > 1 ? "next one" : "card"}.`
        : `Draw ${plural(d.count, "card")}: choose how many come from the red pile.`;
    case "parry":
      return "Parry the attack with a blue card.";
    case "facedown_draw":
      return "The attack lies face down: tap a pile to draw a card from it, or don't draw.";
    case "activate":
      return `Activate ${mySlot?.card?.name ?? "your card"} for ${plural(mySlot?.card?.cost ?? 0, "koku", "koku")}, or not?`;
    case "pay":
      return `Pay ${plural(d.due, "more koku", "more koku")}: tap cards of your koku row (change is lost).`;
    case "choice":
      return capitalise(d.text);
    case "discard_koku":
      return "Tap one card of your opponent's koku row to discard it.";
    default:
      return capitalise(d.text);
  }
}

export function actionText(a) {
  if (a.move === "pass") return "Give up the initiative";
  if (a.move === "activate") return "Activate";
  if (a.move === "decline") return "Don't activate";
  if (a.move === "take_initiative") return "Take the initiative";
  if (a.move === "draw_difference") return "Draw the difference";
  if (a.move === "no_draw") return "Don't draw";
  return null;
}

// -- fighters --------------------------------------------------------------------------

function life(p) {
  const shown = Math.max(0, Math.min(p.life, MAX_LIFE));
  return h("span", { class: "kf-life", role: "img", "aria-label": `${p.life} life` },
    h("span", { class: "full", "aria-hidden": "true", text: "♥".repeat(shown) }),
    h("span", { class: "lost", "aria-hidden": "true", text: "♥".repeat(MAX_LIFE - shown) }),
    h("b", { text: ` ${p.life}` }));
}

function kokuChip(view, ctx, p, c) {
  const chip = h("span", { class: `kf-koku-card ${c.deck}`, dataset: { type: c.type } }, c.name, h("span", { class: "coin", text: c.worth }));
  ctx.detail(chip, { ...cardDetail(c), subtitle: `worth ${plural(c.worth, "koku", "koku")} in the koku row` });
  const actions = p.seat === ctx.seat
    ? ctx.find("pay", (a) => a.card === c.type)
    : ctx.find("discard_koku", (a) => a.card === c.type);
  ctx.bind(chip, actions, { text: (a) => (a.move === "pay" ? `Pay with ${c.name} (${c.worth} koku)` : `Discard ${c.name}`) });
  return chip;
}

function fighter(view, ctx, p) {
  const attacker = view.attacker === p.seat;
  const current = view.current_player === p.seat;
  return h("article", {
    class: `kf-fighter${current ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`,
    dataset: { seat: p.seat },
    "aria-label": `${ctx.name(p.seat)}: ${p.life} life, ${attacker ? "attacker" : "defender"}, ${p.koku_total} koku`,
  },
  h("div", { class: "kf-head" },
    current ? h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶" }) : null,
    h("strong", { text: p.seat === ctx.seat ? `${ctx.name(p.seat)} (you)` : ctx.name(p.seat) }),
    h("span", { class: `role ${attacker ? "attacker" : "defender"}`, text: attacker ? "⚔ initiative" : "defender" })),
  h("div", { class: "kf-figures", dataset: { figures: p.seat } }, life(p)),
  h("div", { class: "kf-sub" },
    h("span", { text: `${plural(p.hand_size, "card")} (${p.red_in_hand} red, ${p.blue_in_hand} blue)` }),
    // passes_left is null while the players may pass as often as they want.
    p.passes_left === null ? null : h("span", { text: ` · ${plural(p.passes_left, "pass", "passes")} left` }),
    p.no_parry_next_round ? h("span", { class: "kf-mark", text: " · may not parry next round" }) : null),
  h("div", { class: "kf-koku" },
    h("span", { class: "coin big", title: "koku in the row", text: p.koku_total }),
    ...p.koku.map((c) => kokuChip(view, ctx, p, c)),
    p.koku.length ? null : h("span", { class: "muted small", text: "no koku yet" })));
}

// -- the mat and the piles -----------------------------------------------------------------

function slot(view, ctx, title, s) {
  if (!s) return h("div", { class: "kf-slot empty" }, h("small", { text: title }), h("div", { class: "kf-card placeholder", text: "–" }));
  const shown = s.card ? card(s.card, ctx) : s.face_down ? card(null, ctx) : h("div", { class: "kf-card placeholder", text: "no parry" });
  return h("div", { class: "kf-slot" },
    h("small", { text: `${title}${s.face_down ? " · face down" : ""}${s.activated ? " · activated" : ""}` }),
    shown,
    s.value !== null ? h("div", { class: "kf-total", text: `value ${s.value}` }) : null);
}

function drawControl(view, ctx) {
  const draws = ctx.find("draw_red");
  if (!draws.length) return null;
  const reds = draws.map((a) => a.red);
  if (reds.every((r) => r <= 1)) return null; // one card at a time: the piles take it
  const count = view.decision?.count ?? Math.max(...reds);
  let red = Math.min(...reds);
  const label = h("output", { class: "kf-split-text", "aria-live": "polite" });
  const go = h("button", { type: "button", class: "primary" });
  const minus = h("button", { type: "button", "aria-label": "one red card fewer", text: "−" });
  const plus = h("button", { type: "button", "aria-label": "one red card more", text: "+" });
  const update = () => {
    const action = draws.find((a) => a.red === red);
    label.textContent = `${red} red · ${count - red} blue`;
    go.textContent = `Draw ${plural(count, "card")}`;
    go.dataset.actionId = action ? action.id : "";
    minus.disabled = !reds.includes(red - 1);
    plus.disabled = !reds.includes(red + 1);
  };
  minus.onclick = () => { red -= 1; update(); };
  plus.onclick = () => { red += 1; update(); };
  go.onclick = () => {
    const action = draws.find((a) => a.red === red);
    if (action) ctx.act(action.id);
  };
  for (const a of draws) ctx.binder.bound.add(a.id);
  update();
  return h("div", { class: "kf-split", role: "group", "aria-label": "how many red cards to draw" }, minus, label, plus, go);
}

function pile(view, ctx, colour, count) {
  const red = colour === "red" ? 1 : 0;
  const draws = ctx.find("draw_red");
  const sequential = draws.length && draws.every((a) => a.red <= 1);
  const el = h("div", { class: `kf-pile ${colour}`, "aria-label": `${colour} pile: ${plural(count, "card")}` },
    h("strong", { text: count }), h("small", { text: colour === "red" ? "red (attack)" : "blue (parry)" }));
  if (sequential) ctx.bind(el, draws.filter((a) => a.red === red), { text: () => `Draw from the ${colour} pile` });
  return el;
}

function mat(view, ctx) {
  const lr = view.last_round;
  return h("section", { class: "kf-mat", "aria-label": "the mat" },
    slot(view, ctx, "attack", view.attack),
    slot(view, ctx, "parry", view.parry),
    h("div", { class: "kf-info" },
      h("div", { class: "kf-round", text: `Round ${view.round} · ${view.phase}` }),
      h("div", { class: "kf-piles" }, pile(view, ctx, "red", view.decks.red), pile(view, ctx, "blue", view.decks.blue)),
      drawControl(view, ctx),
      h("div", { class: "small", text: `discarded: ${view.discards.red.length} red, ${view.discards.blue.length} blue` }),
      lr ? h("div", { class: "small", text: `Round ${lr.round}: attack ${lr.attack_value} against parry ${lr.parry_value}, ${plural(lr.damage, "damage", "damage")}${lr.effects.length ? `; ${lr.effects.join("; ")}` : ""}` }) : null));
}

// -- your hand -------------------------------------------------------------------------------

function hand(view, ctx) {
  if (!view.hand) return null;
  const attacks = ctx.legal.filter((a) => a.move === "attack" || a.move === "attack_down");
  const box = h("section", { class: "kf-hand-box", "aria-label": "your hand" });
  const draw = () => {
    const toggle = attacks.length
      ? h("label", { class: "kf-toggle" },
        h("input", { type: "checkbox", checked: faceDown.on, onchange: (e) => { faceDown.on = e.target.checked; draw(); } }),
        " Attack face down (the defender may draw 1 card first, and sees it only after parrying)")
      : null;
    const cards = view.hand.map((c) => {
      const el = card(c, ctx);
      const mine = ctx.legal.filter((a) => a.card === c.type && ["attack", "attack_down", "parry"].includes(a.move));
      for (const a of mine) ctx.binder.bound.add(a.id); // the switch reaches the other side
      const wanted = mine.filter((a) => a.move === "parry" || a.move === (faceDown.on ? "attack_down" : "attack"));
      if (wanted.length) {
        el.classList.add("usable");
        const verb = wanted[0].move === "parry" ? "Parry with" : faceDown.on ? "Attack face down with" : "Attack with";
        ctx.bind(el, wanted, { text: () => `${verb} ${c.name}` });
      } else if (view.decision?.player === ctx.seat) el.classList.add("idle");
      return el;
    });
    box.replaceChildren(
      h("div", { class: "kf-hand-head" }, h("strong", { text: `Your hand · ${plural(view.hand.length, "card")}` }), toggle),
      h("div", { class: "kf-hand" }, ...cards));
  };
  draw();
  return box;
}

export function render(view, ctx) {
  if (faceDown.version !== ctx.version) faceDown = { version: ctx.version, on: false };
  return h("div", { class: "kf" },
    h("section", { class: "kf-fighters", "aria-label": "fighters" }, ...view.players.map((p) => fighter(view, ctx, p))),
    mat(view, ctx),
    hand(view, ctx));
}

// -- the end -----------------------------------------------------------------------------------

export function result(view, ctx) {
  const w = view.winner;
  const line = view.draw ? "The duel is a draw." : w === ctx.seat ? "You win the duel!" : `${ctx.name(w)} wins the duel.`;
  const lr = view.last_round;
  return h("div", { class: "kf-result" },
    h("h2", { class: "winner-line", text: line }),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { text: "Fighter" }), h("th", { class: "num", text: "Life" }), h("th", { class: "num", text: "Koku" }))),
      h("tbody", {}, ...view.players.map((p) => h("tr", { class: p.seat === w ? "winner" : "" },
        h("td", { text: p.seat === ctx.seat ? `${ctx.name(p.seat)} (you)` : ctx.name(p.seat) }),
        h("td", { class: "num", text: p.life }),
        h("td", { class: "num", text: p.koku_total }))))),
    lr ? h("p", { text: `The decisive round was round ${lr.round}: attack ${lr.attack_value} against parry ${lr.parry_value}, ${plural(lr.damage, "damage", "damage")}${lr.effects.length ? ` (${listText(lr.effects)})` : ""}.` }) : null);
}
