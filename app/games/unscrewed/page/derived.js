// What the view leaves out because the page can work it out from what it already has: every
// patch after every action is then smaller (a seat's filled slots, who has locked in, the things
// on the map in a list). The view's own words are in view.py's docstring.

// How many of a player's scheme slots hold a card.
export function filledSlots(player) {
  return player.slots.filter((slot) => slot !== null).length;
}

// Whether a seat has locked in its scheme: while Scheming, the seats still scheming are the
// active ones.
export function lockedIn(view, state, seat) {
  return state.phase === "scheming" && !(view.active || []).includes(seat);
}

// The thingamajigs on the map ({id: {kind, at, seat | number}} in the view), each with its id.
export function thingList(state) {
  return Object.entries(state.things).map(([id, thing]) => ({ id, ...thing }));
}

// What happened since the last action, each event with its number: the view numbers the first
// one only ("n"), as the others follow it one by one.
export function numberedEvents(state) {
  const events = state.events || [];
  return events.map((event, index) => ({ ...event, n: events[0].n + index }));
}
