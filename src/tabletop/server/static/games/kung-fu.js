// Kung Fu: the two fighters (life, who holds the initiative, koku row), the mat with the
// attack and the parry, the red and blue draw piles, and your hand. Tap a red card to
// attack (the "face down" switch turns it over), a blue card to parry, koku cards to pay,
// the piles (or the split control) to draw. Draws only what the view holds
// (docs/games/kung-fu.md); plays only legal actions, found by their data.

// Every word is the reader's language: messages through t/tn/tp, the card names and
// the effects' rules texts from the game's texts (``ctx.texts``). A card's ``text`` in
// the view is the server's English sentence: another reader gets it from the card's
// effect keys instead.

import { capitalise, h } from "/static/common.js";
import { lang, listOf, t, tn, tp } from "/static/i18n.js";

const MAX_LIFE = 10;
const ARROW = "on_opp_life_loss";
const EFFECT_TEXT = {
  boost: (c) => t("its value becomes {value}", { value: c.boosted_value }),
  gain_koku: (c) => tn("after the round it joins your koku row, worth {n} koku", "after the round it joins your koku row, worth {n} koku", c.worth),
  negate_parry: () => t("the opponent's parry counts 0 and cannot be activated"),
  switch_initiative: () => t("after this round the defender holds the initiative"),
  draw3: () => t("you draw 3 cards, choosing the piles"),
  no_parry_next_round: () => t("the opponent may not parry in the next round"),
  discard_random_2: () => t("the opponent discards 2 cards at random"),
  discard_opp_koku: () => t("you discard one card of the opponent's koku row"),
  heal2: () => t("you regain 2 life"),
  lose2: () => t("2 life is lost (see the rules for whom)"),
};

// Whether this browser attacks face down (reset every version).
let faceDown = { version: -1, on: false };

function who(ctx, seat) {
  return seat === ctx.seat ? t("you") : ctx.name(seat);
}

// "Ann", or "Ann (you)" for this browser's seat.
function playerName(ctx, seat) {
  return seat === ctx.seat && !ctx.seenFrom ? t("{player} (you)", { player: ctx.name(seat) }) : ctx.name(seat);
}

function cardName(ctx, c) {
  return ctx.text("cards", c.type, "name", c.name);
}

function effectText(ctx, c) {
  if (c.text && lang() === "en") return c.text;
  const parts = c.effects.map((key) => {
    const arrow = key.startsWith(`${ARROW}:`);
    const name = arrow ? key.split(":")[1] : key;
    const words = EFFECT_TEXT[name] ? EFFECT_TEXT[name](c) : ctx.text("effects", name, "name", name);
    // The arrow's condition is the effect's label ("After a hit: you draw 3 cards").
    if (!arrow) return words;
    const condition = ctx.text("effects", ARROW, "name", t("After a hit"));
    return t("{condition}: {effect}", { condition, effect: words });
  });
  return parts.length ? tn("Activate for {n} koku: {effects}.", "Activate for {n} koku: {effects}.", c.cost, { effects: parts.join("; ") }) : t("No effect.");
}

// The rules' own words for each of the card's effects (the game's texts; none in
// English, whose card text says it all).
function effectRules(ctx, c) {
  const keys = new Set(c.effects.flatMap((key) => key.split(":")));
  return [...keys].map((key) => {
    const rules = ctx.text("effects", key, "text", null);
    return rules ? `${ctx.text("effects", key, "name", key)}: ${rules}` : null;
  }).filter(Boolean);
}

function cardDetail(ctx, c) {
  const value = c.boosted_value ? t("{value} (boosted {boosted})", { value: c.value, boosted: c.boosted_value }) : String(c.value);
  return {
    title: cardName(ctx, c),
    tag: c.deck === "attack" ? t("red · attack") : t("blue · parry"),
    subtitle: c.koku ? tn("value {value} · shows {n} koku", "value {value} · shows {n} koku", c.koku, { value }) : t("value {value}", { value }),
    body: [effectText(ctx, c), ...effectRules(ctx, c)],
  };
}

function card(c, ctx, cls = "", enter = null) {
  if (!c) return h("div", { class: "kf-card down", role: "img", "aria-label": t("a face-down card"), text: "?", dataset: enter ? { enter } : {} });
  const name = cardName(ctx, c);
  const el = h("div", { class: `kf-card ${c.deck} ${cls}`.trim(), dataset: enter ? { type: c.type, enter } : { type: c.type }, "aria-label": name },
    h("div", { class: "kf-value", text: c.boosted_value ? `${c.value}→${c.boosted_value}` : String(c.value) }),
    h("div", { class: "kf-name", text: name }),
    h("div", { class: "kf-text", text: c.effects.length ? effectText(ctx, c) : "" }),
    h("div", { class: "kf-foot" },
      c.koku ? h("span", { class: "coin", title: tn("{n} koku", "{n} koku", c.koku), text: c.koku }) : null,
      c.effects.length ? h("span", { class: "cost", text: t("cost {n}", { n: c.cost }) }) : null));
  ctx.detail(el, cardDetail(ctx, c));
  return el;
}

// -- the prompt ------------------------------------------------------------------------

function waiting(d, player) {
  const fields = { player };
  const says = {
    attack: () => t("Waiting for {player} to attack…", fields),
    parry: () => t("Waiting for {player} to parry…", fields),
    draw: () => t("Waiting for {player} to draw…", fields),
    facedown_draw: () => t("Waiting for {player} to draw or not…", fields),
    activate: () => t("Waiting for {player} to decide on an effect…", fields),
    pay: () => t("Waiting for {player} to pay…", fields),
    defender_choice: () => t("Waiting for {player} to choose…", fields),
    discard_koku: () => t("Waiting for {player} to discard koku…", fields),
  }[d.kind];
  return says ? says() : t("Waiting for {player} to decide…", fields);
}

// The view's sentence is English: another reader is pointed at the choices.
function viewText(d) {
  return lang() === "en" ? capitalise(d.text) : t("Choose an action on the board or below.");
}

export function prompt(view, ctx) {
  const d = view.decision;
  if (!d) return "";
  if (!ctx.mine) return waiting(d, who(ctx, d.player));
  const mySlot = view.attacker === ctx.seat ? view.attack : view.parry;
  switch (d.kind) {
    case "attack":
      return ctx.find("pass").length
        ? t("You hold the initiative: attack with a red card (face up or face down), or give it up.")
        : t("You hold the initiative: attack with a red card, face up or face down.");
    case "draw":
      return ctx.find("draw_red").every((a) => a.red <= 1)
        ? tn("Draw {n} card: tap the pile of the card.", "Draw {n} cards: tap the pile of the next one.", d.count)
        : tn("Draw {n} card: choose how many come from the red pile.", "Draw {n} cards: choose how many come from the red pile.", d.count);
    case "parry":
      return t("Parry the attack with a blue card.");
    case "facedown_draw":
      return t("The attack lies face down: tap a pile to draw a card from it, or don't draw.");
    case "activate": {
      const c = mySlot?.card;
      return c
        ? tn("Activate {card} for {n} koku, or not?", "Activate {card} for {n} koku, or not?", c.cost ?? 0, { card: cardName(ctx, c) })
        : t("Activate your card, or not?");
    }
    case "pay":
      return tn("Pay {n} more koku: tap cards of your koku row (change is lost).", "Pay {n} more koku: tap cards of your koku row (change is lost).", d.due);
    case "defender_choice": {
      const diff = (view.parry?.value ?? 0) - (view.attack?.value ?? 0);
      if (diff <= 0) return viewText(d);
      return tn("Take the initiative, or draw {n} card and let the attacker keep it", "Take the initiative, or draw {n} cards and let the attacker keep it", diff);
    }
    case "discard_koku":
      return t("Tap one card of your opponent's koku row to discard it.");
    default:
      return viewText(d);
  }
}

export function actionText(a, view) {
  if (a.move === "draw_red") {
    // How many of the cards to draw come from each pile, in words: a one-card draw
    // (after a face-down attack, or one at a time) names its pile.
    const count = view?.decision?.count;
    if (count === 1) return a.red ? t("Draw a red card") : t("Draw a blue card");
    if (count && a.red === count) return t("Draw {red} red", { red: a.red });
    if (count && a.red === 0) return t("Draw {blue} blue", { blue: count });
    if (count) return t("Draw {red} red and {blue} blue", { red: a.red, blue: count - a.red });
    return null;
  }
  if (a.move === "pass") return t("Give up the initiative");
  if (a.move === "activate") return t("Activate");
  if (a.move === "decline") return t("Don't activate");
  if (a.move === "take_initiative") return t("Take the initiative");
  if (a.move === "draw_difference") return t("Draw the difference");
  if (a.move === "no_draw") return t("Don't draw");
  return null;
}

// -- fighters --------------------------------------------------------------------------

function life(p) {
  const shown = Math.max(0, Math.min(p.life, MAX_LIFE));
  return h("span", { class: "kf-life", role: "img", "aria-label": tn("{n} life", "{n} life", p.life), dataset: { count: `life-${p.seat}`, value: p.life } },
    h("span", { class: "full", "aria-hidden": "true", text: "♥".repeat(shown) }),
    h("span", { class: "lost", "aria-hidden": "true", text: "♥".repeat(MAX_LIFE - shown) }),
    h("b", { text: ` ${p.life}` }));
}

function kokuChip(view, ctx, p, c) {
  const name = cardName(ctx, c);
  const chip = h("span", { class: `kf-koku-card ${c.deck}`, dataset: { type: c.type } }, name, h("span", { class: "coin", text: c.worth }));
  ctx.detail(chip, { ...cardDetail(ctx, c), subtitle: tn("worth {n} koku in the koku row", "worth {n} koku in the koku row", c.worth) });
  const actions = p.seat === ctx.seat
    ? ctx.find("pay", (a) => a.card === c.type)
    : ctx.find("discard_koku", (a) => a.card === c.type);
  ctx.bind(chip, actions, {
    text: (a) => (a.move === "pay" ? tn("Pay with {card} ({n} koku)", "Pay with {card} ({n} koku)", c.worth, { card: name }) : t("Discard {card}", { card: name })),
  });
  return chip;
}

function fighter(view, ctx, p) {
  const attacker = view.attacker === p.seat;
  const current = view.current_player === p.seat;
  return h("article", {
    class: `kf-fighter${current ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`,
    dataset: { seat: p.seat },
    "aria-label": ctx.name(p.seat) + ": " + [
      tn("{n} life", "{n} life", p.life),
      attacker ? t("attacker") : t("defender"),
      tn("{n} koku", "{n} koku", p.koku_total),
    ].join(", "),
  },
  h("div", { class: "kf-head" },
    current ? h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶" }) : null,
    h("strong", { text: playerName(ctx, p.seat) }),
    h("span", { class: `role ${attacker ? "attacker" : "defender"}`, text: attacker ? "⚔ " + t("initiative") : t("defender") })),
  h("div", { class: "kf-figures", dataset: { figures: p.seat } }, life(p)),
  h("div", { class: "kf-sub" },
    h("span", { text: tn("{n} card ({red} red, {blue} blue)", "{n} cards ({red} red, {blue} blue)", p.hand_size, { red: p.red_in_hand, blue: p.blue_in_hand }) }),
    // passes_left is null while the players may pass as often as they want.
    p.passes_left === null ? null : h("span", { text: " · " + tn("{n} pass left", "{n} passes left", p.passes_left) }),
    p.no_parry_next_round ? h("span", { class: "kf-mark", text: " · " + t("may not parry next round") }) : null),
  h("div", { class: "kf-koku" },
    h("span", { class: "coin big", title: t("koku in the row"), text: p.koku_total, dataset: { count: `koku-${p.seat}`, value: p.koku_total } }),
    ...p.koku.map((c) => kokuChip(view, ctx, p, c)),
    p.koku.length ? null : h("span", { class: "muted small", text: t("no koku yet") })));
}

// -- the mat and the piles -----------------------------------------------------------------

function slot(view, ctx, title, s) {
  if (!s) return h("div", { class: "kf-slot empty" }, h("small", { text: title }), h("div", { class: "kf-card placeholder", text: "–" }));
  const enter = `${title}-${view.round}-${s.card?.type ?? (s.face_down ? "down" : "none")}`; // a card laid slides in
  const shown = s.card ? card(s.card, ctx, "", enter) : s.face_down ? card(null, ctx, "", enter) : h("div", { class: "kf-card placeholder", text: t("no parry") });
  return h("div", { class: "kf-slot" },
    h("small", { text: [title, s.face_down ? t("face down") : null, s.activated ? t("activated") : null].filter(Boolean).join(" · ") }),
    shown,
    s.value !== null ? h("div", { class: "kf-total", text: t("value {value}", { value: s.value }) }) : null);
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
  const minus = h("button", { type: "button", "aria-label": t("one red card fewer"), text: "−" });
  const plus = h("button", { type: "button", "aria-label": t("one red card more"), text: "+" });
  const update = () => {
    const action = draws.find((a) => a.red === red);
    label.textContent = t("{red} red · {blue} blue", { red, blue: count - red });
    go.textContent = tn("Draw {n} card", "Draw {n} cards", count);
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
  return h("div", { class: "kf-split", role: "group", "aria-label": t("how many red cards to draw") }, minus, label, plus, go);
}

function pile(view, ctx, colour, count) {
  const red = colour === "red" ? 1 : 0;
  const draws = ctx.find("draw_red");
  const sequential = draws.length && draws.every((a) => a.red <= 1);
  const el = h("div", {
    class: `kf-pile ${colour}`,
    "aria-label": red ? tn("red pile: {n} card", "red pile: {n} cards", count) : tn("blue pile: {n} card", "blue pile: {n} cards", count),
  }, h("strong", { text: count, dataset: { count: `pile-${colour}`, value: count } }), h("small", { text: red ? t("red (attack)") : t("blue (parry)") }));
  if (sequential) ctx.bind(el, draws.filter((a) => a.red === red), { text: () => (red ? t("Draw from the red pile") : t("Draw from the blue pile")) });
  return el;
}

function phaseWord(phase) {
  const words = {
    initiative: () => tp("kung-fu:phase", "initiative"),
    parry: () => tp("kung-fu:phase", "parry"),
    activation: () => tp("kung-fu:phase", "activation"),
    effects: () => tp("kung-fu:phase", "effects"),
    result: () => tp("kung-fu:phase", "result"),
    over: () => tp("kung-fu:phase", "over"),
  };
  return words[phase] ? words[phase]() : phase;
}

// "attack 5 against parry 3, 2 damage" of a finished round. Its effects are the
// server's English summary: shown to readers of English (the log says them in
// every language).
function roundFigures(lr) {
  return { round: lr.round, attack: lr.attack_value, parry: lr.parry_value };
}

function mat(view, ctx) {
  const lr = view.last_round;
  const effects = lr && lang() === "en" && lr.effects.length ? `; ${lr.effects.map(ctx.names).join("; ")}` : "";
  return h("section", { class: "kf-mat", "aria-label": t("the mat") },
    slot(view, ctx, tp("kung-fu:card", "attack"), view.attack),
    slot(view, ctx, tp("kung-fu:card", "parry"), view.parry),
    h("div", { class: "kf-info" },
      h("div", { class: "kf-round", text: t("Round {round} · {phase}", { round: view.round, phase: phaseWord(view.phase) }) }),
      h("div", { class: "kf-piles" }, pile(view, ctx, "red", view.decks.red), pile(view, ctx, "blue", view.decks.blue)),
      drawControl(view, ctx),
      h("div", { class: "small", text: t("discarded: {red} red, {blue} blue", { red: view.discards.red.length, blue: view.discards.blue.length }) }),
      lr ? h("div", {
        class: "small",
        text: tn("Round {round}: attack {attack} against parry {parry}, {n} damage", "Round {round}: attack {attack} against parry {parry}, {n} damage", lr.damage, roundFigures(lr)) + effects,
      }) : null));
}

// -- your hand -------------------------------------------------------------------------------

function hand(view, ctx) {
  if (!view.hand) return null;
  const attacks = ctx.legal.filter((a) => a.move === "attack" || a.move === "attack_down");
  const box = h("section", { class: "kf-hand-box", "aria-label": t("your hand") });
  const draw = () => {
    const toggle = attacks.length
      ? h("label", { class: "kf-toggle" },
        h("input", { type: "checkbox", checked: faceDown.on, onchange: (e) => { faceDown.on = e.target.checked; draw(); } }),
        " " + t("Attack face down (the defender may draw 1 card first, and sees it only after parrying)"))
      : null;
    const cards = view.hand.map((c, i) => {
      const copy = view.hand.slice(0, i).filter((o) => o.type === c.type).length;
      const el = card(c, ctx, "", `hand-${c.type}#${copy}`); // a card drawn slides in
      const mine = ctx.legal.filter((a) => a.card === c.type && ["attack", "attack_down", "parry"].includes(a.move));
      for (const a of mine) ctx.binder.bound.add(a.id); // the switch reaches the other side
      const wanted = mine.filter((a) => a.move === "parry" || a.move === (faceDown.on ? "attack_down" : "attack"));
      if (wanted.length) {
        el.classList.add("usable");
        const fields = { card: cardName(ctx, c) };
        const says = wanted[0].move === "parry"
          ? t("Parry with {card}", fields)
          : faceDown.on ? t("Attack face down with {card}", fields) : t("Attack with {card}", fields);
        ctx.bind(el, wanted, { text: () => says });
      } else if (view.decision?.player === ctx.seat) el.classList.add("idle");
      return el;
    });
    box.replaceChildren(
      h("div", { class: "kf-hand-head" }, h("strong", { text: ctx.seenFrom ? tn("{player}'s hand · {n} card", "{player}'s hand · {n} cards", view.hand.length, { player: ctx.name(ctx.seat) }) : tn("Your hand · {n} card", "Your hand · {n} cards", view.hand.length) }), toggle),
      h("div", { class: "kf-hand" }, ...cards));
  };
  draw();
  return box;
}

export function render(view, ctx) {
  if (faceDown.version !== ctx.version) faceDown = { version: ctx.version, on: false };
  return h("div", { class: "kf" },
    h("section", { class: "kf-fighters", "aria-label": t("fighters") }, ...view.players.map((p) => fighter(view, ctx, p))),
    mat(view, ctx),
    hand(view, ctx));
}

// -- the end -----------------------------------------------------------------------------------

function decisiveRound(lr, ctx) {
  const line = tn(
    "The decisive round was round {round}: attack {attack} against parry {parry}, {n} damage.",
    "The decisive round was round {round}: attack {attack} against parry {parry}, {n} damage.",
    lr.damage,
    roundFigures(lr),
  );
  // The effects are the server's English (see roundFigures): for readers of English.
  if (lang() !== "en" || !lr.effects.length) return line;
  return `${line.replace(/\.$/, "")} (${listOf(lr.effects.map(ctx.names))}).`;
}

export function result(view, ctx) {
  const w = view.winner;
  const line = view.draw ? t("The duel is a draw.") : w === ctx.seat ? t("You win the duel!") : t("{player} wins the duel.", { player: ctx.name(w) });
  const lr = view.last_round;
  return h("div", { class: "kf-result" },
    h("h2", { class: "winner-line", text: line }),
    h("div", { class: "scores-box" }, h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { text: t("Fighter") }), h("th", { class: "num", text: t("Life") }), h("th", { class: "num", text: t("Koku") }))),
      h("tbody", {}, ...view.players.map((p) => h("tr", { class: p.seat === w ? "winner" : "" },
        h("td", { text: playerName(ctx, p.seat) }),
        h("td", { class: "num", text: p.life }),
        h("td", { class: "num", text: p.koku_total })))))),
    lr ? h("p", { class: "kf-decisive", text: decisiveRound(lr, ctx) }) : null);
}
