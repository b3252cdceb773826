// The replay of a finished game: step through it (the buttons, the slider, the arrow
// keys, Home and End) in the spectator's view, and analyse any moment: the server ranks
// the moves of its decision by the bots' search (GET /api/tables/{id}/analysis/{step}).
// The table page starts it at the game's end and lends its drawing (startReplay).

import { api, h } from "/static/common.js";
import { lang, t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);

// A step's answer holds the events of that step alone: a step forward adds them to the
// list, any other move shows those of the step it lands on. One request at a time, at
// most five a second (the server's default budget for replays); the latest click wins.
const REPLAY_LOG_LINES = 12;
const REPLAY_SPACING_MS = 200;
let replayStarted = false;
let replayTotal = 0;
let replayShown = -1; // the step on screen
let replayTarget = 0; // the step asked for last
let replayBusy = false;
let replayView = null; // the spectator's view of the step on screen
let page = null; // what the table page lends (startReplay)

async function showStep(step) {
  replayTarget = step;
  if (replayBusy) return;
  replayBusy = true;
  try {
    while (replayTarget !== replayShown) {
      const wanted = replayTarget;
      const started = performance.now();
      try {
        drawStep(await api(`/api/tables/${page.tableId}/replay/${wanted}?lang=${encodeURIComponent(lang())}`));
      } catch (error) {
        $("replay-label").textContent = error.message;
        if (replayTarget === wanted) replayTarget = Math.max(replayShown, 0);
        $("replay-step").value = replayTarget;
        if (replayShown < 0) break;
      }
      const wait = REPLAY_SPACING_MS - (performance.now() - started);
      if (replayTarget !== replayShown && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    replayBusy = false;
  }
}

function drawStep(data) {
  replayTotal = data.total;
  $("replay-step").max = data.total;
  $("replay-step").value = data.step;
  $("replay-label").textContent = data.last
    ? t("step {step} of {total} · {player}: {action}", { step: data.step, total: data.total, player: page.seatName(data.last.seat), action: page.withNames(data.last.label) })
    : t("step {step} of {total} · the deal", { step: data.step, total: data.total });
  $("replay-board").replaceChildren(page.render(data.view));
  const list = $("replay-log");
  if (data.step !== replayShown + 1) list.replaceChildren();
  for (const event of data.log) page.appendLog(list, event);
  while (list.children.length > REPLAY_LOG_LINES) list.firstElementChild.remove();
  replayShown = data.step;
  replayView = data.view;
  $("replay").dataset.step = data.step;
  $("replay-analyse").disabled = data.step >= data.total;
  $("replay-analysis").replaceChildren(); // it was another moment's
}

// "Analyse this moment": the moves of the decision on screen, ranked by the bots'
// search from the deciding seat's view (the server's hint engine), the one played marked.
async function analyseStep() {
  const step = replayShown;
  const list = $("replay-analysis");
  list.replaceChildren(h("p", { class: "muted", text: t("thinking…") }));
  $("replay-analyse").disabled = true;
  try {
    const data = await api(`/api/tables/${page.tableId}/analysis/${step}?lang=${encodeURIComponent(lang())}`);
    if (replayShown !== step) return; // the viewer moved on meanwhile
    const who = page.seatName(data.seat);
    list.replaceChildren(
      h("p", { class: "analysis-title", text: t("{player} to decide: the moves, advised first", { player: who }) }),
      h("ol", { class: "hints" }, ...data.hints.map((hint) => h("li", { dataset: { action: hint.action, played: data.played?.action === hint.action ? "1" : "" } },
        h("span", { class: "analysis-move", text: page.actionText({ id: hint.action, label: hint.label, ...hint.data }, replayView) }),
        data.played?.action === hint.action ? h("span", { class: "played-tag", text: " " + t("(played)") }) : null,
        h("span", { class: "muted", text: " · " + t("wins {percent}% ({low}–{high}%)", {
          percent: Math.round(hint.win_probability * 100),
          low: Math.round(hint.interval[0] * 100),
          high: Math.round(hint.interval[1] * 100),
        }) }),
        hint.reason ? h("span", { class: "hint-reason", text: hint.reason }) : null))),
    );
  } catch (error) {
    if (replayShown === step) list.replaceChildren(h("p", { class: "error", text: error.message }));
  } finally {
    $("replay-analyse").disabled = replayShown >= replayTotal;
  }
}

// The arrow keys step the replay (Home and End: its ends), unless a field has the focus.
function replayKeys(event) {
  if ($("replay").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
  const moves = {
    ArrowLeft: () => Math.max(0, replayTarget - 1),
    ArrowRight: () => Math.min(replayTotal, replayTarget + 1),
    Home: () => 0,
    End: () => replayTotal,
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  showStep(moves[event.key]());
}

// ``lent``: { tableId, render(view) -> node, appendLog(list, event), actionText(action,
// view) -> words, withNames(text) -> text, seatName(seat) -> name }, from the table page.
export function startReplay(lent) {
  if (replayStarted) return;
  replayStarted = true;
  page = lent;
  $("replay").hidden = false;
  $("replay-start").onclick = () => showStep(0);
  $("replay-prev").onclick = () => showStep(Math.max(0, replayTarget - 1));
  $("replay-next").onclick = () => showStep(Math.min(replayTotal, replayTarget + 1));
  $("replay-end").onclick = () => showStep(replayTotal);
  $("replay-step").oninput = () => showStep(Number($("replay-step").value));
  $("replay-analyse").onclick = analyseStep;
  document.addEventListener("keydown", replayKeys);
  showStep(0);
}
