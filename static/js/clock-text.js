// A clock's time in words on the table page. A live table's chess clock reads "4:05" (minutes
// and seconds); a turn-based table's time per move runs for hours or days and reads "1 day 3 h
// left", "5 h 20 min left", "40 min left". Screen readers get the same in whole words ("Ann: 1
// day 3 hours left").

const plural = (count, word) => `${count} ${word}${count === 1 ? "" : "s"}`;

// The largest two units of `whole` seconds that are not zero, as [count, unit] pairs (a turn-based
// clock), smallest unit the minute once there is an hour or more, else the second under a minute.
function parts(whole) {
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  let found;
  if (days) found = [[days, "day"], [hours, "hour"]];
  else if (hours) found = [[hours, "hour"], [minutes, "minute"]];
  else if (minutes) found = [[minutes, "minute"]];
  else found = [[seconds, "second"]];
  return found.filter(([count]) => count > 0);
}

const SHORT = { day: null, hour: "h", minute: "min", second: "s" };

// What the clock shows, for `whole` seconds left (0: run out); `perMove`: a turn-based clock.
export function clockText(whole, perMove) {
  if (!perMove) return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
  if (whole <= 0) return "out of time";
  const text = parts(whole).map(([count, unit]) => (SHORT[unit] ? `${count} ${SHORT[unit]}` : plural(count, unit)));
  return `${text.join(" ")} left`;
}

// What a screen reader says of it: `name` is the player's ("Your clock" for one's own).
export function clockWords(name, whole, perMove) {
  if (whole <= 0) return `${name}: out of time`;
  if (perMove) return `${name}: ${parts(whole).map(([count, unit]) => plural(count, unit)).join(" ")} left`;
  const minutes = Math.floor(whole / 60);
  const seconds = whole % 60;
  const words = [minutes ? plural(minutes, "minute") : "", seconds ? plural(seconds, "second") : ""];
  return `${name}: ${words.filter(Boolean).join(" ")} left`;
}
