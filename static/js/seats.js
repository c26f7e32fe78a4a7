// The seats this browser holds, kept by the pages besides the lobby's HttpOnly cookie. Every
// port of a host shares its cookies, so a response from another port can replace the cookie;
// this storage belongs to the page's own origin. The lobby page gives a kept seat back to the
// server when it finds the cookie gone or replaced (table.js).

const key = (code) => `tinkertable.seat.${code}`;

// `player` as the API answers a create, join or play-again: {id, token, ...}. `at`: when, so
// that the home page's "Your games" asks about the most recent seats first.
export function keepSeat(code, player) {
  const seat = { id: player.id, token: player.token, at: Date.now() };
  localStorage.setItem(key(code), JSON.stringify(seat));
}

export function keptSeat(code) {
  try {
    const kept = JSON.parse(localStorage.getItem(key(code)));
    return kept && typeof kept.token === "string" ? kept : null;
  } catch {
    return null;
  }
}

export function forgetSeat(code) {
  localStorage.removeItem(key(code));
}

// Every seat this browser keeps, the most recently taken first: [{code, id, token, at}].
export function keptSeats() {
  const seats = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const name = localStorage.key(index);
    if (!name || !name.startsWith(key(""))) continue;
    const code = name.slice(key("").length);
    const kept = keptSeat(code);
    if (kept) seats.push({ code, ...kept, at: Number(kept.at) || 0 });
  }
  return seats.sort((a, b) => b.at - a.at);
}
