// A table's terms (docs/server.md, "Turn-based tables" and "Ratings"): rated or not
// and the time per move, in the lobby's list and on the table page; there too the time
// the person to move has left, and who ran out of time. A table's summary holds its
// terms (``move_time_s``: none at a real-time table, ``on_timeout``) and the clock
// (``turn_due_at``, the server's time in seconds; none while a bot is to move), so
// every line here is drawn from the summary alone and reads the same after a reload.
import { h, seatName } from "/static/common.js";
import { t, tn } from "/static/i18n.js";

// "2 d 5 h", "11 h 59 min", "40 min": what is left, to the minute (a clock that moves
// every second would draw the eye for days).
export function timeLeft(seconds) {
  if (!(seconds > 0)) return t("no time");
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return t("{days} d {hours} h", { days, hours });
  if (hours) return t("{hours} h {minutes} min", { hours, minutes });
  if (minutes) return t("{minutes} min", { minutes });
  return t("under a minute");
}

// A time per move as the lobby's form offers it ("1 day", "12 h"): whole days or hours.
export function perMove(seconds) {
  if (seconds % 86400 === 0) return tn("{n} day", "{n} days", seconds / 86400);
  if (seconds % 3600 === 0) return tn("{n} hour", "{n} hours", seconds / 3600);
  return timeLeft(seconds);
}

// A table's terms as badges of the lobby's list: rated, and the time per move of a
// turn-based table (so that a person sees before joining what the table asks).
export function termsBadges(summary) {
  return [
    summary.rated ? h("span", { class: "badge", title: t("the result counts for the players' ratings: sign in to take a seat"), text: t("rated") }) : null,
    summary.move_time_s ? h("span", { class: "badge", title: t("turn-based: the table waits for each person this long a move"), text: t("{time} a move", { time: perMove(summary.move_time_s) }) }) : null,
  ];
}

// The same terms as sentences of the table page's notice.
export function termsNotices(summary) {
  return [
    summary.rated ? t("A rated game: its result moves the players' ratings; a seat here is taken by signing in.") : null,
    summary.move_time_s ? t("Turn-based: each person has {time} a move; close the page and come back.", { time: perMove(summary.move_time_s) }) : null,
  ];
}

// The clock's line for the reader at ``seat`` (null: a spectator), or null where no
// clock runs (a real-time table, a bot to move, the game over).
export function clockText(summary, seat, now = Date.now() / 1000) {
  if (!summary?.move_time_s || summary.status !== "playing" || summary.turn_due_at == null) return null;
  const who = summary.current_player;
  const time = timeLeft(summary.turn_due_at - now);
  if (who === seat) return t("Your move: {time} left", { time });
  return t("{player}: {time} left", { player: seatName(summary, who), time });
}

// The seats the heuristic bot plays because their people ran out of time (at a
// turn-based table nothing else hands a seat to a bot), each said once.
export function timeoutNotices(summary) {
  if (!summary?.move_time_s || summary.status !== "playing") return [];
  return summary.seats
    .filter((s) => s.kind === "human" && s.replaced)
    .map((s) => t("{player} ran out of time: the heuristic bot plays for them until they open the table again.", { player: seatName(summary, s.seat) }));
}

// The end of a table whose person to move ran out of time (its result's ``timeout``).
export function timeoutEnding(summary, result) {
  return t("{player} ran out of time: the table ended.", { player: seatName(summary, result.timeout) });
}

// What the server's "timeout" message says, for the log.
export function timeoutEvent(summary, msg) {
  const player = seatName(summary, msg.seat);
  return msg.then === "end"
    ? t("{player} ran out of time: the table ended.", { player })
    : t("{player} ran out of time: the heuristic bot plays for them until they open the table again.", { player });
}
