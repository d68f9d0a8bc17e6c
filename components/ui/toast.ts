import type { ExternalToast } from "sonner";

/**
 * The app's toasts: `toast.success(...)`, `toast.error(...)`. sonner (~11 kB gzip) is not part of
 * any page's first load: it is imported when the browser is first idle (toaster.tsx) or at the first
 * toast, whichever comes first; a toast asked for before it has arrived shows as soon as it has,
 * in order (sonner's Toaster replays the toasts created before it subscribed).
 */

type Sonner = typeof import("sonner");

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (module) => {
      sonner = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      // A failed chunk load (offline) is retried by the next toast.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** For `useSyncExternalStore`: the sonner module once loaded, else null. */
export const loadedSonner = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => sonner,
};

const show = (kind: "success" | "error") => (message: string, options?: ExternalToast) => {
  loadSonner().then(
    (module) => module.toast[kind](message, options),
    (error: unknown) => console.error(`Could not show the toast "${message}":`, error),
  );
};

export const toast = { success: show("success"), error: show("error") };
