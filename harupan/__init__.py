"""harupan (하루 판): daily tile puzzles, proved by a rules engine, published for print and web."""

__version__ = "0.1.0"
