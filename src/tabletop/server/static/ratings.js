// The lobby's leaderboard (GET /api/leaderboard/GAME): per game, the accounts with at
// least 5 rated games by rating (μ − 3σ), and the bots at their fixed published
// ratings among them, so that a person sees where they stand against "normal". Names
// link to the players' pages (/player/NAME) and are set as text, never as markup.
import { api, botWord, h } from "/static/common.js";
import { lang, number, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

// A rating as people read it: one decimal, in the reader's way of writing numbers.
export function ratingText(value) {
  return new Intl.NumberFormat(lang(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

export function playerLink(name) {
  return h("a", { class: "player-link", href: `/player/${encodeURIComponent(name)}`, text: name });
}

function row(rank, entry, game) {
  if (entry.bot) {
    const title = game.bot_levels?.find((b) => b.name === entry.bot)?.title;
    return h("tr", { class: "bot-row", dataset: { bot: entry.bot } },
      h("td", {}),
      h("td", {}, h("span", { class: "badge", text: t("bot") }), " ", botWord({ game: game.id }, entry.bot, title)),
      h("td", { class: "num", text: ratingText(entry.ordinal) }),
      h("td", { class: "num muted", text: "—" }),
      h("td", { class: "num muted", text: "—" }));
  }
  return h("tr", { dataset: { player: entry.name } },
    h("td", { class: "num", text: number(rank) }),
    h("td", {}, playerLink(entry.name)),
    h("td", { class: "num", title: t("μ {mu} · σ {sigma}", { mu: ratingText(entry.mu), sigma: ratingText(entry.sigma) }), text: ratingText(entry.ordinal) }),
    h("td", { class: "num", text: number(entry.games) }),
    h("td", { class: "num", text: number(entry.wins) }));
}

async function drawBoard(game) {
  let board;
  try {
    board = await api(`/api/leaderboard/${encodeURIComponent(game.id)}`);
  } catch (error) {
    $("leaderboard-error").textContent = error.message;
    return;
  }
  $("leaderboard-error").textContent = "";
  const entries = [...board.players, ...board.bots]
    .sort((a, b) => b.ordinal - a.ordinal);
  let rank = 0;
  const body = h("tbody", {}, ...entries.map((entry) => row(entry.bot ? rank : ++rank, entry, game)));
  $("leaderboard").replaceChildren(
    h("thead", {}, h("tr", {},
      h("th", { class: "num", scope: "col", text: "#" }),
      h("th", { scope: "col", text: t("Player") }),
      h("th", { class: "num", scope: "col", text: t("Rating") }),
      h("th", { class: "num", scope: "col", text: t("Games") }),
      h("th", { class: "num", scope: "col", text: t("Won") }))),
    body);
  $("no-ranked").hidden = board.players.length > 0;
  $("leaderboard-box").dataset.game = game.id;
}

// ``games``: the lobby's catalogue (GET /api/games). Draws the board of the first game,
// and the header's link to it.
export async function startRatings(games) {
  const box = $("leaderboard-box");
  if (!box || !games.length) return;
  document.querySelector(".top .title")?.after(h("a", { id: "ratings-link", class: "ratings-link", href: "#leaderboard-box", text: t("Ratings") }));
  const picker = h("select", { id: "leaderboard-game", "aria-label": t("Game") },
    ...games.map((g) => h("option", { value: g.id, text: g.title })));
  picker.addEventListener("change", () => drawBoard(games.find((g) => g.id === picker.value)));
  box.querySelector(".leaderboard-pick").replaceChildren(picker);
  await drawBoard(games[0]);
}
