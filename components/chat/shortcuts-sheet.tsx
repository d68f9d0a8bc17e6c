"use client";

import { useSyncExternalStore } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Kbd } from "@/components/ui/kbd";
import { comboKeys, isMacPlatform, SHORTCUTS } from "@/lib/client/shortcuts";

const noSubscribe = () => () => {};
const platform = () => (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform;

/** ⌘ on a Mac, Ctrl elsewhere; Ctrl while the page is drawn on the server. */
const useMac = () =>
  useSyncExternalStore(
    noSubscribe,
    () => isMacPlatform(platform()),
    () => false,
  );

/** Every shortcut of the key map with its keys: the same list the handlers read. */
export function ShortcutsList({ mac }: { mac: boolean }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 text-sm" data-shortcuts>
      {SHORTCUTS.map((shortcut) => (
        <div key={shortcut.id} className="contents" data-shortcut={shortcut.id}>
          <dt>{shortcut.label}</dt>
          <dd className="flex justify-end gap-1">
            {comboKeys(shortcut, mac).map((key) => (
              <Kbd key={key}>{key}</Kbd>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The shortcuts sheet: opened with `?` outside text fields or from the chat header; Esc closes it. Loaded on demand (`ShortcutsSheetOnDemand`). */
export default function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mac = useMac();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            Press <Kbd>?</Kbd> outside a text field to see this list again.
          </DialogDescription>
        </DialogHeader>
        <ShortcutsList mac={mac} />
      </DialogContent>
    </Dialog>
  );
}
