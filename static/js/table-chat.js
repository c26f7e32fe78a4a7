// The table's chat: each message as it comes, at the bottom, and the form that sends one on the
// socket (a seated person's page only).

import { send } from "./table-connection.js";
import { el } from "./table-page.js";

export function addChat(message) {
  const item = document.createElement("li");
  const who = document.createElement("strong");
  who.textContent = message.from;
  item.append(who, `: ${message.text}`);
  const list = el("chat");
  list.append(item);
  list.scrollTop = list.scrollHeight;
}

export function setUpChat() {
  const chat = el("chat-form");
  if (chat) {
    chat.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = el("chat-text");
      const text = input.value.trim();
      if (text && send({ type: "chat", text })) input.value = "";
    });
  }
}
