"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import { toast } from "@/components/ui/toast";
import { useConversationMutations } from "@/lib/client/use-conversations";
import type { ConversationSummary } from "@/lib/schemas/conversation";
import { DeleteConversationDialog, RenameConversationDialog } from "./conversation-dialogs";
import { failed } from "./failed-toast";

/** A sidebar conversation's actions menu (rename, delete) and their dialogs, loaded by ConversationSidebar on intent. */
export default function ConversationActions({
  orgSlug,
  conversation,
  current,
  trigger,
  triggerRef,
}: { orgSlug: string; conversation: ConversationSummary; current: boolean; trigger: React.ReactElement } & LoadedPopupProps) {
  const router = useRouter();
  const { rename, remove } = useConversationMutations(orgSlug);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild ref={triggerRef}>
          {trigger}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDialog("rename")}>
            <PencilIcon aria-hidden /> Rename
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog("delete")}>
            <Trash2Icon aria-hidden /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === "rename" ? (
        <RenameConversationDialog
          title={conversation.title}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onRename={async (title) => {
            await rename.mutateAsync({ id: conversation.id, title });
            toast.success("Conversation renamed.");
          }}
        />
      ) : null}
      {dialog === "delete" ? (
        <DeleteConversationDialog
          title={conversation.title}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onDelete={async () => {
            try {
              await remove.mutateAsync(conversation.id);
              toast.success("Conversation deleted.");
              if (current) router.push(`/${orgSlug}`);
            } catch (error) {
              failed("delete the conversation")(error);
            }
          }}
        />
      ) : null}
    </>
  );
}
