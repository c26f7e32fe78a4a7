// The home page: start a new game from a game's card, with friends (a lobby to invite them
// to) or against bots (a lobby with bots in the other seats, started at once).

import { keepSeat } from "./seats.js";

const NAME_KEY = "tinkertable.name";

async function call(url, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  return { ok: response.ok, body: await response.json() };
}

// Solo play through the public API: seat the game's minimum number of players less one as bots
// of the chosen level (the strongest the game offers unless changed; at least one bot), then
// start. If a step fails, the lobby page shows where things stand.
async function startAgainstBots(form, lobby) {
  const bots = Math.min(Math.max(Number(form.dataset.min) - 1, 1), Number(form.dataset.max) - 1);
  const levelSelect = form.elements.namedItem("bot_level");
  const level = levelSelect ? levelSelect.value : "easy";
  const { code, player } = lobby;
  for (let i = 0; i < bots; i += 1) {
    const added = await call(`/api/lobbies/${code}/bots`, { level }, player.token);
    if (!added.ok) return;
  }
  await call(`/api/lobbies/${code}/start`, {}, player.token);
}

for (const form of document.querySelectorAll("form.new-game")) {
  const nameInput = form.elements.namedItem("name");
  nameInput.value = localStorage.getItem(NAME_KEY) || "";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const againstBots = event.submitter && event.submitter.value === "bots";
    const buttons = form.querySelectorAll("button");
    const error = form.querySelector(".error");
    error.hidden = true;
    const options = {};
    for (const select of form.querySelectorAll("select[data-json-values]")) {
      options[select.name] = JSON.parse(select.value);
    }
    const name = nameInput.value.trim();
    localStorage.setItem(NAME_KEY, name);
    for (const button of buttons) button.disabled = true;
    const created = await call("/api/lobbies", { game: form.dataset.game, name, options });
    if (!created.ok) {
      for (const button of buttons) button.disabled = false;
      error.textContent = created.body.message || "Something went wrong.";
      error.hidden = false;
      return;
    }
    keepSeat(created.body.code, created.body.player);
    if (againstBots) await startAgainstBots(form, created.body);
    location.assign(created.body.url);
  });
}
