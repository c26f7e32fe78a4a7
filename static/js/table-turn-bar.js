// The bar at the top of the table: whose turn, what to do now (the prompt, without saying again
// what the bar says before it), the Undo button, and your clock.

import { client, el, mySeat } from "./table-page.js";

function whoseTurn(view, yourTurn) {
  if (view.result) return "The game is over";
  if (yourTurn) return "Your turn";
  const names = view.active.map((seat) => view.players[seat].name);
  if (!names.length) return "";
  const waiting = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return mySeat === null ? `${waiting} to play` : `Waiting for ${waiting}`;
}

// What to do now, without saying again what the bar says before it ("Your turn: 2 actions
// left" -> "2 actions left"; "Waiting for ..." is said already).
export function promptWords(prompt, yourTurn) {
  let words = (prompt || "").trim();
  if (yourTurn) words = words.replace(/^your turn\s*[:.,!-]?\s*/i, "");
  else if (/^waiting\b/i.test(words)) words = "";
  return words ? words[0].toUpperCase() + words.slice(1) : "";
}

export function renderTurnBar(view, yourTurn) {
  const bar = el("turn-bar");
  bar.classList.toggle("yours", yourTurn);
  bar.classList.toggle("over", Boolean(view.result));
  el("turn-who").textContent = whoseTurn(view, yourTurn);
  el("prompt").textContent = view.result ? "See the result below." : promptWords(view.prompt, yourTurn);
  el("turn-tools").hidden = Boolean(view.result);
  el("undo").hidden = !(view.undo && client.live && !view.result);
  const clock = el("my-clock");
  const timed = mySeat !== null && view.clocks && view.clocks.seats[mySeat] && !view.result;
  clock.hidden = !timed;
  if (timed) clock.dataset.seat = mySeat;
}
