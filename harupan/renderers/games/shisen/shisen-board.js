// Shisen-sho's board as the page holds it: a value (cells[y][x], a tile's code or null); a change
// makes a new one.

export class Board {
  constructor(width, height, cells) { this.width = width; this.height = height; this.cells = cells; }
  static fromRows(rows) { return new Board(rows[0].length, rows.length, rows.map((r) => r.slice())); }
  get(x, y) { return this.cells[y][x]; }
  tiles() {
    const out = [];
    this.cells.forEach((row, y) => row.forEach((c, x) => { if (c !== null) out.push([x, y, c]); }));
    return out;
  }
  count() { return this.tiles().length; }
  isEmpty() { return this.count() === 0; }
  with(changes) {
    const rows = this.cells.map((r) => r.slice());
    for (const [x, y, c] of changes) rows[y][x] = c;
    return new Board(this.width, this.height, rows);
  }
  equals(o) { return JSON.stringify(this.cells) === JSON.stringify(o.cells); }
}
