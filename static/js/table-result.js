// The end of the game: the result banner at the top, once the board has shown the last moves,
// with "Play again", the replay's link, the good bot's review and the score chart.

import { resultParts } from "./result.js";
import { ReviewBox } from "./review.js";
import { fetchChart, scoreChart } from "./score-chart.js";
import { keepSeat } from "./seats.js";
import { client, code, el, gameModule, mySeat, table } from "./table-page.js";
import { post, showRefusal } from "./table-requests.js";

let chart = null; // the finished game's chart, once fetched (app/play/progress.py)
let chartAsked = false;
let resultDrawn = null; // what the banner was drawn from, as JSON
let review = null; // the finished game's review by the good bot (review.js), once asked for
// The banner waits for the board to show the last moves (a board that plays them back, such
// as a map whose pieces move, says when it is done with `settled()`): it must not name the
// winner before.
let boardSettled = null; // the wait, then true

export function renderResult() {
  const view = client.view;
  const box = el("result");
  if (!view.result) {
    box.hidden = true;
    return;
  }
  if (boardSettled === null) {
    boardSettled = Promise.resolve(gameModule.settled?.()).then(() => {
      boardSettled = true;
      renderResult();
    });
  }
  if (boardSettled !== true) return;
  if (!chartAsked) {
    chartAsked = true;
    fetchChart(code).then((answer) => {
      chart = answer;
      renderResult();
    });
  }
  // Drawn again only when what it shows changes: a lobby message (someone asking to play
  // again) must not replace the "Play again" button under a pointer pressing it.
  const key = JSON.stringify([
    view.result, view.players.map((p) => p.name), chart, client.lobby?.next, client.lobby?.series, mySeat,
  ]);
  if (resultDrawn === key && !box.hidden) return;
  resultDrawn = key;
  const wasHidden = box.hidden;
  const series = { series: client.lobby?.series, game: table.dataset.gameName };
  const parts = resultParts(view.result, view.players, chart, series);
  const { heading, reason, scores } = parts;
  const actions = document.createElement("div");
  actions.className = "result-actions";
  if (mySeat !== null) {
    const again = document.createElement("button");
    again.type = "button";
    again.id = "play-again";
    again.textContent = client.lobby && client.lobby.next ? "Join the next game" : "Play again";
    again.addEventListener("click", playAgain);
    actions.append(again);
  }
  const replay = document.createElement("a");
  replay.href = `/l/${code}/replay`;
  replay.id = "watch-replay";
  replay.textContent = "Watch the replay";
  actions.append(replay);
  if (!review) {
    review = new ReviewBox(code, { mySeat });
    review.start();
  }
  review.setSeat(mySeat);
  box.replaceChildren(heading, reason, parts.series || "", scores, actions, review.element, scoreChart(chart) || "");
  box.hidden = false;
  if (wasHidden) box.scrollIntoView({ block: "nearest" });
}

async function playAgain() {
  const answer = await post(`/api/lobbies/${code}/again`, {});
  if (answer.ok) {
    keepSeat(answer.body.code, answer.body.player);
    location.assign(answer.body.url);
  } else if (answer.body.error === "name_taken" && client.lobby.next) {
    location.assign(`/l/${client.lobby.next}`);
  } else {
    showRefusal(answer.body.message);
  }
}
