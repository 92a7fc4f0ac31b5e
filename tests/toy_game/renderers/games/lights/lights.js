// 불 끄기 on the day page: the section says how many lights are lit (its rules are the engine's,
// engine/lights/; the page's script only counts).
import { registerGame } from "./game.js";

export function lightsLit(day) {
  return day.lights.lights.reduce((sum, lit) => sum + lit, 0);
}

registerGame("lights", {
  mount(section, { day }) {
    section.querySelector("#lights-count").dataset.lit = String(lightsLit(day));
  },
});
