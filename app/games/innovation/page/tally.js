// What the page counts for itself from the view: the icons each board shows, each score and each
// team's, the achievements that count. The server leaves them out of the view (view.py): after
// every action each seat is sent a patch from its last view to the new one, and a count that
// follows from the piles would be one more change to send. They are counted here, in one place,
// by the rules the server plays by (board.py's icons, ending.py's scores and achievements), and
// `tallied` gives the page a table whose players carry them under the names it has always read.

import { COLORS, ICONS, pileIcons } from "./cards.js";

// The icons a board shows: every pile's, with its splay (a pile of one card shows no splay).
export function boardIcons(player, cards) {
  const counts = Object.fromEntries(ICONS.map((name) => [name, 0]));
  for (const color of COLORS) {
    const { cards: pile, splay } = player.board[color];
    const shown = pileIcons(cards, pile.length > 1 ? splay : null, pile);
    for (const name of ICONS) counts[name] += shown[name];
  }
  return counts;
}

// A score pile's total: the ages of its cards (named cards for their owner, ages for the others).
export function pileScore(entries, cards) {
  return entries.reduce((total, entry) => {
    const age = typeof entry === "number" ? entry : cards[entry]?.age;
    return total + (Number.isFinite(age) ? age : 0);
  }, 0);
}

const ownAchievements = (player) => player.achievements.length + player.specials.length;

// The table with each player's counts: `icons` (icon -> count), `score` (their own),
// `team_score` (theirs and their teammate's, which counts at the end by score) and
// `achievement_count` (standard and special; a team game: the team's). `cards`: the card faces by
// name. The view itself is left as it is: the next patch applies to it.
export function tallied(state, cards) {
  const scores = state.players.map((player) => pileScore(player.score_pile, cards));
  const withMate = (seat, own) => {
    const mate = state.players[seat].teammate;
    return mate === null || mate === undefined || !state.players[mate] ? own(seat) : own(seat) + own(mate);
  };
  const players = state.players.map((player) => ({
    ...player,
    icons: boardIcons(player, cards),
    score: scores[player.seat],
    team_score: withMate(player.seat, (seat) => scores[seat]),
    achievement_count: withMate(player.seat, (seat) => ownAchievements(state.players[seat])),
  }));
  return { ...state, players };
}
