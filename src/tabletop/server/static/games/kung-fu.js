// Kung Fu: the two fighters with life, koku rows and hand sizes; the attack and
// the parry on the mat; your hand of red (attack) and blue (parry) cards, click a
// card for the actions that use it. Draws only what the view holds.

import { h } from "/static/common.js";

const MAX_LIFE = 10;

function card(c, extra = {}) {
  if (!c) return h("div", { class: "kf-card down", title: "face down", text: "?" });
  return h(
    "div",
    { class: `kf-card ${c.deck}${extra.usable ? " usable" : ""}`, title: c.label, ...extra.attrs },
    h("div", { class: "kf-value", text: c.boosted_value ? `${c.value}/${c.boosted_value}` : String(c.value) }),
    h("div", { class: "kf-name", text: c.name }),
    h("div", { class: "kf-foot" },
      c.koku ? h("span", { class: "coin", title: "koku", text: `${c.koku}` }) : null,
      c.cost ? h("span", { class: "cost", title: "activation cost", text: `cost ${c.cost}` }) : null,
      c.effects.length ? h("span", { class: "fx", title: c.effects.join(", "), text: "✦" }) : null),
  );
}

function hearts(life) {
  const shown = Math.max(0, Math.min(life, MAX_LIFE));
  return h("span", { class: "kf-life", title: `${life} life` }, "♥".repeat(shown), h("span", { class: "lost", text: "♥".repeat(MAX_LIFE - shown) }), ` ${life}`);
}

function fighter(p, view, ctx) {
  const role = view.attacker === p.seat ? "attacker" : view.defender === p.seat ? "defender" : "";
  return h(
    "div",
    { class: `kf-fighter${view.current_player === p.seat ? " current" : ""}${ctx.seat === p.seat ? " me" : ""}`, dataset: { seat: p.seat } },
    h("div", { class: "kf-head" }, h("strong", { text: ctx.names[p.seat] ?? `seat ${p.seat}` }), role ? h("span", { class: `role ${role}`, text: role }) : null),
    hearts(p.life),
    h("div", { class: "muted small", text: `hand: ${p.hand_size} (${p.red_in_hand} red, ${p.blue_in_hand} blue) · passes left: ${p.passes_left}${p.no_parry_next_round ? " · may not parry" : ""}` }),
    h("div", { class: "kf-koku" }, h("span", { class: "coin big", title: "koku", text: p.koku_total }), ...p.koku.map((c) => card(c, { attrs: { class: `kf-card mini ${c.deck}` } }))),
  );
}

function played(title, slot) {
  if (!slot) return h("div", { class: "kf-slot empty" }, h("small", { text: title }), h("div", { class: "muted", text: "–" }));
  return h("div", { class: "kf-slot" },
    h("small", { text: `${title}${slot.face_down ? " (face down)" : ""}${slot.activated ? " · activated" : ""}` }),
    slot.card || slot.face_down ? card(slot.card) : h("div", { class: "muted", text: "no parry" }),
    slot.value !== null ? h("div", { class: "kf-total", text: `value ${slot.value}` }) : null);
}

export function render(view, ctx) {
  const mat = h("div", { class: "kf-mat" },
    played("attack", view.attack),
    played("parry", view.parry),
    h("div", { class: "kf-info" },
      h("div", { text: `round ${view.round} · ${view.phase}` }),
      h("div", { class: "muted", text: `draw piles: ${view.decks.red} red, ${view.decks.blue} blue` }),
      h("div", { class: "muted", text: `discards: ${view.discards.red.length} red, ${view.discards.blue.length} blue` }),
      view.last_round ? h("div", { class: "muted small", text: `last round: ${view.last_round.attack_value} vs ${view.last_round.parry_value}, ${view.last_round.damage} damage${view.last_round.effects.length ? "; " + view.last_round.effects.join("; ") : ""}` }) : null));
  const parts = [h("div", { class: "kf-fighters" }, ...view.players.map((p) => fighter(p, view, ctx))), mat];
  if (view.hand) {
    parts.push(h("div", { class: "kf-hand", "aria-label": "your hand" },
      ...view.hand.map((c) => {
        const uses = (a) => a.label.includes(c.name);
        const usable = (ctx.legal || []).some(uses);
        return card(c, { usable, attrs: { onclick: usable ? () => ctx.pick(uses) : null, "data-type": c.type } });
      })));
  }
  if (view.winner !== null || view.draw) {
    parts.push(h("p", { class: "kf-end", text: view.draw ? "A draw." : `${ctx.names[view.winner] ?? view.winner} wins the duel.` }));
  }
  return h("div", { class: "kf" }, ...parts);
}
