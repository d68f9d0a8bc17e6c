import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ShortcutsList } from "@/components/chat/shortcuts-sheet";
import { comboKeys, isMacPlatform, matchShortcut, SHORTCUTS, type KeyPress, type Shortcut } from "@/lib/client/shortcuts";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

/** The key press a shortcut's own combo makes (Shift for "?", the physical key for Alt combos). */
const pressOf = ({ combo }: Shortcut): KeyPress =>
  press(combo.key ?? "x", {
    code: combo.code,
    ctrlKey: Boolean(combo.mod),
    altKey: Boolean(combo.alt),
    shiftKey: Boolean(combo.shift) || combo.key === "?",
  });

describe("the key map", () => {
  it("the sheet lists exactly the shortcuts the key map handles, each once, with its keys", () => {
    const html = renderToStaticMarkup(createElement(ShortcutsList, { mac: false }));
    const listed = [...html.matchAll(/data-shortcut="([^"]+)"/g)].map(([, id]) => id);
    expect(listed).toEqual(SHORTCUTS.map((shortcut) => shortcut.id));
    for (const shortcut of SHORTCUTS) {
      expect(html).toContain(shortcut.label);
      // Every listed combo reaches its own handler, and no other shortcut shadows it.
      expect(matchShortcut(pressOf(shortcut), "other")).toBe(shortcut.id);
    }
    expect(new Set(SHORTCUTS.map((shortcut) => JSON.stringify(shortcut.combo))).size).toBe(SHORTCUTS.length);
  });

  it("shows the platform's modifier: ⌘ on a Mac, Ctrl elsewhere", () => {
    const search = SHORTCUTS.find((shortcut) => shortcut.id === "search")!;
    expect(comboKeys(search, true)).toEqual(["⌘", "K"]);
    expect(comboKeys(search, false)).toEqual(["Ctrl", "K"]);
    expect(renderToStaticMarkup(createElement(ShortcutsList, { mac: true }))).toContain("⌥");
    expect(isMacPlatform("MacIntel")).toBe(true);
    expect(isMacPlatform("Win32")).toBe(false);
  });

  it("printable keys are ignored inside text fields, the composer included: typed text stays text", () => {
    expect(matchShortcut(press("?", { shiftKey: true }), "other")).toBe("show_shortcuts");
    expect(matchShortcut(press("?", { shiftKey: true }), "text")).toBeNull();
    expect(matchShortcut(press("?", { shiftKey: true }), "composer")).toBeNull();
    expect(matchShortcut(press("j"), "other")).toBeNull();
  });

  it("Esc stops from the composer or the page, never from a text field that may use Esc itself", () => {
    expect(matchShortcut(press("Escape"), "composer")).toBe("stop");
    expect(matchShortcut(press("Escape"), "other")).toBe("stop");
    expect(matchShortcut(press("Escape"), "text")).toBeNull();
    expect(matchShortcut(press("Escape", { shiftKey: true }), "text")).toBe("focus_composer");
  });

  it("modifier shortcuts work while typing; Option+J on a Mac (which types ∆) still goes to the next card", () => {
    expect(matchShortcut(press("∆", { code: "KeyJ", altKey: true }), "text")).toBe("next_card");
    expect(matchShortcut(press("K", { metaKey: true }), "composer")).toBe("search");
    expect(matchShortcut(press("k", { ctrlKey: true, shiftKey: true }), "other")).toBeNull();
    expect(matchShortcut(press("O", { ctrlKey: true, shiftKey: true }), "text")).toBe("new_chat");
  });
});
