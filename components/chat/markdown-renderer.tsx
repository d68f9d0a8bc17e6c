"use client";

import { defaultRehypePlugins, Streamdown } from "streamdown";
import { cn } from "@/lib/utils";

// Model output is untrusted: no raw HTML (skipHtml, and no rehype-raw), then sanitize and harden links.
const SAFE_REHYPE = [defaultRehypePlugins.sanitize, defaultRehypePlugins.harden];

/** The agent's words as markdown, completed gracefully while they stream. Loaded lazily (see agent-markdown.tsx). */
export default function MarkdownRenderer({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Streamdown
      mode={streaming ? "streaming" : "static"}
      isAnimating={streaming}
      skipHtml
      rehypePlugins={SAFE_REHYPE}
      className={cn(
        "min-w-0 text-sm leading-relaxed break-words",
        "[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5",
        "[&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs",
        "[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold",
        "[&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_table]:text-xs",
      )}
    >
      {text}
    </Streamdown>
  );
}
