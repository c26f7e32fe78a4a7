// The home page: each game's card opens a dialog to start a new game, with friends (a lobby to
// invite them to) or against bots (a lobby with the chosen number of bots, started at once);
// and "Your games", the tables this browser holds seats at, with whose turn it is, then the games
// it finished with their replays, the latest first, a page at a time ("Older games").

import { followPace } from "./pace.js";
import { forgetSeat, keepSeat, keptSeats } from "./seats.js";

const NAME_KEY = "tinkertable.name";
const YOUR_GAMES_MAX = 20; // the most seats POST /api/your-games answers for at once
const YOUR_GAMES_EVERY = 30_000; // ms between two looks while the page is in view

async function call(url, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  let answer = {};
  try {
    answer = await response.json();
  } catch {
    // an answer that is not JSON (a proxy's error page): the message below says so
  }
  return { ok: response.ok, body: answer };
}

// --- a new game ---

// Solo play through the public API: seat the chosen number of bots of the chosen level (the
// strongest the game offers unless changed), then start. If a step fails, the lobby page
// shows where things stand.
async function startAgainstBots(form, lobby) {
  const bots = Number(form.elements.namedItem("bots").value);
  const levelSelect = form.elements.namedItem("bot_level");
  const level = levelSelect ? levelSelect.value : "easy";
  const { code, player } = lobby;
  for (let i = 0; i < bots; i += 1) {
    const added = await call(`/api/lobbies/${code}/bots`, { level }, player.token);
    if (!added.ok) return;
  }
  await call(`/api/lobbies/${code}/start`, {}, player.token);
}

function setUpNewGame(card) {
  const dialog = card.querySelector("dialog");
  const form = dialog.querySelector("form.new-game");
  const nameInput = form.elements.namedItem("name");
  followPace(form);  // a turn-based game's options show once that pace is chosen
  card.querySelector(".open-new-game").addEventListener("click", () => {
    nameInput.value = nameInput.value || localStorage.getItem(NAME_KEY) || "";
    dialog.showModal();
    if (!nameInput.value) nameInput.focus();
  });
  form.querySelector(".close-dialog").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right
        && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    }
  });
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
      error.textContent = created.body.message || "Something went wrong; try again.";
      error.hidden = false;
      return;
    }
    keepSeat(created.body.code, created.body.player);
    if (againstBots) await startAgainstBots(form, created.body);
    location.assign(created.body.url);
  });
}

for (const card of document.querySelectorAll(".game-card")) setUpNewGame(card);

// --- your games ---

const ORDER = { yours: 0, playing: 1, open: 2, finished: 3 };
const rank = (game) => ORDER[game.your_turn ? "yours" : game.status] ?? 4;
const listed = (names) => names.join(", ").replace(/, ([^,]*)$/, " and $1");

function standing(game) {
  if (game.status === "open") return game.host ? "Waiting for you to start" : "Waiting for the host to start";
  const others = game.turn.filter((n) => n !== game.name);
  if (game.your_turn) return game.turn.length > 1 ? `Your turn (and ${listed(others)}'s)` : "Your turn";
  return game.turn.length ? `${listed(game.turn)}'s turn` : "Playing";
}

function yourGameItem(game) {
  const item = document.createElement("li");
  item.className = `your-game ${game.your_turn ? "your-turn" : game.status}`;
  item.dataset.code = game.code;
  const link = document.createElement("a");
  link.href = game.url;
  link.className = "your-game-link";
  const title = document.createElement("strong");
  title.textContent = game.game_name;
  const others = game.players.filter((_, seat) => seat !== game.seat);
  const who = document.createElement("span");
  who.className = "your-game-players";
  if (others.length) who.textContent = `with ${listed(others)}`;
  else who.textContent = game.status === "open" ? "nobody else yet" : "alone";
  const state = document.createElement("span");
  state.className = "your-game-state";
  state.textContent = standing(game);
  link.append(title, " ", who, state);
  item.append(link);
  return item;
}

const day = (iso) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" });

// A finished game on one line: the table (its result banner), who won and when, its replay.
function finishedItem(game) {
  const item = document.createElement("li");
  item.className = "your-finished-game";
  item.dataset.code = game.code;
  const link = document.createElement("a");
  link.href = game.url;
  link.className = "your-game-link";
  const title = document.createElement("strong");
  title.textContent = game.game_name;
  const others = game.players.filter((_, seat) => seat !== game.seat);
  const when = game.finished_at ? `, ${day(game.finished_at)}` : "";
  const won = game.winners && game.winners.length ? `${listed(game.winners)} won` : "nobody won";
  const state = document.createElement("span");
  state.className = "your-game-state";
  state.textContent = `${others.length ? `with ${listed(others)}: ` : ""}${won}${when}`;
  link.append(title, " ", state);
  const replay = document.createElement("a");
  replay.href = game.replay_url;
  replay.className = "your-game-replay";
  replay.textContent = "Replay";
  replay.setAttribute("aria-label", `Replay of ${game.game_name} ${state.textContent}`);
  item.append(link, replay);
  return item;
}

// The server lists this browser's seats by its player key (an HttpOnly cookie the page cannot
// see) and by the tokens kept here (seats.js): the live games on the first page, then the
// finished ones, FINISHED_PAGE a page. The pages shown so far are asked again on each look.
let pagesShown = 1;

async function yourGamesPage(page, seats) {
  const answer = await call("/api/your-games", {
    seats: seats.map(({ code, token }) => ({ code, token })),
    page,
  }).catch(() => null);
  return answer && answer.ok ? answer.body : null;
}

async function showYourGames() {
  const seats = keptSeats().slice(0, YOUR_GAMES_MAX);
  const section = document.getElementById("your-games");
  const pages = [];
  for (let page = 0; page < pagesShown; page += 1) {
    const found = await yourGamesPage(page, seats);
    if (!found) return; // the server is busy or away: keep what is shown
    pages.push(found);
    if (!found.older) break;
  }
  for (const code of pages[0].unknown) forgetSeat(code); // the seat or its lobby is gone
  const games = pages.flatMap((found) => found.games);
  const live = games.filter((game) => game.status !== "finished").sort((a, b) => rank(a) - rank(b));
  const finished = games.filter((game) => game.status === "finished"); // the latest first
  const liveList = document.getElementById("your-games-list");
  liveList.replaceChildren(...live.map(yourGameItem));
  liveList.hidden = live.length === 0;
  document.getElementById("your-finished-list").replaceChildren(...finished.map(finishedItem));
  // Folded under their summary, but open the first time when nothing is going on.
  const fold = document.getElementById("your-finished");
  if (fold.hidden && finished.length && !live.length) fold.open = true;
  fold.hidden = finished.length === 0;
  const older = document.getElementById("your-games-older");
  older.hidden = !pages[pages.length - 1].older;
  older.disabled = false;
  section.hidden = games.length === 0;
}

document.getElementById("your-games-older").addEventListener("click", (event) => {
  event.currentTarget.disabled = true;
  pagesShown += 1;
  showYourGames();
});

showYourGames();
setInterval(() => {
  if (!document.hidden) showYourGames();
}, YOUR_GAMES_EVERY);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) showYourGames();
});
