// A player's public page (/player/NAME): the account's rating in each game with its
// history as a small plot (static/lineplot.js), the games played and won, and the last
// finished games with their replays (GET /api/players/NAME). Every name comes from
// people, so it is set as text, never as markup.
import { api, h } from "/static/common.js";
import { lang, languageSwitch, loadLanguage, number, t, tn } from "/static/i18n.js";
import { PLOT_COLOURS, plotLines } from "/static/lineplot.js";
import { playerLink, ratingText } from "/static/ratings.js";

const $ = (id) => document.getElementById(id);

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" });
}

// The ratings after each rated game of one game, as a line (one point a game).
function historyPlot(entry) {
  const values = entry.history.map((point) => point.ordinal);
  if (values.length < 2) return null;
  const low = Math.floor(Math.min(...values));
  const high = Math.ceil(Math.max(...values));
  const middle = Math.round((low + high) / 2);
  const ticks = [...new Set([low, middle, high])].map((value) => [value, number(value)]);
  const first = Math.max(0, entry.games - values.length); // the rated games before the plot's
  return plotLines({
    series: [{
      points: entry.history.map((point, index) => [index + 1 + first, point.ordinal]),
      colour: PLOT_COLOURS[0],
      title: (game, value) => t("after game {n} ({date}): {rating}", { n: game, date: when(entry.history[game - 1 - first].at), rating: ratingText(value) }),
    }],
    xMin: first + 1,
    xMax: first + values.length,
    yMin: low - 0.5, // room for the lowest and highest labels
    yMax: high + 0.5,
    ticks,
    label: t("{game}: the rating after each rated game", { game: entry.title }),
  });
}

function drawRatings(page) {
  const played = Object.fromEntries(page.played.map((p) => [p.game, p.games]));
  $("rating-list").replaceChildren(...page.ratings.map((entry) => h("article", { class: "rating-card", dataset: { game: entry.game } },
    h("div", { class: "rating-head" },
      h("h3", { text: entry.title }),
      h("span", { class: "rating-value", title: t("μ {mu} · σ {sigma}", { mu: ratingText(entry.mu), sigma: ratingText(entry.sigma) }), text: ratingText(entry.ordinal) })),
    h("p", { class: "small muted", text: [
      tn("{n} rated game", "{n} rated games", entry.games),
      tn("{n} won", "{n} won", entry.wins),
      t("μ {mu} · σ {sigma}", { mu: ratingText(entry.mu), sigma: ratingText(entry.sigma) }),
    ].join(" · ") }),
    played[entry.game] > entry.games ? h("p", { class: "small muted", text: tn("{n} game played in all", "{n} games played in all", played[entry.game]) }) : null,
    historyPlot(entry))));
  const unrated = page.played.filter((p) => !page.ratings.some((r) => r.game === p.game));
  $("rating-list").append(...unrated.map((p) => h("article", { class: "rating-card", dataset: { game: p.game } },
    h("div", { class: "rating-head" }, h("h3", { text: p.title }), h("span", { class: "muted small", text: t("not rated") })),
    h("p", { class: "small muted", text: tn("{n} game played in all", "{n} games played in all", p.games) }))));
  $("no-ratings").hidden = page.ratings.length > 0;
}

function playerNames(game) {
  const names = game.players.map((p) => (p.player ? playerLink(p.player) : h("span", { text: p.name })));
  return h("div", { class: "who" }, ...names.flatMap((name, i) => (i ? [" · ", name] : [name])));
}

function drawGames(page) {
  $("last-games").replaceChildren(...page.last_games.map((game) => h("div", { class: "table-row", dataset: { tableId: game.id } },
    h("div", {}, h("strong", { text: game.title }), " ",
      h("span", { class: `badge ${game.won ? "live" : ""}`, text: game.won ? t("won") : t("lost") }), " ",
      game.rated ? h("span", { class: "badge", text: t("rated") }) : null,
      h("span", { class: "muted small age", text: ` · ${when(game.at)}` })),
    h("a", { href: game.url, text: t("Replay"), "aria-label": t("Replay: {game}, {seats}", { game: game.title, seats: game.players.map((p) => p.name).join(", ") }) }),
    playerNames(game))));
  $("no-games").hidden = page.last_games.length > 0;
}

async function main() {
  await loadLanguage();
  $("lang-slot").replaceChildren(languageSwitch());
  const name = decodeURIComponent(location.pathname.split("/").pop() || "");
  try {
    const page = await api(`/api/players/${encodeURIComponent(name)}`);
    $("player-name").textContent = page.name;
    $("title").textContent = page.name;
    document.title = t("Tabletop · {name}", { name: page.name });
    $("player-since").textContent = t("playing since {date}", { date: when(page.since) });
    drawRatings(page);
    drawGames(page);
    $("player-ratings").hidden = false;
    $("player-games").hidden = false;
  } catch (error) {
    $("player-name").textContent = name;
    $("player-error").textContent = error.message;
  }
  document.body.dataset.ready = "1";
}

main();
