// Playing back what just happened: the events of the latest update (view.state.events), one at a
// time, a few hundred milliseconds each: things glide along their steps, deaths, explosions, fans,
// crush spots and covers flash on the map, and a caption says what is going on. The board under it
// is already the final one, so every button works at once; a new update stops the playback (the
// next drawing starts from the final state), and so does the Skip button. With reduced motion
// there is no playback at all.

import { nameOf } from "../../js/board.js";
import { improvOf, quirkOf } from "./cards.js";
import { CARD_TITLES, decorate, spot, putThing, thingInfo, thingName } from "./map.js";

const CARD_WORDS = { ...CARD_TITLES, stumble: "a Stumble", plan: "a Master Plan" };

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const AFTERMATH_STEPS = {
  fans: "activate fans",
  bombs: "check bombs",
  crush: "activate crush spots",
  shrink: "shrink the map",
  retrieve: "retrieve cards, pass Dibs",
};
const ROUND_PHASES = { quirks: "Draw Quirks", scheming: "Scheming", execution: "Execution", aftermath: "Aftermath" };

const cardTitle = (card) => CARD_WORDS[card] || String(card);

// What an event says in words (null: nothing worth a caption).
export function caption(view, event) {
  const name = (id) => thingName(view, thingInfo(view, id));
  const who = (seat) => nameOf(view, seat);
  const improv = (card) => {
    const found = improvOf(card);
    return found ? found.name : "an Improv card";
  };
  const quirk = (id) => quirkOf(id).name;
  switch (event.kind) {
    case "flip":
      return `${who(event.seat)} flips card ${event.slot + 1}: ${cardTitle(event.card)}`;
    case "again":
      return `${who(event.seat)}: Again, repeating ${cardTitle(event.repeats)}`;
    case "move":
      return `${name(event.thing)} moves ${event.direction}${event.steps > 1 ? ` ${event.steps} spaces` : ""}`;
    case "push":
      return `${name(event.thing)} pushes ${name(event.pushed)} ${event.direction}`;
    case "death":
      return `${name(event.thing)} is gone: ${event.cause}`;
    case "token":
      return `A ${event.token} token appears`;
    case "place":
      return `${name(event.thing)} is put on the map`;
    case "spit":
      return `A bomb spitter spits ${name(event.thing)} ${event.distance} spaces`;
    case "unspit":
      return "The bomb could not leave the spitter";
    case "roll":
      return `Die roll: ${event.value} (${event.why})`;
    case "coin":
      return `${who(event.seat)} calls ${event.call}: ${event.side}, ${event.won ? "won" : "lost"}`;
    case "stumble":
      return `${name(event.thing)} stumbles ${event.direction}`;
    case "improv":
      return `${who(event.seat)} improvises: ${improv(event.card)}`;
    case "aim":
      return `${who(event.seat)} aims ${improv(event.card)} ${event.direction}`;
    case "confuse":
      return `${who(event.seat)} is confused: card ${event.slot + 1} is swapped`;
    case "switch":
      return `${name(event.things[0])} and ${name(event.things[1])} switch places`;
    case "fan":
      return `A fan blows ${event.direction}`;
    case "bomb_check":
      return `${name(event.thing)} is checked: ${event.explodes ? "it explodes!" : "nothing near"}`;
    case "explode":
      return `${name(event.thing)} explodes`;
    case "remove":
      return `${name(event.thing)} is removed`;
    case "crush":
      return `A crush spot flattens ${name(event.thing)}`;
    case "cover":
      return `The map shrinks: the ${event.name} cover is placed`;
    case "aftermath":
      return `Aftermath: ${AFTERMATH_STEPS[event.step] || event.step}`;
    case "spawn":
      return `${who(event.seat)} spawns`;
    case "quirk":
      return `${who(event.seat)} gains the Quirk ${quirk(event.quirk)}`;
    case "trash":
      return `${who(event.seat)} discards ${quirk(event.quirk)}`;
    case "goal":
      return `${who(event.seat)} reaches their Goal`;
    case "gimmick_flip":
      return `${who(event.seat)}'s Gimmick flips`;
    case "master_plan":
      return `${who(event.seat)} lays a Master Plan on card ${event.slot + 1}`;
    case "master_plan_action":
      return `${who(event.seat)}'s Master Plan: ${cardTitle(event.action)}`;
    case "friend":
      return "Slappy's Friend is put down";
    case "plan":
      return "The Plan token is put down";
    case "dibs":
      return `Dibs passes to ${who(event.seat)}`;
    case "phase":
      return `Round ${event.round}: ${ROUND_PHASES[event.phase] || event.phase}`;
    case "locked":
      return `${who(event.seat)} has schemed`;
    case "reshuffle":
      return `The ${event.deck === "quirks" ? "Quirk" : "Improv"} deck is reshuffled`;
    default:
      return null;
  }
}

// How long each kind of event holds the stage, in ms (0: caption only, folded into the next).
const HOLD = {
  flip: 420,
  step: 260,
  death: 480,
  token: 160,
  place: 280,
  spit: 240,
  unspit: 120,
  roll: 320,
  coin: 420,
  improv: 520,
  aim: 300,
  confuse: 300,
  switch: 380,
  fan: 420,
  bomb_check: 300,
  explode: 520,
  remove: 120,
  crush: 480,
  cover: 700,
  aftermath: 380,
  spawn: 300,
  quirk: 260,
  trash: 200,
  goal: 360,
  gimmick_flip: 300,
  master_plan: 300,
  master_plan_action: 300,
  friend: 200,
  plan: 200,
  dibs: 300,
  phase: 360,
  stumble: 200,
};

// One playback on a drawn board. `stage` = {view, cells, things (id -> element), makeThing(id),
// caption(text), slot(seat, index) -> element or null, finish()}.
export class Playback {
  constructor(stage, start, events) {
    this.stage = stage;
    this.model = { things: new Map(start.things), tokens: new Map(start.tokens), covers: start.covers };
    this.events = events;
    this.index = 0;
    this.timer = null;
    this.done = false;
  }

  // Lay out the starting position (no transitions), then go.
  begin() {
    const { stage, model } = this;
    stage.root.classList.add("us-instant");
    for (const [id, at] of model.things) putThing(stage.thing(id), at);
    for (const [id, element] of stage.things) if (!model.things.has(id)) putThing(element, null);
    this.redecorate();
    void stage.root.offsetWidth; // apply the start before transitions come back
    stage.root.classList.remove("us-instant");
    stage.root.classList.add("us-playing");
    this.next();
  }

  redecorate() {
    const { stage, model } = this;
    const state = stage.view.state;
    stage.cells.forEach((row, y) => row.forEach((cell, x) => decorate(cell, state, x, y, model)));
  }

  cell(at) {
    if (!at) return null;
    const row = this.stage.cells[at[1]];
    return row ? row[at[0]] || null : null;
  }

  flash(at, cls, ms) {
    const cell = this.cell(at);
    if (!cell) return;
    cell.classList.add(cls);
    setTimeout(() => cell.classList.remove(cls), ms);
  }

  next() {
    if (this.done) return;
    let hold = 0;
    while (this.index < this.events.length && hold === 0) {
      const event = this.events[this.index];
      this.index += 1;
      const text = caption(this.stage.view, event);
      if (text) this.stage.caption(text);
      hold = this.show(event);
    }
    if (this.index >= this.events.length && hold === 0) {
      this.finish();
      return;
    }
    this.timer = setTimeout(() => this.next(), hold);
  }

  // Show one event; how long it holds the stage.
  show(event) {
    const { stage, model } = this;
    const hold = HOLD[event.kind] || 0;
    const move = (id, at) => {
      model.things.set(id, at);
      putThing(stage.thing(id), at);
    };
    switch (event.kind) {
      case "step": {
        const element = stage.thing(event.thing);
        element.classList.add("us-moving");
        setTimeout(() => element.classList.remove("us-moving"), hold);
        if (event.portals && event.portals.length) {
          // Into the portal, then out of its partner.
          move(event.thing, event.portals[0]);
          setTimeout(() => {
            if (this.done) return;
            element.classList.add("us-instant-one");
            putThing(element, event.to);
            void element.offsetWidth;
            element.classList.remove("us-instant-one");
          }, hold / 2);
          model.things.set(event.thing, event.to);
          return hold;
        }
        move(event.thing, event.to);
        return hold;
      }
      case "death": {
        const element = stage.thing(event.thing);
        element.classList.add("us-dying");
        this.flash(event.at, "us-flash", hold);
        setTimeout(() => {
          element.classList.remove("us-dying");
          if (!this.done) putThing(element, null);
        }, hold);
        model.things.set(event.thing, null);
        return hold;
      }
      case "place":
      case "spit":
      case "spawn": {
        const element = stage.thing(event.thing);
        element.classList.add("us-instant-one");
        move(event.thing, event.at);
        void element.offsetWidth;
        element.classList.remove("us-instant-one");
        element.classList.add("us-pop");
        setTimeout(() => element.classList.remove("us-pop"), hold);
        return hold;
      }
      case "unspit":
      case "remove":
        move(event.thing, null);
        return hold;
      case "switch": {
        event.things.forEach((id, i) => {
          const element = stage.thing(id);
          element.classList.add("us-pop");
          setTimeout(() => element.classList.remove("us-pop"), hold);
          move(id, event.at[i]);
        });
        return hold;
      }
      case "token":
        model.tokens.set(spot(event.at), event.token);
        this.redecorate();
        this.flash(event.at, "us-flash", hold);
        return hold;
      case "fan":
        this.flash(event.at, "us-blowing", hold);
        return hold;
      case "bomb_check":
        this.flash(event.at, "us-checking", hold);
        return hold;
      case "explode":
        this.flash(event.at, "us-boom", hold);
        move(event.thing, null);
        return hold;
      case "crush":
        this.flash(event.at, "us-crushing", hold);
        return hold;
      case "cover":
        model.covers = event.ring + 1;
        this.redecorate();
        return hold;
      case "flip": {
        const slot = stage.slot(event.seat, event.slot);
        if (slot) {
          slot.classList.add("us-flipping");
          setTimeout(() => slot.classList.remove("us-flipping"), hold);
        }
        return hold;
      }
      default:
        return hold;
    }
  }

  // Stop where we are: the board shows the final state.
  finish() {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.stage.root.classList.remove("us-playing");
    this.stage.finish();
  }
}
