// King of Tokyo: whose turn and decision it is and why; Tokyo City and Tokyo Bay; the
// monsters (hearts, stars toward 20, energy, tokens, Keep cards, Mimic, Power Up!
// Evolutions); the dice (click dice to keep them, then "Reroll"); the row of Power
// cards (click one to buy it); your Evolutions. Draws only what the view holds
// (schema in docs/games/king-of-tokyo.md) and plays only legal actions, found by
// their labels (src/tabletop/games/king_of_tokyo/actions.py). The table page still
// lists every legal action as a button below the board.

import { h } from "/static/common.js";

const FACES = ["1", "2", "3", "heart", "energy", "claw"]; // the order of keep labels
const WIN_STARS = 20;
const STOP = "stop rolling and resolve the dice";
const REROLL_ALL = "reroll all dice";
const SVGNS = "http://www.w3.org/2000/svg";
const ICONS = {
  heart: { fill: "M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z" },
  energy: { fill: "M7 2v11h3v9l7-12h-4l4-8z" },
  claw: { stroke: ["M5 4c3 5 3 11-1 17", "M11.5 2.5c3 6 3 12.5 0 19", "M18 4c2.5 5 2 11-2 17"] },
  star: { fill: "M12 2.5l2.9 6.2 6.8.8-5 4.7 1.3 6.7L12 17.6l-6 3.3 1.3-6.7-5-4.7 6.8-.8z" },
};
const FACE_TITLE = { 1: "1", 2: "2", 3: "3", heart: "heart", energy: "energy", claw: "claw (smash)" };
const LOCATION = { city: "Tokyo City", bay: "Tokyo Bay", outside: "" };

// The dice kept by this browser: reset whenever the roll changes.
let kept = { key: "", dice: new Set() };

function icon(name, cls = "") {
  const spec = ICONS[name];
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `kot-icon ${name} ${cls}`.trim());
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

// "keep 2, 2, claw and reroll the rest" (dice.keep_label): the kept multiset in face order.
function keepLabel(faces) {
  const sorted = [...faces].sort((a, b) => FACES.indexOf(a) - FACES.indexOf(b));
  return sorted.length ? `keep ${sorted.join(", ")} and reroll the rest` : REROLL_ALL;
}

function isReroll(label) {
  return label === REROLL_ALL || label.endsWith("and reroll the rest");
}

function who(view, ctx, seat) {
  const m = view.monsters[seat];
  const name = ctx.names[seat] ?? `seat ${seat}`;
  if (!m) return name;
  return seat === ctx.seat ? `${m.name} (you)` : `${m.name} (${name})`;
}

function byLabel(ctx, label) {
  return (ctx.legal || []).find((a) => a.label === label) || null;
}

// -- the banner: turn, decision and why ----------------------------------------------

function banner(view, ctx) {
  if (view.over) {
    const winners = view.winners.map((s) => who(view, ctx, s));
    return h("div", { class: "kot-banner over" },
      h("strong", { text: winners.length ? `${winners.join(" and ")} won!` : "The game ended with no winner." }));
  }
  const d = view.decision;
  const turn = h("div", { class: "kot-turn" },
    h("span", { class: "kot-chip", text: `turn ${view.turn}` }),
    view.active === ctx.seat
      ? h("span", {}, h("strong", { text: "Your turn" }), ` (${view.monsters[view.active]?.name ?? "you"})`)
      : h("span", {}, h("strong", { text: who(view, ctx, view.active) }), "'s turn"),
    h("span", { class: "kot-chip", text: `phase: ${view.phase}` }),
    view.power_up && view.power_up !== "off" ? h("span", { class: "kot-chip evo", text: `Power Up!${view.power_up === "mutant" ? " (Mutant)" : ""}` }) : null);
  if (!d) return h("div", { class: "kot-banner" }, turn);
  const mine = d.player === ctx.seat;
  const extra = [];
  if (d.kind === "heart_dice" && d.amount !== undefined) extra.push(`${d.amount} heart ${d.amount === 1 ? "die" : "dice"} left`);
  if (d.kind === "prevent_damage" && d.amount !== undefined) extra.push(`${d.amount} ${d.amount === 1 ? "heart" : "hearts"} about to be lost`);
  if (d.window) extra.push(`window: ${d.window.replaceAll("_", " ")}`);
  if (d.card) extra.push(`card: ${d.card.name}`);
  return h("div", { class: `kot-banner${mine ? " mine" : ""}`, dataset: { decision: d.kind, player: d.player } },
    turn,
    h("div", { class: "kot-why" },
      mine ? h("strong", { text: "Your decision: " }) : h("span", {}, h("strong", { text: who(view, ctx, d.player) }), " decides: "),
      h("span", { class: "kot-reason", text: d.reason }),
      extra.length ? h("span", { class: "muted", text: ` (${extra.join(" · ")})` }) : null));
}

// -- Tokyo -----------------------------------------------------------------------------

function skyline() {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 120 40");
  svg.setAttribute("class", "kot-skyline");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("preserveAspectRatio", "none");
  const path = document.createElementNS(SVGNS, "path");
  path.setAttribute("d", "M0 40V26h8V16h6v10h5V8h3V2h2v6h3v18h6V20h8v20h4V12h7v28h5V22h6v-6h5v24h4V18h3l2-6 2 6h3v22h5V24h8v16h4V14h6v26z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function tokyoSpot(view, ctx, title, seat) {
  const m = seat === null || seat === undefined ? null : view.monsters[seat];
  return h("div", { class: `kot-spot${m ? " taken" : ""}${m && seat === ctx.seat ? " me" : ""}`, dataset: { spot: title } },
    skyline(),
    h("div", { class: "kot-spot-title", text: title }),
    h("div", { class: "kot-spot-who", text: m ? who(view, ctx, seat) : "empty" }));
}

function tokyo(view, ctx) {
  const t = view.tokyo;
  return h("div", { class: "kot-tokyo" },
    tokyoSpot(view, ctx, "Tokyo City", t.city),
    t.bay_open ? tokyoSpot(view, ctx, "Tokyo Bay", t.bay) : null);
}

// -- monsters --------------------------------------------------------------------------

function bar(kind, value, max, text, title) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  const level = kind === "hearts" ? (value > 6 ? "ok" : value > 3 ? "low" : "danger") : "";
  return h("div", { class: `kot-bar ${kind} ${level}`.trim(), title, role: "meter", "aria-valuenow": value, "aria-valuemin": 0, "aria-valuemax": max },
    h("span", { class: "fill", style: `width: ${pct}%` }),
    h("span", { class: "kot-bar-text" }, icon(kind === "hearts" ? "heart" : "star"), ` ${text}`));
}

function cardTitle(card) {
  const counters = card.counters !== undefined ? ` [counters: ${card.counters}]` : "";
  return `${card.name}${card.cost !== undefined ? ` (${card.cost}, ${card.kind})` : ""}: ${card.text}${counters}`;
}

function keepChip(card, mimicked) {
  return h("span", { class: `kot-keep${mimicked ? " mimicked" : ""}`, title: cardTitle(card), dataset: { card: card.id } },
    card.name,
    card.counters !== undefined ? h("span", { class: "kot-count", text: card.counters }) : null,
    mimicked ? h("span", { class: "kot-mimic-token", title: "the Mimic token is on this card", text: "M" }) : null);
}

function evolutionChip(e, counters) {
  const n = counters?.[e.id] ?? e.counters;
  return h("span", { class: "kot-evo-chip", title: `${e.name} (${e.kind}): ${e.text}${n !== undefined ? ` [${n}]` : ""}`, dataset: { evolution: e.id } },
    e.name, n !== undefined ? h("span", { class: "kot-count", text: n }) : null);
}

function evolutionLine(view, ctx, evo) {
  const parts = [];
  parts.push(h("span", { class: "kot-hand-size", title: "Evolutions in hand (hidden)", text: `${evo.hand_size} in hand` }));
  parts.push(h("span", { class: "muted", text: ` · deck ${evo.deck_size}` }));
  if (evo.discard?.length) parts.push(h("span", { class: "muted", text: ` · ${evo.discard.length} discarded` }));
  const marks = [];
  if (evo.target_token !== undefined && evo.target_token !== null) marks.push(`target token on ${who(view, ctx, evo.target_token)}`);
  if (evo.freeze_ray_lent_to !== undefined) marks.push(`Freeze Ray lent to ${who(view, ctx, evo.freeze_ray_lent_to)}`);
  if (evo.holds_freeze_ray) marks.push("holds a Freeze Ray");
  if (evo.icy_reflection_copies) marks.push(`Icy Reflection copies ${evo.icy_reflection_copies.replaceAll("_", " ")}`);
  if (evo.encased_die) marks.push(`a ${evo.encased_die} die is encased in ice`);
  if (evo.ufo_cards?.length) marks.push(`${evo.ufo_cards.length} UFO token${evo.ufo_cards.length > 1 ? "s" : ""}`);
  return h("div", { class: "kot-evos" },
    h("span", { class: "kot-evo-label", text: "Evolutions" }),
    ...evo.table.map((e) => evolutionChip(e, evo.counters)),
    h("span", { class: "small" }, ...parts),
    marks.length ? h("div", { class: "small kot-marks", text: marks.join(" · ") }) : null);
}

function monster(view, ctx, m, mimickedInstances) {
  const active = view.active === m.seat && !view.over;
  const deciding = view.decision?.player === m.seat;
  const classes = ["kot-monster"];
  if (!m.alive) classes.push("dead");
  if (active) classes.push("active");
  if (deciding) classes.push("deciding");
  if (m.seat === ctx.seat) classes.push("me");
  if (m.location !== "outside") classes.push("in-tokyo");
  const tokens = [];
  if (m.tokens.poison) tokens.push(h("span", { class: "kot-token poison", title: "Poison: 1 heart lost per token at the end of the turn", text: `☠ ${m.tokens.poison}` }));
  if (m.tokens.shrink) tokens.push(h("span", { class: "kot-token shrink", title: "Shrink: one die fewer per token", text: `▼ ${m.tokens.shrink}` }));
  if (m.wings_active) tokens.push(h("span", { class: "kot-token wings", title: "Wings: loses no hearts this turn", text: "wings" }));
  const name = ctx.names[m.seat] ?? `seat ${m.seat}`;
  return h("div", { class: classes.join(" "), dataset: { seat: m.seat, monster: m.monster } },
    h("div", { class: "kot-mhead" },
      h("span", { class: `kot-avatar m-${m.monster}`, text: m.name.slice(0, 1) }),
      h("div", { class: "kot-mname" },
        h("strong", { text: m.name }),
        h("span", { class: "muted small", text: m.seat === ctx.seat ? `${name} · you` : name })),
      active ? h("span", { class: "kot-badge turn", text: "turn" }) : null,
      LOCATION[m.location] ? h("span", { class: `kot-badge loc ${m.location}`, text: LOCATION[m.location] }) : null,
      !m.alive ? h("span", { class: "kot-badge out", text: "eliminated" }) : null),
    bar("hearts", m.hearts, m.max_hearts, `${m.hearts}/${m.max_hearts}`, `${m.hearts} of ${m.max_hearts} hearts`),
    bar("stars", m.stars, WIN_STARS, `${m.stars}/${WIN_STARS}`, `${m.stars} stars (${WIN_STARS} win)`),
    h("div", { class: "kot-stats" },
      h("span", { class: "kot-energy", title: `${m.energy} energy` }, icon("energy"), ` ${m.energy}`),
      ...tokens),
    m.cards.length || m.mimic ? h("div", { class: "kot-keeps" },
      ...m.cards.map((c) => keepChip(c, mimickedInstances.has(c.instance))),
      m.mimic ? h("span", { class: "kot-mimic", title: `Mimic copies ${cardTitle(m.mimic)}` }, "Mimic → ", h("strong", { text: m.mimic.name })) : null) : null,
    m.evolutions ? evolutionLine(view, ctx, m.evolutions) : null);
}

// -- dice ------------------------------------------------------------------------------

function diceTray(view, ctx) {
  if (!view.dice.length) return null;
  const rerolls = (ctx.legal || []).filter((a) => isReroll(a.label));
  const stop = byLabel(ctx, STOP);
  const interactive = rerolls.length > 0 && view.decision?.kind === "roll" && view.decision.player === ctx.seat;
  const key = `${view.turn}|${view.active}|${view.rolls_left}|${view.dice.join(",")}`;
  if (interactive && kept.key !== key) kept = { key, dice: new Set() };
  const chosen = interactive ? kept.dice : new Set();
  const button = h("button", { type: "button", class: "kot-reroll primary", id: "kot-reroll" });
  const dice = view.dice.map((face, i) =>
    h(interactive ? "button" : "div", {
      type: interactive ? "button" : null,
      class: `kot-die face-${face}${interactive ? " selectable" : ""}${chosen.has(i) ? " kept" : ""}`,
      title: `die ${i + 1}: ${FACE_TITLE[face] ?? face}${interactive ? " (click to keep or reroll it)" : ""}`,
      "aria-pressed": interactive ? String(chosen.has(i)) : null,
      dataset: { index: i, face },
      onclick: interactive ? (event) => {
        if (chosen.has(i)) chosen.delete(i);
        else chosen.add(i);
        event.currentTarget.classList.toggle("kept", chosen.has(i));
        event.currentTarget.setAttribute("aria-pressed", String(chosen.has(i)));
        update();
      } : null,
    }, dieFace(face)));
  function choice() {
    if (chosen.size === view.dice.length) return stop;
    return byLabel(ctx, keepLabel([...chosen].map((i) => view.dice[i])));
  }
  function update() {
    const action = choice();
    const rest = view.dice.length - chosen.size;
    button.textContent = rest === 0 ? "Resolve the dice" : rest === view.dice.length ? "Reroll all dice" : `Reroll ${rest} ${rest === 1 ? "die" : "dice"}`;
    button.disabled = !action;
    button.title = action ? action.label : "that choice is not legal now";
    button.dataset.actionId = action ? action.id : "";
  }
  const parts = [h("div", { class: "kot-dice" }, ...dice)];
  const rolls = `${view.rolls_left} reroll${view.rolls_left === 1 ? "" : "s"} left`;
  if (interactive) {
    button.addEventListener("click", () => {
      const action = choice();
      if (action) ctx.act(action.id);
    });
    update();
    parts.push(h("div", { class: "kot-dice-controls" },
      button,
      stop ? h("button", { type: "button", class: "kot-stop", title: STOP, onclick: () => ctx.act(stop.id) }, "Stop and resolve") : null,
      h("span", { class: "muted small", text: `Click dice to keep them; the others are rerolled. ${rolls}.` })));
  } else {
    const whose = view.monsters[view.active];
    const caption = view.phase === "roll" ? `${whose ? whose.name : "the active monster"} is rolling · ${rolls}` : `${whose ? `${whose.name}'s` : "the"} dice`;
    parts.push(h("div", { class: "muted small", text: caption }));
  }
  return h("section", { class: `kot-tray${interactive ? " interactive" : ""}`, "aria-label": "dice" }, ...parts);
}

// -- Power cards -----------------------------------------------------------------------

function powerCard(card, opts) {
  const { cost, action, extraClass = "", caption = null } = opts;
  const printed = card.cost;
  const price = cost === null || cost === undefined || cost === printed
    ? h("span", { class: "kot-cost", title: `costs ${printed} energy` }, String(printed))
    : h("span", { class: "kot-cost yours", title: `printed cost ${printed}; you pay ${cost}` }, String(cost), h("s", { text: String(printed) }));
  return h("div", {
    class: `kot-card ${card.kind}${action ? " buyable" : ""} ${extraClass}`.trim(),
    title: cardTitle(card) + (action ? ` — click to ${action.label}` : ""),
    role: action ? "button" : null,
    tabindex: action ? 0 : null,
    dataset: { card: card.id, instance: card.instance, ...(action ? { actionId: action.id } : {}) },
    onclick: action ? () => opts.ctx.act(action.id) : null,
    onkeydown: action ? (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); opts.ctx.act(action.id); } } : null,
  },
  h("div", { class: "kot-card-head" }, price, h("span", { class: "kot-card-name", text: card.name })),
  h("div", { class: "kot-card-text", text: card.text }),
  h("div", { class: "kot-card-foot" },
    h("span", { class: "kot-kind", text: card.kind }),
    card.counters !== undefined ? h("span", { class: "kot-count", title: "counters", text: card.counters }) : null,
    caption ? h("span", { class: "kot-caption", text: caption }) : null));
}

function row(view, ctx) {
  const costs = view.your_costs || [];
  const slots = view.row.map((card, slot) => {
    if (!card) return h("div", { class: "kot-card empty", text: "empty slot" });
    return powerCard(card, { ctx, cost: costs[slot], action: byLabel(ctx, `buy the card in slot ${slot + 1} of the row`) });
  });
  const sweep = byLabel(ctx, "pay 2 energy to sweep the row");
  const top = view.deck_top
    ? powerCard(view.deck_top, { ctx, action: byLabel(ctx, "buy the top card of the deck (Made in a Lab)"), extraClass: "deck-top", caption: "top of the deck" })
    : null;
  return h("section", { class: "kot-row-box", "aria-label": "Power cards" },
    h("div", { class: "kot-row-head" },
      h("strong", { text: "Power cards" }),
      h("span", { class: "muted small", text: view.your_costs ? "your cost in the corner · hover a card for its text" : "hover a card for its text" }),
      sweep ? h("button", { type: "button", class: "kot-sweep", onclick: () => ctx.act(sweep.id) }, "Sweep the row (2 energy)") : null),
    h("div", { class: "kot-row" },
      h("div", { class: "kot-deck", title: `${view.deck_size} cards in the deck; ${view.discard.length} discarded` },
        h("div", { class: "kot-deck-back" }, h("span", { text: view.deck_size })),
        h("small", { text: `deck · ${view.discard.length} discarded` })),
      ...slots,
      top));
}

// -- your Evolutions (Power Up!) -------------------------------------------------------

function evolutionCard(e, ctx, prefix, caption) {
  const action = prefix ? byLabel(ctx, `${prefix} ${e.name}`) : null;
  return h("div", {
    class: `kot-evo-card ${e.kind}${action ? " playable" : ""}`,
    title: `${e.name} (${e.kind}): ${e.text}${action ? ` — click to ${action.label}` : ""}`,
    role: action ? "button" : null,
    tabindex: action ? 0 : null,
    dataset: { evolution: e.id, ...(action ? { actionId: action.id } : {}) },
    onclick: action ? () => ctx.act(action.id) : null,
  },
  h("div", { class: "kot-card-name", text: e.name }),
  h("div", { class: "kot-card-text", text: e.text }),
  h("div", { class: "kot-card-foot" }, h("span", { class: "kot-kind", text: e.kind }), caption ? h("span", { class: "kot-caption", text: caption }) : null));
}

function yourEvolutions(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const mine = view.monsters[ctx.seat]?.evolutions;
  if (!mine) return null;
  const d = view.decision;
  const drawn = d && d.player === ctx.seat && d.drawn ? d.drawn : [];
  const groups = [];
  if (drawn.length) {
    groups.push(h("div", { class: "kot-evo-group drawn" }, h("div", { class: "kot-evo-title", text: "You drew (keep one):" }),
      h("div", { class: "kot-evo-cards" }, ...drawn.map((e) => evolutionCard(e, ctx, "keep", "drawn")))));
  }
  if (mine.packet?.length) {
    groups.push(h("div", { class: "kot-evo-group packet" }, h("div", { class: "kot-evo-title", text: "The draft packet (take one):" }),
      h("div", { class: "kot-evo-cards" }, ...mine.packet.map((e) => evolutionCard(e, ctx, "draft", "packet")))));
  }
  groups.push(h("div", { class: "kot-evo-group hand" }, h("div", { class: "kot-evo-title", text: `Your hand (deck: ${mine.deck_size}):` }),
    (mine.hand || []).length
      ? h("div", { class: "kot-evo-cards" }, ...mine.hand.map((e) => evolutionCard(e, ctx, "play", null)))
      : h("div", { class: "muted small", text: "no Evolution in hand" })));
  const choosing = drawn.length > 0 || (mine.packet || []).length > 0;
  return h("section", { class: `kot-your-evos${choosing ? " choosing" : ""}`, "aria-label": "your Evolutions", dataset: { choosing: choosing ? "1" : "0" } },
    h("strong", { text: "Your Evolutions" }), ...groups);
}

export function render(view, ctx) {
  const mimicked = new Set(view.monsters.filter((m) => m.mimic).map((m) => m.mimic.instance));
  const evolutions = yourEvolutions(view, ctx);
  // Evolutions to choose from (drawn, or the draft packet) come first: they are the decision.
  const choosing = evolutions?.dataset.choosing === "1";
  return h("div", { class: "kot" },
    banner(view, ctx),
    choosing ? evolutions : null,
    h("div", { class: "kot-top" }, tokyo(view, ctx), diceTray(view, ctx)),
    h("div", { class: "kot-monsters" }, ...view.monsters.map((m) => monster(view, ctx, m, mimicked))),
    row(view, ctx),
    choosing ? null : evolutions);
}
