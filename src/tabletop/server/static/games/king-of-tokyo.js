// King of Tokyo: the board is the interface. Monsters with hearts, stars, energy and
// their cards; Tokyo City (and Bay) with Stay / Yield next to it; the dice (tap dice to
// keep them, then Reroll or Stop); the row of Power cards (a card's button buys it);
// your Evolutions (tap one to play it). Cards that ask a question are answered on the
// board too: a target by its monster, a face by its die, a card by the card.
// Draws only what the view holds (docs/games/king-of-tokyo.md); plays only legal
// actions, found by their data (Game.action_data), never by their labels.
// Every word is the reader's language: the messages through t/tn/tp, the names and
// texts of cards, Evolutions and monsters from ``ctx.text`` (the game's texts, with
// the view's English as the fallback).

import { capitalise, h, ordinal } from "/static/common.js";
import { lang, listOf, t, tn, tp } from "/static/i18n.js";

const WIN_STARS = 20;
const SVGNS = "http://www.w3.org/2000/svg";
const ICONS = {
  heart: { fill: "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z" },
  energy: { fill: "M7 2v11h3v9l7-12h-4l4-8z" },
  claw: { stroke: ["M5 4c3 5 3 11-1 17", "M11.5 2.5c3 6 3 12.5 0 19", "M18 4c2.5 5 2 11-2 17"] },
  star: { fill: "M12 2.5l2.9 6.2 6.8.8-5 4.7 1.3 6.7L12 17.6l-6 3.3 1.3-6.7-5-4.7 6.8-.8z" },
};

// -- words -------------------------------------------------------------------------------

// A die face in words ("heart"); the numbers are themselves.
function faceWord(face) {
  const words = {
    heart: () => tp("king-of-tokyo:face", "heart"),
    energy: () => tp("king-of-tokyo:face", "energy"),
    claw: () => tp("king-of-tokyo:face", "claw"),
  };
  return words[face] ? words[face]() : String(face);
}

function placeName(where) {
  if (where === "city") return tp("king-of-tokyo:where", "Tokyo City");
  if (where === "bay") return tp("king-of-tokyo:where", "Tokyo Bay");
  return null;
}

// "keep" / "discard" (a Power card), "permanent" / "temporary" (an Evolution).
function kindWord(kind) {
  const words = {
    keep: () => tp("king-of-tokyo:kind", "keep"),
    discard: () => tp("king-of-tokyo:kind", "discard"),
    permanent: () => tp("king-of-tokyo:kind", "permanent"),
    temporary: () => tp("king-of-tokyo:kind", "temporary"),
  };
  return words[kind] ? words[kind]() : kind;
}

// Names and texts in the reader's language; a 2011 game reads the 2011 wording where
// it differs.
function cardField(view, ctx, card, field) {
  const english = card[field];
  if (view?.edition === "2011") {
    const older = ctx.text("cards", card.id, `${field}_2011`, null);
    if (older) return older;
  }
  return ctx.text("cards", card.id, field, english);
}

const cardName = (view, ctx, card) => cardField(view, ctx, card, "name");
const cardText = (view, ctx, card) => cardField(view, ctx, card, "text");
const evolutionName = (ctx, e) => ctx.text("evolutions", e.id, "name", e.name);
const evolutionText = (ctx, e) => ctx.text("evolutions", e.id, "text", e.text);
// A card or Evolution named by its id, with its English name for a reader of English.
const cardNamed = (ctx, id, english) => ctx.text("cards", id, "name", english);
const evolutionNamed = (ctx, id, english) => ctx.text("evolutions", id, "name", english);

function monsterName(ctx, m) {
  return m ? ctx.text("monsters", m.monster, "name", m.name) : "";
}

// The dice this browser has marked to keep: reset whenever the roll changes.
let kept = { key: "", dice: new Set() };

function icon(name) {
  const spec = ICONS[name];
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `kot-icon ${name}`);
  svg.setAttribute("aria-hidden", "true");
  for (const d of spec.fill ? [spec.fill] : spec.stroke) {
    const path = document.createElementNS(SVGNS, "path");
    path.setAttribute("d", d);
    if (spec.stroke) {
      path.setAttribute("fill", "none");
      path.setAttribute("stroke", "currentColor");
      path.setAttribute("stroke-width", "2.6");
      path.setAttribute("stroke-linecap", "round");
    } else path.setAttribute("fill", "currentColor");
    svg.append(path);
  }
  return svg;
}

function dieFace(face) {
  return ICONS[face] ? icon(face) : h("span", { class: "kot-num", text: face });
}

// -- names -------------------------------------------------------------------------------

// "Kraken (you)", "Kraken · Bot 2 (heuristic)": the monster with its player.
export function name(view, ctx, seat) {
  const m = view.monsters[seat];
  const player = ctx.name(seat);
  if (!m) return player;
  return seat === ctx.seat && !ctx.seenFrom ? t("{monster} (you)", { monster: monsterName(ctx, m) }) : `${monsterName(ctx, m)} · ${player}`;
}

function sameMultiset(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

// -- the prompt ------------------------------------------------------------------------

// "Waiting for Kraken · Ann: rolling the dice…": what the deciding monster does.
function waiting(view, who) {
  const d = view.decision;
  const fields = { monster: who };
  if (!d) return view.phase === "roll" ? t("Waiting for {monster}: rolling…", fields) : t("Waiting for {monster}: playing…", fields);
  const says = {
    roll: () => t("Waiting for {monster}: rolling the dice…", fields),
    buy: () => t("Waiting for {monster}: shopping for Power cards…", fields),
    yield: () => t("Waiting for {monster}: deciding whether to yield Tokyo…", fields),
    heart_dice: () => t("Waiting for {monster}: using heart dice…", fields),
    keep_evolution: () => t("Waiting for {monster}: choosing an Evolution…", fields),
    draft_evolution: () => t("Waiting for {monster}: drafting an Evolution…", fields),
    prevent_damage: () => t("Waiting for {monster}: deciding about the damage…", fields),
    play_evolution: () => t("Waiting for {monster}: deciding whether to play an Evolution…", fields),
    freeze_time: () => t("Waiting for {monster}: deciding on Freeze Time's extra turn…", fields),
    rapid_healing: () => t("Waiting for {monster}: deciding on Rapid Healing…", fields),
  }[d.kind];
  return says ? says() : t("Waiting for {monster}: deciding…", fields);
}

// The questions the view only says in English (its ``reason``), each as a whole
// message; an Evolution's own question is named by the Evolution.
function question(view, ctx, d) {
  const says = {
    psychic_probe: () => t("You may reroll one of the active monster's dice (Psychic Probe)"),
    change_dice: () => t("You may change dice before they resolve"),
    opportunist: () => t("A new card was revealed: buy it now (Opportunist) or not"),
    mimic: () => t("Choose a Keep card for Mimic to copy"),
    move_mimic: () => t("You may pay 1 energy to move the Mimic token"),
    charge_batteries: () => t("Move energy onto Monster Batteries (the bank doubles it)"),
    metamorph: () => t("Discard Keep cards for energy (Metamorph), or keep them"),
  }[d?.kind];
  if (says) return says();
  if (!d?.reason) return t("Choose an action");
  if (lang() === "en") return capitalise(d.reason);
  const said = tp("king-of-tokyo:decision", d.reason); // the catalog has the game's questions
  if (said !== d.reason) return capitalise(said);
  // An Evolution's question is the server's English: another reader gets the
  // Evolution's name, and the choices, which the server sends translated.
  if (d.kind === "evolution_question" && d.evolution) {
    return t("{evolution}: choose your answer on the board or below.", { evolution: evolutionNamed(ctx, d.evolution, d.evolution) });
  }
  return t("Choose an action on the board or below.");
}

// Who smashed this seat last this turn, and the hearts it lost to that attack: the
// log's ``attack`` event, then its ``damage`` events (null if it was not smashed).
function lastSmash(ctx) {
  const events = ctx.events || [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "turn") return null;
    if (e.kind === "attack" && (e.data?.targets || []).includes(ctx.seat)) {
      const hearts = events.slice(i + 1)
        .filter((x) => x.kind === "damage" && x.data?.seat === ctx.seat)
        .reduce((sum, x) => sum + (x.data.hearts || 0), 0);
      return { by: e.data.seat, hearts };
    }
  }
  return null;
}

// "Kraken smashed you for 3 hearts: stay in Tokyo City, or yield it to Kraken?"
function yieldQuestion(view, ctx, me) {
  const hit = lastSmash(ctx);
  const attacker = hit ? view.monsters[hit.by] : null;
  if (!attacker) {
    if (me.location === "bay") return t("You were smashed in Tokyo Bay: stay, or yield it to the attacker?");
    if (me.location === "city") return t("You were smashed in Tokyo City: stay, or yield it to the attacker?");
    return t("You were smashed in Tokyo: stay, or yield it to the attacker?");
  }
  const fields = { monster: monsterName(ctx, attacker) };
  if (me.location === "bay") {
    return tn(
      "{monster} smashed you for {n} heart: stay in Tokyo Bay, or yield it to {monster}?",
      "{monster} smashed you for {n} hearts: stay in Tokyo Bay, or yield it to {monster}?",
      hit.hearts,
      fields,
    );
  }
  return tn(
    "{monster} smashed you for {n} heart: stay in Tokyo City, or yield it to {monster}?",
    "{monster} smashed you for {n} hearts: stay in Tokyo City, or yield it to {monster}?",
    hit.hearts,
    fields,
  );
}

export function prompt(view, ctx) {
  const d = view.decision;
  if (!ctx.mine) {
    const who = d ? d.player : view.active;
    return waiting(view, name(view, ctx, who));
  }
  const me = view.monsters[ctx.seat];
  const rolls = view.rolls_left;
  switch (d?.kind) {
    case "roll":
      return ctx.find("keep").length
        ? tn(
          "Your roll: choose the dice to keep and reroll the others ({n} reroll left), or stop.",
          "Your roll: choose the dice to keep and reroll the others ({n} rerolls left), or stop.",
          rolls,
        )
        : t("Your roll is done: resolve the dice, or buy an extra roll.");
    case "buy":
      return tn(
        "Buy Power cards with your {n} energy, sweep the row, or end your turn.",
        "Buy Power cards with your {n} energy, sweep the row, or end your turn.",
        me.energy,
      );
    case "yield":
      return yieldQuestion(view, ctx, me);
    case "heart_dice":
      return tn("Choose what your heart dice do ({n} die left).", "Choose what your heart dice do ({n} dice left).", d.amount ?? 1);
    case "prevent_damage":
      if (ctx.legal.length === 1) {
        return tn(
          "You are about to lose {n} heart: nothing of yours can prevent it.",
          "You are about to lose {n} hearts: nothing of yours can prevent it.",
          d.amount,
        );
      }
      return tn("You are about to lose {n} heart: prevent it, or take the damage?", "You are about to lose {n} hearts: prevent it, or take the damage?", d.amount);
    case "keep_evolution":
      return t("Keep one of the two Evolutions you drew.");
    case "draft_evolution":
      return t("Take one Evolution from the packet; the rest pass on.");
    case "play_evolution":
      // Everyone holding Evolutions is asked (evolution_prompts="public"): say so when
      // this player's hand has nothing for the moment.
      if (!ctx.find("play_evolution").length) return t("None of your Evolutions can be played now: go on.");
      if (d.card) return t("{card} is being bought: you may play an Evolution now.", { card: cardName(view, ctx, d.card) });
      return d.window === "any_time" && ctx.seat !== view.active
        ? t("You may play an Evolution now, on another monster's turn.")
        : t("You may play an Evolution now.");
    case "freeze_time":
      return t("You rolled three 1s with Freeze Time: take another turn with one die fewer?");
    case "rapid_healing":
      if (d.before === "vast_storm") return t("Vast Storm is about to take half your energy: spend 2 of it on a heart first (Rapid Healing)?");
      if (d.before === "play_with_your_food") return t("Play with Your Food is about to take 1 energy: spend 2 on a heart first (Rapid Healing)?");
      return t("Rapid Healing: pay 2 energy to gain 1 heart now, or go on.");
    default:
      return question(view, ctx, d);
  }
}

// One tap on an Evolution question sets "not until my next turn": this question and
// the others until the player's own turn are answered for it (its preferences).
export function decisionExtras(view, ctx) {
  const kind = view.decision?.kind;
  const evolutionQuestion = kind === "play_evolution" || kind === "prevent_damage";
  if (!evolutionQuestion || !ctx.preferences || ctx.seat === view.active) return [];
  // Only where the preference answers this very question: Evolutions or passing.
  const answered = new Set(["decline", "take_damage", "play_evolution", "evo_yes"]);
  if (!ctx.legal.every((a) => answered.has(a.move))) return [];
  if (ctx.preferences.evolutions === "next_turn" || ctx.preferences.evolutions === "off") return [];
  const button = h("button", {
    type: "button",
    class: "decision link",
    id: "not-until-my-turn",
    title: t("Answer the Evolution questions for me until my next turn"),
  }, t("Not until my turn"));
  button.addEventListener("click", () => ctx.setPreferences({ evolutions: "next_turn" }));
  return [button];
}

// Button words for actions the board leaves to the decision bar.
// ``texts``: the game's texts in the reader's language (the table page's).
export function actionText(a, view, texts = {}) {
  if (a.move === "evo_seat" || a.move === "healing_ray") {
    const m = view.monsters[a.seat];
    const monster = m ? texts?.monsters?.[m.monster]?.name || m.name : null;
    if (a.move === "healing_ray") return monster ? t("Heal {monster} with a heart die", { monster }) : t("Heal them with a heart die");
    return monster ? t("Choose {monster}", { monster }) : t("Choose that monster");
  }
  if (a.move === "end_buy") return t("End your turn");
  if (a.move === "decline") return view.decision?.kind === "rapid_healing" ? t("Go on") : t("No, thanks");
  if (a.move === "rapid_heal") return t("Heal 1 heart for 2 energy");
  if (a.move === "stop") return t("Stop and resolve the dice");
  return null;
}

// -- monsters ----------------------------------------------------------------------------

function counters(n) {
  return tn("{n} counter", "{n} counters", n);
}

function cardDetail(view, ctx, card, extra = []) {
  const cost = card.cost !== undefined ? tn("{n} energy", "{n} energy", card.cost) : null;
  return {
    title: cardName(view, ctx, card),
    tag: card.kind ? capitalise(kindWord(card.kind)) : null,
    subtitle: [cost, card.counters !== undefined ? counters(card.counters) : null].filter(Boolean).join(" · "),
    body: [cardText(view, ctx, card), ...extra],
  };
}

function evolutionDetail(ctx, e, extra = []) {
  return {
    title: evolutionName(ctx, e),
    tag: e.kind === "temporary" ? t("Temporary Evolution") : t("Permanent Evolution"),
    subtitle: e.counters !== undefined ? counters(e.counters) : null,
    body: [evolutionText(ctx, e), ...extra],
  };
}

function cardActions(ctx, instance) {
  return ctx.legal.filter((a) => a.card === instance && ["tentacles", "mimic", "sell", "evo_card"].includes(a.move));
}

function keepChip(view, ctx, card, mimicked) {
  const chip = h("span", { class: `kot-chip-card${mimicked ? " mimicked" : ""}`, dataset: { card: card.id, instance: card.instance, enter: `chip-${card.instance}` } },
    cardName(view, ctx, card),
    card.counters !== undefined ? h("span", { class: "kot-count", text: card.counters }) : null,
    mimicked ? h("span", { class: "kot-mimic-token", title: t("Mimic copies this card"), text: "M" }) : null);
  ctx.detail(chip, cardDetail(view, ctx, card, mimicked ? [t("The Mimic token is on this card.")] : []));
  ctx.bind(chip, cardActions(ctx, card.instance));
  return chip;
}

function evolutionChip(view, ctx, e) {
  const chip = h("span", { class: "kot-chip-evo", dataset: { evolution: e.id } },
    evolutionName(ctx, e), e.counters !== undefined ? h("span", { class: "kot-count", text: e.counters }) : null);
  ctx.detail(chip, evolutionDetail(ctx, e));
  ctx.bind(chip, ctx.find("evo_evolution", (a) => a.evolution === e.id));
  return chip;
}

function marks(view, ctx, m) {
  const evo = m.evolutions;
  const out = [];
  if (m.tokens.poison) out.push(h("span", { class: "kot-token poison", title: t("Poison: loses 1 heart per token at the end of its turn") }, `☠ ${m.tokens.poison}`));
  if (m.tokens.shrink) out.push(h("span", { class: "kot-token shrink", title: t("Shrink: rolls one die fewer per token") }, `▼ ${m.tokens.shrink}`));
  if (m.wings_active) out.push(h("span", { class: "kot-token wings", title: t("Wings: loses no hearts this turn") }, cardNamed(ctx, "wings", "Wings")));
  if (evo) {
    const freezeRay = evolutionNamed(ctx, "freeze_ray", "Freeze Ray");
    if (evo.target_token !== undefined && evo.target_token !== null) {
      out.push(h("span", { class: "kot-token", title: evolutionNamed(ctx, "target_acquired", "Target Acquired") },
        t("target: {monster}", { monster: monsterName(ctx, view.monsters[evo.target_token]) })));
    }
    if (evo.freeze_ray_lent_to !== undefined) out.push(h("span", { class: "kot-token", text: `${freezeRay} → ${monsterName(ctx, view.monsters[evo.freeze_ray_lent_to])}` }));
    if (evo.holds_freeze_ray) out.push(h("span", { class: "kot-token", text: t("holds {evolution}", { evolution: freezeRay }) }));
    if (evo.encased_die) out.push(h("span", { class: "kot-token", text: t("{face} die encased in ice", { face: faceWord(evo.encased_die) }) }));
    if (evo.ufo_cards?.length) out.push(h("span", { class: "kot-token", text: tn("{n} UFO token", "{n} UFO tokens", evo.ufo_cards.length) }));
  }
  return out;
}

function monster(view, ctx, m, mimickedInstances) {
  const active = view.active === m.seat && !view.over;
  const deciding = view.decision?.player === m.seat && !view.over;
  const cls = ["kot-monster"];
  if (!m.alive) cls.push("dead");
  if (active) cls.push("active");
  if (deciding) cls.push("deciding");
  if (m.seat === ctx.seat) cls.push("me");
  if (m.location !== "outside") cls.push(`in-${m.location}`);
  const player = m.seat === ctx.seat && !ctx.seenFrom ? t("you") : ctx.name(m.seat);
  const place = placeName(m.location);
  const mname = monsterName(ctx, m);
  const heartsLevel = m.hearts > 6 ? "ok" : m.hearts > 3 ? "low" : "danger";
  const evo = m.evolutions;
  const chips = [
    ...m.cards.map((c) => keepChip(view, ctx, c, mimickedInstances.has(c.instance))),
    ...(evo ? evo.table.map((e) => evolutionChip(view, ctx, e)) : []),
  ];
  if (m.mimic) {
    const mimic = h("span", { class: "kot-chip-card mimic" }, `${cardNamed(ctx, "mimic", "Mimic")} → ${cardName(view, ctx, m.mimic)}`);
    ctx.detail(mimic, cardDetail(view, ctx, m.mimic, [t("Copied by this monster's Mimic.")]));
    chips.push(mimic);
  }
  const el = h("article", {
    class: cls.join(" "),
    dataset: { seat: m.seat, monster: m.monster },
    "aria-label": [
      t("{monster}, {player}", { monster: mname, player }),
      tn("{n} heart", "{n} hearts", m.hearts),
      tn("{n} star", "{n} stars", m.stars),
      tn("{n} energy", "{n} energy", m.energy),
      m.location === "city" ? t("in Tokyo City") : m.location === "bay" ? t("in Tokyo Bay") : null,
      m.alive ? null : t("eliminated"),
    ].filter(Boolean).join(", "),
  },
  h("div", { class: "kot-mhead" },
    h("span", { class: `kot-avatar m-${m.monster}`, "aria-hidden": "true", text: mname.slice(0, 1) }),
    h("div", { class: "kot-mname" },
      h("strong", {}, active ? h("span", { class: "kot-turn-mark", title: t("this monster's turn"), text: "▶ " }) : null, mname),
      h("span", { class: "kot-player", text: player }))),
  h("div", { class: "kot-figures", dataset: { figures: m.seat } },
    h("span", { class: `kot-fig hearts ${heartsLevel}`, dataset: { count: `hearts-${m.seat}`, value: m.hearts }, title: tn("{hearts} of {n} heart", "{hearts} of {n} hearts", m.max_hearts, { hearts: m.hearts }) },
      icon("heart"), h("b", { text: m.hearts }), m.max_hearts !== 10 ? h("small", { text: `/${m.max_hearts}` }) : null),
    h("span", { class: "kot-fig stars", dataset: { count: `stars-${m.seat}`, value: m.stars }, title: tn("{stars} of {n} star", "{stars} of {n} stars", WIN_STARS, { stars: m.stars }) }, icon("star"), h("b", { text: m.stars })),
    h("span", { class: "kot-fig energy", dataset: { count: `energy-${m.seat}`, value: m.energy }, title: tn("{n} energy", "{n} energy", m.energy) }, icon("energy"), h("b", { text: m.energy }))),
  h("div", { class: "kot-starbar", "aria-hidden": "true" }, h("span", { style: `width: ${Math.min(100, (100 * m.stars) / WIN_STARS)}%` })),
  h("div", { class: "kot-chips" },
    place ? h("span", { class: `kot-badge loc ${m.location}`, text: place }) : null,
    !m.alive ? h("span", { class: "kot-badge out", text: t("eliminated") }) : null,
    evo ? h("span", { class: "kot-hand-size", title: t("Evolutions in hand (hidden)"), text: tn("{n} in hand", "{n} in hand", evo.hand_size) }) : null,
    ...marks(view, ctx, m),
    ...chips),
  healButton(view, ctx, m));
  ctx.bind(el, ctx.legal.filter((a) => (a.move === "evo_seat" || a.move === "healing_ray") && a.seat === m.seat));
  return el;
}

// Rapid Healing "at any time": the owner asks for a heart now; the server heals it at
// the next occasion (its preferences' heal_requests), whoever's turn it is.
function healButton(view, ctx, m) {
  const prefs = ctx.preferences;
  if (!prefs || m.seat !== ctx.seat || !m.alive || view.over) return null;
  const owns = m.cards.some((c) => c.id === "rapid_healing") || m.mimic?.id === "rapid_healing";
  const queued = prefs.heal_requests || 0;
  const room = m.max_hearts - m.hearts;
  if (!owns || (queued === 0 && (room <= 0 || m.energy < 2))) return null;
  const button = h("button", {
    type: "button",
    class: "kot-heal",
    title: t("Rapid Healing: 2 energy for 1 heart, at the next occasion of any turn"),
    "aria-label": t("Rapid Healing: heal 1 heart for 2 energy"),
  }, t("Heal +1") + " ", icon("heart"));
  button.disabled = queued >= room || 2 * (queued + 1) > m.energy;
  button.addEventListener("click", () => ctx.setPreferences({ heal_requests: queued + 1 }));
  const row = [button];
  if (queued) {
    row.push(h("span", { class: "kot-heal-queued", text: tn("{n} asked", "{n} asked", queued) }));
    const cancel = h("button", { type: "button", class: "link", text: t("cancel"), "aria-label": t("cancel the hearts asked") });
    cancel.addEventListener("click", () => ctx.setPreferences({ heal_requests: 0 }));
    row.push(cancel);
  }
  return h("div", { class: "kot-heal-row" }, ...row);
}

// -- Tokyo -------------------------------------------------------------------------------

function tokyoSpot(view, ctx, where) {
  const seat = view.tokyo[where];
  const m = seat === null || seat === undefined ? null : view.monsters[seat];
  const spot = h("div", { class: `kot-spot ${where}${m ? " taken" : ""}`, dataset: { spot: where } },
    h("div", { class: "kot-spot-title", text: placeName(where) }),
    h("div", { class: "kot-spot-who", dataset: { enter: `${where}-${seat ?? "empty"}` }, text: m ? monsterName(ctx, m) : t("empty") }),
    m ? h("div", { class: "kot-spot-player", text: seat === ctx.seat && !ctx.seenFrom ? t("you") : ctx.name(seat) }) : null);
  const d = view.decision;
  if (m && d?.kind === "yield" && d.player === seat) {
    if (ctx.mine && seat === ctx.seat) {
      spot.append(h("div", { class: "kot-yield" },
        ctx.button(ctx.find("stay")[0], t("Stay"), "big stay"),
        ctx.button(ctx.find("yield")[0], t("Yield"), "big yield")));
    } else spot.append(h("div", { class: "kot-spot-note", text: t("deciding: stay or yield?") }));
  }
  return spot;
}

function tokyo(view, ctx) {
  return h("section", { class: "kot-tokyo", "aria-label": "Tokyo" },
    tokyoSpot(view, ctx, "city"),
    view.tokyo.bay_open ? tokyoSpot(view, ctx, "bay") : null);
}

// -- dice --------------------------------------------------------------------------------

function diceActions(ctx, face) {
  return ctx.legal.filter((a) =>
    (["probe", "herd_culler", "evo_face"].includes(a.move) && a.face === face)
    || (["plot_twist", "stretchy", "evo_change"].includes(a.move) && a.from === face && a.to !== face));
}

// "die 2: heart, kept" (``kept``: true, false, or null where dice are not being kept).
function dieLabel(i, face, kept) {
  const fields = { number: i + 1, face: faceWord(face) };
  if (kept === null) return t("die {number}: {face}", fields);
  return kept ? t("die {number}: {face}, kept", fields) : t("die {number}: {face}, will be rerolled", fields);
}

function diceTray(view, ctx) {
  const rolling = ctx.mine && view.decision?.kind === "roll";
  const keeps = rolling ? ctx.find("keep") : [];
  const stop = ctx.find("stop")[0];
  const key = `${view.turn}|${view.active}|${view.rolls_left}|${view.dice.join(",")}`;
  if (kept.key !== key) kept = { key, dice: new Set() };
  const chosen = keeps.length ? kept.dice : new Set();
  const reroll = h("button", { type: "button", class: "kot-reroll primary", id: "kot-reroll" });
  function choice() {
    if (chosen.size === view.dice.length) return stop;
    const faces = [...chosen].map((i) => view.dice[i]);
    return keeps.find((a) => sameMultiset(a.keep, faces)) || null;
  }
  function update() {
    const action = choice();
    const rest = view.dice.length - chosen.size;
    reroll.textContent = rest === 0 ? t("Keep all: resolve") : rest === view.dice.length ? t("Reroll all dice") : tn("Reroll {n} die", "Reroll {n} dice", rest);
    reroll.disabled = !action;
    reroll.title = action ? capitalise(action.label) : t("that choice is not open now");
    reroll.dataset.actionId = action ? action.id : "";
  }
  const dice = view.dice.map((face, i) => {
    const actions = keeps.length ? [] : diceActions(ctx, face);
    const active = keeps.length > 0 || actions.length > 0;
    const die = h(active ? "button" : "div", {
      type: active ? "button" : null,
      role: active ? null : "img",
      class: `kot-die face-${face}${chosen.has(i) ? " kept" : ""}`,
      "aria-label": dieLabel(i, face, keeps.length ? chosen.has(i) : null),
      dataset: { index: i, face, roll: `die-${i}`, value: `${view.turn}|${view.active}|${face}` },
    }, dieFace(face));
    if (keeps.length) {
      die.classList.add("selectable");
      die.setAttribute("aria-pressed", String(chosen.has(i)));
      die.addEventListener("click", () => {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
        die.classList.toggle("kept", chosen.has(i));
        die.setAttribute("aria-pressed", String(chosen.has(i)));
        die.setAttribute("aria-label", dieLabel(i, face, chosen.has(i)));
        update();
      });
      for (const a of keeps) ctx.binder.bound.add(a.id); // the dice and Reroll make them
    } else if (actions.length) ctx.bind(die, actions, { title: t("Die {number}: {face}", { number: i + 1, face: faceWord(face) }) });
    return die;
  });
  const controls = [];
  if (keeps.length) {
    reroll.addEventListener("click", () => {
      const action = choice();
      if (action) ctx.act(action.id);
    });
    update();
    controls.push(reroll);
  }
  if (stop) controls.push(ctx.button(stop, keeps.length ? t("Stop") : t("Resolve the dice"), keeps.length ? "kot-stop" : "kot-stop primary"));
  for (const move of ["energy_drink", "smoke", "reroll_three"]) {
    const a = ctx.find(move)[0];
    if (a) controls.push(ctx.button(a, capitalise(a.label), "kot-extra"));
  }
  const whose = view.monsters[view.active];
  const fields = { monster: whose ? monsterName(ctx, whose) : "" };
  let caption = t("No dice rolled yet this turn");
  if (view.dice.length && keeps.length) caption = tn("{n} reroll left · tap dice to keep them", "{n} rerolls left · tap dice to keep them", view.rolls_left);
  else if (view.dice.length && view.phase === "roll") caption = tn("{monster}'s dice · {n} reroll left", "{monster}'s dice · {n} rerolls left", view.rolls_left, fields);
  else if (view.dice.length) caption = t("{monster}'s dice", fields);
  return h("section", { class: `kot-tray${keeps.length ? " interactive" : ""}`, "aria-label": t("dice") },
    h("div", { class: "kot-dice" }, ...dice),
    h("div", { class: "kot-tray-foot" }, ...controls, h("span", { class: "kot-caption", text: caption })));
}

// -- Power cards -------------------------------------------------------------------------

function powerCard(view, ctx, card, { cost = null, actions = [], extraClass = "", caption = null } = {}) {
  const price = cost === null || cost === undefined || cost === card.cost
    ? h("span", { class: "kot-cost", "aria-label": tn("costs {n} energy", "costs {n} energy", card.cost) }, String(card.cost))
    : h("span", { class: "kot-cost yours", "aria-label": tn("costs you {n} energy (printed {printed})", "costs you {n} energy (printed {printed})", cost, { printed: card.cost }) },
      String(cost), h("s", { text: String(card.cost) }));
  const title = cardName(view, ctx, card);
  const el = h("div", { class: `kot-card ${card.kind} ${extraClass}`.trim(), dataset: { card: card.id, instance: card.instance, enter: `card-${card.instance}` } },
    // The name has the card's whole width (its words unbroken); the price is in the foot.
    h("div", { class: "kot-card-head" },
      caption ? h("span", { class: "kot-caption", text: caption }) : null,
      h("span", { class: "kot-card-name", text: title })),
    h("div", { class: "kot-card-text", text: cardText(view, ctx, card) }),
    h("div", { class: "kot-card-foot" }, h("span", { class: "kot-kind", text: kindWord(card.kind) }), price));
  ctx.detail(el, cardDetail(view, ctx, card));
  if (actions.length) {
    const pay = cost ?? card.cost;
    const buy = tn("Buy {card} for {n} energy", "Buy {card} for {n} energy", pay, { card: title });
    const choose = t("Choose {card}", { card: title });
    el.classList.add("buyable");
    el.setAttribute("aria-label", buy);
    el.append(h("div", { class: "kot-buy", "aria-hidden": "true" }, t("Buy · {cost}", { cost: pay }), icon("energy")));
    const free = actions.every((a) => a.move === "evo_card");
    if (free) el.querySelector(".kot-buy").replaceChildren(choose);
    ctx.bind(el, actions, { text: (a) => (a.move === "evo_card" ? choose : buy) });
  }
  return el;
}

function row(view, ctx) {
  const costs = view.your_costs || [];
  const slots = view.row.map((card, slot) => {
    if (!card) return h("div", { class: "kot-card empty", text: t("empty slot") });
    const actions = [...ctx.find("buy", (a) => a.slot === slot), ...cardActions(ctx, card.instance)];
    const el = powerCard(view, ctx, card, { cost: costs[slot], actions });
    el.dataset.slot = slot;
    return el;
  });
  const top = view.deck_top
    ? powerCard(view, ctx, view.deck_top, { actions: ctx.find("buy_top"), extraClass: "deck-top", caption: t("top of the deck") })
    : null;
  const sweep = ctx.find("sweep")[0];
  const discarded = view.discard.length;
  const deck = h("div", {
    class: "kot-deck",
    "aria-label": tn("{n} card in the deck, {discarded} discarded", "{n} cards in the deck, {discarded} discarded", view.deck_size, { discarded }),
  }, h("div", { class: "kot-deck-back", text: view.deck_size }), h("small", { text: tn("{n} discarded", "{n} discarded", discarded) }));
  // Cards an Evolution shows only to you (Deep Dive) or reveals (Miraculous Catch).
  const asked = ctx.mine ? view.decision?.cards || [] : [];
  const revealed = asked.length
    ? h("div", { class: "kot-revealed" },
      h("strong", { class: "small", text: t("Choose one:") }),
      h("div", { class: "kot-row" }, ...asked.map((card) => powerCard(view, ctx, card, { actions: cardActions(ctx, card.instance), extraClass: "asked" }))))
    : null;
  const evo = ctx.seat !== null && ctx.seat !== undefined ? view.monsters[ctx.seat]?.evolutions : null;
  const emptyHand = evo && !(evo.hand || []).length && !(evo.packet || []).length;
  return h("section", { class: "kot-row-box", "aria-label": t("Power cards") },
    h("div", { class: "kot-row-head" },
      h("strong", { text: t("Power cards") }),
      emptyHand ? h("span", { class: "kot-evo-note", text: ctx.seenFrom
        ? tn("{player}'s Evolutions: none in hand, {n} in the deck", "{player}'s Evolutions: none in hand, {n} in the deck", evo.deck_size, { player: ctx.name(ctx.seat) })
        : tn("Your Evolutions: none in hand, {n} in your deck", "Your Evolutions: none in hand, {n} in your deck", evo.deck_size) }) : null,
      sweep ? ctx.button(sweep, t("Sweep the row · {cost}", { cost: 2 }), "kot-sweep") : null),
    revealed,
    h("div", { class: "kot-row" }, deck, ...slots, top));
}

// -- your Evolutions (Power Up!) ---------------------------------------------------------

// What a tap on an Evolution does: keep it (drawn), take it (a draft), play it (hand).
const VERBS = {
  keep: { short: () => t("Keep"), whole: (evolution) => t("Keep {evolution}", { evolution }) },
  take: { short: () => t("Take"), whole: (evolution) => t("Take {evolution}", { evolution }) },
  play: { short: () => t("Play"), whole: (evolution) => t("Play {evolution}", { evolution }) },
};

function evolutionCard(ctx, e, actions, verb) {
  const title = evolutionName(ctx, e);
  const el = h("div", { class: `kot-evo-card ${e.kind}`, dataset: { evolution: e.id, enter: `evolution-${e.id}` } },
    h("div", { class: "kot-card-name", text: title }),
    h("div", { class: "kot-card-text", text: evolutionText(ctx, e) }),
    h("div", { class: "kot-card-foot" }, h("span", { class: "kot-kind", text: kindWord(e.kind) })));
  ctx.detail(el, evolutionDetail(ctx, e));
  if (actions.length) {
    const words = VERBS[verb];
    el.classList.add("playable");
    el.setAttribute("aria-label", words.whole(title));
    el.append(h("div", { class: "kot-buy", "aria-hidden": "true", text: words.short() }));
    ctx.bind(el, actions, { text: () => words.whole(title) });
  }
  return el;
}

function yourEvolutions(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const mine = view.monsters[ctx.seat]?.evolutions;
  if (!mine) return null;
  const d = view.decision;
  const drawn = d && d.player === ctx.seat && d.drawn ? d.drawn : [];
  const groups = [];
  if (drawn.length) {
    groups.push(h("div", { class: "kot-evo-cards choosing" },
      ...drawn.map((e) => evolutionCard(ctx, e, ctx.find("keep_evolution", (a) => a.evolution === e.id), "keep"))));
  }
  if (mine.packet?.length) {
    groups.push(h("div", { class: "kot-evo-cards choosing" },
      ...mine.packet.map((e) => evolutionCard(ctx, e, ctx.find("draft_evolution", (a) => a.evolution === e.id), "take"))));
  }
  const hand = mine.hand || [];
  if (hand.length) {
    groups.push(h("div", { class: "kot-evo-cards" },
      ...hand.map((e) => evolutionCard(ctx, e, ctx.find("play_evolution", (a) => a.evolution === e.id), "play"))));
  }
  const choosing = drawn.length > 0 || (mine.packet || []).length > 0;
  if (!groups.length) return null; // said in the row's head: no box for an empty hand
  const title = drawn.length
    ? t("Keep one Evolution")
    : mine.packet?.length
      ? t("The draft packet")
      : ctx.seenFrom
        ? tn("{player}'s Evolutions · {n} card in the deck", "{player}'s Evolutions · {n} cards in the deck", mine.deck_size, { player: ctx.name(ctx.seat) })
        : tn("Your Evolutions · {n} card in your deck", "Your Evolutions · {n} cards in your deck", mine.deck_size);
  return h("section", { class: `kot-your-evos${choosing ? " choosing" : ""}`, "aria-label": t("your Evolutions"), dataset: { choosing: choosing ? "1" : "0" } },
    h("strong", { class: "kot-evo-title", text: title }),
    ...groups);
}

// -- the board ---------------------------------------------------------------------------

export function render(view, ctx) {
  const mimicked = new Set(view.monsters.filter((m) => m.mimic).map((m) => m.mimic.instance));
  const evolutions = yourEvolutions(view, ctx);
  return h("div", { class: `kot${evolutions ? " with-evos" : ""}`, dataset: { players: view.monsters.length } },
    h("section", { class: "kot-monsters", "aria-label": t("monsters") }, ...view.monsters.map((m) => monster(view, ctx, m, mimicked))),
    h("div", { class: "kot-middle" }, tokyo(view, ctx), diceTray(view, ctx)),
    row(view, ctx),
    evolutions);
}

// -- the end -----------------------------------------------------------------------------

function winnerLine(view, ctx) {
  const winners = view.winners || [];
  if (!winners.length) return t("Nobody wins: no monster is left standing.");
  // The stars a winner has (20 or more: a last roll may bring 21); the fewest of several.
  const stars = Math.min(...winners.map((s) => view.monsters[s]?.stars ?? WIN_STARS));
  if (winners.length === 1 && winners[0] === ctx.seat) {
    if (view.victory === "last_standing") return t("You win as the last monster standing!");
    if (view.victory === "stars") return tn("You win with {n} star!", "You win with {n} stars!", stars);
    return t("You win!");
  }
  const fields = { monsters: listOf(winners.map((s) => name(view, ctx, s))) };
  const count = winners.length;
  if (view.victory === "last_standing") {
    return tn("{monsters} wins as the last monster standing.", "{monsters} win as the last monster standing.", count, fields);
  }
  if (view.victory === "stars") {
    return tn("{monsters} wins with {stars} stars.", "{monsters} win with {stars} stars.", count, { ...fields, stars });
  }
  return tn("{monsters} wins.", "{monsters} win.", count, fields);
}

export function result(view, ctx) {
  const out = view.eliminated || [];
  const winners = new Set(view.winners || []);
  // An eliminated monster's stars are those it had when it went out (the rules take them).
  const stars = (m) => (m.alive ? m.stars : view.stars_at_elimination?.[m.seat] ?? m.stars);
  const order = [...view.monsters].sort((a, b) => {
    const rank = (m) => (winners.has(m.seat) ? 0 : m.alive ? 1 : 2);
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (!a.alive && !b.alive) return out.indexOf(b.seat) - out.indexOf(a.seat); // last out first
    return stars(b) - stars(a) || b.hearts - a.hearts;
  });
  const place = (m) => (winners.has(m.seat) ? t("winner") : m.alive ? t("standing") : t("{ordinal} out", { ordinal: ordinal(out.indexOf(m.seat) + 1) }));
  return h("div", { class: "kot-result" },
    h("h2", { class: "winner-line", text: winnerLine(view, ctx) }),
    h("div", { class: "scores-box" }, h("table", { class: "scores" },
      // Stars and hearts by their icons (their words for screen readers): a phone's width.
      h("thead", {}, h("tr", {}, h("th", { text: t("Monster") }),
        h("th", { class: "num", title: t("Stars") }, icon("star"), h("span", { class: "sr-only", text: t("Stars") })),
        h("th", { class: "num", title: t("Hearts") }, icon("heart"), h("span", { class: "sr-only", text: t("Hearts") })),
        h("th", { text: t("End") }))),
      h("tbody", {}, ...order.map((m) => h("tr", { class: winners.has(m.seat) ? "winner" : "", dataset: { seat: m.seat } },
        h("td", {}, h("span", { class: "who-name", text: monsterName(ctx, m) }),
          h("span", { class: "who-player", text: m.seat === ctx.seat && !ctx.seenFrom ? t("you") : ctx.name(m.seat) })),
        h("td", { class: "num stars", text: stars(m) }),
        h("td", { class: "num", text: m.hearts }),
        h("td", { text: place(m) })))))),
    h("p", { class: "muted small", text: tn("The game lasted {n} turn.", "The game lasted {n} turns.", view.turn) }));
}
