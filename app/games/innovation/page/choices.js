// The choices Innovation asks for: the pending question of a dogma (its words, whose effect it
// is, the answers that are not cards, the card answers with no place on the page, "Done" last)
// and the opening's pick; and the words of an answer's button.

import { node } from "../../js/dom.js";
import { nameOf, namesOf, withNames } from "../../js/board.js";
import { ICON_NAMES, colorMark, colorName, icon } from "./cards.js";
import { cardFace, cardHelp, cardOf, helped } from "./components.js";

// Words that go into an accessible name: one line, a colon and space softened to a dash (a name
// reads as one phrase).
const spoken = (text) => String(text).replace(/\s+/g, " ").replace(/: /g, " - ").trim();

export function optionText(view, action, question) {
  switch (action.type) {
    case "color":
      return colorName(action.color);
    case "player":
      return `${nameOf(view, action.player)}${action.player === view.you ? " (you)" : ""}`;
    case "age":
      return `Age ${action.age}`;
    case "icon":
      return ICON_NAMES[action.icon] || action.icon;
    case "yes":
      return action.yes ? "Yes" : "No";
    case "done":
      return question && question.optional ? "Decline" : "Done";
    case "card":
      return action.card;
    default:
      return JSON.stringify(action);
  }
}

// Whose effect is under way, when not simply the chooser's own dogma.
function whose(view, question, card) {
  const effect = card.effects[question.effect - 1];
  const demander = nameOf(view, question.demander);
  const player = nameOf(view, question.player);
  if (effect && effect.kind === "demand") {
    return question.demander === view.you ? ` (your demand on ${player})` : ` (demanded by ${demander})`;
  }
  if (question.player === question.demander) return "";
  return question.player === view.you
    ? ` (sharing ${demander}'s dogma)`
    : ` (${player} sharing ${demander}'s dogma)`;
}

// The pending question: its words (the view's prompt), and the answers that are not cards
// (colours, players, ages, icons, yes/no, done). Card answers are the lit-up cards on the page; a
// card that is nowhere on the page to click gets a face here.
export function questionBox(view, state, actions, replay = false) {
  const question = state.asking;
  if (!question) return null;
  const card = question.card ? cardOf(question.card) : null;
  const about = card
    ? [icon(card.dogma_icon), ` ${question.card}, effect ${question.effect}${whose(view, question, card)}`]
    : [];
  if (question.seat !== view.you || replay) {
    const box = node(
      "section",
      { class: "in-prompt in-waiting-box", "aria-label": "Waiting" },
      node(
        "p",
        { class: "in-waiting" },
        `Waiting for ${nameOf(view, question.seat)} to choose`,
        card ? " · " : "",
        ...about,
      ),
    );
    return { box, choices: null };
  }
  const choices = node("div", { class: "in-choices" });
  for (const type of ["yes", "color", "player", "age", "icon"]) {
    for (const action of actions.of(type)) {
      const text = optionText(view, action, question);
      let cls = "";
      let content = text;
      if (type === "color") {
        cls = `in-choice-color in-${action.color}`;
        content = [colorMark(action.color), text];
      }
      if (type === "icon") content = [icon(action.icon, "", { hidden: true }), ` ${text}`];
      choices.append(actions.button(action, content, answerName(view, question, text), cls));
    }
  }
  const box = node(
    "section",
    { class: "in-prompt", "aria-label": "Your choice", "data-guide": "question" },
    node("p", { class: "in-prompt-text" }, withNames(view, view.prompt)),
    card ? node("p", { class: "in-hint" }, ...about) : null,
    choices,
  );
  const cardChoices = actions.list.filter((a) => a.type === "card");
  if (cardChoices.length)
    box.insertBefore(node("p", { class: "in-hint" }, "Choose one of the highlighted cards."), choices);
  return { box, choices };
}

// An answer's name: the answer, then the question it answers ("Red, for Choose a pile to splay"):
// the view's prompt, which is the question's words for the seat asked.
export function answerName(view, question, text) {
  return spoken(`${text}, for ${withNames(view, question ? view.prompt : "") || "the question"}`);
}

// After the question's other answers are drawn: card choices that had no place on the page,
// and the "done" answer last.
export function finishQuestion(view, state, actions, asked) {
  if (!asked || !asked.choices) return;
  const loose = actions.of("card");
  if (loose.length) {
    asked.box.insertBefore(
      node(
        "ul",
        { class: "in-cards in-small" },
        ...loose.map((action) => node("li", {}, cardFace(actions, action.card, { size: "mini" }))),
      ),
      asked.choices,
    );
  }
  for (const action of actions.of("done")) {
    const text = optionText(view, action, state.asking);
    asked.choices.append(actions.button(action, text, answerName(view, state.asking, text), "in-secondary"));
  }
}

// The opening: each player picks one of their two cards (the picks sit here, under the question,
// where the keyboard's focus and the eye start; the cards themselves are in the hand below).
export function openingBox(view, state, actions) {
  const opening = state.opening;
  if (!opening) return null;
  const waiting = opening.waiting || [];
  const lines = [];
  const picks = actions.of("pick");
  if (view.you !== null && view.you !== undefined && picks.length) {
    lines.push(
      node(
        "p",
        { class: "in-prompt-text" },
        "Pick the card to meld first (the other stays in your hand). The first title alphabetically starts.",
      ),
      node(
        "div",
        { class: "in-choices" },
        ...picks.map((action) => {
          const help = `Pick ${action.card} to meld first; the other stays in your hand.\n${cardHelp(action.card)}`;
          return helped(actions.button(action, `Meld ${action.card} first`), help);
        }),
      ),
    );
  } else if (opening.pick) {
    lines.push(node("p", { class: "in-prompt-text" }, `You picked ${opening.pick}.`));
  }
  if (waiting.length)
    lines.push(node("p", { class: "in-waiting" }, `Still picking: ${namesOf(view, waiting)}`));
  return node("section", { class: "in-prompt in-opening-box", "aria-label": "The opening" }, ...lines);
}
