// The analysis board of a finished game: step through it (the buttons, the slider, the
// arrow keys, Home and End) in the spectator's view, analyse any moment (the server
// ranks the moves of its decision by the bots' search), try other moves from there as
// branches (a person plays every seat, or the bots answer for the others), evaluate the
// whole game as a plot of win chances, and share a moment as a link. The table page
// starts it at the game's end and lends its drawing (startReplay).
//
// A moment is a step of the game as played and a line of other moves from it (empty on
// the main line): GET /api/tables/{id}/replay/{step}?line=12.5.40 draws it, and
// .../analysis/{step}?line=... ranks its moves. Branches live in this browser
// (localStorage), and the page's address names the moment on screen (#at=STEP&line=...).

import { api, h } from "/static/common.js";
import { lang, t } from "/static/i18n.js";
import { startLinePlot } from "/static/lineplot.js";

const $ = (id) => document.getElementById(id);

// A step's answer holds the events of that moment's last move alone: a step forward on
// the main line adds them to the list, any other move shows those of where it lands.
// One request at a time, at most five a second (the server's default budget for
// replays); the latest click wins.
const REPLAY_LOG_LINES = 12;
const REPLAY_SPACING_MS = 200;
const BOT_SPACING_MS = 600; // between two moves the bots play in a branch, to follow them
const BOT_RETRY_MS = 4000; // a bot's move over the address's hint allowance: asked again then
let replayStarted = false;
let total = 0;
let shown = null; // the moment on screen: { step, line }
let target = null; // the moment asked for last
let busy = false;
let shownData = null; // its answer (view, legal moves, ...)
let page = null; // what the table page lends (startReplay)
let lines = []; // the branches: { step, line: [ids], labels: [text] }
let plot = null;
let botsSeat = null; // the seat a person plays while the bots answer for the others

// Whose view the board shows: "-1" the seat to decide (its hand: the game is over),
// "" a spectator's, or a seat's number.
const seenParam = () => ($("replay-seen").value === "" ? "" : `&seat=${$("replay-seen").value}`);
const same = (a, b) => a && b && a.step === b.step && a.line.join(".") === b.line.join(".");
const lineParam = (line) => (line.length ? `&line=${line.join(".")}` : "");
// Whether ``branch`` passes through ``moment`` (its line starts with the moment's).
const passesThrough = (branch, moment) =>
  branch.step === moment.step && branch.line.length >= moment.line.length && moment.line.every((a, i) => branch.line[i] === a);
const storeKey = () => `tabletop.lines.${page.tableId}`;

function saveLines() {
  try {
    localStorage.setItem(storeKey(), JSON.stringify(lines));
  } catch {
    // a private window: the branches last as long as the page
  }
}

function loadLines() {
  try {
    const saved = JSON.parse(localStorage.getItem(storeKey()) || "[]");
    return Array.isArray(saved) ? saved.filter((b) => Number.isInteger(b.step) && Array.isArray(b.line)) : [];
  } catch {
    return [];
  }
}

async function goTo(step, line = []) {
  target = { step, line: [...line] }; // its own copy: a branch's line grows in place
  if (busy) return;
  busy = true;
  try {
    while (!same(target, shown)) {
      const wanted = target;
      const started = performance.now();
      try {
        const url = `/api/tables/${page.tableId}/replay/${wanted.step}?lang=${encodeURIComponent(lang())}${lineParam(wanted.line)}${seenParam()}`;
        draw(await api(url), wanted);
      } catch (error) {
        $("replay-label").textContent = error.message;
        if (same(target, wanted)) target = shown || { step: 0, line: [] };
        $("replay-step").value = target.step;
        if (!shown) break;
      }
      const wait = REPLAY_SPACING_MS - (performance.now() - started);
      if (!same(target, shown) && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    busy = false;
  }
  maybeBotMove();
}

function draw(data, moment) {
  total = data.total;
  const onMain = !moment.line.length;
  const stepForward = onMain && shown && !shown.line.length && moment.step === shown.step + 1;
  $("replay-step").max = data.total;
  $("replay-step").value = data.step;
  const last = data.last ? { player: page.seatName(data.last.seat), action: page.withNames(data.last.label) } : null;
  if (!onMain && page.study) {
    $("replay-label").textContent = t("move {move} from the position · {player}: {action}", { move: moment.line.length, ...last });
  } else if (!onMain) {
    $("replay-label").textContent = t("branch from step {step}, move {move} · {player}: {action}", { step: data.step, move: moment.line.length, ...last });
  } else if (last) {
    $("replay-label").textContent = t("step {step} of {total} · {player}: {action}", { step: data.step, total: data.total, ...last });
  } else if (page.study) {
    $("replay-label").textContent = t("the position");
  } else {
    $("replay-label").textContent = t("step {step} of {total} · the deal", { step: data.step, total: data.total });
  }
  $("replay-board").replaceChildren(page.render(data.view, data.seat));
  const list = $("replay-log");
  if (!stepForward) list.replaceChildren();
  for (const event of data.log) page.appendLog(list, event);
  while (list.children.length > REPLAY_LOG_LINES) list.firstElementChild.remove();
  shown = moment;
  shownData = data;
  $("replay").dataset.step = data.step;
  $("replay").dataset.line = moment.line.join(".");
  $("replay").dataset.seat = data.seat ?? "";
  $("replay-analyse").disabled = data.over;
  $("replay-analysis").replaceChildren(); // it was another moment's
  if (!onMain) learnLabel(moment, data.last?.label);
  drawMoves(data);
  drawLines();
  plot?.mark(data.step);
  // The moment as a position file (TOML), to play from in the lobby or the terminal.
  $("replay-position").href = `/api/tables/${page.tableId}/position/${data.step}?${lineParam(moment.line).slice(1)}`;
  $("replay-position").hidden = data.over;
  const hash = `#at=${data.step}${lineParam(moment.line)}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

// -- trying other moves ------------------------------------------------------------

// The moves legal on screen, any seat's (everything is public once the game is over):
// a person plays them all (hot-seat), or one seat while the bots answer.
function drawMoves(data) {
  const select = $("replay-moves");
  const over = !data.legal.length;
  select.replaceChildren(...data.legal.map((move) => h("option", { value: move.id, text: page.actionText(move, data.view) })));
  $("replay-try").hidden = over;
  $("replay-mover").textContent = over ? "" : t("{player} to move:", { player: page.seatName(data.current_player) });
}

function play(actionId, byBot = false) {
  if (!shown) return;
  if (!byBot) botsSeat = $("replay-bots").checked ? shownData.current_player : null;
  const line = [...shown.line, actionId];
  const step = shown.step;
  if (!lines.some((b) => passesThrough(b, { step, line }))) {
    const grown = lines.find((b) => b.step === step && b.line.length === shown.line.length && same(b, shown));
    if (grown) grown.line.push(actionId);
    else lines.push({ step, line: [...line], labels: [] });
    saveLines();
  }
  goTo(step, line);
}

function learnLabel(moment, label) {
  for (const branch of lines) {
    const k = moment.line.length - 1;
    if (passesThrough(branch, moment)) {
      if (!branch.labels) branch.labels = [];
      if (branch.labels[k] !== label) {
        branch.labels[k] = label;
        saveLines();
      }
    }
  }
}

// The bots answer for every seat but the one the person played last, with the move
// the search advises (a quick judgement), until that seat is to move or the game ends.
let botTimer = null;
function maybeBotMove() {
  clearTimeout(botTimer);
  if (botsSeat === null || !shown || !shown.line.length || !shownData || shownData.over) return;
  if (shownData.current_player === botsSeat || !same(target, shown)) return;
  const moment = shown;
  botTimer = setTimeout(async () => {
    try {
      const data = await api(`/api/tables/${page.tableId}/analysis/${moment.step}?quick=true&lang=${encodeURIComponent(lang())}${lineParam(moment.line)}`);
      if (same(shown, moment) && botsSeat !== null) play(data.hints[0].action, true);
    } catch (error) {
      if (!same(shown, moment)) return;
      $("replay-analysis").replaceChildren(h("p", { class: "error", text: error.message }));
      if (error.status === 429) botTimer = setTimeout(maybeBotMove, BOT_RETRY_MS); // over the allowance: wait, go on
    }
  }, BOT_SPACING_MS);
}

// The branches of each step as a tree: a node per move, its continuations in ``next``
// (in the order they were first played), its label from any branch that knows it.
function branchTrees() {
  const trees = new Map(); // step -> root node
  for (const branch of lines) {
    if (!trees.has(branch.step)) trees.set(branch.step, { next: new Map() });
    let node = trees.get(branch.step);
    branch.line.forEach((action, k) => {
      if (!node.next.has(action)) node.next.set(action, { next: new Map(), label: null });
      node = node.next.get(action);
      node.label ||= branch.labels?.[k] || null;
    });
  }
  return [...trees].sort(([a], [b]) => a - b);
}

// The main line and the branches as Lichess shows variations: each branch's moves run on
// while they have one continuation; where moves part, each way is a nested list. Every
// move is a link to its moment; ✕ forgets a way and everything played after it.
function drawLines() {
  const box = $("replay-lines");
  const onMain = shown && !shown.line.length;
  const rows = [h("li", { class: onMain ? "current" : "" },
    h("button", { type: "button", class: "link", text: page.study ? t("The position") : t("Main line"), onclick: () => goTo(shown ? shown.step : 0) }))];
  for (const [step, root] of branchTrees()) {
    for (const [action, node] of root.next) {
      rows.push(h("li", { dataset: { branch: step } },
        h("span", { class: "muted", text: (page.study ? t("from the position:") : t("from step {step}:", { step })) + " " }),
        ...variation(step, [], action, node)));
    }
  }
  box.replaceChildren(...rows);
  $("replay-lines-box").hidden = !lines.length;
}

// The moves from ``action`` (played after ``prefix`` at ``step``) up to the next fork, and
// the fork's ways nested under it.
function variation(step, prefix, action, node) {
  const move = (moment, at) => h("button", {
    type: "button",
    class: `link move${same(moment, shown) ? " current" : ""}`,
    text: at.label ? page.withNames(at.label) : `#${moment.line.at(-1)}`,
    onclick: () => goTo(moment.step, moment.line),
  });
  const first = { step, line: [...prefix, action] };
  const parts = [move(first, node)];
  let line = first.line;
  let at = node;
  while (at.next.size === 1) {
    const [[next, child]] = at.next;
    line = [...line, next];
    at = child;
    parts.push(" · ", move({ step, line }, at));
  }
  parts.push(h("button", { type: "button", class: "link remove", "aria-label": t("forget this branch"), text: "✕", onclick: () => forget(first) }));
  if (at.next.size > 1) {
    parts.push(h("ul", { class: "variations" },
      ...[...at.next].map(([next, child]) => h("li", { dataset: { variation: "" } }, ...variation(step, line, next, child)))));
  }
  return parts;
}

// Forget the way through ``moment``: the branches that pass through it lose it and what
// follows; what they share before it stays while another branch still plays it.
function forget(moment) {
  lines = lines.filter((branch) => !passesThrough(branch, moment));
  saveLines();
  if (shown && shown.line.length && passesThrough(shown, moment)) goTo(moment.step, moment.line.slice(0, -1));
  else drawLines();
}

async function share() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    $("replay-shared").textContent = t("Link copied.");
  } catch {
    $("replay-shared").textContent = link; // no clipboard here: the link, to copy by hand
  }
}

// -- the analysis of one moment -----------------------------------------------------

// "Analyse this moment": the moves of the decision on screen, ranked by the bots'
// search from the deciding seat's view (the server's hint engine), the one played
// marked; each can be tried as a branch.
async function analyse() {
  const moment = shown;
  const list = $("replay-analysis");
  list.replaceChildren(h("p", { class: "muted", text: t("thinking…") }));
  $("replay-analyse").disabled = true;
  try {
    const data = await api(`/api/tables/${page.tableId}/analysis/${moment.step}?lang=${encodeURIComponent(lang())}${lineParam(moment.line)}`);
    if (!same(shown, moment)) return; // the viewer moved on meanwhile
    const who = page.seatName(data.seat);
    list.replaceChildren(
      h("p", { class: "analysis-title", text: data.forced
        ? t("{player} has one move only here: nothing to judge", { player: who })
        : t("{player} to decide: the moves, advised first", { player: who }) }),
      h("ol", { class: "hints" }, ...data.hints.map((hint) => h("li", { dataset: { action: hint.action, played: data.played?.action === hint.action ? "1" : "" } },
        h("span", { class: "analysis-move", text: page.actionText({ id: hint.action, label: hint.label, ...hint.data }, shownData.view) }),
        data.played?.action === hint.action ? h("span", { class: "played-tag", text: " " + t("(played)") }) : null,
        hint.win_probability === null ? null : h("span", { class: "muted", text: " · " + t("wins {percent}% ({low}–{high}%)", {
          percent: Math.round(hint.win_probability * 100),
          low: Math.round(hint.interval[0] * 100),
          high: Math.round(hint.interval[1] * 100),
        }) }),
        " ",
        h("button", { type: "button", class: "link try", text: t("try it"),
          // the move played is the main line's next step, not a branch
          onclick: () => (data.played?.action === hint.action ? goTo(moment.step + 1) : play(hint.action)) }),
        hint.reason ? h("span", { class: "hint-reason", text: hint.reason }) : null))),
    );
  } catch (error) {
    if (same(shown, moment)) list.replaceChildren(h("p", { class: "error", text: error.message }));
  } finally {
    $("replay-analyse").disabled = !!shownData?.over;
  }
}

// -- keys, and the start ----------------------------------------------------------------

// The arrow keys step (along the branch on screen, or the main line), Home and End go
// to the main line's ends, unless a field has the focus.
function keys(event) {
  if ($("replay").hidden || event.altKey || event.ctrlKey || event.metaKey || !target) return;
  const el = event.target;
  if (el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName))) return;
  const moves = { ArrowLeft: back, ArrowRight: forward, Home: () => goTo(0), End: () => goTo(total) };
  if (!(event.key in moves)) return;
  event.preventDefault();
  moves[event.key]();
}

function back() {
  botsSeat = null;
  if (target.line.length) goTo(target.step, target.line.slice(0, -1));
  else goTo(Math.max(0, target.step - 1));
}

// Forward along the main line, and past its end (a study's step 0) into a branch.
function forward() {
  botsSeat = null;
  if (!target.line.length && target.step < total) return goTo(target.step + 1);
  const branch = lines.find((b) => b.line.length > target.line.length && passesThrough(b, target));
  if (branch) goTo(target.step, branch.line.slice(0, target.line.length + 1));
}

// The moment a link names: #at=STEP&line=12.5.40.
function linked() {
  const params = new URLSearchParams(location.hash.slice(1));
  const step = Number(params.get("at"));
  if (!params.has("at") || !Number.isInteger(step) || step < 0) return null;
  const text = params.get("line") || "";
  const line = text ? text.split(".").map(Number) : [];
  return line.every((a) => Number.isInteger(a) && a >= 0) ? { step, line } : null;
}

// ``lent``: { tableId, study, players, render(view) -> node, appendLog(list, event),
// actionText(action, view) -> words, withNames(text) -> text, seatName(seat) -> name },
// from the table page.
export function startReplay(lent) {
  if (replayStarted) return;
  replayStarted = true;
  page = lent;
  lines = loadLines();
  $("replay").hidden = false;
  if (page.study) { // no game was played: no main line to step through nor to evaluate
    for (const id of ["replay-step", "replay-start", "replay-end", "replay-evaluate"]) $(id).hidden = true;
    $("replay").dataset.study = "1";
    $("replay").querySelector("h3").textContent = t("Analysis board");
  }
  $("replay-start").onclick = () => goTo(0);
  $("replay-prev").onclick = back;
  $("replay-next").onclick = forward;
  $("replay-end").onclick = () => goTo(total);
  $("replay-step").oninput = () => { botsSeat = null; goTo(Number($("replay-step").value)); };
  $("replay-analyse").onclick = analyse;
  $("replay-seen").replaceChildren(
    h("option", { value: "-1", text: t("the seat to decide") }),
    h("option", { value: "", text: t("a spectator") }),
    ...Array.from({ length: page.players }, (_, seat) => h("option", { value: String(seat), text: page.seatName(seat) })));
  $("replay-seen").onchange = () => {
    const moment = shown || target;
    shown = null; // drawn again, seen from elsewhere
    goTo(moment.step, moment.line);
  };
  $("replay-play").onclick = () => play(Number($("replay-moves").value));
  $("replay-share").onclick = share;
  $("replay-bots").onchange = () => { botsSeat = $("replay-bots").checked && shown?.line.length ? botsSeat : null; };
  document.addEventListener("keydown", keys);
  plot = startLinePlot({ tableId: page.tableId, players: page.players, seatName: page.seatName, goTo: (step) => goTo(step) });
  const start = linked();
  if (start && start.line.length && !lines.some((b) => passesThrough(b, start))) {
    lines.push({ step: start.step, line: [...start.line], labels: [] }); // a branch someone shared
    saveLines();
  }
  if (start) goTo(start.step, start.line);
  else goTo(0);
}
