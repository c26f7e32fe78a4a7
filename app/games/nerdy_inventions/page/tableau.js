// A player's inventions (their tableau) and tool, with the score, and the buttons that use,
// charge or raise a die with them, or choose the tool.

import { nameOf, plural, twins } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { cardBlock } from "./cards.js";
import { control, hidden, symbol } from "./symbols.js";
import { describe, dieValue, effectText, explained } from "./words.js";

export function tableau(view, state, actions, entry) {
  const seat = entry.seat;
  const mine = view.you === seat;
  const score = entry.score;
  const cards = entry.cards.map((card) => {
    const buttons = [];
    for (const action of actions.find((a) => a.type === "use" && a.card === card.id)) {
      const help = `${explained(view, action)} ${effectText(state, card)}`;
      buttons.push(control(actions, action, "Use", `Use the ${card.name}`, help));
    }
    const charges = actions.find((a) => a.type === "charge" && a.card === card.id);
    for (const [action, ...same] of twins(charges, (a) => dieValue(state, a.die))) {
      const label = `Charge with ${dieValue(state, action.die)}`;
      const name = `${label}, standing the ${card.name} up again`;
      buttons.push(control(actions, action, label, name, explained(view, action), "ni-small"));
      for (const twin of same) buttons.push(actions.twin(twin, label));
    }
    // Two dice of one value raise the same way: one button says it ("Raise 3 → 5", "3 to 5").
    const tools = actions.find((a) => a.type === "tool" && a.card === card.id);
    for (const [action, ...same] of twins(tools, (a) => dieValue(state, a.die))) {
      const before = dieValue(state, action.die);
      const after = Math.min(6, before + card.level);
      const content = [`Raise ${before} `, symbol("→"), hidden("to "), ` ${after}`];
      const name = `Raise ${before} to ${after} with the tool, tapping the ${card.name}`;
      buttons.push(control(actions, action, content, name, describe(view, action), "ni-small"));
      for (const twin of same) buttons.push(actions.twin(twin, `Raise ${before} to ${after}`));
    }
    return node(
      "li",
      { class: "ni-held" },
      cardBlock(state, card, { tapped: card.tapped, held: true }),
      buttons.length ? node("div", { class: "ni-card-actions" }, ...buttons) : null,
    );
  });
  let tool = node("p", { class: "hint" }, "No tool");
  if (entry.tool) {
    const choose = actions.find((a) => a.type === "choose_tool" && a.card === entry.tool.card.id);
    tool = node(
      "div",
      { class: "ni-tool-slot" },
      cardBlock(state, entry.tool.card, { tapped: entry.tool.tapped, held: true }),
      ...choose.map((a) => {
        const name = `Choose this tool, the one ${nameOf(view, seat)} holds`;
        return control(actions, a, "Choose this tool", name, describe(view, a));
      }),
    );
  }
  const starting = seat === state.first_player ? " · starting player" : "";
  // Whose turn it is: the frame's colour for the eye, the words for everyone.
  const playing = seat === state.current && !view.result ? " · to play" : "";
  const who = `${nameOf(view, seat)}${mine ? " (you)" : ""}${starting}${playing}`;
  const scoreText = `${plural(score.total, "point")}: ${score.inventions} from inventions, `
    + `${score.tools} from tools, ${plural(score.kinds, "kind")} (bonus ${score.bonus})`;
  return node(
    "section",
    {
      class: `ni-tableau${mine ? " ni-mine" : ""}${seat === state.current ? " ni-current" : ""}`,
      "aria-label": `${nameOf(view, seat)}'s inventions`,
    },
    node("h3", {}, who),
    node("p", { class: "ni-score" }, scoreText),
    node("div", { class: "ni-tableau-body" }, node("ul", { class: "ni-cards" }, ...cards), tool),
  );
}
