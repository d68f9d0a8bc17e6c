"use client";

import * as React from "react";

/**
 * Menus, drawers and tooltips are closed at first paint, yet radix's code for them (popper, focus
 * scope, scroll lock, dismissable layer) weighed more than the app's own code on every page.
 * `lazyPopup` renders only the trigger at first, looking and announcing itself as the real one, and
 * loads the real widget on intent: a pointer over the trigger or focus on it, so a first click or
 * Enter usually finds it loaded. A press that comes before the code is replayed on the real trigger
 * once it is there, so radix opens exactly as if pressed (by keyboard: focus on the first item).
 * Once the code is there, every instance renders the real widget.
 */

/** What the loaded widget receives besides the caller's props. */
export interface LoadedPopupProps {
  /** Goes on the real trigger: focus moves there from the placeholder, and an early press is replayed on it. */
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}

type Press = { type: "pointerdown" } | { type: "keydown"; key: string } | { type: "click" };

function replay(trigger: HTMLButtonElement, press: Press) {
  if (press.type === "click") trigger.click();
  else if (press.type === "keydown")
    trigger.dispatchEvent(new KeyboardEvent("keydown", { key: press.key, bubbles: true, cancelable: true }));
  else trigger.dispatchEvent(new PointerEvent("pointerdown", { button: 0, bubbles: true, cancelable: true }));
}

/**
 * How the placeholder stands in for radix's trigger: the ARIA state it announces and the presses
 * that open it (a menu opens on pointer down and Enter/Space/ArrowDown, a dialog on click; a
 * tooltip opens on hover or focus, which the real trigger gets once it has taken the focus over).
 */
const triggers = {
  menu: (press: (press: Press) => void): React.ComponentProps<"button"> => ({
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As radix does: keep focus off the trigger, the menu takes it.
      event.preventDefault();
      press({ type: "pointerdown" });
    },
    onKeyDown: (event) => {
      if (!["Enter", " ", "ArrowDown"].includes(event.key)) return;
      event.preventDefault();
      press({ type: "keydown", key: event.key });
    },
  }),
  dialog: (press: (press: Press) => void): React.ComponentProps<"button"> => ({
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    onClick: () => press({ type: "click" }),
  }),
  tooltip: (): React.ComponentProps<"button"> => ({}),
};

/** `load` imports a module whose default export is the real widget, its trigger (the `trigger` prop) included. */
export function lazyPopup<P extends LoadedPopupProps & { trigger: React.ReactElement }>(
  kind: keyof typeof triggers,
  load: () => Promise<{ default: React.ComponentType<P> }>,
): React.ComponentType<Omit<P, keyof LoadedPopupProps>> {
  let Loaded: React.ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const preload = () => {
    loading ??= load().then(
      (module) => {
        Loaded = module.default;
        listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        // A failed chunk load (offline) is retried at the next intent.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  function LazyPopup(props: Omit<P, keyof LoadedPopupProps>) {
    // The server and hydration render the placeholder; the real widget once its code is loaded.
    const Widget = React.useSyncExternalStore(
      subscribe,
      () => Loaded,
      () => null,
    );
    const pendingPress = React.useRef<Press | null>(null);
    const placeholderFocused = React.useRef(false);
    const triggerRef = React.useRef<HTMLButtonElement>(null);

    // Before the browser paints the swap: the real trigger takes over the placeholder's focus.
    React.useLayoutEffect(() => {
      if (Widget && placeholderFocused.current) triggerRef.current?.focus();
    }, [Widget]);
    // After radix's own effects, which listen for the keyboard to decide where focus goes on opening.
    React.useEffect(() => {
      if (!Widget || !pendingPress.current || !triggerRef.current) return;
      replay(triggerRef.current, pendingPress.current);
      pendingPress.current = null;
    }, [Widget]);

    if (Widget) return <Widget {...({ ...props, triggerRef } as P)} />;

    const intent = () =>
      void preload().catch((error: unknown) => {
        // A press made while the code could not be had is not replayed at a later hover.
        pendingPress.current = null;
        console.error(error);
      });
    const press = (early: Press) => {
      pendingPress.current = early;
      intent();
    };
    const placeholder: React.ComponentProps<"button"> & { "data-state": "closed" } = {
      type: "button",
      "data-state": "closed",
      ...triggers[kind](press),
      onPointerEnter: intent,
      onFocus: () => {
        placeholderFocused.current = true;
        intent();
      },
      onBlur: () => {
        placeholderFocused.current = false;
      },
    };
    return React.cloneElement(props.trigger as React.ReactElement<React.ComponentProps<"button">>, placeholder);
  }
  return LazyPopup;
}
