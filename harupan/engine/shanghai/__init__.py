"""Shanghai mahjong's deal (상해마작 배패·왕패): not a game of the day but a rule page whose figures
the engine computes (:mod:`.wall`: the dice, the break, who takes which tile, the dead wall)."""
