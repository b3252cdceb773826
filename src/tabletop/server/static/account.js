// The person's account in the lobby (optional: guests play as before): sign in or create
// one, the account's tables from any device, sign out here or everywhere, a new password,
// deleting the account, and the one-time link an operator hands over (#reset=TOKEN).
// The session is an HttpOnly cookie: this page never sees it.
import { api, h, linkSeats, savedSeat, savedSeats } from "/static/common.js";
import { t } from "/static/i18n.js";
import { timeLeft } from "/static/turns.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 10_000;
let user = null;
let ageText = (seconds) => String(seconds);

// ``lent``: { ageText(seconds) -> "5 minutes ago" }, from the lobby.
export async function startAccount(lent) {
  ageText = lent.ageText;
  const resetOf = () => new URLSearchParams(location.hash.slice(1)).get("reset");
  window.addEventListener("hashchange", () => { // the link pasted into this open tab
    if (resetOf()) drawReset(resetOf());
  });
  try {
    user = (await api("/api/account")).user;
  } catch {
    return; // the server cannot say (its database is away): the lobby works without it
  }
  if (resetOf()) return drawReset(resetOf());
  draw();
  if (user) {
    await linkSeats(savedSeats()); // seats taken here as a guest, or before signing in
    await refreshMine();
    setInterval(refreshMine, REFRESH_MS);
  }
}

// The person's tables beside the new table's form (first on a phone: style.css); the
// guest's sign-in box last, under everything a guest came for.
function place(section) {
  const main = document.querySelector("main.lobby-main");
  if (user) {
    section.classList.add("signed-in");
    $("new-table").after(section);
    if (!$("name").value) $("name").value = user.name;
  } else {
    main.append(section);
  }
}

function field(id, label, type, autocomplete) {
  return h("div", { class: "seat-row" },
    h("label", { for: id, text: label }),
    h("input", { id, type, autocomplete, maxlength: type === "password" ? 256 : 24, required: true }));
}

async function act(path, body, done) {
  $("account-error").textContent = "";
  try {
    await api(path, { method: "POST", body });
    await done();
  } catch (error) {
    $("account-error").textContent = error.message;
  }
}

// The header's way to the account box: "Sign in" for a guest, the name once signed in.
function headerLink() {
  $("account-link")?.remove();
  const link = h("a", { id: "account-link", class: "account-link", href: "#account",
    text: user ? user.name : t("Sign in"),
    onclick: (event) => { event.preventDefault(); $("account")?.scrollIntoView({ behavior: "smooth" }); $(user ? "my-tables" : "account-name")?.focus?.(); } });
  $("lang-slot").before(link);
}

function draw() {
  $("account")?.remove();
  headerLink();
  const section = h("section", { class: "panel", id: "account", "aria-labelledby": "account-title" });
  if (!user) {
    const form = h("form", { id: "account-form" },
      field("account-name", t("User name"), "text", "username"),
      field("account-password", t("Password"), "password", "current-password"),
      h("div", { class: "account-actions" },
        h("button", { type: "submit", class: "primary", id: "sign-in", text: t("Sign in") }),
        h("button", { type: "button", id: "sign-up", text: t("Create an account") })));
    const credentials = () => ({ name: $("account-name").value, password: $("account-password").value });
    const signedIn = async () => {
      user = (await api("/api/account")).user;
      await linkSeats(savedSeats()); // this browser's guest seats become the account's
      location.reload();
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      act("/api/account/signin", credentials(), signedIn);
    });
    section.append(
      h("h2", { id: "account-title", text: t("Account") }),
      h("p", { class: "small muted", text: t("Optional: an account keeps your name and finds your tables on any device. Guests play as before.") }),
      form,
      h("p", { id: "account-error", class: "error", role: "alert" }));
    place(section);
    $("sign-up").addEventListener("click", () => {
      if (!form.reportValidity()) return;
      act("/api/account/signup", credentials(), signedIn);
    });
    return;
  }
  const reload = async () => location.reload();
  const change = h("form", { id: "password-form", class: "account-form" },
    field("old-password", t("Current password"), "password", "current-password"),
    field("new-password", t("New password"), "password", "new-password"),
    h("button", { type: "submit", text: t("Change the password") }));
  change.addEventListener("submit", (event) => {
    event.preventDefault();
    act("/api/account/password", { old: $("old-password").value, new: $("new-password").value }, async () => {
      change.reset();
      $("account-error").textContent = t("The password is changed; your other devices are signed out.");
    });
  });
  const removal = h("form", { id: "delete-form", class: "account-form" },
    field("delete-password", t("Password"), "password", "current-password"),
    h("button", { type: "submit", class: "danger", text: t("Delete the account") }));
  removal.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!confirm(t("Delete the account {name}? Its games stay, under “deleted player”.", { name: user.name }))) return;
    act("/api/account/delete", { password: $("delete-password").value }, reload);
  });
  section.append(
    h("h2", { id: "account-title", text: t("My tables") }),
    h("div", { id: "my-tables", class: "tables-list" }),
    h("p", { id: "no-my-tables", class: "muted", hidden: true, text: t("No tables yet: the seats you take while signed in are listed here, on every device.") }),
    h("p", { class: "small account-line" },
      h("span", { id: "signed-in-as", text: t("Signed in as {name}", { name: user.name }) }), " · ",
      h("button", { type: "button", class: "link", id: "sign-out", text: t("Sign out"), onclick: () => act("/api/account/signout", {}, reload) }), " · ",
      h("button", { type: "button", class: "link", id: "sign-out-everywhere", text: t("Sign out everywhere"), onclick: () => act("/api/account/signout-everywhere", {}, reload) })),
    h("details", { class: "account-settings" }, h("summary", { text: t("Account settings") }), change, removal),
    h("p", { id: "account-error", class: "error", role: "alert" }));
  place(section);
}

// A table of the account's, as the list shows it: where it stands for this person.
function standing(table) {
  if (table.status === "over") return t("over");
  if (table.status === "waiting") return t("waiting for players");
  if (table.your_turn === true) return t("your turn");
  if (table.your_turn === false) return t("waiting for the others");
  return t("playing");
}

async function refreshMine() {
  let tables;
  try {
    tables = (await api("/api/account/tables")).tables;
  } catch {
    return; // signed out elsewhere, or the server is busy: the list stays
  }
  const now = Date.now() / 1000;
  $("my-tables").replaceChildren(...tables.map((table) => {
    const held = savedSeat(table.id)?.seat === table.seat;
    const href = held || table.status === "over" ? `/table/${table.id}` : `/table/${table.id}#take=${table.seat}`;
    const when = table.last_move_at ?? table.created_at;
    const verb = table.status === "over" ? t("Replay") : t("Open");
    return h("div", { class: `table-row${table.your_turn ? " mine" : ""}`, dataset: { tableId: table.id } },
      h("div", {}, h("strong", { text: table.title }), " ",
        h("span", { class: "muted small", text: standing(table) }),
        h("span", { class: "muted small age", text: ` · ${ageText(Math.max(0, Math.round(now - when)))}` }),
        // A turn-based table: the time the person to move has left.
        table.status === "playing" && table.turn_due_at != null
          ? h("span", { class: "small due", text: ` · ${t("{time} left to move", { time: timeLeft(table.turn_due_at - now) })}` })
          : null),
      h("a", { href, text: verb, "aria-label": `${verb}: ${table.title}, ${table.players.join(", ")}` }),
      h("div", { class: "who", text: table.players.join(" · ") }));
  }));
  $("no-my-tables").hidden = tables.length > 0;
}

function drawReset(token) {
  $("account")?.remove();
  const section = h("section", { class: "panel", id: "account" });
  const form = h("form", { id: "reset-form" },
    field("reset-password", t("New password"), "password", "new-password"),
    h("button", { type: "submit", class: "primary", text: t("Set the password") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act("/api/account/reset", { token, password: $("reset-password").value }, async () => {
      history.replaceState(null, "", location.pathname);
      user = null;
      draw();
      $("account-error").textContent = t("Your password is set: sign in with it.");
    });
  });
  section.append(h("h2", { text: t("Choose a new password") }), form, h("p", { id: "account-error", class: "error", role: "alert" }));
  document.querySelector("main.lobby-main").prepend(section);
}
