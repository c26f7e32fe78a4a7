// On a phone the chat sits far below the board: a button in the bar at the top (always in sight)
// jumps to it and counts the messages that came while it was out of sight. (The chat itself is
// table.js's.) Without the bar (a replay), it sits in the page's flow above the board.

import { node } from "./dom.js";

export function chatJump(board) {
  const chat = document.getElementById("chat");
  const box = chat && chat.closest(".chat-box");
  if (!box || !board || document.querySelector(".chat-jump")) return;
  const count = node("span", { class: "chat-unread", hidden: true, "aria-hidden": "true" }, "0");
  const button = node("button", { type: "button", class: "chat-jump", "aria-label": "Chat" }, "Chat", count);
  let unread = 0;
  const say = () => {
    count.textContent = String(unread);
    count.hidden = unread === 0;
    button.setAttribute("aria-label", unread ? `Chat, ${unread} unread` : "Chat");
  };
  // In sight now (measured when a message comes: an observer's news can come a frame late).
  const inSight = () => {
    const where = box.getBoundingClientRect();
    return where.top < window.innerHeight && where.bottom > 0 && box.checkVisibility();
  };
  // Once the chat is seen, what came is read.
  new IntersectionObserver(([entry]) => {
    if (!entry.isIntersecting) return;
    unread = 0;
    say();
  }).observe(box);
  // What a (re)connection sends again is not news: the server sends the recent chat before the
  // game's position, so the messages that come between the chat's emptying (or the page's
  // start) and the board's next drawing are not counted.
  let catchingUp = true;
  new MutationObserver(() => {
    catchingUp = false;
  }).observe(board, { childList: true, subtree: true });
  new MutationObserver((changes) => {
    if (changes.some((change) => change.removedNodes.length)) {
      catchingUp = true;
      unread = 0;
    } else if (!catchingUp && !inSight()) {
      unread += changes.reduce((n, change) => n + change.addedNodes.length, 0);
    }
    say();
  }).observe(chat, { childList: true });
  button.addEventListener("click", () => {
    box.scrollIntoView({ block: "end" });
    const input = document.getElementById("chat-text");
    if (input) input.focus({ preventScroll: true });
  });
  const bar = document.getElementById("turn-tools");
  if (bar) bar.prepend(button);
  else board.before(button);
}
