// King of Tokyo's monsters, chosen seat by seat in the lobby: a picker beside each seat
// (the nine monsters, or "Random") instead of the option's free text
// ("kraken,the_king"). The pickers fill that option: with every seat random the game
// deals the monsters from the edition's box (the option's default, "box"); a seat left
// random beside named ones gets a monster of the box that nobody named, drawn here.
import { h } from "/static/common.js";
import { lang, t } from "/static/i18n.js";

const GAME = "king-of-tokyo";
const OPTION = "monsters";
const RANDOM = "random";
const MONSTERS = {
  alienoid: "Alienoid",
  cyber_bunny: "Cyber Bunny",
  cyber_kitty: "Cyber Kitty",
  giga_zaur: "Giga Zaur",
  kraken: "Kraken",
  meka_dragon: "Meka Dragon",
  pandakai: "Pandakaï",
  space_penguin: "Space Penguin",
  the_king: "The King",
};
// The monsters each edition's box deals (games/king_of_tokyo/options.py).
const BOXES = {
  2011: ["alienoid", "cyber_bunny", "giga_zaur", "kraken", "meka_dragon", "the_king"],
  2016: ["alienoid", "cyber_kitty", "giga_zaur", "meka_dragon", "space_penguin", "the_king"],
};

let names = {}; // the monsters' names in the reader's language (the game's texts)

// Whether ``game`` chooses its monsters by pickers.
export function picksMonsters(game) {
  return game.id === GAME && game.options.some((o) => o.name === OPTION);
}

// The monsters' names in the reader's language, before the pickers are drawn.
export async function loadMonsterNames() {
  if (lang() === "en") return;
  try {
    const response = await fetch(`/api/i18n/${encodeURIComponent(lang())}/texts/${GAME}`);
    const texts = response.ok ? await response.json() : {};
    names = Object.fromEntries(Object.entries(texts.monsters || {}).map(([id, fields]) => [id, fields.name]));
  } catch {
    names = {};
  }
}

function monsterName(id) {
  return names[id] || MONSTERS[id];
}

// The picker of seat ``index`` (0-based); ``before``: the value it had.
export function monsterPicker(index, before = RANDOM) {
  const select = h("select", {
    id: `seat-${index}-monster`,
    class: "seat-monster",
    "aria-label": t("Seat {number}: monster", { number: index + 1 }),
  },
  h("option", { value: RANDOM, text: t("Random monster") }),
  ...Object.keys(MONSTERS).map((id) => h("option", { value: id, text: monsterName(id) })));
  select.value = before in MONSTERS ? before : RANDOM;
  select.addEventListener("change", keepUnique);
  return select;
}

// A monster named at one seat is not offered at the others.
export function keepUnique() {
  const pickers = [...document.querySelectorAll(".seat-monster")];
  const taken = new Set(pickers.map((p) => p.value).filter((v) => v !== RANDOM));
  for (const picker of pickers) {
    for (const option of picker.options) option.disabled = option.value !== RANDOM && option.value !== picker.value && taken.has(option.value);
  }
}

function shuffled(items) {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// The option's value from the pickers: "box" when every seat is random, else a
// monster for every seat in seat order ("kraken,the_king,alienoid").
export function monstersValue(edition) {
  const chosen = [...document.querySelectorAll(".seat-monster")].map((p) => p.value);
  if (chosen.every((v) => v === RANDOM)) return "box";
  const named = new Set(chosen.filter((v) => v !== RANDOM));
  const box = BOXES[edition] || BOXES[2011];
  const rest = [...shuffled(box), ...shuffled(Object.keys(MONSTERS).filter((id) => !box.includes(id)))];
  const free = rest.filter((id) => !named.has(id));
  return chosen.map((v) => (v === RANDOM ? free.shift() : v)).join(",");
}

// Stands in for the option's row among the options: read by the form like the others.
export function monstersReader(option) {
  const reader = h("span", { hidden: true, class: "option-input", dataset: { option: option.name, default: String(option.default) } });
  reader.readValue = () => monstersValue(document.getElementById("option-edition")?.value);
  return reader;
}
