import type { ModelAdapter } from "@/lib/agent/model-adapter";
import type { AttachmentRef, DocumentPart, ImagePart, Message } from "@/lib/agent/messages";
import { attachmentKind } from "@/lib/schemas/attachment-limits";
import type { ReadBytes } from "./blob-store";

/**
 * Messages keep only references to their files (`attachments`); a model needs the contents. These
 * fill them in for each model call, so the bytes are stored once (the Attachment table or its bucket) and never
 * copied into the history, the snapshot or the event stream.
 */

/** A fence longer than any run of backticks in the text, so a file cannot close it and talk as the person. */
function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** How a text file reads to the model: its name quoted (JSON-escaped, so a name cannot break out), then its contents fenced. */
export function textFileBlock(name: string, text: string): string {
  return `Attached file ${JSON.stringify(name)}:\n${fenced(text)}`;
}

function withContents(message: Message, contents: Awaited<ReturnType<ReadBytes>>): Message {
  const images: ImagePart[] = [...(message.images ?? [])];
  const documents: DocumentPart[] = [];
  const texts: string[] = [];
  for (const ref of message.attachments ?? []) {
    const stored = contents.get(ref.id);
    if (!stored) {
      texts.push(`Attached file ${JSON.stringify(ref.name)} is no longer available.`);
      continue;
    }
    const data = Buffer.from(stored.bytes).toString("base64");
    const kind = attachmentKind(stored.mediaType);
    if (kind === "image") images.push({ media_type: stored.mediaType as ImagePart["media_type"], data });
    else if (kind === "pdf") documents.push({ media_type: "application/pdf", data, name: ref.name });
    else texts.push(textFileBlock(ref.name, new TextDecoder().decode(stored.bytes)));
  }
  const { attachments: _refs, ...rest } = message;
  return {
    ...rest,
    text: [message.text, ...texts].filter(Boolean).join("\n\n"),
    ...(images.length > 0 && { images }),
    ...(documents.length > 0 && { documents }),
  };
}

/** The messages with their files' contents in place of the references (one read for all of them). */
export async function withAttachmentContents(messages: Message[], read: ReadBytes): Promise<Message[]> {
  const ids = messages.flatMap((message) => (message.attachments ?? []).map((ref: AttachmentRef) => ref.id));
  if (ids.length === 0) return messages;
  const contents = await read([...new Set(ids)]);
  return messages.map((message) => (message.attachments?.length ? withContents(message, contents) : message));
}

/** The model, with each call's messages carrying their files' contents. */
export function withAttachmentContent(model: ModelAdapter, read: ReadBytes): ModelAdapter {
  return {
    get name() {
      return model.name;
    },
    get capabilities() {
      return model.capabilities;
    },
    setSystemPrompt: (systemPrompt) => model.setSystemPrompt(systemPrompt),
    prompt: async (request, notify, signal) =>
      model.prompt({ ...request, messages: await withAttachmentContents(request.messages, read) }, notify, signal),
  };
}
