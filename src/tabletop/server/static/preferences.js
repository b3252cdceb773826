// A seat's preferences: the questions the server answers for this player, also while
// the tab sleeps (docs/server.md, "Preferences"). The form is built from the game's
// description of them (the "welcome" message); each change is sent at once, and the
// server's "preferences" message is the truth the form shows.
//
// The titles, descriptions and value labels are the game's (declared like options):
// the server sends them in the reader's language where its catalog has them, and the
// page looks each one up under the context "<game>:option" too, as the lobby's options.
import { h } from "/static/common.js";
import { tp } from "/static/i18n.js";

function control(pref, value, change, words) {
  const id = `pref-${pref.name}`;
  if (pref.kind === "bool") {
    const box = h("input", { type: "checkbox", id });
    box.checked = Boolean(value);
    box.addEventListener("change", () => change(box.checked));
    return box;
  }
  if (pref.kind === "int") {
    const input = h("input", { type: "number", id, min: pref.min ?? 0, max: pref.max ?? 99, step: 1, inputmode: "numeric" });
    input.value = value;
    input.addEventListener("change", () => {
      const n = Number(input.value);
      if (Number.isInteger(n)) change(n);
    });
    return input;
  }
  const select = h("select", { id },
    ...pref.values.map(([v, label]) => h("option", { value: String(v), text: words(label) })));
  select.value = String(value);
  select.addEventListener("change", () => change(pref.values.find(([v]) => String(v) === select.value)?.[0] ?? select.value));
  return select;
}

// Fill ``box`` with one labelled control per preference; ``send(changes)`` sends them.
// ``game``: the game's id, whose catalog context the texts are looked up in.
export function renderPreferences(box, catalogue, values, send, game = "") {
  const context = `${game}:option`;
  const words = (text) => (game && text ? tp(context, text) : text);
  box.replaceChildren(...catalogue.map((pref) => {
    const value = values?.[pref.name] ?? pref.default;
    const input = control(pref, value, (v) => send({ [pref.name]: v }), words);
    const label = h("label", { for: input.id, text: words(pref.title) });
    return h("div", { class: `pref pref-${pref.kind}`, dataset: { pref: pref.name } },
      pref.kind === "bool" ? h("span", { class: "pref-line" }, input, label) : h("span", { class: "pref-line" }, label, input),
      h("small", { class: "muted", text: words(pref.description) }));
  }));
}
