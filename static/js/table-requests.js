// The table page's calls to the lobby API (request, post), and where what goes wrong shows: an
// error box of its own, or the refusal area under the prompt (the server's refusals, and notices).

import { el } from "./table-page.js";

export async function request(method, url, body, token) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (token) init.headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, init);
  return { ok: response.ok, status: response.status, body: await response.json() };
}

export const post = (url, body) => request("POST", url, body);

export function showError(box, text) {
  box.textContent = text || "Something went wrong.";
  box.hidden = false;
}

// The refusal area under the prompt shows the server's refusals, and its notices in milder ink.
export function showRefusal(text) {
  el("refused").classList.replace("notice", "error");
  showError(el("refused"), text);
}

export function showNotice(text) {
  el("refused").classList.replace("error", "notice");
  showError(el("refused"), text);
}

export function hideRefusal() {
  el("refused").hidden = true;
}
