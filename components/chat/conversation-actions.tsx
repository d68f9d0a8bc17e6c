"use client";

import { useState } from "react";
import { FileDownIcon, PencilIcon, Share2Icon, Trash2Icon } from "lucide-react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { LoadedPopupProps } from "@/components/ui/lazy-popup";
import type { ConversationSummary } from "@/lib/schemas/conversation";
import { DeleteConversationDialog, RenameConversationDialog } from "./conversation-dialogs";
import ShareDialog from "./share-dialog";

/**
 * What the rows' menus do, made once by ConversationSidebar (one set of mutations for the whole
 * list, not one per row). `rename` rejects with the error for the dialog to show; `remove` reports
 * its own failure.
 */
export interface ConversationRowActions {
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string, current: boolean) => Promise<void>;
}

/** A sidebar conversation's actions menu (rename, share, delete) and their dialogs, loaded by ConversationSidebar on intent. */
export default function ConversationActions({
  actions,
  conversation,
  current,
  trigger,
  triggerRef,
}: {
  actions: ConversationRowActions;
  conversation: ConversationSummary;
  current: boolean;
  trigger: React.ReactElement;
} & LoadedPopupProps) {
  const [dialog, setDialog] = useState<"rename" | "share" | "delete" | null>(null);
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
          {(["markdown", "json"] as const).map((format) => (
            <DropdownMenuItem key={format} asChild>
              <a href={`/api/conversations/${conversation.id}/export?format=${format}`} download>
                <FileDownIcon aria-hidden /> Export as {format === "json" ? "JSON" : "Markdown"}
              </a>
            </DropdownMenuItem>
          ))}

          <DropdownMenuItem onSelect={() => setDialog("share")}>
            <Share2Icon aria-hidden /> Share
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
          onRename={(title) => actions.rename(conversation.id, title)}
        />
      ) : null}
      {dialog === "share" ? <ShareDialog conversationId={conversation.id} open onOpenChange={(open) => !open && setDialog(null)} /> : null}
      {dialog === "delete" ? (
        <DeleteConversationDialog
          title={conversation.title}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onDelete={() => actions.remove(conversation.id, current)}
        />
      ) : null}
    </>
  );
}
