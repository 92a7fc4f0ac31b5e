// Zodiac merge, protocol v1 (docs/design.md, "Zodiac merge, protocol v1"), the same rules as harupan/engine/zodiac.py.
import { Rng } from "./rng.js";

export const PIG = 12;
export const NAMES = ["", "쥐", "소", "호랑이", "토끼", "용", "뱀", "말", "양", "원숭이", "닭", "개", "돼지"];
export const BRANCHES = ["", "子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"];

/** Slide one line toward index 0, merging equal neighbours once: [line, score]. */
export function slideLine(line) {
  const tiles = line.filter((v) => v);
  const out = [];
  let score = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (i + 1 < tiles.length && tiles[i] === tiles[i + 1] && tiles[i] < PIG) {
      out.push(tiles[i] + 1);
      score += tiles[i] + 1;
      i++;
    } else {
      out.push(tiles[i]);
    }
  }
  while (out.length < line.length) out.push(0);
  return [out, score];
}

export const LINES = {
  L: [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => 4 * r + c)),
  R: [0, 1, 2, 3].map((r) => [3, 2, 1, 0].map((c) => 4 * r + c)),
  U: [0, 1, 2, 3].map((c) => [0, 1, 2, 3].map((r) => 4 * r + c)),
  D: [0, 1, 2, 3].map((c) => [3, 2, 1, 0].map((r) => 4 * r + c)),
};

/** [new board, score, moved] for one letter. */
export function move(board, letter) {
  const lines = LINES[letter];
  if (!lines) throw new Error(`'${letter}' is not a move (expected one of U D L R)`);
  const out = board.slice();
  let score = 0;
  for (const idx of lines) {
    const [line, s] = slideLine(idx.map((i) => board[i]));
    score += s;
    idx.forEach((i, k) => { out[i] = line[k]; });
  }
  return [out, score, out.some((v, i) => v !== board[i])];
}

export function canMove(board) {
  return board.includes(0) || ["L", "U"].some((m) => move(board, m)[2]);
}

export function spawn(board, rng) {
  const empty = [];
  board.forEach((v, i) => { if (!v) empty.push(i); });
  const cell = empty[rng.below(empty.length)];
  const rank = rng.below(10) === 0 ? 2 : 1;
  const out = board.slice();
  out[cell] = rank;
  return out;
}

export const seedFor = (date) => `harupan:zodiac:${date}`;

export class Game {
  constructor(board, rng, score = 0, counted = 0, state = null) {
    this.board = board; this.rng = rng; this.score = score; this.counted = counted;
    this.state = state || (board.includes(PIG) ? "won" : canMove(board) ? "playing" : "over");
    this.moves = "";
  }

  static start(seed, start = null) {
    const rng = new Rng(seed);
    const board = start ? start.slice() : spawn(spawn(new Array(16).fill(0), rng), rng);
    return new Game(board, rng);
  }

  static forDate(date) { return Game.start(seedFor(date)); }

  /** Play a letter; false for a move that changes nothing (no spawn, not counted). */
  apply(letter, position = null) {
    const where = position ? `move ${position}: ` : "";
    if (!LINES[letter]) throw new Error(`${where}'${letter}' is not a move (expected one of U D L R)`);
    if (this.state !== "playing") throw new Error(`${where}'${letter}' comes after the game ended (${this.state})`);
    const [next, gained, moved] = move(this.board, letter);
    if (!moved) return false;
    this.score += gained;
    this.counted += 1;
    this.moves += letter;
    if (next.includes(PIG)) {
      this.board = next; this.state = "won";
      return true;
    }
    this.board = spawn(next, this.rng);
    if (!canMove(this.board)) this.state = "over";
    return true;
  }

  get top() { return Math.max(...this.board); }

  result() {
    return { board: this.board.slice(), score: this.score, counted: this.counted, state: this.state, top: this.top };
  }
}

export function replay(letters, { date = null, seed = null, start = null } = {}) {
  const game = Game.start(date !== null ? seedFor(date) : seed, start);
  [...letters].forEach((ch, i) => game.apply(ch, i + 1));
  return game.result();
}
