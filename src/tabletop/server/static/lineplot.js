// The evaluation of a finished game's main line: each seat's chance of winning at its
// own decisions, as the bots' search judged the move it played, drawn as a small plot
// whose turning points show at a glance. The decisions are judged one after another
// (GET /api/tables/{id}/analysis/{step}?quick=true, a part of a hint each; the server
// answers a moment judged before from memory), with a progress bar and a stop button;
// over the address's hint allowance it waits and goes on.

import { api, h } from "/static/common.js";
import { lang, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 600;
const HEIGHT = 150;
const PAD = 8;
const LEFT = 40; // room for the percentages
// Okabe and Ito's palette, told apart with every kind of colour blindness.
const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const RETRY_MS = 4000; // over the allowance: wait this long, then ask again

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

// A small plot of lines, as an <svg>: ``series`` [{ points: [[x, y]], colour, title(x, y) }]
// over x from ``xMin`` to ``xMax`` and y from ``yMin`` to ``yMax``, with a grid line at
// each of ``ticks`` ([y, text]; ``dashed``: the y of the one drawn dashed), a vertical
// line at ``marker`` (if any) and ``label`` for a screen reader. The game analysis's
// chances (below) and a player's ratings (static/player.js) are drawn by it.
export function plotLines({ series, xMin = 0, xMax, yMin = 0, yMax = 1, ticks = [], dashed = null, marker = null, label }) {
  const x = (v) => LEFT + (WIDTH - LEFT - PAD) * (xMax > xMin ? (v - xMin) / (xMax - xMin) : 0);
  const y = (v) => PAD + (HEIGHT - 2 * PAD) * (yMax > yMin ? 1 - (v - yMin) / (yMax - yMin) : 0.5);
  const grid = ticks.flatMap(([value, text]) => [
    svg("line", { x1: LEFT, x2: WIDTH - PAD, y1: y(value), y2: y(value), class: value === dashed ? "plot-half" : "plot-grid" }),
    svg("text", { x: LEFT - 6, y: y(value) + 4, class: "plot-axis", "text-anchor": "end" }, text),
  ]);
  const lines = series.map((one, index) => {
    if (!one.points.length) return null;
    const path = one.points.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(" ");
    return svg("g", { "data-series": index },
      svg("polyline", { points: path, fill: "none", stroke: one.colour, "stroke-width": 2 }),
      ...one.points.map(([a, b]) => svg("circle", { cx: x(a), cy: y(b), r: 2.5, fill: one.colour },
        svg("title", {}, one.title(a, b)))));
  }).filter(Boolean);
  const mark = marker === null ? [] : [svg("line", { x1: x(marker), x2: x(marker), y1: 0, y2: HEIGHT, class: "plot-marker" })];
  return svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "line-plot", role: "img", "aria-label": label },
    ...grid, ...lines, ...mark);
}

export { COLOURS as PLOT_COLOURS };

// ``lent``: { tableId, players, seatName(seat), goTo(step) }. Returns { mark(step) }.
export function startLinePlot(lent) {
  let total = 0;
  let points = []; // per seat: [step, chance]
  let running = false;
  let stopped = false;
  let marked = 0;

  function drawPlot() {
    const series = points.map((seatPoints, seat) => ({
      points: seatPoints,
      colour: COLOURS[seat % COLOURS.length],
      title: (s, c) => t("step {step} · {player}: wins {percent}%", { step: s, player: lent.seatName(seat), percent: Math.round(c * 100) }),
    }));
    const chart = plotLines({ series, xMax: total, ticks: [0, 0.5, 1].map((c) => [c, `${c * 100}%`]), dashed: 0.5,
      marker: marked, label: t("each seat's chance of winning, move by move") });
    chart.addEventListener("click", (event) => {
      const box = chart.getBoundingClientRect();
      const share = (event.clientX - box.left) / box.width;
      const step = Math.round(((share * WIDTH - LEFT) / (WIDTH - LEFT - PAD)) * total);
      lent.goTo(Math.min(total, Math.max(0, step)));
    });
    const legend = h("ul", { class: "plot-legend" }, ...points.map((_, seat) => h("li", {},
      h("span", { class: "swatch", style: `background:${COLOURS[seat % COLOURS.length]}` }), lent.seatName(seat))));
    $("replay-plot").replaceChildren(chart, legend);
  }

  async function judge(step) {
    for (;;) {
      try {
        return await api(`/api/tables/${lent.tableId}/analysis/${step}?quick=true&lang=${encodeURIComponent(lang())}`);
      } catch (error) {
        if (error.status !== 429 || stopped) throw error;
        $("replay-eval-status").textContent = t("waiting for the hint allowance…");
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  async function evaluate() {
    if (running) return;
    running = true;
    stopped = false;
    points = Array.from({ length: lent.players }, () => []);
    $("replay-evaluate").hidden = true;
    $("replay-eval-stop").hidden = false;
    const bar = $("replay-eval-progress");
    bar.hidden = false;
    try {
      const first = await judge(0);
      total = first.total;
      bar.max = total;
      for (let step = 0; step < total && !stopped; step++) {
        const data = step === 0 ? first : await judge(step);
        bar.value = step + 1;
        $("replay-eval-status").textContent = t("move {step} of {total} judged", { step: step + 1, total });
        if (data.forced || !data.played) continue;
        const hint = data.hints.find((one) => one.action === data.played.action);
        if (hint?.win_probability === null || hint === undefined) continue;
        points[data.seat].push([step, hint.win_probability]);
        drawPlot();
      }
      $("replay-eval-status").textContent = stopped ? t("stopped: the plot shows the moves judged") : t("every move judged");
    } catch (error) {
      $("replay-eval-status").textContent = error.message;
      stopped = "failed";
    } finally {
      running = false;
      bar.hidden = true;
      $("replay-evaluate").hidden = false;
      $("replay-eval-stop").hidden = true;
      $("replay").dataset.evaluated = stopped === "failed" ? "failed" : stopped ? "stopped" : "1";
    }
  }

  $("replay-evaluate").onclick = evaluate;
  $("replay-eval-stop").onclick = () => { stopped = true; };
  return {
    mark(step) {
      marked = step;
      if (points.length) drawPlot();
    },
  };
}
