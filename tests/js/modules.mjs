// The page's browser modules as the build makes them (renderers/bundle.py modules(): the shared
// ones, the engine's tables in data.js, each game's own), written side by side into one folder by
// the Python test that runs these (tests/conftest.py js_modules), so they import each other by name.
import { pathToFileURL } from "node:url";

const folder = process.env.HARUPAN_JS_MODULES;
if (!folder) throw new Error("the browser modules are assembled by the Python tests: run them through pytest");

/** A module of the page's script, by its file name. */
export const load = (name) => import(pathToFileURL(`${folder}/${name}`).href);
