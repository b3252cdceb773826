// The table page: one websocket to the server, the game's own renderer for the
// board, and the generic parts every game shares (seats, actions, hints, log,
// result, replay). A game module exports render(view, ctx) -> Element.
import { api, forgetSeat, h, saveSeat, savedSeat, seatName } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

let renderer = null;
let socket = null;
let seat = null;
let last = null; // the latest "state" message
let summary = null;
let retry = 0;
let pending = false;
const logItems = [];

// A link in the address bar (#seat=1&token=...) moves a seat to this browser.
function importTokenFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get("token")) {
    saveSeat(tableId, Number(params.get("seat")), params.get("token"));
    history.replaceState(null, "", location.pathname);
  }
}

async function loadRenderer(client) {
  if (client.css) $("game-css").href = client.css;
  try {
    renderer = await import(client.module);
  } catch (error) {
    console.warn("game module failed, using the generic one", error);
    renderer = await import("/static/games/generic.js");
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  $("connection").textContent = "connecting…";
  socket.addEventListener("open", () => {
    retry = 0;
    $("connection").textContent = "live";
    $("connection").className = "badge live";
    const mine = savedSeat(tableId);
    send({ type: "hello", token: mine?.token || null });
  });
  socket.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    $("connection").textContent = "reconnecting…";
    $("connection").className = "badge warn";
    if (event.code === 4404) {
      $("connection").textContent = "no such table";
      return;
    }
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  });
}

function showError(message) {
  $("errors").textContent = message;
}

function onMessage(msg) {
  if (msg.type === "welcome") {
    seat = msg.seat;
    pending = false; // a click lost with the old connection may be made again
    logItems.length = 0;
    $("log").replaceChildren();
  } else if (msg.type === "state") {
    // A re-broadcast of the same version (somebody joined) keeps a sent click pending.
    if (!last || msg.version !== last.version) {
      pending = false;
      showError("");
    }
    onState(msg);
  } else if (msg.type === "hint") {
    showHints(msg);
  } else if (msg.type === "error") {
    pending = false;
    if (msg.code === "bad_token") {
      // The stored seat is not valid here any more: watch instead.
      forgetSeat(tableId);
      send({ type: "hello" });
    }
    showError(msg.message);
    if (last) renderActions(last);
  }
}

function names() {
  return (summary?.seats || []).map((s) => s.name);
}

function context(msg, view) {
  return {
    seat: msg ? msg.seat : null,
    names: names(),
    legal: msg ? msg.legal : [],
    act,
    // Card clicks: one matching legal action is played, several are highlighted.
    pick(predicate) {
      const matches = (msg?.legal || []).filter(predicate);
      if (matches.length === 1) act(matches[0].id);
      else highlight(matches.map((a) => a.id));
      return matches.length;
    },
    view,
  };
}

function onState(msg) {
  last = msg;
  summary = msg.table;
  document.title = `Tabletop · ${summary.title}`;
  $("title").textContent = `${summary.title} · table ${summary.id}`;
  $("status").textContent = summary.status;
  document.body.dataset.status = summary.status;
  document.body.dataset.version = msg.version;
  document.body.dataset.seat = msg.seat ?? "";
  renderSeats();
  for (const event of msg.log) appendLog($("log"), event);
  $("board").replaceChildren(renderer.render(msg.view, context(msg, msg.view)));
  renderTurn(msg);
  renderActions(msg);
  renderResult(msg);
}

function renderTurn(msg) {
  const box = $("turn");
  if (summary.status === "over") box.textContent = "The game is over.";
  else if (summary.status === "waiting") box.textContent = "Waiting for every seat to be taken…";
  else if (msg.current_player === msg.seat && msg.legal.length) {
    box.textContent = `Your decision: ${msg.view.decision?.text ?? msg.view.decision?.reason ?? "choose an action"}`;
    box.className = "turn mine";
    return;
  } else box.textContent = `Waiting for ${seatName(summary, msg.current_player)}…`;
  box.className = "turn";
}

function act(id) {
  if (pending || !last) return;
  pending = true;
  for (const b of $("actions").querySelectorAll("button")) b.disabled = true;
  $("hints").replaceChildren();
  send({ type: "action", action: id, version: last.version });
}

let highlighted = { version: -1, ids: [] };

function highlight(ids) {
  highlighted = { version: last?.version ?? -1, ids };
  for (const b of $("actions").querySelectorAll("button.action")) {
    b.classList.toggle("highlight", ids.includes(Number(b.dataset.actionId)));
  }
}

function renderActions(msg) {
  const box = $("actions");
  box.dataset.version = msg.version;
  box.replaceChildren(
    ...msg.legal.map((a) =>
      h("button", {
        type: "button",
        // A re-render of the same version (somebody joined) keeps the highlight.
        class: highlighted.version === msg.version && highlighted.ids.includes(a.id) ? "action highlight" : "action",
        disabled: pending,
        dataset: { actionId: a.id },
        onclick: () => act(a.id),
      }, a.label),
    ),
  );
  const myTurn = msg.legal.length > 0;
  $("hint").hidden = !myTurn;
  $("hint").disabled = false;
  const mine = msg.seat !== null && summary.seats[msg.seat];
  $("leave").hidden = !(mine && summary.replace_bot && summary.status !== "over");
  $("leave").textContent = mine?.replaced ? "Take my seat back" : "Leave (a bot takes over)";
  if (!myTurn) $("hints").replaceChildren();
  $("controls").hidden = msg.seat === null || summary.status === "over";
}

function showHints(msg) {
  $("hint").disabled = false;
  if (!last || msg.version !== last.version) return;
  $("hints").replaceChildren(
    ...msg.hints.slice(0, 5).map((hint) =>
      h("li", {}, h("button", { type: "button", class: "link", onclick: () => act(hint.action) }, hint.label),
        ` · ${Math.round(hint.win_probability * 100)}% wins (${hint.visits} visits)`),
    ),
  );
}

function renderSeats() {
  const list = $("seats");
  const mine = savedSeat(tableId);
  list.replaceChildren(
    ...summary.seats.map((s) => {
      const turn = summary.status === "playing" && summary.current_player === s.seat;
      const who = s.kind === "bot" ? `bot (${s.bot})` : s.replaced ? `bot (${summary.replace_bot}) for now` : s.connected ? "online" : s.claimed ? "away" : "open seat";
      const item = h(
        "li",
        { class: `seat${turn ? " turn" : ""}${seat === s.seat ? " me" : ""}`, dataset: { seat: s.seat } },
        h("span", { class: "name", text: s.name }),
        seat === s.seat ? h("span", { class: "badge", text: "you" }) : null,
        h("span", { class: "muted small", text: ` ${who}` }),
      );
      if (s.kind === "human" && !s.claimed && seat === null && !mine) {
        const input = h("input", { placeholder: "your name", maxlength: 40, class: "claim-name" });
        const button = h("button", { type: "button", class: "claim", text: "Take this seat" });
        button.addEventListener("click", () => claim(s.seat, input.value));
        item.append(h("div", { class: "claim-box" }, input, button));
      }
      return item;
    }),
  );
  $("share").value = `${location.origin}/table/${tableId}`;
  if (mine?.token) {
    $("personal").replaceChildren(
      "Your seat's private link (to continue on another device): ",
      h("a", { href: `/table/${tableId}#seat=${mine.seat}&token=${mine.token}`, text: "open" }),
    );
  }
}

async function claim(seatNumber, name) {
  try {
    const result = await api(`/api/tables/${tableId}/seats/${seatNumber}/claim`, { method: "POST", body: { name: name || null } });
    saveSeat(tableId, result.seat, result.token);
    socket.close(); // reconnect as the seat's holder
  } catch (error) {
    showError(error.message);
  }
}

// The rules write "player 2"; the page writes that seat's name.
function withNames(text) {
  return text.replace(/\bplayer (\d+)\b/g, (words, seatNumber) => seatName(summary, Number(seatNumber)));
}

function appendLog(list, event) {
  const item = h("li", { class: `log-${event.kind}${event.visible_to ? " private" : ""}`, dataset: { seq: event.seq } }, withNames(event.text));
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

function renderResult(msg) {
  const box = $("result");
  const result = msg.result;
  document.body.dataset.over = result ? "1" : "";
  if (!result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const winners = result.winners.map((w) => seatName(summary, w));
  const headline = winners.length ? `${winners.join(" and ")} won.` : "Nobody won.";
  const youWon = msg.seat !== null && result.winners.includes(msg.seat);
  box.replaceChildren(
    h("h2", { text: youWon ? `You won! ${headline}` : headline }),
    h("table", { class: "scores" },
      h("tr", {}, h("th", { text: "Seat" }), h("th", { text: "Result" })),
      ...summary.seats.map((s, i) => h("tr", {}, h("td", { text: s.name }), h("td", { text: String(result.returns[i]) })))),
    h("p", {}, h("a", { href: `/api/tables/${tableId}/record`, download: `tabletop-${tableId}.record.json`, text: "Download the game record" }),
      " · replay it below, or with ", h("code", { text: "tabletop replay FILE" }), "."),
  );
  startReplay();
}

// -- replay viewer -----------------------------------------------------------
let replayStarted = false;
let replayTotal = 0;

async function showStep(step) {
  const data = await api(`/api/tables/${tableId}/replay/${step}`);
  replayTotal = data.total;
  $("replay-step").max = data.total;
  $("replay-step").value = data.step;
  const lastMove = data.last ? ` · ${seatName(summary, data.last.seat)}: ${data.last.label}` : " · the deal";
  $("replay-label").textContent = `step ${data.step} of ${data.total}${lastMove}`;
  $("replay-board").replaceChildren(renderer.render(data.view, context(null, data.view)));
  const list = $("replay-log");
  list.replaceChildren();
  for (const event of data.log.slice(-12)) appendLog(list, event);
  $("replay").dataset.step = data.step;
}

function startReplay() {
  if (replayStarted) return;
  replayStarted = true;
  $("replay").hidden = false;
  const current = () => Number($("replay-step").value);
  $("replay-start").onclick = () => showStep(0);
  $("replay-prev").onclick = () => showStep(Math.max(0, current() - 1));
  $("replay-next").onclick = () => showStep(Math.min(replayTotal, current() + 1));
  $("replay-end").onclick = () => showStep(replayTotal);
  $("replay-step").oninput = () => showStep(current());
  showStep(0);
}

async function main() {
  importTokenFromHash();
  $("copy").addEventListener("click", () => navigator.clipboard?.writeText($("share").value));
  $("hint").addEventListener("click", () => {
    $("hint").disabled = true;
    $("hints").replaceChildren(h("li", { class: "muted", text: "thinking…" }));
    send({ type: "hint" });
  });
  $("leave").addEventListener("click", () => {
    const mine = last && last.seat !== null ? summary.seats[last.seat] : null;
    // Saying hello again with the token takes the seat back from the bot.
    if (mine?.replaced) socket.close();
    else send({ type: "leave" });
  });
  try {
    const table = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    summary = table;
    await loadRenderer(table.client);
  } catch (error) {
    $("title").textContent = error.message;
    return;
  }
  connect();
}

main();
