"""Each game's own commands (``harupan <game> …``), one module a game under its name, defining
``COMMAND``; the top-level group finds them by the names in ``engine/catalog.py`` (cli/main.py).
A game without commands has no module here."""
