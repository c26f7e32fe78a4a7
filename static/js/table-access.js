// The keyboard and the ears at the table: where the focus goes after a render (table-focus.js),
// "Skip to the game", and the live regions that say the others' moves and "Your turn: ...".

import { TableFocus } from "./table-focus.js";
import { client, el, gameModule, mySeat } from "./table-page.js";
import { promptWords } from "./table-turn-bar.js";

export const deciding = (view) => mySeat !== null && view.active.includes(mySeat) && !view.result;
export const focus = new TableFocus({ board: el("board"), prompt: el("prompt"), firstChoice: gameModule.firstChoice });

// "Skip to the game": straight to the first choice, or the prompt; before the game, the lobby's
// first step.
el("skip-to-game")?.addEventListener("click", (event) => {
  const target = client.view && !el("game").hidden
    ? focus.target(client.view, deciding(client.view))
    : el("lobby").querySelector("input:not([readonly]), button:not([disabled])");
  if (!target) return;
  event.preventDefault();
  target.focus();
});

// Heard, not only seen: the others' moves as the log writes them (polite), and "Your turn: ..."
// with the prompt when the turn comes or what it asks changes (assertive).
let saidTurn = "";

export function sayAloud(view, yourTurn, lines, firstRender) {
  if (lines.length && !firstRender) el("moves-said").textContent = lines.join(" ");
  const turn = yourTurn && !view.result ? `Your turn: ${promptWords(view.prompt, true) || "choose"}` : "";
  if (turn !== saidTurn) {
    saidTurn = turn;
    el("turn-said").textContent = turn;
  }
}
