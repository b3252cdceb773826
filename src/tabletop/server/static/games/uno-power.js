// UNO Power: the players (cards in hand, score, towers, UNO!), the draw pile, the card
// in play with its colour, the four Power Towers (what each blocks, who holds it), and
// your hand. Tap a card to play it (a wild asks for the colour), tap the draw pile to
// draw, tap towers to take them, tap "UNO!" before playing your second-to-last card.
// Draws only what the view holds (docs/games/uno-power.md); plays only legal actions,
// found by their data (Game.action_data).

import { capitalise, h, listText, plural } from "/static/common.js";

const COLOURS = ["red", "blue", "green", "yellow"];
const TOWERS = ["U", "N", "O", "!"];
const BLOCKS = { U: "Draw One", N: "Draw Two", O: "Wild Draw Four", "!": "Skip" };
const FACE = { draw1: "+1", draw2: "+2", skip: "⊘", reverse: "⇄", grab2: "⇈2", wild_grab: "⇈", wild_draw4: "+4" };
const NAMES = { draw1: "Draw One", draw2: "Draw Two", skip: "Skip", reverse: "Reverse", grab2: "Grab Two Towers", wild_grab: "Wild Grab-a-Tower", wild_draw4: "Wild Draw Four" };
const EFFECT = {
  draw1: "The next player draws 1 card and loses the turn, unless they hold tower U.",
  draw2: "The next player draws 2 cards and loses the turn, unless they hold tower N.",
  skip: "The next player loses the turn, unless they hold tower !.",
  reverse: "Play changes direction. With two players it works as a Skip.",
  grab2: "You take two towers, from the pool or from other players.",
  wild_grab: "Wild: name the next colour, and take one tower from the pool or from another player.",
  wild_draw4: "Wild: name the next colour. The next player draws 4 and loses the turn, unless they hold tower O. Play it only when you hold no card of the colour in play: the next player may challenge it.",
};

// Whether this browser will call UNO with its next play (reset every version).
let unoCall = { version: -1, on: false };

function colourWord(c) {
  return c ? capitalise(c) : "Wild";
}

function cardName(c) {
  const base = NAMES[c.symbol] ?? c.symbol;
  const name = c.colour ? `${colourWord(c.colour)} ${base}` : base;
  return c.icon ? `${name} (${c.icon})` : name;
}

function cardDetail(c) {
  const body = [];
  if (/^\d$/.test(c.symbol)) {
    body.push("A number card: play it on the same colour or the same number.");
    if (c.icon) body.push(`Its icon takes tower ${c.icon} (which blocks ${BLOCKS[c.icon]}) from the pool or from whoever holds it.`);
  } else {
    body.push(EFFECT[c.symbol] ?? "");
    if (c.colour) body.push("Play it on the same colour or the same symbol.");
  }
  return { title: cardName(c), tag: plural(c.points, "point"), body };
}

export function card(c, extra = {}) {
  const colour = c.colour || "wild";
  const face = FACE[c.symbol] ?? c.symbol;
  return h("div", {
    class: `uno-card ${colour}${extra.cls ? ` ${extra.cls}` : ""}`,
    "aria-label": cardName(c),
    role: extra.role ?? "img",
    dataset: { kind: c.kind },
  },
  h("span", { class: "corner", "aria-hidden": "true", text: face }),
  h("span", { class: "face", "aria-hidden": "true", text: face }),
  c.colour ? h("span", { class: "hue", "aria-hidden": "true", text: c.colour[0].toUpperCase() }) : null,
  c.icon ? h("span", { class: "icon", "aria-hidden": "true", text: c.icon }) : null);
}

function who(ctx, seat) {
  return seat === ctx.seat ? "you" : ctx.name(seat);
}

// -- the prompt ------------------------------------------------------------------------

function missedCall(view) {
  return view.players.find((p) => p.hand_size === 1 && !p.called_uno) || null;
}

export function prompt(view, ctx) {
  const d = view.decision;
  if (!d) return "";
  if (!ctx.mine) {
    const name = who(ctx, d.player);
    const text = { turn: "to play", challenge: "to challenge or accept the Wild Draw Four", catch: "to catch or let go", bonus: "to use the four-tower bonus or not", towers: "to take towers" }[d.kind] ?? "to decide";
    return `Waiting for ${name} ${text}…`;
  }
  const colour = view.colour ? colourWord(view.colour) : "any colour";
  const top = view.top_card;
  switch (d.kind) {
    case "turn": {
      const match = /^\d$/.test(top.symbol) ? `${colour} or a ${top.symbol}` : top.colour ? `${colour} or ${NAMES[top.symbol]}` : colour;
      return `Your turn: play ${match}, a wild, or draw a card.`;
    }
    case "play_drawn":
      return view.drawn_card ? `You drew ${cardName(view.drawn_card)}: play it now, or keep it.` : "Play the card you drew, or keep it.";
    case "towers": {
      const n = Math.max(...ctx.find("take").map((a) => a.towers.length), 1);
      return `Take ${plural(n, "tower")}: tap ${n === 1 ? "it" : "them"}.`;
    }
    case "icon_grab":
      return "Your card's icon may take its tower: take it, or not.";
    case "name_colour":
      return "The first card is a wild: name the colour.";
    case "swap":
      return "Seven: tap the player you swap hands with.";
    case "bonus":
      return "You hold all four towers: give them back to discard all your cards but the one you tap, or keep your cards and towers.";
    case "catch": {
      const p = missedCall(view);
      return `${p ? capitalise(who(ctx, p.seat)) : "A player"} has one card and did not call UNO: catch them (they draw 2), or let it go.`;
    }
    case "challenge":
      return "A Wild Draw Four is played on you. Challenge it if you think its player held the colour in play: guilty, they draw 4; innocent, you draw 6.";
    case "stack":
      return `Answer the draw card with one of yours, or take ${plural(view.pending_draw, "card")}.`;
    case "protect":
      return "Your tower can block this card: block it, or take it.";
    case "jump":
      return "Jump in with an identical card, or let play go on.";
    default:
      return capitalise(d.text);
  }
}

export function actionText(a, view) {
  if (a.move === "penalty") return `Take ${plural(view.pending_draw || 0, "card")}`;
  if (a.move === "keep") return "Keep it";
  if (a.move === "no_bonus") return "Keep my cards and towers";
  if (a.move === "challenge") return "Challenge";
  if (a.move === "no_challenge") return `Accept${view.pending_draw ? ` and draw ${view.pending_draw}` : ""}`;
  if (a.move === "block") return "Block it with my tower";
  if (a.move === "catch") return "Catch!";
  if (a.move === "no_catch") return "Let it go";
  if (a.move === "no_tower") return "No tower";
  if (a.move === "no_jump") return "Don't jump in";
  return null;
}

// -- players ---------------------------------------------------------------------------

function towerChip(t) {
  return h("span", { class: `tower-chip t${TOWERS.indexOf(t)}`, title: `tower ${t}: blocks ${BLOCKS[t]}`, text: t });
}

function player(view, ctx, p) {
  const current = view.current_player === p.seat;
  const el = h("article", {
    class: `uno-player${current ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`,
    dataset: { seat: p.seat },
    "aria-label": `${ctx.name(p.seat)}: ${plural(p.hand_size, "card")}, ${plural(p.score, "point")}${p.towers.length ? `, towers ${p.towers.join(" ")}` : ""}${current ? ", playing" : ""}`,
  },
  h("div", { class: "uno-name" },
    current ? h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶" }) : null,
    h("strong", { text: who(ctx, p.seat) === "you" ? `${ctx.name(p.seat)} (you)` : ctx.name(p.seat) }),
    view.dealer === p.seat ? h("span", { class: "dealer", title: "dealer", text: "D" }) : null),
  h("div", { class: "uno-figures", dataset: { figures: p.seat } },
    h("span", { class: "uno-count" }, h("span", { class: "back", "aria-hidden": "true" }), h("b", { text: p.hand_size }), p.hand_size === 1 ? " card" : " cards"),
    h("span", { class: "uno-score" }, "· ", h("b", { text: p.score }), " pts"),
    ...p.towers.map(towerChip),
    p.called_uno && p.hand_size === 1 ? h("span", { class: "uno-call", text: "UNO!" }) : null,
    p.team !== null ? h("span", { class: "muted small", text: `team ${p.team + 1}` }) : null));
  ctx.bind(el, ctx.find("swap", (a) => a.seat === p.seat), { text: () => `Swap hands with ${ctx.name(p.seat)}` });
  return el;
}

// -- the centre: piles, colour, towers ---------------------------------------------------

function tower(view, ctx, t, i, selection) {
  const holder = view.towers[t];
  const el = h("button", {
    type: "button",
    class: `tower t${i}${holder === null ? " pool" : ""}`,
    "aria-label": `Tower ${t}: blocks ${BLOCKS[t]}; ${holder === null ? "in the pool" : `held by ${ctx.name(holder)}`}`,
    dataset: { tower: t },
  },
  h("strong", { text: t }),
  h("small", { class: "blocks", text: `blocks ${BLOCKS[t]}` }),
  h("small", { class: "holder", text: holder === null ? "pool" : who(ctx, holder) }));
  const takes = ctx.find("take", (a) => a.towers.includes(t));
  const choosing = ctx.find("take").some((a) => a.towers.length > 1);
  ctx.detail(el, { title: `Tower ${t}`, tag: holder === null ? "in the pool" : `held by ${who(ctx, holder)}`, body: [`Blocks a ${BLOCKS[t]} aimed at its holder: they draw nothing, are not skipped and play on.`] }, { sheetOnClick: !(choosing && takes.length) });
  if (!takes.length) {
    el.setAttribute("aria-disabled", "true");
    return el;
  }
  const single = takes.find((a) => a.towers.length === 1);
  if (single && !choosing) {
    ctx.bind(el, [single], { text: () => `Take tower ${t}` });
    return el;
  }
  // Several towers to take: tap them, then confirm.
  for (const a of takes) ctx.binder.bound.add(a.id);
  el.classList.add("can-act");
  el.setAttribute("aria-pressed", String(selection.has(t)));
  if (selection.has(t)) el.classList.add("selected");
  el.addEventListener("click", () => {
    if (selection.has(t)) selection.delete(t);
    else selection.add(t);
    el.classList.toggle("selected", selection.has(t));
    el.setAttribute("aria-pressed", String(selection.has(t)));
    selection.changed();
  });
  return el;
}

function towers(view, ctx) {
  const selection = new Set();
  const confirm = h("button", { type: "button", class: "primary take-confirm", hidden: true });
  selection.changed = () => {
    const chosen = [...selection].sort().join();
    const action = ctx.find("take").find((a) => [...a.towers].sort().join() === chosen);
    confirm.hidden = !ctx.find("take").some((a) => a.towers.length > 1);
    confirm.disabled = !action;
    const wanted = Math.max(...ctx.find("take").map((a) => a.towers.length));
    confirm.textContent = action ? `Take ${plural(action.towers.length, "tower")}: ${action.towers.join(" and ")}` : `Tap ${plural(wanted, "tower")}, then take them here`;
    confirm.onclick = action ? () => ctx.act(action.id) : null;
  };
  const tiles = TOWERS.map((t, i) => tower(view, ctx, t, i, selection));
  selection.changed();
  return h("div", { class: "uno-towers-box" },
    h("div", { class: "uno-towers", role: "group", "aria-label": "Power Towers" }, ...tiles), confirm);
}

function colourPicker(ctx) {
  const names = ctx.find("name_colour");
  if (!names.length) return null;
  return h("div", { class: "colour-picker", role: "group", "aria-label": "name the colour" },
    ...names.map((a) => ctx.button(a, colourWord(a.colour), `swatch ${a.colour}`)));
}

function centre(view, ctx) {
  const draw = ctx.find("draw")[0];
  const pile = h("button", {
    type: "button",
    class: "uno-card back-card pile-card",
    "aria-label": `draw pile: ${plural(view.draw_pile, "card")}${draw ? "; tap to draw a card" : ""}`,
  }, h("span", { class: "face", text: "UNO" }));
  if (draw) ctx.bind(pile, [draw]);
  else pile.disabled = true;
  const top = card(view.top_card, { cls: "top" });
  ctx.detail(top, cardDetail(view.top_card));
  const colour = view.colour;
  return h("section", { class: "uno-centre", "aria-label": "table" },
    h("div", { class: "pile" }, pile, h("small", { text: draw ? "tap to draw" : `${view.draw_pile} to draw` })),
    h("div", { class: "pile" }, top, h("small", { text: `${view.discard_pile} played` })),
    h("div", { class: "uno-status" },
      h("div", { class: "colour-now" },
        h("span", { class: `swatch ${colour || "none"}`, "aria-hidden": "true" }),
        h("strong", { text: colour ? `Colour: ${colourWord(colour)}` : "No colour yet" })),
      h("div", { class: "direction", text: view.direction === 1 ? "↻ clockwise" : "↺ counter-clockwise" }),
      view.pending_draw ? h("div", { class: "pending", text: `${plural(view.pending_draw, "card")} to draw` }) : null,
      h("div", { class: "round", text: `Round ${view.round} · ${view.target_score === "single_round" ? "one round" : `first to ${view.target_score}`}` }),
      colourPicker(ctx)),
    towers(view, ctx));
}

// -- your hand -----------------------------------------------------------------------------

function handCard(view, ctx, c) {
  const el = card(c, { role: null });
  const all = ctx.legal.filter((a) => (a.move === "play" || a.move === "bonus") && a.kind === c.kind);
  ctx.detail(el, cardDetail(c));
  if (!all.length) {
    el.classList.add("idle");
    return el;
  }
  for (const a of all) ctx.binder.bound.add(a.id); // the UNO! switch reaches the others
  const calling = all.some((a) => a.uno) && (unoCall.on || !all.some((a) => !a.uno));
  const actions = all.filter((a) => a.uno === calling);
  el.classList.add("playable");
  const bonus = actions[0]?.move === "bonus";
  ctx.bind(el, actions, {
    title: bonus ? `Keep ${cardName(c)}` : `Play ${cardName(c)}`,
    text: (a) => (bonus ? `Keep ${cardName(c)}, discard the rest` : a.colour ? `${colourWord(a.colour)}` : `Play ${cardName(c)}`) + (a.uno ? " and call UNO" : ""),
    node: (a) => (a.colour ? h("span", { class: "pick" }, h("span", { class: `swatch ${a.colour}`, "aria-hidden": "true" }), `${colourWord(a.colour)}${a.uno ? " · UNO!" : ""}`) : null),
  });
  return el;
}

function hand(view, ctx) {
  if (!view.hand) return null;
  const canCall = ctx.legal.some((a) => a.uno);
  const box = h("section", { class: "uno-hand-box", "aria-label": "your hand" });
  const draw = () => {
    const toggle = canCall
      ? h("button", {
        type: "button",
        class: `uno-toggle${unoCall.on ? " on" : ""}`,
        "aria-pressed": String(unoCall.on),
        onclick: () => { unoCall.on = !unoCall.on; draw(); },
      }, unoCall.on ? "UNO! will be called" : "Call UNO!")
      : null;
    const drawn = view.drawn_card
      ? h("span", { class: "drawn-note", text: `You drew ${cardName(view.drawn_card)}` })
      : null;
    box.replaceChildren(
      h("div", { class: "uno-hand-head" }, h("strong", { text: `Your hand · ${plural(view.hand.length, "card")}` }), drawn, toggle),
      h("div", { class: "uno-hand" }, ...view.hand.map((c) => handCard(view, ctx, c))));
  };
  draw();
  return box;
}

export function render(view, ctx) {
  if (unoCall.version !== ctx.version) unoCall = { version: ctx.version, on: false };
  return h("div", { class: "uno", dataset: { players: view.players.length } },
    h("section", { class: "uno-players", "aria-label": "players" }, ...view.players.map((p) => player(view, ctx, p))),
    centre(view, ctx),
    hand(view, ctx));
}

// -- a round's end, and the match's --------------------------------------------------------

function roundTable(view, ctx, lr) {
  const scores = lr.scores || view.players.map((p) => p.score);
  return h("table", { class: "scores" },
    h("thead", {}, h("tr", {}, h("th", { text: "Player" }), h("th", { text: "Cards left" }), h("th", { class: "num", text: "In hand" }), h("th", { class: "num", text: "Won" }), h("th", { class: "num", text: "Total" }))),
    h("tbody", {}, ...view.players.map((p) => h("tr", { class: p.seat === lr.winner ? "winner" : "" },
      h("td", { text: ctx.name(p.seat) + (p.seat === ctx.seat ? " (you)" : "") }),
      h("td", {}, lr.hands ? h("span", { class: "mini-hand" }, ...(lr.hands[p.seat] || []).map((c) => card(c, { cls: "mini" }))) : "–"),
      h("td", { class: "num", text: lr.points_in_hand[p.seat] }),
      h("td", { class: "num", text: lr.gained[p.seat] ? `+${lr.gained[p.seat]}` : "0" }),
      h("td", { class: "num", text: scores[p.seat] })))));
}

export function breakSummary(view, ctx) {
  const lr = view.last_round;
  if (!lr || view.winners) return null;
  const who = lr.winner === ctx.seat ? "you" : ctx.name(lr.winner);
  const how = lr.how === "out" ? `${who} went out first` : `${who} won it (${lr.how})`;
  return h("div", { class: "uno-break", dataset: { breakKey: `round-${lr.round}` } },
    h("h2", { id: "break-title", text: `Round ${lr.round} is over: ${how}` }),
    roundTable(view, ctx, lr),
    h("p", { class: "muted small", text: view.target_score === "single_round" ? "" : `The match goes to ${view.target_score} points.` }));
}

export function result(view, ctx) {
  const winners = view.winners || [];
  const single = view.target_score === "single_round";
  const what = single ? "the round" : "the match";
  const line = !winners.length ? "Nobody wins." : winners.length === 1 && winners[0] === ctx.seat ? `You win ${what}!` : `${listText(winners.map((s) => ctx.name(s)))} ${winners.length > 1 ? "win" : "wins"} ${what}.`;
  const rounds = new Map();
  for (const e of ctx.events || []) if (e.kind === "round_end" && e.data?.winner !== undefined) rounds.set(e.data.winner, (rounds.get(e.data.winner) || 0) + 1);
  const lr = view.last_round;
  return h("div", { class: "uno-result" },
    h("h2", { class: "winner-line", text: line }),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { text: "Player" }), h("th", { class: "num", text: "Rounds won" }), h("th", { class: "num", text: "Points" }))),
      h("tbody", {}, ...[...view.players].sort((a, b) => (winners.includes(b.seat) - winners.includes(a.seat)) || b.score - a.score).map((p) => h("tr", { class: winners.includes(p.seat) ? "winner" : "" },
        h("td", { text: ctx.name(p.seat) + (p.seat === ctx.seat ? " (you)" : "") }),
        h("td", { class: "num", text: rounds.get(p.seat) || 0 }),
        h("td", { class: "num", text: p.score }))))),
    lr ? h("details", { class: "last-round" }, h("summary", { text: `The last round (${lr.round})` }), roundTable(view, ctx, lr)) : null);
}
