"""The games of the day and the other rule topics, by name: the one list every layer reads.

Each name has a place of its own in every layer (``engine/<name>/``, ``generator/games/<name>``,
``renderers/games/<name>/``, ``content/rules/``, ``cli/games/<name>.py`` if it has commands), and
each layer's registry loads its own by that name; nothing else in the pipeline names a game
(docs/adding-a-game.md). Adding a game is writing its places and adding its name here.
"""

#: The games of the day, in page order: the order of the sections, the print set and the records.
GAMES = ("shisen", "zodiac", "cards")

#: Rule pages with figures of their own that are not games of the day.
TOPICS = ("shanghai",)
