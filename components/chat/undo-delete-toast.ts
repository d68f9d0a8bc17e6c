import { toast } from "@/components/ui/toast";
import { failed } from "./failed-toast";

/** How long the toast offers "Undo"; the server keeps a deleted conversation restorable longer (docs/retention.md). */
export const UNDO_TOAST_MS = 10_000;

/** "Conversation deleted." with an Undo button for UNDO_TOAST_MS; `restore` brings it back. */
export function showDeletedToast(restore: () => Promise<void>) {
  toast.success("Conversation deleted.", {
    duration: UNDO_TOAST_MS,
    action: {
      label: "Undo",
      onClick: () => void restore().then(() => toast.success("Conversation restored."), failed("restore the conversation")),
    },
  });
}
