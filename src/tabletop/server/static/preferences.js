// A seat's preferences: the questions the server answers for this player, also while
// the tab sleeps (docs/server.md, "Preferences"). The form is built from the game's
// description of them (the "welcome" message); each change is sent at once, and the
// server's "preferences" message is the truth the form shows.
import { h } from "/static/common.js";

function control(pref, value, change) {
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
    ...pref.values.map(([v, label]) => h("option", { value: String(v), text: label })));
  select.value = String(value);
  select.addEventListener("change", () => change(pref.values.find(([v]) => String(v) === select.value)?.[0] ?? select.value));
  return select;
}

// Fill ``box`` with one labelled control per preference; ``send(changes)`` sends them.
export function renderPreferences(box, catalogue, values, send) {
  box.replaceChildren(...catalogue.map((pref) => {
    const value = values?.[pref.name] ?? pref.default;
    const input = control(pref, value, (v) => send({ [pref.name]: v }));
    const label = h("label", { for: input.id, text: pref.title });
    return h("div", { class: `pref pref-${pref.kind}`, dataset: { pref: pref.name } },
      pref.kind === "bool" ? h("span", { class: "pref-line" }, input, label) : h("span", { class: "pref-line" }, label, input),
      h("small", { class: "muted", text: pref.description }));
  }));
}
