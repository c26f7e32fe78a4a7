// The result of a finished game as the banner at the top of the table (and the replay's last
// step) shows it: who won, why in the rules' own terms, and every player's standing, in the
// columns the game decides on (the chart's `columns`: app/games/<game>/progress.py) once they
// are known, the result's scores until then.

import { node } from "./dom.js";

export function winnerWords(result, names) {
  const winners = result.winners.map((seat) => names[seat]);
  return winners.length ? `${winners.join(" and ")} won!` : "Nobody won.";
}

// The reason as a sentence: "won 7 categories to 5" (Convolution's) gets its winner's name.
function reasonWords(result, names) {
  let reason = (result.reason || "").trim();
  if (/^won\b/.test(reason) && result.winners.length === 1) reason = `${names[result.winners[0]]} ${reason}`;
  if (!reason) return "";
  reason = reason[0].toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

export function resultParts(result, players, chart = null) {
  const names = players.map((player) => player.name);
  const heading = node("h2", { id: "result-heading" }, winnerWords(result, names));
  const reason = node("p", { class: "result-reason" }, reasonWords(result, names));
  const columns = chart && chart.columns && chart.columns.length
    ? chart.columns
    : [{ label: "Score", values: names.map((_, seat) => result.scores[String(seat)]) }];
  // In a box of its own that scrolls sideways if a phone is too narrow for every column.
  const table = node(
    "table",
    { class: "result-scores" },
    node(
      "thead",
      {},
      node("tr", {}, node("th", { scope: "col" }, "Player"), ...columns.map((column) => node("th", { scope: "col" }, column.label))),
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
          ...columns.map((column) => node("td", {}, String(column.values[seat] ?? ""))),
        );
      }),
    ),
  );
  const scores = node("div", { class: "result-scores-box" }, table);
  return { heading, reason, scores };
}
