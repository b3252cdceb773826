// What just happened, by the prompt: on a phone the log is below the board, so the
// last events stand in a strip under the prompt ("Kraken smashes Cyber Kitty with 3
// claws.", "Cyber Kitty loses 3 hearts."), the newest last, each sliding in as it
// comes. Wider screens show the log beside the board and hide the strip (style.css).
import { h } from "/static/common.js";
import { t } from "/static/i18n.js";
import { motionWanted } from "/static/motion.js";

const SHOWN = 2;

// ``list``: the strip's <ol>. ``show(events, names)`` adds the events of a new state
// (``names(text)`` writes seats by their names); ``clear()`` starts again (a new
// connection sends the whole log, which is no news).
export function recentEvents(list) {
  let news = false;
  return {
    clear() {
      list.replaceChildren();
      news = false;
    },
    show(events, names) {
      for (const event of events.slice(-SHOWN)) {
        const item = h("li", { class: event.visible_to ? "private" : null, dataset: { seq: event.seq } },
          event.visible_to ? h("span", { class: "private-tag", text: t("only you:") + " " }) : null,
          names(event.text));
        if (news && motionWanted()) item.classList.add("tt-enter");
        list.append(item);
      }
      while (list.children.length > SHOWN) list.firstElementChild.remove();
      list.hidden = !list.children.length;
      news = true;
    },
  };
}
