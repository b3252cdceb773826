// UNO Power: the players around the table with their card backs, scores and
// towers; the discard pile with the colour in play; the four towers; your hand
// (click a card to play it). Draws only what the view holds.

import { h } from "/static/common.js";

const TOWERS = ["U", "N", "O", "!"];
const TOWER_BLOCKS = { U: "Draw One", N: "Draw Two", O: "Wild Draw Four", "!": "Skip" };
const SYMBOLS = { draw1: "+1", draw2: "+2", skip: "⊘", reverse: "⇄", grab2: "⇈2", wild_grab: "⇈", wild_draw4: "+4" };

export function card(c, extra = {}) {
  const colour = c.colour || "wild";
  const face = SYMBOLS[c.symbol] ?? c.symbol;
  return h(
    "div",
    { class: `uno-card ${colour}${extra.playable ? " playable" : ""}`, title: `${c.label} · ${c.points} points`, ...extra.attrs },
    h("span", { class: "corner", text: face }),
    h("span", { class: "face", text: face }),
    c.icon ? h("span", { class: "icon", text: c.icon }) : null,
  );
}

function playActions(ctx, c) {
  const prefix = `play ${c.label}`;
  return (a) => a.label === prefix || a.label.startsWith(`${prefix} `) || a.label.startsWith(`${prefix},`);
}

function player(p, view, ctx) {
  const name = ctx.names[p.seat] ?? `seat ${p.seat}`;
  const current = view.current_player === p.seat;
  return h(
    "div",
    { class: `uno-player${current ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`, dataset: { seat: p.seat } },
    h("div", { class: "uno-name" }, name, view.dealer === p.seat ? h("span", { class: "dealer", title: "dealer", text: "D" }) : null),
    h("div", { class: "uno-backs", title: `${p.hand_size} cards` },
      ...Array.from({ length: Math.min(p.hand_size, 12) }, () => h("span", { class: "back" })),
      h("span", { class: "count", text: p.hand_size })),
    h("div", { class: "uno-meta" },
      h("span", { text: `${p.score} pts` }),
      ...p.towers.map((t) => h("span", { class: `tower t${TOWERS.indexOf(t)}`, text: t })),
      p.called_uno ? h("span", { class: "uno-call", text: "UNO!" }) : null,
      p.team !== null ? h("span", { class: "muted", text: ` team ${p.team}` }) : null),
  );
}

export function render(view, ctx) {
  const towers = h(
    "div",
    { class: "uno-towers" },
    ...TOWERS.map((t, i) => {
      const holder = view.towers[t];
      return h("div", { class: `tower big t${i}`, title: `Tower ${t} blocks ${TOWER_BLOCKS[t]}` }, h("strong", { text: t }),
        h("small", { text: holder === null ? "pool" : ctx.names[holder] ?? `seat ${holder}` }));
    }),
  );
  const centre = h(
    "div",
    { class: "uno-centre" },
    h("div", { class: "pile", title: `${view.draw_pile} cards to draw` }, h("div", { class: "uno-card back-card" }, h("span", { class: "face", text: "UNO" })), h("small", { text: `${view.draw_pile} to draw` })),
    h("div", { class: "pile" }, card(view.top_card), h("small", { text: `${view.discard_pile} discarded` })),
    h("div", { class: "uno-status" },
      h("div", { class: `colour-dot ${view.colour || "none"}`, title: "colour in play" }),
      h("div", { text: view.colour ? `colour: ${view.colour}` : "no colour named yet" }),
      h("div", { class: "direction", text: view.direction === 1 ? "↻ clockwise" : "↺ counter-clockwise" }),
      view.pending_draw ? h("div", { class: "pending", text: `${view.pending_draw} cards waiting to be drawn` }) : null,
      h("div", { class: "muted", text: `round ${view.round} · to ${view.target_score}` })),
    towers,
  );
  const players = h("div", { class: "uno-players" }, ...view.players.map((p) => player(p, view, ctx)));
  const parts = [players, centre];
  if (view.drawn_card) parts.push(h("div", { class: "drawn" }, h("span", { text: "You drew: " }), card(view.drawn_card)));
  if (view.hand) {
    parts.push(
      h("div", { class: "uno-hand", "aria-label": "your hand" },
        ...view.hand.map((c) => {
          const match = playActions(ctx, c);
          const playable = (ctx.legal || []).some(match);
          return card(c, { playable, attrs: { onclick: playable ? () => ctx.pick(match) : null, "data-kind": c.kind } });
        })),
    );
  }
  if (view.last_round) {
    const lr = view.last_round;
    parts.push(h("p", { class: "muted small", text: `Round ${lr.round}: ${ctx.names[lr.winner] ?? lr.winner} won (${lr.how}), gaining ${lr.gained.join(" / ")} points.` }));
  }
  return h("div", { class: "uno" }, ...parts);
}
