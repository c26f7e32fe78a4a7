// The seats this browser holds, kept by the pages besides the lobby's HttpOnly cookie. Every
// port of a host shares its cookies, so a response from another port can replace the cookie;
// this storage belongs to the page's own origin. The lobby page gives a kept seat back to the
// server when it finds the cookie gone or replaced (table.js).

const key = (code) => `tinkertable.seat.${code}`;

// `player` as the API answers a create, join or play-again: {id, token, ...}.
export function keepSeat(code, player) {
  localStorage.setItem(key(code), JSON.stringify({ id: player.id, token: player.token }));
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
