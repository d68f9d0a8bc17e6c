"use client";

import { useParams } from "next/navigation";
import { FileTextIcon } from "lucide-react";
import type { AttachmentRef } from "@/lib/agent/messages";
import { attachmentUrl } from "@/lib/client/attachments-api";
import { attachmentKind, formatBytes } from "@/lib/schemas/attachment-limits";

/**
 * The files of a person's message: a thumbnail per image and a chip per document, each opening
 * the file (the GET route answers members of the organization only). The conversation is the
 * page's (`/[orgSlug]/c/[conversationId]`).
 */
export function AttachmentChips({ attachments }: { attachments: AttachmentRef[] | undefined }) {
  const { conversationId } = useParams<{ conversationId?: string }>();
  if (!attachments?.length || !conversationId) return null;
  return (
    <ul className="mb-1 flex max-w-[85%] flex-wrap justify-end gap-2" aria-label="Attached files">
      {attachments.map((attachment) => {
        const href = attachmentUrl({ conversationId }, attachment.id);
        const image = attachmentKind(attachment.media_type) === "image";
        return (
          <li key={attachment.id}>
            <a
              href={href}
              target="_blank"
              rel="noopener"
              className="flex items-center gap-2 rounded-md border bg-background p-1 text-xs hover:bg-muted"
              title={`${attachment.name} (${formatBytes(attachment.size)})`}
            >
              {image ? (
                // eslint-disable-next-line @next/next/no-img-element -- a private file behind the session: next/image cannot fetch it
                <img src={href} alt={attachment.name} className="size-24 rounded object-cover" loading="lazy" />
              ) : (
                <>
                  <FileTextIcon aria-hidden className="size-5 text-muted-foreground" />
                  <span className="max-w-48 truncate pr-1 font-medium">{attachment.name}</span>
                  <span className="pr-1 text-muted-foreground">{formatBytes(attachment.size)}</span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
