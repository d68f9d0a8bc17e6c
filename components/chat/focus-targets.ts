import type { KeyTarget } from "@/lib/client/shortcuts";

/**
 * The places the keyboard rules move focus to, found in the page: the message box, the cards that
 * wait for an answer (in the conversation log, in drawing order) and a card's first control.
 */

// The composer's textarea (components/chat/composer.tsx names it "message").
const COMPOSER = 'textarea[name="message"]';
const PENDING_CARD = '[role="log"] [data-slot-id][data-slot-status="pending"]';
const CONTROL = [
  "input:not([disabled]):not([type=hidden])",
  "button:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "a[href]",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

export const composerInput = (): HTMLTextAreaElement | null => document.querySelector<HTMLTextAreaElement>(COMPOSER);

export function focusComposer(): boolean {
  const input = composerInput();
  if (!input || input.disabled) return false;
  input.focus();
  return true;
}

/** The cards that wait for an answer, each with a control to focus. */
function pendingCards(): { card: HTMLElement; control: HTMLElement }[] {
  return [...document.querySelectorAll<HTMLElement>(PENDING_CARD)].flatMap((card) => {
    const control = card.querySelector<HTMLElement>(CONTROL);
    return control ? [{ card, control }] : [];
  });
}

/**
 * Focuses the first control of the next waiting card after the one focus is in (wrapping round),
 * skipping `except` (a card that is being answered). False when no card waits.
 */
export function focusNextCard(except?: string): boolean {
  const cards = pendingCards().filter(({ card }) => card.dataset.slotId !== except);
  if (cards.length === 0) return false;
  const current = cards.findIndex(({ card }) => card.contains(document.activeElement));
  const next = cards[(current + 1) % cards.length];
  next.control.focus();
  next.card.scrollIntoView?.({ block: "nearest" });
  return true;
}

/** Whether focus has nowhere to be: on the page's body, or on nothing. */
export const focusIsLost = (): boolean => !document.activeElement || document.activeElement === document.body;

/** Whether focus is on something inside the page's content (the shell's `<main>`), not on `<main>` itself. */
export function focusIsInPage(): boolean {
  const main = document.getElementById("main");
  const active = document.activeElement;
  return Boolean(main && active && active !== main && main.contains(active));
}

/** How focus moves once a card is settled: to the next waiting card, else to the message box. */
export function focusAfterCard(settled: string): void {
  if (!focusNextCard(settled)) focusComposer();
}

/** The slot id of the card an element is in (only a card of that status, when given), if any. */
export function cardOf(element: EventTarget | null, status?: string): string | null {
  const card = element instanceof Element ? element.closest<HTMLElement>("[data-slot-id]") : null;
  return card && (!status || card.dataset.slotStatus === status) ? (card.dataset.slotId ?? null) : null;
}

// Inputs people type into; a radio button or checkbox is not one.
const TYPED_INPUTS = new Set([
  "text",
  "search",
  "email",
  "url",
  "tel",
  "password",
  "number",
  "date",
  "time",
  "datetime-local",
  "month",
  "week",
]);

/** Where a key was pressed, for the key map: in the message box, in another text field, or elsewhere. */
export function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return "other";
  if (target.matches(COMPOSER)) return "composer";
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return "text";
  return target instanceof HTMLInputElement && TYPED_INPUTS.has(target.type) ? "text" : "other";
}

/** A dialog or menu is open: it owns the keys (Esc closes it), the chat's shortcuts wait. */
// A native popover (the conversation details) stays in the page while closed: only an open one counts.
export const popupOpen = (): boolean =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')].some(
    (element) => !element.hasAttribute("popover") || element.matches(":popover-open"),
  );
