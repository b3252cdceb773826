// UNO Power: the players (cards in hand, score, towers, UNO!), the draw pile, the card
// in play with its colour, the four Power Towers (what each blocks, who holds it), and
// your hand. Tap a card to play it (a wild asks for the colour), tap the draw pile to
// draw, tap towers to take them, tap "UNO!" before playing your second-to-last card.
// Draws only what the view holds (docs/games/uno-power.md); plays only legal actions,
// found by their data (Game.action_data).

// Every word is the reader's language: messages through t/tn/tp, the names and texts
// of colours, action cards and towers from the game's texts (``ctx.texts``), with the
// module's English as the fallback.

import { capitalise, h } from "/static/common.js";
import { lang, listOf, t, tn, tp } from "/static/i18n.js";

const COLOURS = ["red", "blue", "green", "yellow"];
const TOWERS = ["U", "N", "O", "!"];
// The action card each tower blocks.
const BLOCKS = { U: "draw1", N: "draw2", O: "wild_draw4", "!": "skip" };
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

// The game's texts in the reader's language (section → id → field), as the board was
// last drawn with; English (the constants above) where they say nothing.
let texts = {};

function text(section, id, field, english) {
  const found = texts?.[section]?.[id]?.[field];
  return typeof found === "string" && found ? found : english;
}

function useTexts(ctx) {
  texts = ctx?.texts || {};
}

// A message with a count whose number is an element: "<b>3</b> cards".
function counted(singular, pluralForm, n, node) {
  return tn(singular, pluralForm, n, { n: "{n}" }).split(/(\{n\})/).filter(Boolean).map((part) => (part === "{n}" ? node : part));
}

// Whether this browser will call UNO with its next play (reset every version).
let unoCall = { version: -1, on: false };

function colourWord(c) {
  return c ? text("colours", c, "name", capitalise(c)) : t("Wild");
}

// The colour's initial on a card (a second cue besides the colour itself).
function colourInitial(c) {
  const initials = {
    red: () => tp("uno-power:initial", "R"),
    blue: () => tp("uno-power:initial", "B"),
    green: () => tp("uno-power:initial", "G"),
    yellow: () => tp("uno-power:initial", "Y"),
  };
  return initials[c] ? initials[c]() : c[0].toUpperCase();
}

function symbolName(symbol) {
  return NAMES[symbol] ? text("symbols", symbol, "name", NAMES[symbol]) : symbol;
}

// "Red 7", "Blue Draw Two (U)": as the log names cards, with the colour capitalised.
function cardName(c) {
  const symbol = symbolName(c.symbol);
  if (!c.colour) return c.icon ? `${symbol} (${c.icon})` : symbol;
  const fields = { colour: colourWord(c.colour), symbol, icon: c.icon };
  return c.icon ? tp("uno-power:card", "{colour} {symbol} ({icon})", fields) : tp("uno-power:card", "{colour} {symbol}", fields);
}

function cardDetail(c) {
  const body = [];
  if (/^\d$/.test(c.symbol)) {
    body.push(t("A number card: play it on the same colour or the same number."));
    if (c.icon) {
      body.push(t("Its icon takes tower {tower} (which blocks {card}) from the pool or from whoever holds it.", { tower: c.icon, card: symbolName(BLOCKS[c.icon]) }));
    }
  } else {
    body.push(EFFECT[c.symbol] ? text("symbols", c.symbol, "text", EFFECT[c.symbol]) : "");
    if (c.colour) body.push(t("Play it on the same colour or the same symbol."));
  }
  return { title: cardName(c), tag: tn("{n} point", "{n} points", c.points), body };
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
  c.colour ? h("span", { class: "hue", "aria-hidden": "true", text: colourInitial(c.colour) }) : null,
  c.icon ? h("span", { class: "icon", "aria-hidden": "true", text: c.icon }) : null);
}

function who(ctx, seat) {
  return seat === ctx.seat ? t("you") : ctx.name(seat);
}

// "Ann", or "Ann (you)" for this browser's seat.
function playerName(ctx, seat) {
  return seat === ctx.seat && !ctx.seenFrom ? t("{player} (you)", { player: ctx.name(seat) }) : ctx.name(seat);
}

// -- the prompt ------------------------------------------------------------------------

function missedCall(view) {
  return view.players.find((p) => p.hand_size === 1 && !p.called_uno) || null;
}

function waiting(d, player) {
  const fields = { player };
  const says = {
    turn: () => t("Waiting for {player} to play…", fields),
    challenge: () => t("Waiting for {player} to challenge or accept the Wild Draw Four…", fields),
    catch: () => t("Waiting for {player} to catch or let go…", fields),
    bonus: () => t("Waiting for {player} to use the four-tower bonus or not…", fields),
    towers: () => t("Waiting for {player} to take towers…", fields),
  }[d.kind];
  return says ? says() : t("Waiting for {player} to decide…", fields);
}

function yourTurn(view) {
  const top = view.top_card;
  if (!view.colour) return t("Your turn: play any colour, a wild, or draw a card.");
  const colour = colourWord(view.colour);
  if (/^\d$/.test(top.symbol)) return t("Your turn: play {colour} or any {number}, a wild, or draw a card.", { colour, number: top.symbol });
  if (top.colour) return t("Your turn: play {colour} or {symbol}, a wild, or draw a card.", { colour, symbol: symbolName(top.symbol) });
  return t("Your turn: play {colour}, a wild, or draw a card.", { colour });
}

export function prompt(view, ctx) {
  useTexts(ctx);
  const d = view.decision;
  if (!d) return "";
  if (!ctx.mine) return waiting(d, who(ctx, d.player));
  switch (d.kind) {
    case "turn":
      return yourTurn(view);
    case "play_drawn":
      return view.drawn_card
        ? t("You drew {card}: play it now, or keep it.", { card: cardName(view.drawn_card) })
        : t("Play the card you drew, or keep it.");
    case "towers": {
      const n = Math.max(...ctx.find("take").map((a) => a.towers.length), 1);
      return tn("Take {n} tower: tap it.", "Take {n} towers: tap them.", n);
    }
    case "icon_grab":
      return t("Your card's icon may take its tower: take it, or not.");
    case "name_colour":
      return t("The first card is a wild: name the colour.");
    case "swap":
      return t("Seven: tap the player you swap hands with.");
    case "bonus":
      return t("You hold all four towers: give them back to discard all your cards but the one you tap, or keep your cards and towers.");
    case "catch": {
      const p = missedCall(view);
      return p
        ? t("{player} has one card and did not call UNO: catch them (they draw 2), or let it go.", { player: capitalise(who(ctx, p.seat)) })
        : t("A player has one card and did not call UNO: catch them (they draw 2), or let it go.");
    }
    case "challenge":
      return t("A Wild Draw Four is played on you. Challenge it if you think its player held the colour in play: guilty, they draw 4; innocent, you draw 6.");
    case "stack":
      return tn("Answer the draw card with one of yours, or take {n} card.", "Answer the draw card with one of yours, or take {n} cards.", view.pending_draw);
    case "protect":
      return t("Your tower can block this card: block it, or take it.");
    case "jump":
      return t("Jump in with an identical card, or let play go on.");
    default:
      // The view's sentence is English: another reader is pointed at the choices.
      return lang() === "en" ? capitalise(d.text) : t("Choose an action on the board or below.");
  }
}

export function actionText(a, view) {
  if (a.move === "penalty") return tn("Take {n} card", "Take {n} cards", view.pending_draw || 0);
  if (a.move === "keep") return t("Keep it");
  if (a.move === "no_bonus") return t("Keep my cards and towers");
  if (a.move === "challenge") return t("Challenge");
  if (a.move === "no_challenge") return view.pending_draw ? t("Accept and draw {n}", { n: view.pending_draw }) : t("Accept");
  if (a.move === "block") return t("Block it with my tower");
  if (a.move === "catch") return t("Catch!");
  if (a.move === "no_catch") return t("Let it go");
  if (a.move === "no_tower") return t("No tower");
  if (a.move === "no_jump") return t("Don't jump in");
  return null;
}

// -- players ---------------------------------------------------------------------------

function towerChip(tower) {
  return h("span", { class: `tower-chip t${TOWERS.indexOf(tower)}`, title: t("tower {tower}: blocks {card}", { tower, card: symbolName(BLOCKS[tower]) }), text: tower });
}

function player(view, ctx, p) {
  const current = view.current_player === p.seat;
  const el = h("article", {
    class: `uno-player${current ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`,
    dataset: { seat: p.seat },
    "aria-label": ctx.name(p.seat) + ": " + [
      tn("{n} card", "{n} cards", p.hand_size),
      tn("{n} point", "{n} points", p.score),
      p.towers.length ? t("towers {towers}", { towers: p.towers.join(" ") }) : null,
      current ? t("playing") : null,
    ].filter(Boolean).join(", "),
  },
  h("div", { class: "uno-name" },
    current ? h("span", { class: "turn-mark", "aria-hidden": "true", text: "▶" }) : null,
    h("strong", { text: playerName(ctx, p.seat) }),
    view.dealer === p.seat ? h("span", { class: "dealer", title: t("dealer"), text: tp("uno-power:initial", "D") }) : null),
  h("div", { class: "uno-figures", dataset: { figures: p.seat } },
    h("span", { class: "uno-count", dataset: { count: `cards-${p.seat}`, value: p.hand_size } }, h("span", { class: "back", "aria-hidden": "true" }), ...counted("{n} card", "{n} cards", p.hand_size, h("b", { text: p.hand_size }))),
    h("span", { class: "uno-score", dataset: { count: `score-${p.seat}`, value: p.score } }, "· ", ...counted("{n} pt", "{n} pts", p.score, h("b", { text: p.score }))),
    ...p.towers.map(towerChip),
    p.called_uno && p.hand_size === 1 ? h("span", { class: "uno-call", text: "UNO!" }) : null,
    p.team !== null ? h("span", { class: "muted small", text: t("team {number}", { number: p.team + 1 }) }) : null));
  ctx.bind(el, ctx.find("swap", (a) => a.seat === p.seat), { text: () => t("Swap hands with {player}", { player: ctx.name(p.seat) }) });
  return el;
}

// -- the centre: piles, colour, towers ---------------------------------------------------

function tower(view, ctx, tw, i, selection) {
  const holder = view.towers[tw];
  const blocks = symbolName(BLOCKS[tw]);
  const el = h("button", {
    type: "button",
    class: `tower t${i}${holder === null ? " pool" : ""}`,
    "aria-label": holder === null
      ? t("Tower {tower}: blocks {card}; in the pool", { tower: tw, card: blocks })
      : t("Tower {tower}: blocks {card}; held by {player}", { tower: tw, card: blocks, player: ctx.name(holder) }),
    dataset: { tower: tw },
  },
  h("strong", { text: tw }),
  h("small", { class: "blocks", text: t("blocks {card}", { card: blocks }) }),
  h("small", { class: "holder", dataset: { enter: `${tw}-${holder}` }, text: holder === null ? t("pool") : who(ctx, holder) }));
  const takes = ctx.find("take", (a) => a.towers.includes(tw));
  const choosing = ctx.find("take").some((a) => a.towers.length > 1);
  ctx.detail(el, {
    title: text("towers", tw, "name", t("Tower {tower}", { tower: tw })),
    tag: holder === null ? t("in the pool") : t("held by {player}", { player: who(ctx, holder) }),
    body: [text("towers", tw, "text", t("Blocks a {card} aimed at its holder: they draw nothing, are not skipped and play on.", { card: blocks }))],
  }, { sheetOnClick: !(choosing && takes.length) });
  if (!takes.length) {
    el.setAttribute("aria-disabled", "true");
    return el;
  }
  const single = takes.find((a) => a.towers.length === 1);
  if (single && !choosing) {
    ctx.bind(el, [single], { text: () => t("Take tower {tower}", { tower: tw }) });
    return el;
  }
  // Several towers to take: tap them, then confirm.
  for (const a of takes) ctx.binder.bound.add(a.id);
  el.classList.add("can-act");
  el.setAttribute("aria-pressed", String(selection.has(tw)));
  if (selection.has(tw)) el.classList.add("selected");
  el.addEventListener("click", () => {
    if (selection.has(tw)) selection.delete(tw);
    else selection.add(tw);
    el.classList.toggle("selected", selection.has(tw));
    el.setAttribute("aria-pressed", String(selection.has(tw)));
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
    confirm.textContent = action
      ? tn("Take {n} tower: {towers}", "Take {n} towers: {towers}", action.towers.length, { towers: listOf(action.towers) })
      : tn("Tap {n} tower, then take it here", "Tap {n} towers, then take them here", wanted);
    confirm.onclick = action ? () => ctx.act(action.id) : null;
  };
  const tiles = TOWERS.map((tw, i) => tower(view, ctx, tw, i, selection));
  selection.changed();
  return h("div", { class: "uno-towers-box" },
    h("div", { class: "uno-towers", role: "group", "aria-label": t("Power Towers") }, ...tiles), confirm);
}

function colourPicker(ctx) {
  const names = ctx.find("name_colour");
  if (!names.length) return null;
  return h("div", { class: "colour-picker", role: "group", "aria-label": t("name the colour") },
    ...names.map((a) => ctx.button(a, colourWord(a.colour), `swatch ${a.colour}`)));
}

function centre(view, ctx) {
  const draw = ctx.find("draw")[0];
  const pile = h("button", {
    type: "button",
    class: "uno-card back-card pile-card",
    "aria-label": draw
      ? tn("draw pile: {n} card; tap to draw a card", "draw pile: {n} cards; tap to draw a card", view.draw_pile)
      : tn("draw pile: {n} card", "draw pile: {n} cards", view.draw_pile),
  }, h("span", { class: "face", text: "UNO" }));
  if (draw) ctx.bind(pile, [draw]);
  else pile.disabled = true;
  const top = card(view.top_card, { cls: "top" });
  top.dataset.enter = `top-${view.round}-${view.discard_pile}`; // each card played lands
  ctx.detail(top, cardDetail(view.top_card));
  const colour = view.colour;
  return h("section", { class: "uno-centre", "aria-label": t("table") },
    h("div", { class: "pile" }, pile, h("small", { text: draw ? t("tap to draw") : tn("{n} to draw", "{n} to draw", view.draw_pile) })),
    h("div", { class: "pile" }, top, h("small", { text: tn("{n} played", "{n} played", view.discard_pile) })),
    h("div", { class: "uno-status" },
      h("div", { class: "colour-now" },
        h("span", { class: `swatch ${colour || "none"}`, "aria-hidden": "true" }),
        h("strong", { text: colour ? t("Colour: {colour}", { colour: colourWord(colour) }) : t("No colour yet") })),
      h("div", { class: "direction", text: view.direction === 1 ? "↻ " + t("clockwise") : "↺ " + t("counter-clockwise") }),
      view.pending_draw ? h("div", { class: "pending", text: tn("{n} card to draw", "{n} cards to draw", view.pending_draw) }) : null,
      h("div", {
        class: "round",
        text: view.target_score === "single_round"
          ? t("Round {round} · one round", { round: view.round })
          : t("Round {round} · first to {target}", { round: view.round, target: view.target_score }),
      }),
      colourPicker(ctx)),
    towers(view, ctx));
}

// -- your hand -----------------------------------------------------------------------------

// A card's place in the hand by its kind ("12#1": the second card of kind 12), so that
// only the cards that came in slide in.
function handKey(hand, i) {
  return `hand-${hand[i].kind}#${hand.slice(0, i).filter((c) => c.kind === hand[i].kind).length}`;
}

function handCard(view, ctx, c, key) {
  const el = card(c, { role: null });
  el.dataset.enter = key;
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
  const name = cardName(c);
  const says = (a) => {
    if (bonus) return a.uno ? t("Keep {card}, discard the rest and call UNO", { card: name }) : t("Keep {card}, discard the rest", { card: name });
    if (a.colour) return a.uno ? t("{colour} and call UNO", { colour: colourWord(a.colour) }) : colourWord(a.colour);
    return a.uno ? t("Play {card} and call UNO", { card: name }) : t("Play {card}", { card: name });
  };
  ctx.bind(el, actions, {
    oneTap: true,
    title: bonus ? t("Keep {card}", { card: name }) : t("Play {card}", { card: name }),
    text: says,
    node: (a) => (a.colour ? h("span", { class: "pick" }, h("span", { class: `swatch ${a.colour}`, "aria-hidden": "true" }), `${colourWord(a.colour)}${a.uno ? " · UNO!" : ""}`) : null),
  });
  return el;
}

function hand(view, ctx) {
  if (!view.hand) return null;
  const canCall = ctx.legal.some((a) => a.uno);
  const reads = ctx.legal.some((a) => a.move === "play" || a.move === "bonus"); // a tap plays: "i" reads
  const box = h("section", { class: "uno-hand-box", "aria-label": t("your hand") });
  const draw = () => {
    const toggle = canCall
      ? h("button", {
        type: "button",
        class: `uno-toggle${unoCall.on ? " on" : ""}`,
        "aria-pressed": String(unoCall.on),
        onclick: () => { unoCall.on = !unoCall.on; draw(); },
      }, unoCall.on ? t("UNO! will be called") : t("Call UNO!"))
      : null;
    const drawn = view.drawn_card
      ? h("span", { class: "drawn-note", text: t("You drew {card}", { card: cardName(view.drawn_card) }) })
      : null;
    box.replaceChildren(
      h("div", { class: "uno-hand-head" }, h("strong", { text: ctx.seenFrom ? tn("{player}'s hand · {n} card", "{player}'s hand · {n} cards", view.hand.length, { player: ctx.name(ctx.seat) }) : tn("Your hand · {n} card", "Your hand · {n} cards", view.hand.length) }), drawn, toggle, reads ? ctx.infoButton() : null),
      h("div", { class: "uno-hand" }, ...view.hand.map((c, i) => handCard(view, ctx, c, handKey(view.hand, i)))));
  };
  draw();
  return box;
}

export function render(view, ctx) {
  useTexts(ctx);
  if (unoCall.version !== ctx.version) unoCall = { version: ctx.version, on: false };
  return h("div", { class: "uno", dataset: { players: view.players.length } },
    h("section", { class: "uno-players", "aria-label": t("players") }, ...view.players.map((p) => player(view, ctx, p))),
    centre(view, ctx),
    hand(view, ctx));
}

// -- a round's end, and the match's --------------------------------------------------------

function roundTable(view, ctx, lr) {
  const scores = lr.scores || view.players.map((p) => p.score);
  return h("div", { class: "scores-box" }, h("table", { class: "scores" },
    // Four columns, the points won under the total, so that the table fits a phone.
    h("thead", {}, h("tr", {}, h("th", { text: t("Player") }), h("th", { text: t("Cards left") }), h("th", { class: "num", text: t("In hand") }), h("th", { class: "num", text: t("Total") }))),
    h("tbody", {}, ...view.players.map((p) => h("tr", { class: p.seat === lr.winner ? "winner" : "", dataset: { seat: p.seat } },
      h("td", { text: playerName(ctx, p.seat) }),
      h("td", {}, lr.hands ? h("span", { class: "mini-hand" }, ...(lr.hands[p.seat] || []).map((c) => card(c, { cls: "mini" }))) : "–"),
      h("td", { class: "num", text: lr.points_in_hand[p.seat] }),
      h("td", { class: "num" }, String(scores[p.seat]),
        lr.gained[p.seat] ? h("span", { class: "gained", text: t("+{n} this round", { n: lr.gained[p.seat] }) }) : null))))));
}

// "Round 2 is over: Ann went out first" (``how``: "out", or "fewest points").
function roundOver(ctx, lr) {
  const fields = { round: lr.round, player: ctx.name(lr.winner) };
  if (lr.how === "out") {
    return lr.winner === ctx.seat ? t("Round {round} is over: you went out first", fields) : t("Round {round} is over: {player} went out first", fields);
  }
  return lr.winner === ctx.seat
    ? t("Round {round} is over: you won it (fewest points)", fields)
    : t("Round {round} is over: {player} won it (fewest points)", fields);
}

export function breakSummary(view, ctx) {
  useTexts(ctx);
  const lr = view.last_round;
  if (!lr || view.winners) return null;
  return h("div", { class: "uno-break", dataset: { breakKey: `round-${lr.round}` } },
    h("h2", { id: "break-title", text: roundOver(ctx, lr) }),
    roundTable(view, ctx, lr),
    h("p", { class: "muted small", text: view.target_score === "single_round" ? "" : tn("The match goes to {n} point.", "The match goes to {n} points.", view.target_score) }));
}

function winnerLine(view, ctx) {
  const winners = view.winners || [];
  const single = view.target_score === "single_round";
  if (!winners.length) return t("Nobody wins.");
  if (winners.length === 1 && winners[0] === ctx.seat) return single ? t("You win the round!") : t("You win the match!");
  const fields = { players: listOf(winners.map((s) => ctx.name(s))) };
  return single
    ? tn("{players} wins the round.", "{players} win the round.", winners.length, fields)
    : tn("{players} wins the match.", "{players} win the match.", winners.length, fields);
}

export function result(view, ctx) {
  useTexts(ctx);
  const winners = view.winners || [];
  const line = winnerLine(view, ctx);
  const rounds = new Map();
  for (const e of ctx.events || []) if (e.kind === "round_end" && e.data?.winner !== undefined) rounds.set(e.data.winner, (rounds.get(e.data.winner) || 0) + 1);
  const wholeLog = !ctx.logFrom; // a log cut on joining a long game cannot count the rounds
  const lr = view.last_round;
  return h("div", { class: "uno-result" },
    h("h2", { class: "winner-line", text: line }),
    h("div", { class: "scores-box" }, h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { text: t("Player") }), wholeLog ? h("th", { class: "num", text: t("Rounds won") }) : null, h("th", { class: "num", text: t("Points") }))),
      h("tbody", {}, ...[...view.players].sort((a, b) => (winners.includes(b.seat) - winners.includes(a.seat)) || b.score - a.score).map((p) => h("tr", { class: winners.includes(p.seat) ? "winner" : "" },
        h("td", { text: playerName(ctx, p.seat) }),
        wholeLog ? h("td", { class: "num", text: rounds.get(p.seat) || 0 }) : null,
        h("td", { class: "num", text: p.score })))))),
    lr ? h("details", { class: "last-round" }, h("summary", { text: t("The last round ({round})", { round: lr.round }) }), roundTable(view, ctx, lr)) : null);
}
