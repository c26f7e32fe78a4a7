// Unvention's board: a competition sheet drawn as on paper (three journals, four workshops
// around the hub, three inventions with their Idea circles, the tools and the score box), the
// day and this turn's dice, and every legal action as a button carrying its action JSON. The
// other players' sheets are one tab away. Game text only ever goes in through textContent and
// attributes; the only listeners added here switch what is drawn (tabs) or light up the cells a
// mechanism would cover (the placement preview): actions are sent by table.js alone.

import { Actions, nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { steady } from "../../js/steady.js";

const WORKSHOPS = ["hydraulic", "magnetic", "electrical", "mechanical"];
const INVENTIONS = ["integron", "unison", "lateral"];
const TOOLS = ["torque", "flywheel", "ball_bearing", "reamer"];
const DAYS = ["friday", "saturday", "sunday"];
const DAY_TITLES = { friday: "Friday", saturday: "Saturday", sunday: "Sunday" };
// A sign per workshop type, so that mechanisms are told apart without their colours.
const SIGNS = { hydraulic: "≈", magnetic: "∩", electrical: "ϟ", mechanical: "⚙" };
const SVG = "http://www.w3.org/2000/svg";
const ICONS = {
  wrench:
    "M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z",
  idea: "M9 21c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-1H9v1zm3-19C8.14 2 5 5.14 5 9c0 2.38 1.19 4.47 3 5.74V17c0 .55.45 1 1 1h6c.55 0 1-.45 1-1v-2.26c1.81-1.27 3-3.36 3-5.74 0-3.86-3.14-7-7-7z",
};

// What is drawn, kept between renders: the seat whose sheet is on screen (null: the viewer's
// own, or the first player's for a spectator), and the last board and view, to draw again when
// a tab is chosen.
// The printed sheet (workshops, inventions, tools), the same in every game: served once by
// GET /api/games/unvention/components, never repeated in views.
const PRINTED = await (await fetch("/api/games/unvention/components")).json();

let shownSeat = null;
let last = null;

// Choices made before a tap on the sheet, kept between drawings: the number to write in a
// journal, the number a wild part is circled as, the turn of a mechanism (with the Torque). One
// no longer offered falls back to the first offered. The sheet shows a button only for the
// chosen one (the others' actions ride on hidden twins), so every cell holds one big button.
const PICKS = {
  journal: { title: "Number to write", says: (n) => String(n), tells: (n) => `Write ${n}s: tap a journal cell` },
  circle: { title: "A wild part counts as", says: (n) => String(n), tells: (n) => `Circle wild parts as ${n}s` },
  place: { title: "Turn of the mechanism", says: (o) => String(o + 1), tells: (o) => `Place it as shape ${o + 1}` },
  by: {
    title: "Circle with",
    says: (by) => (by === "wrench" ? "a wrench" : "the dice"),
    tells: (by) => (by === "wrench" ? "tap a part to spend a wrench on it" : "tap a part to circle it with your dice"),
  },
};
const chosen = { journal: null, circle: null, place: null, by: null };

function settle(kind, offered) {
  if (!offered.includes(chosen[kind])) chosen[kind] = offered.length ? offered[0] : null;
  return chosen[kind];
}

function choosePick(kind, value) {
  chosen[kind] = value;
  if (!last) return;
  draw(last.board, last.view, last.options);
  const button = last.board.querySelector(`.uv-pick-choice[data-pick="${kind}:${value}"]`);
  if (button) button.focus({ preventScroll: true });
}

// "Number to write: [1] [3] [5]", the chosen one pressed; nothing when there is one choice.
function picker(kind, offered, drawing = () => null) {
  if (offered.length < 2) return null;
  const { title, says, tells } = PICKS[kind];
  return node(
    "div",
    { class: `uv-picker uv-picker-${kind}`, role: "group", "aria-label": title },
    node("span", { class: "uv-picker-title" }, `${title}:`),
    ...offered.map((value) => {
      const button = node(
        "button",
        {
          type: "button",
          class: "uv-pick-choice",
          "aria-pressed": value === chosen[kind] ? "true" : "false",
          "aria-label": `${says(value)}: ${tells(value)}`,
          dataset: { pick: `${kind}:${value}` },
        },
        says(value),
        drawing(value),
      );
      button.addEventListener("click", () => choosePick(kind, value));
      return button;
    }),
  );
}

// What each kind of pick is chosen among now: the numbers of the journal's writes, the numbers a
// wild part can be circled as, the turns offered where a cell has several.
function offers(actions, player) {
  const several = (list, where) => {
    const at = new Map();
    for (const action of list) at.set(where(action), (at.get(where(action)) || 0) + 1);
    return list.filter((action) => at.get(where(action)) > 1);
  };
  const distinct = (values) => [...new Set(values)].sort((a, b) => a - b);
  const circles = several(actions.of("circle"), (a) => `${a.workshop},${a.part}`);
  const places = several(actions.of("build_place"), (a) => {
    const covered = placedCells(player, a);
    return `${a.invention},${covered ? covered[0] : a.at}`;
  });
  return {
    journal: distinct(actions.of("journal").map((a) => a.number)),
    circle: distinct(circles.map((a) => a.number)),
    place: distinct(places.map((a) => a.orientation || 0)),
    by: actions.of("spend_wrench").length && (actions.of("circle").length || actions.of("build_add").length)
      ? ["dice", "wrench"]
      : [],
  };
}

// --- building blocks -------------------------------------------------------------------------

function icon(name, label = null) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `uv-icon uv-icon-${name}`);
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

const CRITERIA = {
  intricacy: "mechanisms used",
  synchrony: "uses of the most repeated shape",
  modularity: "different mechanism sizes",
};
// An invention's worth as the rulebook adds it up.
const sum = (w) => `variety ${w.variety} + completion ${w.completion} + ${w.count} × x${w.multiplier}`;
const place = (r, c) => `row ${r + 1}, column ${c + 1}`;
// Whether the competition is over: the view's result says so (the game has no phase for it).
const over = (view) => Boolean(view.result);

// --- shapes, drawn only: which shapes a mechanism may take comes in the view ---------------------

function extent(shape) {
  return [Math.max(...shape.map(([r]) => r)) + 1, Math.max(...shape.map(([, c]) => c)) + 1];
}

// A small drawing of a shape (a tool's, or the mechanism being built).
function shapeGrid(shape, cls = "", label = null) {
  const [height, width] = extent(shape);
  const filled = new Set(shape.map(([r, c]) => `${r},${c}`));
  const cells = [];
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) {
      cells.push(node("span", { class: filled.has(`${r},${c}`) ? "uv-sq uv-sq-on" : "uv-sq" }));
    }
  }
  return node(
    "span",
    {
      class: `uv-shape uv-cols-${width} ${cls}`.trim(),
      role: label ? "img" : null,
      "aria-label": label,
      "aria-hidden": label ? null : "true",
    },
    ...cells,
  );
}

const NO_ACTIONS = new Actions([], { cls: "uv-action" });

function partText(printed, w, r, c) {
  const n = printed.workshops[w].parts[r][c];
  return n === "?" ? "wild part" : `${n} part`;
}

// Any action in words, for its button's label (and a hint's words: hint.js).
export function describe(view, action) {
  const state = view.state;
  const printed = PRINTED;
  const me = view.you === null ? null : state.players[view.you];
  const shop = (w) => printed.workshops[w].title;
  const invention = (slug) => printed.inventions[slug].title;
  switch (action.type) {
    case "journal": {
      const [r, c] = action.cell;
      return `Write ${action.number} in journal ${action.journal + 1}, ${place(r, c)}`;
    }
    case "cross": {
      const [r, c] = action.cell;
      return `Mark an X in journal ${action.journal + 1}, ${place(r, c)}: no number fits anywhere`;
    }
    case "circle": {
      const [r, c] = action.part;
      return `Circle the ${partText(printed, action.workshop, r, c)} in ${shop(action.workshop)}, `
        + `${place(r, c)}, with a ${action.number}`;
    }
    case "spend_wrench": {
      const [r, c] = action.part;
      return `Spend a wrench to circle the ${partText(printed, action.workshop, r, c)} `
        + `in ${shop(action.workshop)}, ${place(r, c)}`;
    }
    case "build_add": {
      const [r, c] = action.part;
      return `Add the circled ${partText(printed, action.workshop, r, c)} in ${shop(action.workshop)}, `
        + `${place(r, c)}, to the mechanism`;
    }
    case "build_place": {
      const cells = placedCells(me, action);
      const where = cells
        ? cells.map(([r, c]) => `${r + 1}-${c + 1}`).join(", ")
        : `${action.at[0] + 1}-${action.at[1] + 1}`;
      const turned = action.orientation ? `, turned (shape ${action.orientation + 1})` : "";
      return `Draw the mechanism in ${invention(action.invention)}${turned}, covering row-column ${where}`;
    }
    case "build_start": {
      const cost = me ? me.asking.cost : 2;
      return cost
        ? `Build a mechanism: pay ${plural(cost, "wrench", "wrenches")}`
        : "Build a mechanism (free this turn)";
    }
    case "build_cancel":
      return "Give up this mechanism (its wrenches come back)";
    case "ball_bearing": {
      const value = state.roll.dice[action.die];
      return `Ball Bearing: count a ${value} as a ${value + action.delta}`;
    }
    case "leap":
      return `Quantum Leap in ${shop(action.workshop)}: `
        + `circle every ${action.numbers[0]}, ${action.numbers[1]} and wild part`;
    case "idea":
      return `Put the journal's Idea on ${invention(action.invention)}`;
    case "present": {
      const worth = me ? me.inventions[action.invention].worth.total : null;
      return `Present ${invention(action.invention)}${worth === null ? "" : ` for ${plural(worth, "point")}`}`;
    }
    case "keep":
      return `Keep ${invention(action.invention)} back${state.presenting && state.presenting.final
        ? " (the competition ends: it scores nothing)" : " for a later day"}`;
    case "done":
      return "End your turn";
    default:
      return JSON.stringify(action);
  }
}

// The invention cells a build_place action would cover: the shape the view gives for its
// orientation (asking.building.orientations, in the builder's own view), drawn at its corner.
function placedCells(player, action) {
  const building = player && player.asking && player.asking.building;
  const shape = building && building.orientations && building.orientations[action.orientation || 0];
  if (!shape) return null;
  return shape.map(([r, c]) => [action.at[0] + r, action.at[1] + c]);
}

// --- the top: the day, the dice, who is still working -------------------------------------------

function header(view, state) {
  const presenting = state.presenting;
  const skipped = new Set(presenting ? presenting.skipped : []);
  const days = node(
    "ol",
    { class: "uv-days", "aria-label": "The competition's days" },
    ...DAYS.map((day, i) => {
      let cls = "uv-day";
      let note = "";
      if (skipped.has(day)) {
        cls += " uv-day-skipped";
        note = " (skipped)";
      } else if (i < state.day_number || over(view)) cls += " uv-day-past";
      else if (i === state.day_number) cls += " uv-day-now";
      return node(
        "li",
        { class: cls, "aria-current": i === state.day_number && !over(view) ? "date" : null },
        DAY_TITLES[day] + note,
      );
    }),
  );
  let status;
  if (over(view)) status = "The competition is over";
  else if (state.phase === "present") {
    const day = DAY_TITLES[presenting.day];
    status = presenting.final ? `End of ${day}: the last presentations` : `End of ${day}: presentations`;
  } else status = `${DAY_TITLES[state.day]}, turn ${state.turn}`;

  const roll = state.roll;
  const dice = node(
    "ul",
    { class: "uv-dice", "aria-label": `The dice: ${roll.dice.join(", ")}` },
    ...roll.dice.map((value) => node("li", { class: "uv-die" }, String(value))),
  );
  let kind;
  if (roll.kind === "eureka")
    kind = node(
      "p",
      { class: "uv-roll-kind uv-eureka" },
      "Eureka! Name any number to journal and any number to workshop.",
    );
  else if (roll.kind === "quantum_leap")
    kind = node(
      "p",
      { class: "uv-roll-kind uv-leap" },
      "Quantum Leap! Pick a workshop and two numbers; the build is free.",
    );
  else kind = groupsLine(roll.groups, null);

  const waiting = over(view) ? [] : state.waiting || [];
  const waitText = waiting.length ? `Still working: ${waiting.map((s) => nameOf(view, s)).join(", ")}` : "";
  return node(
    "header",
    { class: "uv-header" },
    node("div", { class: "uv-when" }, days, node("p", { class: "uv-status" }, status)),
    over(view) ? null : node("div", { class: "uv-roll" }, dice, kind),
    waitText ? node("p", { class: "uv-waiting" }, waitText) : null,
  );
}

// The groups of a roll; with a seat's turn record, which group went to the journal and which to
// the workshop, and what is left of each.
function groupsLine(groups, asking, title = "Groups") {
  const items = groups.map((group, g) => {
    const tags = [];
    if (asking && asking.journal_group === g) {
      const left = asking.journal_left;
      tags.push(left.length ? `journal: ${left.join(" ")} still to write` : "journal");
    }
    if (asking && asking.workshop_group === g) {
      const left = asking.workshop_left || [];
      tags.push(left.length ? `workshop: ${left.join(" ")} still to circle` : "workshop");
    }
    const used = tags.length ? " uv-group-used" : "";
    const says = tags.length
      ? `The dice ${group.join(" ")} went to your ${tags.join("; ")}.`
      : `The dice ${group.join(" ")}: a group for a journal or a workshop.`;
    return node(
      "li",
      { class: `uv-group${used}`, tip: says },
      node("span", { class: "uv-group-dice" }, group.join(" ")),
      tags.length ? node("span", { class: "uv-group-tag" }, tags.join("; ")) : null,
    );
  });
  return node(
    "div",
    { class: "uv-groups-line" },
    node("span", { class: "uv-groups-label" }, title),
    node("ul", { class: "uv-groups" }, ...items),
  );
}

// --- the viewer's turn: choices that are not on a cell ------------------------------------------

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

function turnPanel(view, state, actions, me, onOwnSheet) {
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
                present ? actions.button(present, `Present (${worth.total})`, describe(view, present)) : null,
                keep
                  ? actions.button(
                      keep,
                      final ? "Keep (scores 0)" : "Keep",
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

// --- the sheet ---------------------------------------------------------------------------------

function journalBox(view, player, j, actions, written) {
  const journal = player.journals[j];
  const crossedCell = player.asking && player.asking.crossed;
  const grid = node("div", { class: "uv-jgrid", role: "group", "aria-label": `Journal ${j + 1}` });
  const wrench = (status, where) =>
    node(
      "span",
      {
        class: `uv-wrench uv-wrench-${status}`,
        tip: `Wrench ${where}: ${status}. Completing the row or column earns it; wrenches pay for mechanisms.`,
      },
      icon("wrench", `Wrench ${where}: ${status === "open" ? "not earned yet" : status}`),
    );
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 4; c += 1) {
      const value = journal.cells[r][c];
      let cls = "uv-jcell";
      if (c === 1) cls += " uv-qright";
      if (r === 1) cls += " uv-qbottom";
      if (r === 0) cls += " uv-jtop";
      if (c === 0) cls += " uv-jleft";
      if (r === 3) cls += " uv-jbottom";
      if (c === 3) cls += " uv-jright";
      if (
        written.has(`${j},${r},${c}`) ||
        (crossedCell && crossedCell[0] === j && crossedCell[1] === r && crossedCell[2] === c)
      )
        cls += " uv-new";
      const cell = node("div", { class: cls });
      if (value === "X") {
        cell.classList.add("uv-x");
        cell.append(node("span", { "aria-label": `${place(r, c)}: X` }, "X"));
      } else if (value !== null) {
        cell.append(
          node("span", { class: "uv-jvalue", "aria-label": `${place(r, c)}: ${value}` }, String(value)),
        );
      } else {
        const writes = actions.of("journal", (a) => a.journal === j && a.cell[0] === r && a.cell[1] === c);
        const cross = actions.one("cross", (a) => a.journal === j && a.cell[0] === r && a.cell[1] === c);
        if (writes.length) {
          const now = writes.find((a) => a.number === chosen.journal);
          if (now) cell.append(actions.button(now, String(now.number), describe(view, now), "uv-jbutton"));
          else cell.classList.add("uv-other-number");
          for (const a of writes) if (a !== now) cell.append(actions.twin(a, String(a.number)));
        } else if (cross) {
          cell.append(actions.button(cross, "X", describe(view, cross), "uv-jbutton uv-cross"));
        }
      }
      grid.append(cell);
    }
    grid.append(wrench(journal.rows[r], `beside row ${r + 1}`));
  }
  for (let c = 0; c < 4; c += 1) grid.append(wrench(journal.columns[c], `under column ${c + 1}`));
  grid.append(node("span", { class: "uv-jcorner" }));

  const ideaWords = {
    open: "its Idea is not earned yet",
    gained: "its Idea is earned",
    crossed: "its Idea is crossed off",
  };
  return node(
    "div",
    { class: `uv-journal${journal.complete ? " uv-complete" : ""}` },
    node(
      "h4",
      { class: "uv-journal-head" },
      `Journal ${j + 1}`,
      node(
        "span",
        {
          class: `uv-idea uv-idea-${journal.idea}`,
          tip: `Journal ${j + 1}: ${ideaWords[journal.idea]}. Completing a journal earns an Idea (the bulb) `
            + "for one of your inventions, raising its multiplier.",
        },
        icon("idea", ideaWords[journal.idea]),
      ),
      journal.complete ? node("span", { class: "uv-tag" }, "complete") : null,
    ),
    grid,
  );
}

function journals(view, player, actions) {
  const written = new Set(
    ((player.asking && player.asking.written) || []).map(([j, r, c]) => `${j},${r},${c}`),
  );
  return node(
    "section",
    { class: "uv-journals uv-block", "aria-label": "Journals" },
    node(
      "h3",
      { class: "uv-block-title" },
      "Journals",
      node("span", { class: "uv-sub" }, `${player.complete_journals} of 3 complete`),
    ),
    legend(
      [icon("wrench"), `a wrench: ${WRENCH_WORDS}`],
      [icon("idea"), "the bulb: complete the journal to earn an Idea for an invention"],
    ),
    node(
      "div",
      { class: "uv-journal-row" },
      ...[0, 1, 2].map((j) => journalBox(view, player, j, actions, written)),
    ),
  );
}

function workshopBox(view, state, player, w, actions) {
  const printed = PRINTED.workshops[w];
  const rows = player.workshops[w];
  const asking = player.asking || {};
  const circledNow = new Set((asking.circled || []).filter(([s]) => s === w).map(([, r, c]) => `${r},${c}`));
  const building =
    asking.building && asking.building.workshop === w
      ? new Set(asking.building.parts.map(([r, c]) => `${r},${c}`))
      : new Set();
  // Which mechanism each used part is in, to outline mechanisms and find captured Ideas.
  const owner = new Map();
  player.mechanisms.forEach((m, k) => {
    if (m.workshop === w) for (const [r, c] of m.parts) owner.set(`${r},${c}`, k);
  });
  const grid = node("div", { class: "uv-wgrid", role: "group", "aria-label": `${printed.title} workshop` });
  for (let r = 0; r < 5; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const status = rows[r][c];
      const number = printed.parts[r][c];
      if (status === null) {
        grid.append(node("div", { class: "uv-part uv-nopart" }));
        continue;
      }
      const wild = number === "?";
      const words = { crossed: "crossed off", free: "free", circled: "circled", used: "used in a mechanism" }[
        status
      ];
      let cls = `uv-part uv-${status}`;
      if (wild) cls += " uv-wild";
      if (circledNow.has(`${r},${c}`)) cls += " uv-new";
      if (building.has(`${r},${c}`)) cls += " uv-building";
      const k = owner.get(`${r},${c}`);
      if (k !== undefined) {
        for (const [dr, dc, side] of [
          [-1, 0, "t"],
          [1, 0, "b"],
          [0, -1, "l"],
          [0, 1, "r"],
        ]) {
          if (owner.get(`${r + dr},${c + dc}`) !== k) cls += ` uv-edge-${side}`;
        }
      }
      const part = node("div", { class: cls });
      const label = `${printed.title} ${place(r, c)}: ${wild ? "wild part" : `part ${number}`}, ${words}`
        + (wild ? ". A wild part (?) matches any number." : "");
      const circles = actions.of("circle", (a) => a.workshop === w && a.part[0] === r && a.part[1] === c);
      const add = actions.one("build_add", (a) => a.workshop === w && a.part[0] === r && a.part[1] === c);
      const spend = actions.one(
        "spend_wrench",
        (a) => a.workshop === w && a.part[0] === r && a.part[1] === c,
      );
      // With "a wrench" chosen (or nothing else to do here), the wrench is this part's button.
      const byWrench = spend && (chosen.by === "wrench" || (!circles.length && !add));
      if (byWrench) {
        part.append(node("span", { class: "uv-plabel", "aria-hidden": "true" }, String(number)));
        part.append(actions.button(spend, icon("wrench"), describe(view, spend), "uv-spend"));
        for (const a of circles) part.append(actions.twin(a, String(a.number)));
        if (add) part.append(actions.twin(add, String(number)));
      } else if (circles.length === 1) {
        part.append(actions.button(circles[0], String(number), describe(view, circles[0]), "uv-pbutton"));
      } else if (circles.length > 1) {
        const now = circles.find((a) => a.number === chosen.circle) || circles[0];
        part.append(actions.button(now, `?=${now.number}`, describe(view, now), "uv-pbutton uv-wild-as"));
        for (const a of circles) if (a !== now) part.append(actions.twin(a, String(a.number)));
      } else if (add) {
        part.append(actions.button(add, String(number), describe(view, add), "uv-pbutton uv-addable"));
      } else {
        part.append(
          node(
            "span",
            { class: "uv-pnumber", role: "img", "aria-label": label, tip: label },
            String(number),
          ),
        );
      }
      if (spend && !byWrench) part.append(actions.twin(spend, "wrench"));
      grid.append(part);
    }
  }
  const ideas = node("div", { class: "uv-wideas" });
  for (const [r, c] of printed.ideas) {
    const corners = [`${r},${c}`, `${r},${c + 1}`, `${r + 1},${c}`, `${r + 1},${c + 1}`].map((p) =>
      owner.get(p),
    );
    const captured = corners[0] !== undefined && corners.every((k) => k === corners[0]);
    const where = `rows ${r + 1}-${r + 2}, columns ${c + 1}-${c + 2}`;
    ideas.append(
      node(
        "span",
        { class: `uv-widea uv-at-r${r} uv-at-c${c}${captured ? " uv-captured" : ""}` },
        icon("idea", captured ? `Idea at ${where}: earned` : `Idea at ${where}: ${IDEA_WORDS}`),
      ),
    );
  }
  grid.append(ideas);
  grid.classList.add(`uv-ws-${w}`, `uv-grid-${printed.position}`);
  const crossed = (state.setup.crossed[w] || []).join(", ");
  const head = node(
    "h4",
    { class: `uv-workshop-head uv-ws-${w} uv-head-${printed.position}` },
    node("span", { class: "uv-sign", "aria-hidden": "true" }, SIGNS[w]),
    ` ${printed.title}`,
    crossed ? node("span", { class: "uv-sub" }, `${crossed} crossed off`) : null,
  );
  return [head, grid];
}

// The symbols of the sheet in words: a line under a block's title (each symbol where it is drawn
// also says it, in its tooltip or accessible name).
const WILD_WORDS = "a wild part: it matches any die";
const IDEA_WORDS = "one mechanism over the four parts around it circles an Idea on its invention";
const WRENCH_WORDS = "complete the row or column to earn it; wrenches pay for mechanisms";

function legend(...keys) {
  return node(
    "p",
    { class: "uv-legend" },
    ...keys.map(([symbol, words]) => node("span", { class: "uv-key" }, symbol, ` ${words}`)),
  );
}

function workshops(view, state, player, actions) {
  const hub = node(
    "div",
    { class: "uv-hub", tip: "Wrenches available" },
    icon("wrench"),
    node("strong", {}, String(player.wrenches.available)),
    node(
      "span",
      { class: "visually-hidden" },
      ` ${plural(player.wrenches.available, "wrench", "wrenches")} available`,
    ),
  );
  return node(
    "section",
    { class: "uv-block uv-shops-block", "aria-label": "Workshops" },
    node(
      "h3",
      { class: "uv-block-title" },
      "Workshops",
      node(
        "span",
        { class: "uv-sub" },
        `${plural(player.wrenches.available, "wrench", "wrenches")} to spend `,
        `(${player.wrenches.earned} earned, ${player.wrenches.spent} spent)`,
      ),
    ),
    legend(
      [node("span", { class: "uv-key-wild", "aria-hidden": "true" }, "?"), WILD_WORDS],
      [icon("idea"), `the bulb: ${IDEA_WORDS}`],
      [icon("wrench"), "the hub: wrenches to spend, one to circle any part"],
    ),
    // Headings outside, grids meeting at the hub, as printed: the hub sits where they meet.
    node(
      "div",
      { class: "uv-shops" },
      ...WORKSHOPS.flatMap((w) => workshopBox(view, state, player, w, actions)),
      hub,
    ),
  );
}

function inventionBox(view, state, player, slug, actions, onPreview) {
  const printed = PRINTED.inventions[slug];
  const entry = player.inventions[slug];
  const grid = entry.grid;
  const height = grid.length;
  const width = grid[0].length;
  const cells = [];
  const box = node("div", {
    class: `uv-igrid uv-cols-${width}`,
    role: "group",
    "aria-label": `${printed.title} pattern`,
  });
  const places = actions.of("build_place", (a) => a.invention === slug);
  // Each placement's button sits on the first cell it covers (top row, leftmost).
  const byCell = new Map();
  for (const action of places) {
    const covered = placedCells(player, action);
    if (!covered) continue;
    const [fr, fc] = covered[0];
    const at = `${fr},${fc}`;
    if (!byCell.has(at)) byCell.set(at, []);
    byCell.get(at).push({ action, covered });
  }
  for (let r = 0; r < height; r += 1) {
    const row = [];
    for (let c = 0; c < width; c += 1) {
      const value = grid[r][c];
      let cell;
      if (value === null) cell = node("div", { class: "uv-icell uv-out" });
      else if (value === -1) cell = node("div", { class: "uv-icell uv-ifree" });
      else {
        const m = player.mechanisms[value];
        let cls = `uv-icell uv-mech uv-ws-${m.workshop}`;
        for (const [dr, dc, side] of [
          [-1, 0, "t"],
          [1, 0, "b"],
          [0, -1, "l"],
          [0, 1, "r"],
        ]) {
          const other = grid[r + dr] ? grid[r + dr][c + dc] : undefined;
          if (other !== value) cls += ` uv-edge-${side}`;
        }
        const title = `${PRINTED.workshops[m.workshop].title} mechanism of ${plural(m.parts.length, "part")}`;
        cell = node("div", { class: cls, title }, node("span", { "aria-hidden": "true" }, SIGNS[m.workshop]));
      }
      const here = byCell.get(`${r},${c}`);
      if (here) {
        const now = here.length > 1 ? here.find(({ action }) => (action.orientation || 0) === chosen.place) : here[0];
        cell.classList.add(now ? "uv-target" : "uv-other-turn");
        for (const { action } of here) if (!now || action !== now.action) cell.append(actions.twin(action, "+"));
        for (const { action, covered } of now ? [now] : []) {
          const button = actions.button(action, "+", describe(view, action), "uv-ibutton uv-place");
          const show = () => onPreview(slug, covered, true);
          const hide = () => onPreview(slug, covered, false);
          button.addEventListener("mouseenter", show);
          button.addEventListener("focus", show);
          button.addEventListener("mouseleave", hide);
          button.addEventListener("blur", hide);
          cell.append(button);
        }
      }
      row.push(cell);
      box.append(cell);
    }
    cells.push(row);
  }

  const circles = node(
    "ol",
    { class: "uv-circles", "aria-label": `Ideas: x${entry.ideas} of ${printed.idea_circles}` },
    ...Array.from({ length: printed.idea_circles }, (_, i) =>
      node(
        "li",
        {
          class: `uv-circle${i < entry.ideas ? " uv-circle-on" : ""}`,
          tip: `x${i + 1}: with ${plural(i + 1, "Idea")} here, this invention's own criterion scores × ${i + 1}. `
            + "Ideas come from mechanisms built over a bulb and from completed journals.",
        },
        `x${i + 1}`,
      ),
    ),
  );
  const today = DAYS[state.day_number];
  const bonus = node(
    "span",
    { class: "uv-bonus" },
    "Completion ",
    ...DAYS.map((day, i) =>
      node(
        "span",
        {
          class: `uv-bonus-day${day === today && !over(view) ? " uv-bonus-now" : ""}`,
          tip:
            `Completion bonus if presented complete on ${DAY_TITLES[day]}: `
            + `${plural(printed.completion[day], "point")}. Complete: every cell filled with mechanisms.`,
        },
        `${i ? " / " : ""}${printed.completion[day]}`,
      ),
    ),
  );
  const types = entry.types.map((w) => PRINTED.workshops[w].title);
  let worth;
  if (entry.presented) {
    const p = entry.presented;
    worth = node(
      "p",
      { class: "uv-presented-line" },
      `Presented on ${DAY_TITLES[DAYS[p.day]]}: ${plural(p.total, "point")} (${sum(p)})`,
    );
  } else if (over(view)) {
    worth = node("p", { class: "uv-worth-line" }, "Never presented: it scored nothing.");
  } else {
    const w = entry.worth;
    worth = node(
      "p",
      { class: "uv-worth-line" },
      `If presented today: ${plural(w.total, "point")}${entry.complete ? " (complete)" : ""}`,
    );
  }
  const section = node(
    "div",
    {
      class: `uv-invention${entry.presented ? " uv-done-invention" : ""}${places.length ? " uv-can-place" : ""}`,
      role: "group",
      "aria-label": printed.title,
    },
    node("h4", { class: "uv-invention-head" }, printed.title),
    node(
      "p",
      { class: "uv-criterion" },
      `${printed.criterion_title}: ${CRITERIA[printed.criterion] || printed.criterion} × Ideas`,
    ),
    circles,
    box,
    node(
      "p",
      { class: "uv-facts" },
      `${entry.filled} of ${printed.cells} cells`,
      " · ",
      types.length ? `types: ${types.join(", ")}` : "no mechanisms yet",
      " · ",
      bonus,
    ),
    worth,
  );
  return { section, cells };
}

function inventions(view, state, player, actions) {
  const drawn = {};
  const preview = (slug, covered, on) => {
    for (const [r, c] of covered) {
      const cell = drawn[slug] && drawn[slug][r] && drawn[slug][r][c];
      if (cell) cell.classList.toggle("uv-preview", on);
    }
  };
  const boxes = INVENTIONS.map((slug) => {
    const { section, cells } = inventionBox(view, state, player, slug, actions, preview);
    drawn[slug] = cells;
    return section;
  });
  const turning = actions.of("build_place").some((a) => "orientation" in a);
  return node(
    "section",
    { class: `uv-block uv-inventions${turning ? " uv-turning" : ""}`, "aria-label": "Inventions" },
    node("h3", { class: "uv-block-title" }, "Inventions"),
    node("div", { class: "uv-invention-row" }, ...boxes),
  );
}

function toolsBox(view, state, player) {
  const items = TOOLS.map((slug) => {
    const printed = PRINTED.tools[slug];
    const mine = player.tools[slug];
    const table = state.tools[slug];
    let status;
    let cls = "uv-tool";
    if (mine) {
      status = `Unlocked ${mine.first ? "first" : "later"} (turn ${mine.turn}): ${plural(mine.points, "point")}`;
      cls += mine.first ? " uv-tool-first" : " uv-tool-later";
    } else {
      status = "Locked";
      cls += " uv-tool-locked";
    }
    const others = table.unlocked
      .filter(([seat]) => seat !== player.seat)
      .map(([seat, turn]) => `${nameOf(view, seat)} (turn ${turn})`);
    const shape = [];
    printed.shape.forEach((row, r) => row.forEach((on, c) => on && shape.push([r, c])));
    return node(
      "li",
      { class: cls },
      shapeGrid(shape, "uv-tool-shape", `${printed.title}'s shape`),
      node(
        "div",
        { class: "uv-tool-text" },
        node("strong", {}, printed.title),
        node("span", { class: "uv-tool-points" }, `first ${printed.first} / later ${printed.later}`),
        node("span", { class: "uv-tool-status" }, status),
        node("span", { class: "uv-tool-ability" }, printed.ability),
        others.length
          ? node("span", { class: "uv-tool-others" }, `Also unlocked by ${others.join(", ")}`)
          : null,
      ),
    );
  });
  return node(
    "section",
    { class: "uv-block uv-tools", "aria-label": "Tools" },
    node("h3", { class: "uv-block-title" }, "Tools"),
    node("ul", { class: "uv-tool-list" }, ...items),
  );
}

function scoreBox(view, state, player) {
  const rows = INVENTIONS.map((slug) => {
    const p = player.inventions[slug].presented;
    return node(
      "tr",
      {},
      node("th", { scope: "row" }, PRINTED.inventions[slug].title),
      node("td", {}, p ? String(p.total) : "—"),
    );
  });
  return node(
    "section",
    { class: "uv-block uv-score", "aria-label": "Score" },
    node("h3", { class: "uv-block-title" }, "Score"),
    node(
      "table",
      { class: "uv-score-table" },
      node(
        "tbody",
        {},
        ...rows,
        node("tr", {}, node("th", { scope: "row" }, "Tools"), node("td", {}, String(player.score.tools))),
        node(
          "tr",
          { class: "uv-total" },
          node("th", { scope: "row" }, "Total"),
          node("td", {}, String(player.score.total)),
        ),
      ),
    ),
    node(
      "p",
      { class: "uv-tiebreak" },
      `Complete journals ${player.complete_journals} · unused wrenches ${player.wrenches.available}`,
    ),
  );
}

function sheet(view, state, player, actions, mine) {
  const who = mine ? "Your competition sheet" : `${nameOf(view, player.seat)}'s competition sheet`;
  const id = `uv-sheet-${player.seat}`;
  const jump = node(
    "nav",
    { class: "uv-jump", "aria-label": "Parts of the sheet" },
    ...[
      ["Journals", "uv-journals"],
      ["Workshops", "uv-shops-block"],
      ["Inventions", "uv-inventions"],
      ["Tools & score", "uv-side"],
    ].map(([text, cls]) => {
      const button = node("button", { type: "button", class: "uv-jump-to" }, text);
      button.addEventListener("click", () => {
        const target = document.querySelector(`#${id} .${cls}`);
        if (target) target.scrollIntoView({ block: "start", behavior: "smooth" });
      });
      return button;
    }),
  );
  return node(
    "section",
    { class: `uv-sheet${mine ? " uv-own" : ""}`, id, "aria-label": who },
    node(
      "h3",
      { class: "uv-sheet-title" },
      who,
      node("span", { class: "uv-sub" }, `${plural(player.score.total, "point")}`),
    ),
    jump,
    journals(view, player, actions),
    node(
      "div",
      { class: "uv-middle" },
      workshops(view, state, player, actions),
      node("div", { class: "uv-side" }, scoreBox(view, state, player), toolsBox(view, state, player)),
    ),
    inventions(view, state, player, actions),
  );
}

// --- tabs --------------------------------------------------------------------------------------

function choose(seat) {
  shownSeat = seat;
  if (!last) return;
  draw(last.board, last.view, last.options);
  const tab = last.board.querySelector(`.uv-tab[data-seat="${seat}"]`);
  if (tab) tab.focus();
}

function tabs(view, state, shown) {
  const waiting = new Set(over(view) ? [] : state.waiting || []);
  return node(
    "nav",
    { class: "uv-tabs", "aria-label": "Whose sheet to show" },
    ...state.players.map((player) => {
      const mine = player.seat === view.you;
      const note = over(view) ? "" : waiting.has(player.seat) ? " · working" : " · done";
      const tab = node(
        "button",
        {
          type: "button",
          class: `uv-tab${player.seat === shown ? " uv-tab-on" : ""}`,
          "aria-pressed": player.seat === shown ? "true" : "false",
        },
        `${nameOf(view, player.seat)}${mine ? " (you)" : ""}`,
        node("span", { class: "uv-tab-score" }, ` ${plural(player.score.total, "pt")}${note}`),
      );
      tab.dataset.seat = String(player.seat);
      tab.addEventListener("click", () => choose(player.seat));
      return tab;
    }),
  );
}

// --- the board ---------------------------------------------------------------------------------

// Which control had the keyboard focus, to give it back once the board is drawn again.
function focusKey(board) {
  const element = document.activeElement;
  if (!element || !board.contains(element)) return null;
  if (element.dataset.action) return ["[data-action]", "action", element.dataset.action];
  if (element.classList.contains("uv-tab")) return [".uv-tab", "seat", element.dataset.seat];
  if (element.dataset.pick) return [".uv-pick-choice", "pick", element.dataset.pick];
  return null;
}

function refocus(board, found) {
  if (!found) return;
  const [selector, field, value] = found;
  const match = [...board.querySelectorAll(selector)].find((element) => element.dataset[field] === value);
  if (match) match.focus({ preventScroll: true });
}

// Everyone plays at once, so the view changes while a player is clicking.
export const render = steady(draw);

// A hint (hint.js) is about to point at the control of `action`: the viewer's own sheet is
// shown, with the picks that make that control the cell's button (the number to write, what a
// wild part counts as, the dice or a wrench, the mechanism's turn) rather than a hidden twin.
export function showChoice(action) {
  if (!last || last.view.you === null || last.view.you === undefined) return;
  const before = JSON.stringify([shownSeat, chosen]);
  shownSeat = last.view.you;
  if (action.type === "journal") chosen.journal = action.number;
  if (action.type === "circle") chosen.circle = action.number;
  if (action.type === "circle" || action.type === "build_add") chosen.by = "dice";
  if (action.type === "spend_wrench") chosen.by = "wrench";
  if (action.type === "build_place") chosen.place = action.orientation || 0;
  if (JSON.stringify([shownSeat, chosen]) !== before) draw(last.board, last.view, last.options);
}

function draw(board, view, options) {
  last = { board, view, options };
  const focused = focusKey(board);
  const state = view.state;
  const you = view.you === undefined ? null : view.you;
  const seats = state.players.map((p) => p.seat);
  if (shownSeat === null || !seats.includes(shownSeat))
    shownSeat = you !== null && seats.includes(you) ? you : seats[0];
  const actions = new Actions(you === null ? [] : view.legal, { cls: "uv-action" });
  const me = you === null ? null : state.players[you];

  const offered = me ? offers(actions, me) : { journal: [], circle: [], place: [], by: [] };
  for (const kind of Object.keys(PICKS)) settle(kind, offered[kind]);

  const parts = [header(view, state)];
  let turn = null;
  if (me && !over(view) && ((options && !options.replay) || actions.any)) {
    turn = turnPanel(view, state, actions, me, shownSeat === you);
    parts.push(turn.panel);
  }
  if (seats.length > 1) parts.push(tabs(view, state, shownSeat));
  if (me) {
    const own = sheet(view, state, me, actions, true);
    own.hidden = shownSeat !== you;
    const building = me.asking && me.asking.building;
    const turned = (building && building.orientations) || [];
    const shape = (o) => (turned[o] ? shapeGrid(turned[o], `uv-ws-${building.workshop}`) : null);
    const pickers = [
      picker("journal", offered.journal),
      picker("circle", offered.circle),
      picker("place", offered.place, shape),
      picker("by", offered.by),
    ].filter(Boolean);
    // At the top of the sheet, and kept in sight while its cells scroll by.
    if (pickers.length) own.querySelector(".uv-sheet-title").after(node("div", { class: "uv-pickers" }, ...pickers));

    parts.push(own);
  }
  if (shownSeat !== you) parts.push(sheet(view, state, state.players[shownSeat], NO_ACTIONS, false));

  // Anything legal that has no place above still gets a button, described in words.
  const rest = actions.unshown();
  if (rest.length && turn) {
    turn.controls.prepend(
      ...rest.map((action) => actions.button(action, describe(view, action), describe(view, action))),
    );
    turn.panel.hidden = false;
  }
  board.replaceChildren(...parts);
  refocus(board, focused);
}
