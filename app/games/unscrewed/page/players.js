// The players' boxes: each one's character, status and Dibs, their scheme slots (face down until
// flipped, but for the owner's), their Quirks and their Gimmick.

import { nameOf } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { gimmickSide } from "./cards.js";
import { filledSlots, lockedIn } from "./derived.js";
import { CHARACTERS, characterName } from "./map.js";
import { actionCard, gimmickText, planCard, quirkCard } from "./faces.js";

export function playerBox(view, state, player, slotElements) {
  const mine = player.seat === view.you;
  const character = player.character;
  const step = state.phase === "execution" && state.execution && !state.result ? state.execution.step : null;
  const status = [];
  if (!character) status.push("choosing a character");
  else if (!player.alive)
    status.push(state.phase === "characters" || state.phase === "spawning" ? "not spawned yet" : "dead");
  if (state.phase === "scheming" && player.alive)
    status.push(lockedIn(view, state, player.seat) ? "locked in" : `scheming (${filledSlots(player)} of 3)`);
  if (player.seat === state.dibs) status.push("has Dibs");
  const slots = player.slots.map((slot, i) => {
    let element;
    if (!slot)
      element = node(
        "li",
        { class: "us-slot us-slot-open" },
        node("span", { class: "us-slot-empty" }, `${i + 1}`),
      );
    else if (slot.card === "plan")
      element = node("li", { class: "us-slot us-slot-plan" }, planCard(view, slot.plan));
    // A face-down card is only in the view for its owner (and in a finished game's replay).
    else if (slot.card)
      element = node(
        "li",
        {
          class: `us-slot${slot.flipped ? " us-slot-flipped" : " us-known-face-down"}`,
          tip: slot.flipped ? "Flipped" : "Face down (seen by you)",
        },
        actionCard(slot.card),
      );
    else
      element = node(
        "li",
        { class: "us-slot us-face-down", tip: "Face down" },
        node(
          "span",
          { class: "us-card us-card-back" },
          node("span", { class: "us-card-mark", "aria-hidden": "true" }, "?"),
          node("span", { class: "us-card-title" }, "Face down"),
        ),
      );
    if (step === i) element.classList.add("us-slot-now");
    element.dataset.slot = String(i);
    slotElements.set(`${player.seat},${i}`, element);
    return element;
  });
  const gimmick = player.gimmick;
  return node(
    "section",
    {
      class: [
        `us-player us-seat-${player.seat}`,
        player.alive || ["characters", "spawning"].includes(state.phase) ? "" : "us-dead",
        mine ? "us-own" : "",
        (view.active || []).includes(player.seat) ? "us-active" : "",
      ].join(" ").trim(),
      "aria-label": nameOf(view, player.seat),
      "data-seat": String(player.seat),
    },
    node(
      "h4",
      { class: "us-player-head" },
      node(
        "span",
        { class: `us-chip us-char-${character || "unknown"}`, "aria-hidden": "true" },
        character ? CHARACTERS[character]?.mark || "?" : "?",
      ),
      ` ${nameOf(view, player.seat)}${mine ? " (you)" : ""}`,
      character ? node("span", { class: "us-character-name" }, ` ${characterName(view, player.seat)}`) : null,
    ),
    status.length ? node("p", { class: "us-player-status" }, status.join(" · ")) : null,
    node("ol", { class: "us-slots us-slots-small", "aria-label": "Scheme" }, ...slots),
    player.quirks.length
      ? node(
          "div",
          { class: "us-quirks" },
          node("span", { class: "us-label" }, `Quirks (${player.quirks.length} of 3)`),
          ...player.quirks.map((q) => quirkCard(q)),
        )
      : null,
    gimmick
      ? gimmickText(gimmickSide(gimmick), gimmick.side === "back" ? "flipped" : null, `us-gimmick-${gimmick.side}`)
      : null,
  );
}
