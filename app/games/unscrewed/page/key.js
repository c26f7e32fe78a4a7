// The map's key: every kind of space and token, drawn as on the map, with what it does; right
// under the map, its fold kept between drawings as the person last left it.

import { node } from "../../js/dom.js";
import { friendToken } from "./cards.js";
import { SPACE_NAMES, icon } from "./map.js";

// The map key's fold as the person last left it (null: untouched, so open only where the board
// has two columns: on a phone it is folded, so that the map is not pushed down by it).
let keyOpen = null;
const WIDE = "(min-width: 901px)"; // as .us-main's two columns in game.css

// What each space and token on the map does, from the rulebook's Space Reference.
const SPACE_MEANINGS = {
  blank: "No effect.",
  slick: "Whatever enters it moves one more space the same way.",
  cracks: "When something leaves it, a Hole token is put here.",
  hole: "Whatever stops moving here dies (passing over is safe).",
  crush: "In the Aftermath, whatever stands here dies and an Anvil is put here.",
  wall: "Nothing can enter it. It blocks fans and ranged attacks.",
  fan: "Whatever enters it dies. In the Aftermath it blows everything in its line one space its way.",
  bomb_spitter: "Whatever enters it makes it spit a bomb, a die roll of spaces out of the frog's mouth.",
  portal: "Entering it, you come out of the matching portal, going the same way.",
};

// An entry of the key: the swatch as on the map, its name and what it does, written out (no
// pointer needed to read it).
function keyItem(swatch, name, meaning) {
  swatch.setAttribute("aria-hidden", "true");
  return node(
    "li",
    {},
    swatch,
    node("span", {}, node("strong", {}, name), node("span", { class: "us-key-meaning" }, ` ${meaning}`)),
  );
}

// The map's key: every kind of space and token, drawn as on the map, with what it does. Right
// under the map, folded on a phone until opened.
export function mapKey(state) {
  const spaces = Object.entries(SPACE_NAMES).map(([type, name]) =>
    keyItem(
      node(
        "span",
        {
          class: [
            `us-cell us-key us-space-${type}`,
            type === "fan" || type === "bomb_spitter" ? "us-face-east" : "",
            type === "portal" ? "us-pair-a" : "",
          ].join(" ").trim(),
        },
        icon(type),
      ),
      name,
      SPACE_MEANINGS[type],
    ),
  );
  const token = (kind) => node("span", { class: `us-cell us-key us-space-blank us-tok-${kind}` }, icon(kind));
  const marker = (cls, mark) =>
    node("span", { class: "us-cell us-key us-space-blank" }, node("span", { class: `us-marker ${cls}` }, mark));
  const friend = state.mode === "full" ? friendToken() : null;
  const items = [
    ...spaces,
    keyItem(token("slick"), "Slick token", `A token: ${SPACE_MEANINGS.slick}`),
    keyItem(token("hole"), "Hole token", `A token: ${SPACE_MEANINGS.hole}`),
    keyItem(token("bomb"), "Bomb", "Explodes in the Aftermath, killing what is next to it."),
    keyItem(token("anvil"), "Anvil", "Left by a crush spot; it can be pushed like anything else."),
    keyItem(
      marker("us-friend", "♥"),
      friend ? friend.name : "Slappy's Friend",
      friend ? friend.text : "Slappy's Friend token.",
    ),
    keyItem(marker("us-plan", "✎"), "Plan token", "Dr. Piddles' Plan token, for his Master Plans."),
    keyItem(
      node("span", { class: "us-cell us-key us-space-blank us-covered" }),
      "Covered",
      "Under a map cover: The Edge. Whatever goes there falls off and dies.",
    ),
    keyItem(
      node("span", { class: "us-cell us-key us-space-blank us-next-cover" }),
      "Next cover",
      "Covered in the next Aftermath, when the map shrinks.",
    ),
  ];
  const open = keyOpen ?? Boolean(window.matchMedia && window.matchMedia(WIDE).matches);
  const key = node(
    "details",
    { class: "us-legend", open },
    node("summary", {}, node("h3", {}, "Map key")),
    node("ul", {}, ...items),
  );
  key.addEventListener("toggle", () => {
    keyOpen = key.open;
  });
  return key;
}
