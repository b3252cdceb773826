// Turns a person can follow: after each change of the game, what changed on the board
// moves for a moment (CSS animations of style.css, no library), so that a bot's move
// is seen, not guessed from a board that jumped. A game module marks its elements:
//
//   data-count="hearts-2" data-value="7"   a number: it bumps, and "+2" or "−3" floats up
//   data-roll="die-3" data-value="1|heart" a die: it rolls when its value changes
//   data-enter="card-17"                   a card: it slides in when it was not there before
//
// The table page measures the board before drawing the new one and animates the new
// one against it. A reader who asks their system for less motion
// (``prefers-reduced-motion``) gets none.

const GONE = 1600; // ms: a floating "+2" is removed after its animation

export function motionWanted() {
  return !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

// What ``root`` shows now, by the keys its elements carry.
export function measure(root) {
  const counts = new Map();
  const rolls = new Map();
  const enters = new Set();
  for (const el of root.querySelectorAll("[data-count]")) counts.set(el.dataset.count, Number(el.dataset.value));
  for (const el of root.querySelectorAll("[data-roll]")) rolls.set(el.dataset.roll, el.dataset.value);
  for (const el of root.querySelectorAll("[data-enter]")) enters.add(el.dataset.enter);
  return { counts, rolls, enters, empty: !counts.size && !rolls.size && !enters.size };
}

// "+2", "−3" (a minus sign, not a hyphen).
function signed(n) {
  return n > 0 ? `+${n}` : `\u2212${-n}`;
}

function play(el, cls) {
  el.classList.remove(cls);
  el.classList.add(cls);
  el.addEventListener("animationend", () => el.classList.remove(cls), { once: true });
}

// Animate what changed in ``root`` since ``before`` (a ``measure``); nothing the first
// time (``before`` empty) or when the reader wants no motion. Returns how many
// elements move.
export function animate(root, before) {
  if (!before || before.empty || !motionWanted()) return 0;
  let moved = 0;
  for (const el of root.querySelectorAll("[data-count]")) {
    const old = before.counts.get(el.dataset.count);
    const now = Number(el.dataset.value);
    if (old === undefined || Number.isNaN(old) || Number.isNaN(now) || old === now) continue;
    el.classList.add("tt-counted");
    play(el, now > old ? "tt-up" : "tt-down");
    const delta = document.createElement("span");
    delta.className = `tt-delta ${now > old ? "up" : "down"}`;
    delta.setAttribute("aria-hidden", "true");
    delta.textContent = signed(now - old);
    el.append(delta);
    setTimeout(() => delta.remove(), GONE);
    moved += 1;
  }
  for (const el of root.querySelectorAll("[data-roll]")) {
    if (before.rolls.get(el.dataset.roll) === el.dataset.value) continue;
    play(el, "tt-roll");
    moved += 1;
  }
  for (const el of root.querySelectorAll("[data-enter]")) {
    if (before.enters.has(el.dataset.enter)) continue;
    play(el, "tt-enter");
    moved += 1;
  }
  return moved;
}
