// An optional sound and vibration when it becomes your turn: off by default, switched
// by the bell in the page's header and remembered in this browser (localStorage). The
// sound is two short tones made by WebAudio, so no sound file is needed.
import { t } from "/static/i18n.js";

const KEY = "tabletop.turn-alert";
const SVGNS = "http://www.w3.org/2000/svg";
const BELL = "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z";

function remembered() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    localStorage.setItem(KEY, on ? "1" : "0");
  } catch {
    /* private mode: on for this page only */
  }
}

function bellIcon() {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVGNS, "path");
  path.setAttribute("d", BELL);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

// Two short rising tones; a browser without WebAudio stays silent.
function chime(audio) {
  const now = audio.currentTime;
  for (const [at, pitch] of [[0, 660], [0.16, 990]]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, now + at);
    volume.gain.exponentialRampToValueAtTime(0.25, now + at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.14);
    tone.connect(volume);
    volume.connect(audio.destination);
    tone.start(now + at);
    tone.stop(now + at + 0.15);
  }
}

// The bell (a button for the header) and ``turn(mine)``, told every new state:
// it sounds when the decision passes to this seat, never for the first state of a
// connection (a reload is no news); ``reset()`` starts a new connection.
export function turnAlert() {
  let on = remembered();
  let audio = null;
  let wasMine = null;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "turn-alert";
  button.className = "bell";
  button.append(bellIcon());
  const show = () => {
    const words = on ? t("Sound and vibration on your turn: on") : t("Sound and vibration on your turn: off");
    button.setAttribute("aria-pressed", String(on));
    button.setAttribute("aria-label", words);
    button.title = words;
  };
  const signal = () => {
    try {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (Context) {
        audio = audio || new Context();
        audio.resume?.();
        chime(audio);
      }
    } catch {
      /* no sound here */
    }
    navigator.vibrate?.([120, 60, 120]);
  };
  button.addEventListener("click", () => {
    on = !on;
    remember(on);
    show();
    if (on) signal(); // a sample, and the tap lets the page play sound from now on
  });
  show();
  return {
    button,
    turn(mine) {
      if (on && mine && wasMine === false) signal();
      wasMine = mine;
    },
    reset() {
      wasMine = null;
    },
  };
}
