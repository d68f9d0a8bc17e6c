import { z } from "zod";
import { ATTACHMENTS_PER_MESSAGE } from "./attachment-limits";
import { idSchema } from "./text";

/** Wire shapes of the attachment routes (`/api/conversations/:id/attachments`). */

/** `POST` answers 201 with this; messages carry the same fields (`Message.attachments`). */
export const attachmentViewSchema = z.object({
  id: z.string(),
  /** Detected from the bytes, never taken from the name or the request's Content-Type. */
  media_type: z.string(),
  /** The original file name, sanitized; for display only. */
  name: z.string(),
  size: z.number().int(),
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** The upload's query: the body is the file's bytes, the name travels here (`?name=photo.png`). */
export const uploadAttachmentQuerySchema = z.object({ name: z.string().max(1000).optional() });

/** A message's uploaded files, by id (`sendMessageSchema.attachment_ids`). */
export const attachmentIdsSchema = z
  .array(idSchema)
  .max(ATTACHMENTS_PER_MESSAGE, `Attach at most ${ATTACHMENTS_PER_MESSAGE} files to a message.`)
  .refine((ids) => new Set(ids).size === ids.length, "Each file may be attached once.");
