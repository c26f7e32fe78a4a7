// The clocks: the seconds left on each (on the server's time), ticking in place on the players bar
// and in the bar at the top, and the lines of the clock's timeouts below the log.

import { clockText, clockWords } from "./clock-text.js";
import { client, el, table } from "./table-page.js";

// Seconds left on a clock now: `left` as of `since` (server time) while it runs.
export function secondsLeft(clock) {
  if (!clock.running || clock.since === null) return Math.max(0, clock.left);
  const now = Date.now() / 1000 + client.offset;
  return Math.max(0, clock.left - (now - clock.since));
}

// Only the clocks' own text changes each second: nothing else is drawn again. Their labels are
// read when a screen reader reaches them; no live region announces every second.
export function tickClocks() {
  const view = client.view;
  if (!view || !view.clocks) return;
  for (const clock of table.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(clock.dataset.seat);
    const state = view.clocks.seats[seat];
    if (!state) continue;
    const whole = Math.ceil(secondsLeft(state));  // "0:00" only once it has run out
    const perMove = Boolean(view.clocks.per_move);  // a turn-based table's: "1 day 3 h left"
    const text = clockText(whole, perMove);
    if (clock.textContent !== text) {
      clock.textContent = text;
      const name = clock.id === "my-clock" ? "Your clock" : view.players[seat].name;
      clock.setAttribute("aria-label", clockWords(name, whole, perMove));
    }
    clock.classList.toggle("running", state.running);
    clock.classList.toggle("low", whole < (perMove ? 3600 : 10));
    clock.classList.toggle("out", whole <= 0);
  }
}

export function renderTimeouts(lines) {
  el("timeouts-box").hidden = lines.length === 0;
  el("timeouts").replaceChildren(
    ...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }),
  );
}
