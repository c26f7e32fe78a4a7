// The table page's state, shared by its modules: the page's element and lobby code, this page's
// player and seat, the game's own page module, and the client: the view and the socket's state
// (window.tinkertable.client).

export const table = document.getElementById("table");
export const code = table.dataset.code;
// Who this page's player is (null: a visitor). Their seat moves back if the host removes someone
// seated before them; the lobby messages say where they sit.
export const myId = table.dataset.player === "" ? null : Number(table.dataset.player);
export let mySeat = table.dataset.seat === "" ? null : Number(table.dataset.seat);
export const el = (id) => document.getElementById(id);

// Where this page's player sits now, as the lobby messages say (table-lobby.js).
export function setSeat(seat) {
  mySeat = seat;
}

export const gameModule = await import(table.dataset.module); // the registry names it (app/play/registry.py)

export const client = {
  view: null,
  seq: null,
  lobby: null,
  socket: null,
  live: false,
  attempts: 0,
  nextId: 1,
  pending: new Map(),
  // The server's clock less this page's, in seconds, as of the last snapshot: clocks run on it.
  offset: 0,
};
