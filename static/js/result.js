// The result of a finished game as the banner at the top of the table (and the replay's last
// step) shows it: who won, why in the rules' own terms, and every player's standing, in the
// columns the game decides on (the chart's `columns`: app/games/<game>/progress.py) once they
// are known, the result's scores until then; and the score of the series of "Play again" it
// belongs to.

import { node } from "./dom.js";

export function winnerWords(result, names) {
  const winners = result.winners.map((seat) => names[seat]);
  return winners.length ? `${winners.join(" and ")} won!` : "Nobody won.";
}

// The reason as a sentence: "won 7 categories to 5" (a game's words) gets its winner's name.
function reasonWords(result, names) {
  let reason = (result.reason || "").trim();
  if (/^won\b/.test(reason) && result.winners.length === 1) reason = `${names[result.winners[0]]} ${reason}`;
  if (!reason) return "";
  reason = reason[0].toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

// The score of a series of "Play again" (the lobby's `series`, app/lobby/series.py) with this
// game's result in it: a lobby read before the game's last action does not count it yet.
export function seriesScore(series, result, names) {
  if (!series || !result || series.played >= series.number) return series || null;
  const won = new Set(result.winners.map((seat) => names[seat]));
  return {
    ...series,
    played: series.played + 1,
    draws: series.draws + (won.size ? 0 : 1),
    score: series.score.map((entry) => ({ ...entry, wins: entry.wins + (won.has(entry.name) ? 1 : 0) })),
  };
}

// "Ann 3 - Bob 2 in Dice"; "Ann 2, Bob 1, Cy 0 in Cards" with more players (the game's name), and
// how many games nobody won, if any.
export function seriesWords(series, gameName) {
  const separator = series.score.length === 2 ? " - " : ", ";
  const score = series.score.map((entry) => `${entry.name} ${entry.wins}`).join(separator);
  const draws = series.draws ? ` (${series.draws} without a winner)` : "";
  return `${score} in ${gameName}${draws}`;
}

// The banner's parts. `series` ({series, game}: the lobby's series and the game's name) adds
// the series' score after this game, from the second game of "Play again" on.
export function resultParts(result, players, chart = null, series = null) {
  const names = players.map((player) => player.name);
  const heading = node("h2", { id: "result-heading" }, winnerWords(result, names));
  const counted = series && seriesScore(series.series, result, names);
  const seriesLine = counted
    ? node("p", { class: "result-series", id: "result-series" },
      `Series after ${counted.played} games: ${seriesWords(counted, series.game)}`)
    : null;
  const reason = node("p", { class: "result-reason" }, reasonWords(result, names));
  const columns = chart && chart.columns && chart.columns.length
    ? chart.columns
    : [{ label: "Score", values: names.map((_, seat) => result.scores[String(seat)]) }];
  // The chart's measure in words where its standings are states ("Standing", "Out").
  const said = (column, value) =>
    String((column.label === chart?.measure && chart.levels?.[value]) || (value ?? ""));
  // In a box of its own that scrolls sideways if a phone is too narrow for every column.
  const table = node(
    "table",
    { class: "result-scores" },
    node(
      "thead",
      {},
      node(
        "tr",
        {},
        node("th", { scope: "col" }, "Player"),
        ...columns.map((column) => node("th", { scope: "col" }, column.label)),
      ),
    ),
    node(
      "tbody",
      {},
      ...names.map((name, seat) => {
        const won = result.winners.includes(seat);
        return node(
          "tr",
          { class: won ? "winner" : "" },
          node("th", { scope: "row" }, won ? `${name} (winner)` : name),
          ...columns.map((column) => node("td", {}, said(column, column.values[seat]))),
        );
      }),
    ),
  );
  const scores = node("div", { class: "result-scores-box" }, table);
  return { heading, reason, scores, series: seriesLine };
}
