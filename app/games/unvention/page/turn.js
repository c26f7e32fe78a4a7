// The viewer's turn box: the choices that are not on a cell of the sheet (an Idea's invention, the
// Ball Bearing, a Quantum Leap, the mechanism being built, the presentations), what the step in
// hand asks, and the turn's own buttons (Build, Give up the mechanism, End turn).

import { plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { sum } from "./inventions.js";
import { DAY_TITLES, PRINTED, SIGNS, WORKSHOPS, icon } from "./printed.js";
import { groupsLine } from "./roll.js";
import { shapeGrid } from "./shapes.js";
import { describe } from "./words.js";

// What the step in front of the person asks, in the order of the rulebook's turn: journal,
// workshop, build (the prompt above names the step; these lines say how).
function stepHelp(me, asking, actions) {
  const wrenches = me.wrenches.available;
  const cost = asking.cost || 0;
  const need = cost > wrenches ? `${plural(cost, "wrench", "wrenches")} (you have ${wrenches}) and ` : "";
  const build = `3. Build a mechanism (once a turn): needs ${need}two or more touching circled parts in one `
    + "workshop; then place its shape in an invention.";
  if (asking.stage === "journal") {
    if (!actions.of("journal").length)
      return ["No number fits in your journals: tap an empty cell to mark an X. Its row's and column's "
        + "wrenches and its journal's Idea are lost."];
    return ["1. Journal: write the numbers of one group in one journal (tap a cell), each number at most "
      + "once in a row, a column and a 2×2 quadrant. A full row or column earns its wrench."];
  }
  const spend = wrenches ? ", or spend a wrench on any part" : "";
  const circle = `workshop (a ? part matches any die)${spend}.`;
  if (asking.stage === "journaling")
    return [`Write more of your journal group, or go on: 2. circle parts of another group in one ${circle}`, build];
  if (asking.stage === "workshop")
    return [`2. Workshop: tap parts showing your workshop group's numbers, all in one ${circle}`, build];
  return [];
}
// `choose(seat)` shows a seat's sheet (game.js): the way back to the viewer's own.
export function turnPanel(view, state, actions, me, onOwnSheet, choose) {
  const panel = node("section", { class: "uv-turn", "aria-label": "Your turn" });
  const asking = me.asking;

  if (state.phase === "turn" && asking && state.roll.kind === "groups" && actions.any) {
    const bearing = asking.ball_bearing;
    const changed = bearing
      ? `Ball Bearing: a ${state.roll.dice[bearing.die]} counts as `
        + `${state.roll.dice[bearing.die] + bearing.delta} for you.`
      : null;
    panel.append(
      node(
        "div",
        { class: "uv-mine" },
        groupsLine(asking.groups, asking, "Your groups"),
        changed ? node("p", { class: "uv-note" }, changed) : null,
      ),
    );
  }

  const ideas = actions.of("idea");
  if (ideas.length) {
    panel.append(
      node(
        "div",
        { class: "uv-choice uv-idea-choice" },
        node(
          "p",
          { class: "uv-choice-title" },
          icon("idea"),
          " A completed journal gives you an Idea: choose the invention it goes on.",
        ),
        node(
          "div",
          { class: "uv-buttons" },
          ...ideas.map((a) =>
            actions.button(
              a,
              `${PRINTED.inventions[a.invention].title} (now x${me.inventions[a.invention].ideas})`,
              describe(view, a),
            ),
          ),
        ),
      ),
    );
  }

  const bearings = actions.of("ball_bearing");
  if (bearings.length) {
    panel.append(
      node(
        "div",
        { class: "uv-choice" },
        node(
          "p",
          { class: "uv-choice-title" },
          "Ball Bearing (before journaling): one die counts one more or one less, for you.",
        ),
        node(
          "div",
          { class: "uv-buttons" },
          ...bearings.map((a) => {
            const value = state.roll.dice[a.die];
            return actions.button(a, `${value} → ${value + a.delta}`, describe(view, a), "uv-small");
          }),
        ),
      ),
    );
  }

  const leaps = actions.of("leap");
  if (leaps.length) {
    panel.append(
      node(
        "div",
        { class: "uv-choice uv-leap-choice" },
        node(
          "p",
          { class: "uv-choice-title" },
          "Quantum Leap: pick a workshop and two numbers. "
            + "Every free part of those numbers there is circled, wild parts too.",
        ),
        ...WORKSHOPS.map((w) => {
          const own = leaps.filter((a) => a.workshop === w);
          if (!own.length) return null;
          return node(
            "div",
            { class: `uv-leap-row uv-ws-${w}` },
            node("span", { class: "uv-leap-shop" }, `${SIGNS[w]} ${PRINTED.workshops[w].title}`),
            node(
              "div",
              { class: "uv-buttons" },
              ...own.map((a) =>
                actions.button(a, `${a.numbers[0]}+${a.numbers[1]}`, describe(view, a), "uv-small"),
              ),
            ),
          );
        }),
      ),
    );
  }

  const building = asking && asking.building;
  if (building && state.phase === "turn") {
    const parts = building.parts.length;
    const shopName = building.workshop ? PRINTED.workshops[building.workshop].title : null;
    const text = parts
      ? `Building a ${shopName} mechanism: ${plural(parts, "part")}.`
      : "Building: choose a circled part in a workshop (highlighted).";
    const hint =
      parts >= 2
        ? " Add touching circled parts, or point at a highlighted invention cell to see where it goes"
          + " and click to draw it."
        : parts === 1
          ? " Add a touching circled part."
          : "";
    const torque = actions.of("build_place").some((a) => "orientation" in a);
    panel.append(
      node(
        "div",
        { class: "uv-choice uv-build" },
        parts >= 2 && building.orientations && building.orientations.length
          ? shapeGrid(
              building.orientations[0],
              `uv-ws-${building.workshop}`,
              `The mechanism's shape, ${plural(parts, "part")}`,
            )
          : null,
        node(
          "p",
          { class: "uv-choice-title" },
          text,
          hint,
          torque ? " With the Torque, choose how it is turned below, then tap a highlighted cell." : "",
        ),

      ),
    );
  }

  const pending = actions.of("present");
  if (pending.length || actions.of("keep").length) {
    const slugs = [...new Set([...pending, ...actions.of("keep")].map((a) => a.invention))];
    const final = state.presenting && state.presenting.final;
    panel.append(
      node(
        "div",
        { class: "uv-choice uv-present" },
        node(
          "p",
          { class: "uv-choice-title" },
          `End of ${DAY_TITLES[state.presenting.day]}: present each invention now, or keep it for a later day.`,
          final ? " This is the last presentation: a kept invention scores nothing." : "",
        ),
        node(
          "ul",
          { class: "uv-present-list" },
          ...slugs.map((slug) => {
            const entry = me.inventions[slug];
            const worth = entry.worth;
            const present = actions.one("present", (a) => a.invention === slug);
            const keep = actions.one("keep", (a) => a.invention === slug);
            return node(
              "li",
              { class: "uv-present-item" },
              node("strong", {}, PRINTED.inventions[slug].title),
              node(
                "span",
                { class: "uv-worth" },
                `${plural(worth.total, "point")} now: ${sum(worth)}${entry.complete ? "" : " (incomplete)"}`,
              ),
              node(
                "span",
                { class: "uv-buttons" },
                present ? actions.button(present, "Present", describe(view, present)) : null,
                keep
                  ? actions.button(
                      keep,
                      "Keep",
                      describe(view, keep),
                      "uv-secondary",
                    )
                  : null,
              ),
            );
          }),
        ),
      ),
    );
  }

  const controls = node("div", { class: "uv-controls" });
  const start = actions.one("build_start");
  if (start)
    controls.append(
      actions.button(
        start,
        asking.cost
          ? `Build a mechanism (${plural(asking.cost, "wrench", "wrenches")})`
          : "Build a mechanism (free)",
        describe(view, start),
      ),
    );
  else if (asking && state.phase === "turn" && !asking.building) {
    const lines = stepHelp(me, asking, actions);
    if (lines.length) controls.append(node("div", { class: "uv-step" }, ...lines.map((l) => node("p", {}, l))));
  }
  const cancel = actions.one("build_cancel");
  if (cancel)
    controls.append(actions.button(cancel, "Give up the mechanism", describe(view, cancel), "uv-secondary"));
  const done = actions.one("done");
  if (done) controls.append(actions.button(done, "End turn", describe(view, done), "uv-done"));
  panel.append(controls);

  if (!actions.any) {
    const words = state.phase === "present" ? "Your presentations are decided" : "Your turn is done";
    panel.append(node("p", { class: "uv-note" }, `${words}: waiting for the others.`));
  }
  if (!onOwnSheet && actions.any) {
    const back = node("button", { type: "button", class: "uv-back" }, "Back to your sheet");
    back.addEventListener("click", () => choose(view.you));
    panel.append(node("p", { class: "uv-note" }, "You have moves to make on your own sheet. ", back));
  }
  // Nothing but cells to click (the prompt above says what): no empty box.
  panel.hidden =
    panel.childElementCount === 1 &&
    !actions.list.some(
      (a) => !["journal", "cross", "circle", "spend_wrench", "build_add", "build_place"].includes(a.type),
    );
  return { panel, controls };
}
