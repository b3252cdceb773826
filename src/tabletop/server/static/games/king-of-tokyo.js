// King of Tokyo: the board is the interface. Monsters with hearts, stars, energy and
// their cards; Tokyo City (and Bay) with Stay / Yield next to it; the dice (tap dice to
// keep them, then Reroll or Stop); the row of Power cards (a card's button buys it);
// your Evolutions (tap one to play it). Cards that ask a question are answered on the
// board too: a target by its monster, a face by its die, a card by the card.
// Draws only what the view holds (docs/games/king-of-tokyo.md); plays only legal
// actions, found by their data (Game.action_data), never by their labels.

import { capitalise, h, listText, ordinal, plural } from "/static/common.js";

const FACE_WORDS = { 1: "1", 2: "2", 3: "3", heart: "heart", energy: "energy", claw: "claw" };
const WIN_STARS = 20;
const SVGNS = "http://www.w3.org/2000/svg";
const ICONS = {
  heart: { fill: "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z" },
  energy: { fill: "M7 2v11h3v9l7-12h-4l4-8z" },
  claw: { stroke: ["M5 4c3 5 3 11-1 17", "M11.5 2.5c3 6 3 12.5 0 19", "M18 4c2.5 5 2 11-2 17"] },
  star: { fill: "M12 2.5l2.9 6.2 6.8.8-5 4.7 1.3 6.7L12 17.6l-6 3.3 1.3-6.7-5-4.7 6.8-.8z" },
};
const PLACE = { city: "Tokyo City", bay: "Tokyo Bay" };

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
  return seat === ctx.seat ? `${m.name} (you)` : `${m.name} · ${player}`;
}

function sameMultiset(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

// -- the prompt ------------------------------------------------------------------------

function doing(view) {
  const d = view.decision;
  if (!d) return view.phase === "roll" ? "rolling" : "playing";
  return {
    roll: "rolling the dice",
    buy: "shopping for Power cards",
    yield: "deciding whether to yield Tokyo",
    heart_dice: "using heart dice",
    keep_evolution: "choosing an Evolution",
    draft_evolution: "drafting an Evolution",
    prevent_damage: "deciding about the damage",
    play_evolution: "deciding whether to play an Evolution",
    freeze_time: "deciding on Freeze Time's extra turn",
    rapid_healing: "deciding on Rapid Healing",
  }[d.kind] ?? "deciding";
}

export function prompt(view, ctx) {
  const d = view.decision;
  if (!ctx.mine) {
    const who = d ? d.player : view.active;
    return `Waiting for ${name(view, ctx, who)}: ${doing(view)}…`;
  }
  const me = view.monsters[ctx.seat];
  const rolls = plural(view.rolls_left, "reroll");
  switch (d?.kind) {
    case "roll":
      return ctx.find("keep").length
        ? `Your roll: choose the dice to keep and reroll the others (${rolls} left), or stop.`
        : "Your roll is done: resolve the dice, or buy an extra roll.";
    case "buy":
      return `Buy Power cards with your ${plural(me.energy, "energy", "energy")}, sweep the row, or end your turn.`;
    case "yield":
      return `You were smashed in ${PLACE[me.location] ?? "Tokyo"}: stay, or yield it to the attacker?`;
    case "heart_dice":
      return `Choose what your heart dice do (${plural(d.amount ?? 1, "die", "dice")} left).`;
    case "prevent_damage":
      if (ctx.legal.length === 1) return `You are about to lose ${plural(d.amount, "heart")}: nothing of yours can prevent it.`;
      return `You are about to lose ${plural(d.amount, "heart")}: prevent it, or take the damage?`;
    case "keep_evolution":
      return "Keep one of the two Evolutions you drew.";
    case "draft_evolution":
      return "Take one Evolution from the packet; the rest pass on.";
    case "play_evolution":
      // Everyone holding Evolutions is asked (evolution_prompts="public"): say so when
      // this player's hand has nothing for the moment.
      if (!ctx.find("play_evolution").length) return "None of your Evolutions can be played now: go on.";
      if (d.card) return `${d.card.name} is being bought: you may play an Evolution now.`;
      return d.window === "any_time" && ctx.seat !== view.active
        ? "You may play an Evolution now, on another monster's turn."
        : "You may play an Evolution now.";
    case "evolution_question":
      return capitalise(d.reason);
    case "freeze_time":
      return "You rolled three 1s with Freeze Time: take another turn with one die fewer?";
    case "rapid_healing":
      if (d.before === "vast_storm") return "Vast Storm is about to take half your energy: spend 2 of it on a heart first (Rapid Healing)?";
      if (d.before === "play_with_your_food") return "Play with Your Food is about to take 1 energy: spend 2 on a heart first (Rapid Healing)?";
      return "Rapid Healing: pay 2 energy to gain 1 heart now, or go on.";
    default:
      return capitalise(d?.reason ?? "choose an action");
  }
}

// Button words for actions the board leaves to the decision bar.
export function actionText(a, view) {
  if (a.move === "evo_seat" || a.move === "healing_ray") {
    const m = view.monsters[a.seat];
    return a.move === "healing_ray" ? `Heal ${m?.name ?? "them"} with a heart die` : `Choose ${m?.name ?? "that monster"}`;
  }
  if (a.move === "end_buy") return "End your turn";
  if (a.move === "decline") return view.decision?.kind === "rapid_healing" ? "Go on" : "No, thanks";
  if (a.move === "rapid_heal") return "Heal 1 heart for 2 energy";
  if (a.move === "stop") return "Stop and resolve the dice";
  return null;
}

// -- monsters ----------------------------------------------------------------------------

function cardDetail(card, extra = []) {
  const cost = card.cost !== undefined ? `${card.cost} energy` : null;
  return {
    title: card.name,
    tag: card.kind ? capitalise(card.kind) : null,
    subtitle: [cost, card.counters !== undefined ? plural(card.counters, "counter") : null].filter(Boolean).join(" · "),
    body: [card.text, ...extra],
  };
}

function evolutionDetail(e, extra = []) {
  return {
    title: e.name,
    tag: `${capitalise(e.kind)} Evolution`,
    subtitle: e.counters !== undefined ? plural(e.counters, "counter") : null,
    body: [e.text, ...extra],
  };
}

function cardActions(ctx, instance) {
  return ctx.legal.filter((a) => a.card === instance && ["tentacles", "mimic", "sell", "evo_card"].includes(a.move));
}

function keepChip(view, ctx, card, mimicked) {
  const chip = h("span", { class: `kot-chip-card${mimicked ? " mimicked" : ""}`, dataset: { card: card.id, instance: card.instance } },
    card.name,
    card.counters !== undefined ? h("span", { class: "kot-count", text: card.counters }) : null,
    mimicked ? h("span", { class: "kot-mimic-token", title: "Mimic copies this card", text: "M" }) : null);
  ctx.detail(chip, cardDetail(card, mimicked ? ["The Mimic token is on this card."] : []));
  ctx.bind(chip, cardActions(ctx, card.instance));
  return chip;
}

function evolutionChip(view, ctx, e) {
  const chip = h("span", { class: "kot-chip-evo", dataset: { evolution: e.id } },
    e.name, e.counters !== undefined ? h("span", { class: "kot-count", text: e.counters }) : null);
  ctx.detail(chip, evolutionDetail(e));
  ctx.bind(chip, ctx.find("evo_evolution", (a) => a.evolution === e.id));
  return chip;
}

function marks(view, ctx, m) {
  const evo = m.evolutions;
  const out = [];
  if (m.tokens.poison) out.push(h("span", { class: "kot-token poison", title: "Poison: loses 1 heart per token at the end of its turn" }, `☠ ${m.tokens.poison}`));
  if (m.tokens.shrink) out.push(h("span", { class: "kot-token shrink", title: "Shrink: rolls one die fewer per token" }, `▼ ${m.tokens.shrink}`));
  if (m.wings_active) out.push(h("span", { class: "kot-token wings", title: "Wings: loses no hearts this turn" }, "Wings"));
  if (evo) {
    if (evo.target_token !== undefined && evo.target_token !== null) out.push(h("span", { class: "kot-token", title: "Target Acquired" }, `target: ${view.monsters[evo.target_token]?.name}`));
    if (evo.freeze_ray_lent_to !== undefined) out.push(h("span", { class: "kot-token", text: `Freeze Ray → ${view.monsters[evo.freeze_ray_lent_to]?.name}` }));
    if (evo.holds_freeze_ray) out.push(h("span", { class: "kot-token", text: "holds a Freeze Ray" }));
    if (evo.encased_die) out.push(h("span", { class: "kot-token", text: `${evo.encased_die} die encased in ice` }));
    if (evo.ufo_cards?.length) out.push(h("span", { class: "kot-token", text: plural(evo.ufo_cards.length, "UFO token") }));
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
  const player = m.seat === ctx.seat ? "you" : ctx.name(m.seat);
  const place = PLACE[m.location];
  const heartsLevel = m.hearts > 6 ? "ok" : m.hearts > 3 ? "low" : "danger";
  const evo = m.evolutions;
  const chips = [
    ...m.cards.map((c) => keepChip(view, ctx, c, mimickedInstances.has(c.instance))),
    ...(evo ? evo.table.map((e) => evolutionChip(view, ctx, e)) : []),
  ];
  if (m.mimic) {
    const mimic = h("span", { class: "kot-chip-card mimic" }, `Mimic → ${m.mimic.name}`);
    ctx.detail(mimic, cardDetail(m.mimic, ["Copied by this monster's Mimic."]));
    chips.push(mimic);
  }
  const el = h("article", {
    class: cls.join(" "),
    dataset: { seat: m.seat, monster: m.monster },
    "aria-label": `${m.name}, ${player}: ${plural(m.hearts, "heart")}, ${plural(m.stars, "star")}, ${m.energy} energy${place ? `, in ${place}` : ""}${m.alive ? "" : ", eliminated"}`,
  },
  h("div", { class: "kot-mhead" },
    h("span", { class: `kot-avatar m-${m.monster}`, "aria-hidden": "true", text: m.name.slice(0, 1) }),
    h("div", { class: "kot-mname" },
      h("strong", {}, active ? h("span", { class: "kot-turn-mark", title: "this monster's turn", text: "▶ " }) : null, m.name),
      h("span", { class: "kot-player", text: player }))),
  h("div", { class: "kot-figures", dataset: { figures: m.seat } },
    h("span", { class: `kot-fig hearts ${heartsLevel}`, title: `${m.hearts} of ${m.max_hearts} hearts` }, icon("heart"), h("b", { text: m.hearts }), m.max_hearts !== 10 ? h("small", { text: `/${m.max_hearts}` }) : null),
    h("span", { class: "kot-fig stars", title: `${m.stars} of ${WIN_STARS} stars` }, icon("star"), h("b", { text: m.stars })),
    h("span", { class: "kot-fig energy", title: `${m.energy} energy` }, icon("energy"), h("b", { text: m.energy }))),
  h("div", { class: "kot-starbar", "aria-hidden": "true" }, h("span", { style: `width: ${Math.min(100, (100 * m.stars) / WIN_STARS)}%` })),
  h("div", { class: "kot-chips" },
    place ? h("span", { class: `kot-badge loc ${m.location}`, text: place }) : null,
    !m.alive ? h("span", { class: "kot-badge out", text: "eliminated" }) : null,
    evo ? h("span", { class: "kot-hand-size", title: "Evolutions in hand (hidden)", text: `${evo.hand_size} in hand` }) : null,
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
    title: "Rapid Healing: 2 energy for 1 heart, at the next occasion of any turn",
    "aria-label": "Rapid Healing: heal 1 heart for 2 energy",
  }, "Heal +1 ", icon("heart"));
  button.disabled = queued >= room || 2 * (queued + 1) > m.energy;
  button.addEventListener("click", () => ctx.setPreferences({ heal_requests: queued + 1 }));
  const row = [button];
  if (queued) {
    row.push(h("span", { class: "kot-heal-queued", text: `${queued} asked` }));
    const cancel = h("button", { type: "button", class: "link", text: "cancel", "aria-label": "cancel the hearts asked" });
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
    h("div", { class: "kot-spot-title", text: PLACE[where] }),
    h("div", { class: "kot-spot-who", text: m ? m.name : "empty" }),
    m ? h("div", { class: "kot-spot-player", text: seat === ctx.seat ? "you" : ctx.name(seat) }) : null);
  const d = view.decision;
  if (m && d?.kind === "yield" && d.player === seat) {
    if (ctx.mine && seat === ctx.seat) {
      spot.append(h("div", { class: "kot-yield" },
        ctx.button(ctx.find("stay")[0], "Stay", "big stay"),
        ctx.button(ctx.find("yield")[0], "Yield", "big yield")));
    } else spot.append(h("div", { class: "kot-spot-note", text: "deciding: stay or yield?" }));
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
    reroll.textContent = rest === 0 ? "Keep all: resolve" : rest === view.dice.length ? "Reroll all dice" : `Reroll ${plural(rest, "die", "dice")}`;
    reroll.disabled = !action;
    reroll.title = action ? capitalise(action.label) : "that choice is not open now";
    reroll.dataset.actionId = action ? action.id : "";
  }
  const dice = view.dice.map((face, i) => {
    const actions = keeps.length ? [] : diceActions(ctx, face);
    const active = keeps.length > 0 || actions.length > 0;
    const die = h(active ? "button" : "div", {
      type: active ? "button" : null,
      role: active ? null : "img",
      class: `kot-die face-${face}${chosen.has(i) ? " kept" : ""}`,
      "aria-label": `die ${i + 1}: ${FACE_WORDS[face] ?? face}${keeps.length ? (chosen.has(i) ? ", kept" : ", will be rerolled") : ""}`,
      dataset: { index: i, face },
    }, dieFace(face));
    if (keeps.length) {
      die.classList.add("selectable");
      die.setAttribute("aria-pressed", String(chosen.has(i)));
      die.addEventListener("click", () => {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
        die.classList.toggle("kept", chosen.has(i));
        die.setAttribute("aria-pressed", String(chosen.has(i)));
        die.setAttribute("aria-label", `die ${i + 1}: ${FACE_WORDS[face]}, ${chosen.has(i) ? "kept" : "will be rerolled"}`);
        update();
      });
      for (const a of keeps) ctx.binder.bound.add(a.id); // the dice and Reroll make them
    } else if (actions.length) ctx.bind(die, actions, { title: `Die ${i + 1}: ${FACE_WORDS[face]}` });
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
  if (stop) controls.push(ctx.button(stop, keeps.length ? "Stop" : "Resolve the dice", keeps.length ? "kot-stop" : "kot-stop primary"));
  for (const move of ["energy_drink", "smoke", "reroll_three"]) {
    const a = ctx.find(move)[0];
    if (a) controls.push(ctx.button(a, capitalise(a.label), "kot-extra"));
  }
  const whose = view.monsters[view.active];
  const caption = view.dice.length
    ? keeps.length ? `${plural(view.rolls_left, "reroll")} left · tap dice to keep them` : `${whose?.name ?? "The active monster"}'s dice${view.phase === "roll" ? ` · ${plural(view.rolls_left, "reroll")} left` : ""}`
    : "No dice rolled yet this turn";
  return h("section", { class: `kot-tray${keeps.length ? " interactive" : ""}`, "aria-label": "dice" },
    h("div", { class: "kot-dice" }, ...dice),
    h("div", { class: "kot-tray-foot" }, ...controls, h("span", { class: "kot-caption", text: caption })));
}

// -- Power cards -------------------------------------------------------------------------

function powerCard(view, ctx, card, { cost = null, actions = [], extraClass = "", caption = null } = {}) {
  const price = cost === null || cost === undefined || cost === card.cost
    ? h("span", { class: "kot-cost", "aria-label": `costs ${card.cost} energy` }, String(card.cost))
    : h("span", { class: "kot-cost yours", "aria-label": `costs you ${cost} energy (printed ${card.cost})` }, String(cost), h("s", { text: String(card.cost) }));
  const el = h("div", { class: `kot-card ${card.kind} ${extraClass}`.trim(), dataset: { card: card.id, instance: card.instance } },
    h("div", { class: "kot-card-head" }, h("span", { class: "kot-card-name", text: card.name }), price),
    h("div", { class: "kot-card-text", text: card.text }),
    h("div", { class: "kot-card-foot" },
      h("span", { class: "kot-kind", text: card.kind }),
      caption ? h("span", { class: "kot-caption", text: caption }) : null));
  ctx.detail(el, cardDetail(card));
  if (actions.length) {
    const pay = cost ?? card.cost;
    el.classList.add("buyable");
    el.setAttribute("aria-label", `Buy ${card.name} for ${pay} energy`);
    el.append(h("div", { class: "kot-buy", "aria-hidden": "true" }, `Buy · ${pay}`, icon("energy")));
    const free = actions.every((a) => a.move === "evo_card");
    if (free) el.querySelector(".kot-buy").replaceChildren(`Choose ${card.name}`);
    ctx.bind(el, actions, { text: (a) => (a.move === "evo_card" ? `Choose ${card.name}` : `Buy ${card.name} for ${pay} energy`) });
  }
  return el;
}

function row(view, ctx) {
  const costs = view.your_costs || [];
  const slots = view.row.map((card, slot) => {
    if (!card) return h("div", { class: "kot-card empty", text: "empty slot" });
    const actions = [...ctx.find("buy", (a) => a.slot === slot), ...cardActions(ctx, card.instance)];
    const el = powerCard(view, ctx, card, { cost: costs[slot], actions });
    el.dataset.slot = slot;
    return el;
  });
  const top = view.deck_top
    ? powerCard(view, ctx, view.deck_top, { actions: ctx.find("buy_top"), extraClass: "deck-top", caption: "top of the deck" })
    : null;
  const sweep = ctx.find("sweep")[0];
  const deck = h("div", { class: "kot-deck", "aria-label": `${view.deck_size} cards in the deck, ${view.discard.length} discarded` },
    h("div", { class: "kot-deck-back", text: view.deck_size }), h("small", { text: `${view.discard.length} discarded` }));
  // Cards an Evolution shows only to you (Deep Dive) or reveals (Miraculous Catch).
  const asked = ctx.mine ? view.decision?.cards || [] : [];
  const revealed = asked.length
    ? h("div", { class: "kot-revealed" },
      h("strong", { class: "small", text: "Choose one:" }),
      h("div", { class: "kot-row" }, ...asked.map((card) => powerCard(view, ctx, card, { actions: cardActions(ctx, card.instance), extraClass: "asked" }))))
    : null;
  const evo = ctx.seat !== null && ctx.seat !== undefined ? view.monsters[ctx.seat]?.evolutions : null;
  const emptyHand = evo && !(evo.hand || []).length && !(evo.packet || []).length;
  return h("section", { class: "kot-row-box", "aria-label": "Power cards" },
    h("div", { class: "kot-row-head" },
      h("strong", { text: "Power cards" }),
      emptyHand ? h("span", { class: "kot-evo-note", text: `Your Evolutions: none in hand, ${evo.deck_size} in your deck` }) : null,
      sweep ? ctx.button(sweep, "Sweep the row · 2", "kot-sweep") : null),
    revealed,
    h("div", { class: "kot-row" }, deck, ...slots, top));
}

// -- your Evolutions (Power Up!) ---------------------------------------------------------

function evolutionCard(ctx, e, actions, verb) {
  const el = h("div", { class: `kot-evo-card ${e.kind}`, dataset: { evolution: e.id } },
    h("div", { class: "kot-card-name", text: e.name }),
    h("div", { class: "kot-card-text", text: e.text }),
    h("div", { class: "kot-card-foot" }, h("span", { class: "kot-kind", text: e.kind })));
  ctx.detail(el, evolutionDetail(e));
  if (actions.length) {
    el.classList.add("playable");
    el.setAttribute("aria-label", `${verb} ${e.name}`);
    el.append(h("div", { class: "kot-buy", "aria-hidden": "true", text: verb }));
    ctx.bind(el, actions, { text: () => `${verb} ${e.name}` });
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
      ...drawn.map((e) => evolutionCard(ctx, e, ctx.find("keep_evolution", (a) => a.evolution === e.id), "Keep"))));
  }
  if (mine.packet?.length) {
    groups.push(h("div", { class: "kot-evo-cards choosing" },
      ...mine.packet.map((e) => evolutionCard(ctx, e, ctx.find("draft_evolution", (a) => a.evolution === e.id), "Take"))));
  }
  const hand = mine.hand || [];
  if (hand.length) {
    groups.push(h("div", { class: "kot-evo-cards" },
      ...hand.map((e) => evolutionCard(ctx, e, ctx.find("play_evolution", (a) => a.evolution === e.id), "Play"))));
  }
  const choosing = drawn.length > 0 || (mine.packet || []).length > 0;
  if (!groups.length) return null; // said in the row's head: no box for an empty hand
  const title = drawn.length ? "Keep one Evolution" : mine.packet?.length ? "The draft packet" : `Your Evolutions · ${plural(mine.deck_size, "card")} in your deck`;
  return h("section", { class: `kot-your-evos${choosing ? " choosing" : ""}`, "aria-label": "your Evolutions", dataset: { choosing: choosing ? "1" : "0" } },
    h("strong", { class: "kot-evo-title", text: title }),
    ...groups);
}

// -- the board ---------------------------------------------------------------------------

export function render(view, ctx) {
  const mimicked = new Set(view.monsters.filter((m) => m.mimic).map((m) => m.mimic.instance));
  const evolutions = yourEvolutions(view, ctx);
  return h("div", { class: `kot${evolutions ? " with-evos" : ""}`, dataset: { players: view.monsters.length } },
    h("section", { class: "kot-monsters", "aria-label": "monsters" }, ...view.monsters.map((m) => monster(view, ctx, m, mimicked))),
    h("div", { class: "kot-middle" }, tokyo(view, ctx), diceTray(view, ctx)),
    row(view, ctx),
    evolutions);
}

// -- the end -----------------------------------------------------------------------------

function winnerLine(view, ctx) {
  const winners = view.winners || [];
  if (!winners.length) return "Nobody wins: no monster is left standing.";
  const how = view.victory === "last_standing" ? "as the last monster standing" : view.victory === "stars" ? `with ${WIN_STARS} stars` : "";
  if (winners.length === 1 && winners[0] === ctx.seat) return `You win${how ? ` ${how}` : ""}!`;
  return `${listText(winners.map((s) => name(view, ctx, s)))} ${winners.length > 1 ? "win" : "wins"}${how ? ` ${how}` : ""}.`;
}

export function result(view, ctx) {
  const out = view.eliminated || [];
  const winners = new Set(view.winners || []);
  const order = [...view.monsters].sort((a, b) => {
    const rank = (m) => (winners.has(m.seat) ? 0 : m.alive ? 1 : 2);
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (!a.alive && !b.alive) return out.indexOf(b.seat) - out.indexOf(a.seat); // last out first
    return b.stars - a.stars || b.hearts - a.hearts;
  });
  const place = (m) => (winners.has(m.seat) ? "winner" : m.alive ? "standing" : `${ordinal(out.indexOf(m.seat) + 1)} out`);
  return h("div", { class: "kot-result" },
    h("h2", { class: "winner-line", text: winnerLine(view, ctx) }),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { text: "Monster" }), h("th", { text: "Player" }), h("th", { class: "num", text: "Stars" }), h("th", { class: "num", text: "Hearts" }), h("th", { text: "End" }))),
      h("tbody", {}, ...order.map((m) => h("tr", { class: winners.has(m.seat) ? "winner" : "" },
        h("td", { text: m.name }),
        h("td", { text: m.seat === ctx.seat ? "you" : ctx.name(m.seat) }),
        h("td", { class: "num", text: m.stars }),
        h("td", { class: "num", text: m.hearts }),
        h("td", { text: place(m) }))))),
    h("p", { class: "muted small", text: `The game lasted ${plural(view.turn, "turn")}.` }));
}
