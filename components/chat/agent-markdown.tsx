"use client";

import { lazy, Suspense } from "react";

// The markdown stack (streamdown, unified, remark, rehype) is most of the chat page's JavaScript:
// it loads after the page, which shows the plain text until then.
const MarkdownRenderer = lazy(() => import("./markdown-renderer"));

/** The agent's words as markdown (no raw HTML), completed gracefully while they stream. */
export function AgentMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Suspense fallback={<p className="text-sm leading-relaxed whitespace-pre-wrap break-words">{text}</p>}>
      <MarkdownRenderer text={text} streaming={streaming} />
    </Suspense>
  );
}
