// What follows from Convolution's view by the rules, worked out here once for the board and its
// guide. The view holds only what the page cannot derive (rules.py's Table: the turn, who went
// first, the dice to score, the scores played), so that an action changes it little; the rules
// below are scoresheet.py's, in the same order, and the browser tests hold the page to them.

const COLORS = ["red", "blue", "green", "yellow"];
const RANKS = ["first", "second", "third", "fourth"];
const BLUGGARD = "bluggard";
export const ACTIVE = [...COLORS, ...RANKS, BLUGGARD];
// Each calculated category and the categories it adds up, in the order they can be written.
const TOTALS = [
  ["colors", COLORS],
  ["ranks", RANKS],
  ["grand", ["colors", "ranks", BLUGGARD]],
];

// Roll k (1..9) is scored on turns 2k-1 and 2k; the first player makes the odd rolls.
const rollOf = (turn) => Math.floor((turn + 1) / 2);
const rollerOf = (firstPlayer, roll) => (roll % 2 === 1 ? firstPlayer : 1 - firstPlayer);
// The seat taking a turn: the roller on the roll's first turn, the other on its second.
const playerOf = (firstPlayer, turn) => {
  const roller = rollerOf(firstPlayer, rollOf(turn));
  return turn % 2 === 1 ? roller : 1 - roller;
};

const colorTotals = (dice) => Object.fromEntries(COLORS.map((color) => [color, dice[color][0] + dice[color][1]]));

// The colors from highest total to lowest; equal totals keep the order of COLORS (sort is stable).
const arrangement = (totals) => [...COLORS].sort((a, b) => totals[b] - totals[a]);

// What each active category is worth on this roll, before the first-to-12 and 48 rules.
function categoryValues(totals, order) {
  const values = { ...totals };
  RANKS.forEach((rank, index) => (values[rank] = totals[order[index]]));
  values[BLUGGARD] = COLORS.reduce((sum, color) => sum + totals[color], 0);
  return values;
}

// The score written for `value`: the first to play a 12 writes 1, a Bluggard 48 writes 7.
function scoreFor(category, value, first) {
  if (first && value === 12) return 1;
  if (first && category === BLUGGARD && value === 48) return 7;
  return value;
}

// What each of `seat`'s open active categories would score on this roll.
function offers(sheets, seat, values) {
  const [mine, theirs] = [sheets[seat], sheets[1 - seat]];
  const open = ACTIVE.filter((category) => !mine[category]);
  const offer = (category) => scoreFor(category, values[category], !theirs[category]);
  return Object.fromEntries(open.map((category) => [category, offer(category)]));
}

// Both sheets with their calculated totals: each is written on the turn its last part is
// played, as the sum of its parts, and circled when the other player had not written it yet.
function withTotals(played) {
  const sheets = played.map((sheet) => ({ ...sheet }));
  for (const [total, parts] of TOTALS) {
    for (const sheet of sheets) {
      const marks = parts.map((part) => sheet[part]);
      sheet[total] = marks.every(Boolean)
        ? {
            score: marks.reduce((sum, mark) => sum + mark.score, 0),
            turn: Math.max(...marks.map((mark) => mark.turn)),
          }
        : null;
    }
    sheets.forEach((sheet, seat) => {
      const [mine, theirs] = [sheet[total], sheets[1 - seat][total]];
      if (mine) mine.circled = !theirs || mine.turn < theirs.turn;
    });
  }
  return sheets;
}

// The higher score wins; equal scores go to the circled one; null until both have played.
function winner(sheets, category) {
  const [first, second] = sheets.map((sheet) => sheet[category]);
  if (!first || !second) return null;
  if (first.score !== second.score) return first.score > second.score ? 0 : 1;
  return first.circled ? 0 : 1;
}

// The view's state and all the page derives from it: the roll this turn is scored on and its
// roller; with dice (none while the roll is due), the color totals, their arrangement, the
// categories' values and the mover's offers; both sheets with their totals, each
// category's winner and each seat's count of categories won.
export function table(state) {
  const roll = rollOf(state.turn);
  const sheets = withTotals(state.sheets);
  const won = Object.fromEntries([...ACTIVE, ...TOTALS.map(([total]) => total)].map((c) => [c, winner(sheets, c)]));
  const derived = {
    ...state,
    roll,
    roller: rollerOf(state.first_player, roll),
    sheets,
    won,
    categories_won: [0, 1].map((seat) => Object.values(won).filter((owner) => owner === seat).length),
  };
  if (state.dice) {
    derived.totals = colorTotals(state.dice);
    derived.arrangement = arrangement(derived.totals);
    derived.values = categoryValues(derived.totals, derived.arrangement);
    derived.offers = offers(sheets, playerOf(state.first_player, state.turn), derived.values);
  }
  return derived;
}
