"""The one error family of the project.

It lives in the engine because the engine is the bottom layer: every other layer may import it,
and the engine may import nothing of ours.
"""


class HarupanError(Exception):
    """Bad input or a failed check, with a one-line message fit for a terminal.

    ``exit_code`` follows click's convention: 2 for bad input or usage, 1 for a check that failed.
    """

    exit_code = 2

    def __init__(self, message: str, *, source: str | None = None):
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)


class InputError(HarupanError):
    """Input that cannot be parsed or breaks a rule of its format (exit 2)."""


class CheckFailed(HarupanError):
    """A verification failed: an unsolvable layout, a false claim (exit 1)."""

    exit_code = 1
