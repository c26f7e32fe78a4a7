// What this page asks of the server during the game, on the socket: an action (a click on the
// board's [data-action]), taking back the last move (the Undo button, Ctrl+Z) and a hint from the
// good bot (hint.js). A refusal shows under the prompt.

import { setUpHints } from "./hint.js";
import { send } from "./table-connection.js";
import { client, el, gameModule, mySeat } from "./table-page.js";
import { hideRefusal, showRefusal } from "./table-requests.js";

export function act(action) {
  const id = client.nextId++;
  client.pending.set(id, action);
  hideRefusal();
  if (!send({ type: "action", id, action })) showRefusal("Not connected; try again in a moment.");
}

// Take back your last move, while the view says you may (`view.undo`: docs/protocol.md).
export function undo() {
  if (!client.view || !client.view.undo || !client.live) return;
  const id = client.nextId++;
  client.pending.set(id, { type: "undo" });
  hideRefusal();
  if (!send({ type: "undo", id })) showRefusal("Not connected; try again in a moment.");
}

// Ctrl+Z (Cmd+Z) takes back, unless the keys are for a field being typed in (the chat).
function undoKey(event) {
  if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
  const target = event.target;
  if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
  if (!client.view || !client.view.undo) return;
  event.preventDefault();
  undo();
}

// Hints from the good bot: the Hint button beside the prompt, the key H (hint.js).
export const hints = setUpHints({
  client,
  send,
  seat: () => mySeat,
  game: gameModule,
  board: el("board"),
  button: el("hint"),
  note: el("hint-note"),
  said: el("hint-said"),
});

// A click on the board's action acts, while connected; the Undo button and its keys take back.
export function setUpActions() {
  el("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled || !client.live) return;
    act(JSON.parse(target.dataset.action));
  });

  el("undo").addEventListener("click", undo);
  document.addEventListener("keydown", undoKey);
}
