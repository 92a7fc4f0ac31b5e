"""Pure game rules. Imports only the standard library and itself: no I/O, no clock, no randomness
other than the seeded project RNG in :mod:`harupan.engine.rng`."""
