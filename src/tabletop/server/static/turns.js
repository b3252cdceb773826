// Turn-based tables on the table page (docs/server.md, "Turn-based tables"): the time
// the person to move has left, and who ran out of time. A table's summary holds its
// terms (``move_time_s``: none at a real-time table, ``on_timeout``) and the clock
// (``turn_due_at``, the server's time in seconds; none while a bot is to move), so
// every line here is drawn from the summary alone and reads the same after a reload.
import { seatName } from "/static/common.js";
import { t } from "/static/i18n.js";

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
