// The toy game's browser module (tests/test_games.py): it only names the day's number.
import { Rng } from "./rng.js";

export function toyNumber(day) {
  return day.toy.number;
}
