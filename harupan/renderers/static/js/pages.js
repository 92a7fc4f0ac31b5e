// What the script does on the site's pages besides the games: the skip link, and the archive's
// calendar marked from the player's own record. Joined last into harupan.js, after every game has
// registered itself (game.js registerGame), and started on its own, not from boot(), so it knows
// no page but by what the page holds. No game is named here.
import { registerGame } from "./game.js";
import { STATS_KEY, migrate } from "./stats.js";

/** A day's mark from the player's record (``stats``, as migrate cleans it) for the games that day
 *  holds (``games``, their names): each game's own state through its record's ``dayState(days,
 *  date)`` ({state: "cleared" | "playing", text} or null), and the day's: "cleared" when every
 *  one of its games that can tell is cleared, "played" when any of them was played, else null.
 *  Returns {mark, parts: [[name, state], ...]} in the order of ``games``. */
export function dayMark(stats, date, games, specs = registerGame.games || new Map()) {
  const parts = games.filter((n) => specs.has(n) && specs.get(n).record && specs.get(n).record.dayState)
    .map((n) => [n, specs.get(n).record.dayState((stats && stats[n]) || {}, date)]);
  if (!parts.some(([, s]) => s)) return { mark: null, parts };
  return { mark: parts.every(([, s]) => s && s.state === "cleared") ? "cleared" : "played", parts };
}

/** Words a player reads for a mark: in the day's accessible name and the legend's. */
export const MARK_KO = { cleared: "완성", played: "플레이함" };

/** The player's record as the page would read it, cleaned, without writing anything back. */
function readRecord() {
  const specs = registerGame.games || new Map();
  const cleaners = Object.fromEntries([...specs].filter(([, g]) => g.record).map(([n, g]) => [n, g.record.clean]));
  let raw = null;
  try { raw = JSON.parse(localStorage.getItem(STATS_KEY)); } catch (e) { raw = null; }
  return migrate(raw, cleaners)[0];
}

/** The archive's calendar (templates/archive.html): each listed day's link carries its date and
 *  its games (data-date, data-games); a day played gets class ``played``, one cleared ``cleared``,
 *  the words in its accessible name (the ``.dstate`` inside its hidden label) and each game's state
 *  in its title (a line a game: its Korean name, from the table's data-titles, and its text). */
export function markCalendar(doc = document) {
  const table = doc.querySelector("table.calendar[data-titles]");
  if (!table) return;
  const titles = JSON.parse(table.dataset.titles);
  const stats = readRecord();
  for (const a of table.querySelectorAll("a[data-date]")) {
    const { mark, parts } = dayMark(stats, a.dataset.date, (a.dataset.games || "").split(" ").filter(Boolean));
    a.classList.toggle("played", mark === "played");
    a.classList.toggle("cleared", mark === "cleared");
    const words = a.querySelector(".dstate");
    if (words) words.textContent = mark ? `, ${MARK_KO[mark]}` : "";
    const lines = parts.filter(([, s]) => s).map(([n, s]) => `${titles[n] || n}: ${s.text}`);
    if (lines.length) a.title = lines.join("\n"); else a.removeAttribute("title");
  }
}

/** The skip link (base.html) moves the focus to its target itself, without changing the address's
 *  fragment, which the day page's views use; a target that cannot take the focus is given
 *  tabindex=-1. Without the script it is a plain link to the fragment. */
export function wireSkipLink(doc = document) {
  const skip = doc.querySelector("a.skip");
  if (!skip) return;
  skip.addEventListener("click", (e) => {
    const id = (skip.getAttribute("href") || "").split("#")[1];
    const target = id && doc.getElementById(id);
    if (!target) return;
    e.preventDefault();
    if (!target.hasAttribute("tabindex") && target.tabIndex < 0) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  });
}

if (typeof document !== "undefined") {  // not under node's tests
  const start = () => { wireSkipLink(); markCalendar(); };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
}
