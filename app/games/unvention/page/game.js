// Unvention's board: a competition sheet drawn as on paper (three journals, four workshops
// around the hub, three inventions with their Idea circles, the tools and the score box), the
// day and this turn's dice, and every legal action as a button carrying its action JSON. The
// other players' sheets are one tab away. Game text only ever goes in through textContent and
// attributes; the only listeners added here switch what is drawn (tabs) or light up the cells a
// mechanism would cover (the placement preview): actions are sent by table.js alone.

import { Actions, nameOf, plural } from "../../js/board.js";
import { node } from "../../js/dom.js";
import { steady } from "../../js/steady.js";
import { inventions, sum } from "./inventions.js";
import { journals } from "./journals.js";
import { DAYS, DAY_TITLES, INVENTIONS, PRINTED, SIGNS, TOOLS, WORKSHOPS, icon, over, unseen } from "./printed.js";
import { describe, placedCells } from "./words.js";
import { workshops } from "./workshops.js";

export { describe };

// What is drawn, kept between renders: the seat whose sheet is on screen (null: the viewer's
// own, or the first player's for a spectator), and the last board and view, to draw again when
// a tab is chosen.
let shownSeat = null;
let last = null;

// Choices made before a tap on the sheet, kept between drawings: the number to write in a
// journal, the number a wild part is circled as, the turn of a mechanism (with the Torque). One
// no longer offered falls back to the first offered. The sheet shows a button only for the
// chosen one (the others' actions ride on hidden twins), so every cell holds one big button.
// Each choice's accessible name says what it does and holds what it shows ("Write 3s, then tap
// a journal cell" on the button "3").
const PICKS = {
  journal: { title: "Number to write", says: (n) => String(n), tells: (n) => `Write ${n}s, then tap a journal cell` },
  circle: { title: "A wild part counts as", says: (n) => String(n), tells: (n) => `Circle wild parts as ${n}s` },
  place: { title: "Turn of the mechanism", says: (o) => String(o + 1), tells: (o) => `Place it as shape ${o + 1}` },
  by: {
    title: "Circle with",
    says: (by) => (by === "wrench" ? "a wrench" : "the dice"),
    tells: (by) =>
      by === "wrench"
        ? "Circle with a wrench, then tap the part to spend it on"
        : "Circle with the dice, then tap a part to circle",
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
          "aria-label": tells(value),
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
    // What the group is for, said to a screen reader (the eye reads its tag).
    return node(
      "li",
      { class: `uv-group${used}` },
      node("span", { class: "uv-group-dice", "aria-hidden": "true" }, group.join(" ")),
      tags.length ? node("span", { class: "uv-group-tag", "aria-hidden": "true" }, tags.join("; ")) : null,
      unseen(says),
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
        // A glide, unless the person asked for less motion.
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        if (target) target.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
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
    journals(view, player, actions, chosen),
    node(
      "div",
      { class: "uv-middle" },
      workshops(view, state, player, actions, chosen),
      node("div", { class: "uv-side" }, scoreBox(view, state, player), toolsBox(view, state, player)),
    ),
    inventions(view, state, player, actions, chosen.place),
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
          tip: mine ? "Show your competition sheet" : `Show ${nameOf(view, player.seat)}'s competition sheet`,
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

// Where the keyboard goes after an action (table.js asks when the focus was lost): on with the
// step in hand, the first cell that can take the next number, part or mechanism, rather than
// the first button of the turn box above the sheet (Build, End turn). An owed choice (an Idea, a
// Quantum Leap, a presentation) is the turn box's own first button: the table's default.
const OWED = ["idea", "leap", "present", "keep"];

export function firstChoice(board, view) {
  if (view.you === null || view.you === undefined || over(view)) return null;
  const types = new Set((view.legal || []).map((action) => action.type));
  if (OWED.some((type) => types.has(type))) return null;
  const asking = view.state.players[view.you].asking || {};
  let where = [];
  if (asking.building) where = [".uv-shops-block", ".uv-inventions"];
  else if (types.has("journal") || types.has("cross")) where = [".uv-journals"];
  else if (types.has("circle") || types.has("spend_wrench")) where = [".uv-shops-block"];
  for (const part of where) {
    const found = [...board.querySelectorAll(`.uv-own ${part} [data-action]`)].find(
      (element) => !element.disabled && element.tabIndex >= 0 && element.checkVisibility(),
    );
    if (found) return found;
  }
  return null;
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
