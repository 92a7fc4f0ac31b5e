// A game's first-visit how-to: a short card of at most three illustrated steps, which the game's
// view declares (its howto_template, inside the day page's <template id="harupan-howto">) and this
// module shows in a modal <dialog>. It opens by itself the first time the player meets that game
// (when its section is first on screen), and from the "?" button in the game's header after.
// Which how-tos were seen is kept under one key, HOWTO_KEY: a list of game names. No game is named
// here.
import { el, store } from "./game.js";

export const HOWTO_KEY = "harupan:howto";

/** Whether the player has seen ``name``'s how-to on this browser. */
export function seenHowto(name) {
  const seen = store.get(HOWTO_KEY);
  return Array.isArray(seen) && seen.includes(name);
}

function markHowtoSeen(name) {
  const seen = store.get(HOWTO_KEY);
  const list = Array.isArray(seen) ? seen.filter((n) => typeof n === "string") : [];
  if (!list.includes(name)) store.set(HOWTO_KEY, [...list, name]);
}

const howtoState = { open: null, waiting: [] };  // the dialog on screen, and first visits waiting for it to close

/** Open the first how-to waiting for a first visit whose section is on screen, in page order (the
 *  order the games mount in), unless one is open already; the others wait their turn. */
function howtoPump() {
  howtoState.waiting = howtoState.waiting.filter((w) => !seenHowto(w.name));
  if (howtoState.open) return;
  const next = howtoState.waiting.find((w) => w.visible);
  if (!next) return;
  howtoState.waiting = howtoState.waiting.filter((w) => w !== next);
  openHowto(next.name);
}

/** ``name``'s how-to content from the page's template, or null when the page has none. */
function howtoContent(name) {
  const tpl = document.getElementById("harupan-howto");
  const part = tpl && tpl.content.querySelector(`[data-howto="${name}"]`);
  return part ? part.cloneNode(true) : null;
}

/** Show ``name``'s how-to in a modal dialog, made now and removed when it closes (the day page's
 *  element budget), giving the focus back to where it was. Escape, the close button and 시작하기
 *  close it; closing marks it seen. */
function openHowto(name) {
  const content = howtoContent(name);
  if (!content || howtoState.open) return null;
  const back = document.activeElement;
  const id = `howto-${name}-h`;
  const title = el("h2", { id, text: content.dataset.title || "" });
  const close = el("button", { type: "button", class: "howto-x", "aria-label": "닫기", text: "×" });
  const start = el("button", { type: "button", class: "tool primary howto-go", text: "시작하기" });
  const dialog = el("dialog", { class: "howto", "aria-labelledby": id },
    el("div", { class: "howto-head" }, title, close), ...content.childNodes, el("div", { class: "toolbar howto-foot" }, start));
  dialog.dataset.howto = name;
  close.addEventListener("click", () => dialog.close());
  start.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });  // a tap on the backdrop
  dialog.addEventListener("close", () => {
    markHowtoSeen(name);
    dialog.remove();
    howtoState.open = null;
    if (back && back.isConnected && typeof back.focus === "function") back.focus({ preventScroll: true });
    howtoPump();
  });
  document.body.append(dialog);
  howtoState.open = dialog;
  dialog.showModal();
  start.focus();
  return dialog;
}

/** Give ``section`` (a game's section of the day page) its how-to: a "?" button after its heading
 *  that opens it, and with ``first`` (the default), the how-to itself the first time the section
 *  is on screen, unless the player has seen it. Returns the button, or null when the page holds no
 *  how-to for ``name`` (a game without one needs nothing). */
export function howto(section, name, { first = true } = {}) {
  if (!section || !howtoContent(name)) return null;
  const heading = section.querySelector("h2");
  const label = `${heading ? heading.textContent.trim() : ""} 방법 보기`.trim();
  const button = el("button", { type: "button", class: "howto-open", "aria-label": label, "aria-haspopup": "dialog", text: "?" });
  button.addEventListener("click", () => openHowto(name));
  if (heading) heading.after(button); else section.prepend(button);
  if (first && !seenHowto(name)) {
    const wait = { name, visible: !("IntersectionObserver" in window) };
    howtoState.waiting.push(wait);
    if (wait.visible) {
      howtoPump();
    } else {
      const seen = new IntersectionObserver((entries) => {
        wait.visible = entries.some((e) => e.isIntersecting);
        if (!howtoState.waiting.includes(wait)) seen.disconnect();
        else if (wait.visible) setTimeout(howtoPump);  // after the other sections' news of the same scroll
      }, { rootMargin: "-20% 0px -20% 0px" });  // in the middle of the screen, however tall the section
      seen.observe(section);
    }
  }
  return button;
}
