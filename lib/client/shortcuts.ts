/**
 * The keyboard shortcuts: one key map, read by the handlers (`useChatShortcuts`, `SearchShortcut`)
 * and by the shortcuts sheet, so what the sheet lists is what the keys do. No browser globals here:
 * the caller says where the key was pressed.
 */

export type ShortcutId = "new_chat" | "search" | "stop" | "focus_composer" | "next_card" | "show_shortcuts";

/**
 * Where a shortcut works: `anywhere` (also while typing: it uses a modifier no text needs),
 * `composer` (not in other text fields, which may use the key themselves), `outside_text` (a
 * printable key: never while typing).
 */
export type ShortcutScope = "anywhere" | "composer" | "outside_text";

export interface Shortcut {
  id: ShortcutId;
  /** What it does, as the sheet says it. */
  label: string;
  /** `mod` is ⌘ on a Mac and Ctrl elsewhere. `code` (the physical key) where Alt/Option changes the character. */
  combo: { key?: string; code?: string; mod?: boolean; alt?: boolean; shift?: boolean };
  scope: ShortcutScope;
}

// Chosen not to fight the browser (Ctrl+T/N/W are the browser's) or screen readers (NVDA and JAWS
// use Insert/CapsLock, VoiceOver Ctrl+Option); Ctrl+Shift+O and Shift+Esc are ChatGPT's.
export const SHORTCUTS: readonly Shortcut[] = [
  { id: "new_chat", label: "New chat", combo: { key: "o", mod: true, shift: true }, scope: "anywhere" },
  { id: "search", label: "Search messages", combo: { key: "k", mod: true }, scope: "anywhere" },
  { id: "next_card", label: "Go to the next card waiting for you", combo: { code: "KeyJ", alt: true }, scope: "anywhere" },
  { id: "focus_composer", label: "Focus the message box", combo: { key: "Escape", shift: true }, scope: "anywhere" },
  { id: "stop", label: "Stop the running answer", combo: { key: "Escape" }, scope: "composer" },
  { id: "show_shortcuts", label: "Show keyboard shortcuts", combo: { key: "?" }, scope: "outside_text" },
];

/** The parts of a `KeyboardEvent` a shortcut is matched on. */
export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Where focus was: in the message box, in another text field, or anywhere else. */
export type KeyTarget = "composer" | "text" | "other";

function matches({ combo }: Shortcut, press: KeyPress): boolean {
  const mod = press.ctrlKey || press.metaKey;
  if (Boolean(combo.mod) !== mod || Boolean(combo.alt) !== press.altKey) return false;
  // "?" is Shift+/ on most layouts: a key that needs Shift to type does not ask for it again.
  const printable = combo.key !== undefined && combo.key.length === 1 && !/[a-z]/i.test(combo.key);
  if (!printable && Boolean(combo.shift) !== press.shiftKey) return false;
  if (combo.code) return press.code === combo.code;
  return press.key.toLowerCase() === combo.key?.toLowerCase();
}

const ALLOWED: Record<ShortcutScope, readonly KeyTarget[]> = {
  anywhere: ["composer", "text", "other"],
  composer: ["composer", "other"],
  outside_text: ["other"],
};

/** The shortcut a key press asks for where it was pressed, or null (typed text stays text). */
export function matchShortcut(press: KeyPress, target: KeyTarget): ShortcutId | null {
  const found = SHORTCUTS.find((shortcut) => matches(shortcut, press));
  return found && ALLOWED[found.scope].includes(target) ? found.id : null;
}

export const shortcut = (id: ShortcutId): Shortcut => SHORTCUTS.find((candidate) => candidate.id === id)!;

const CODE_KEYS: Record<string, string> = { KeyJ: "J" };
const KEY_NAMES: Record<string, string> = { Escape: "Esc" };

/** The keys to press, as the sheet shows them: ⌘ / ⌥ / ⇧ on a Mac, Ctrl / Alt / Shift elsewhere. */
export function comboKeys({ combo }: Shortcut, mac: boolean): string[] {
  const keys: string[] = [];
  if (combo.mod) keys.push(mac ? "⌘" : "Ctrl");
  if (combo.alt) keys.push(mac ? "⌥" : "Alt");
  if (combo.shift) keys.push(mac ? "⇧" : "Shift");
  const key = combo.code ? CODE_KEYS[combo.code] : (combo.key ?? "");
  keys.push(KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key));
  return keys;
}

/** Whether the platform's modifier is ⌘ (from `navigator.platform` / `userAgentData.platform`). */
export const isMacPlatform = (platform: string | undefined): boolean => /mac|iphone|ipad|ipod/i.test(platform ?? "");
