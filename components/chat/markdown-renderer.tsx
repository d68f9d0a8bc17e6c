"use client";

import { code } from "@streamdown/code";
import { defaultRehypePlugins, Streamdown } from "streamdown";
import { cn } from "@/lib/utils";

// Model output is untrusted: no raw HTML (skipHtml, and no rehype-raw), then sanitize and harden links.
const SAFE_REHYPE = [defaultRehypePlugins.sanitize, defaultRehypePlugins.harden];
// Shiki highlighting: its grammars and themes ship in the bundle as chunks loaded on first use, never fetched from elsewhere.
const PLUGINS = { code };

/**
 * The agent's words as markdown, completed gracefully while they stream (an unclosed fence is
 * already a code block). Code blocks (one frame with the language, highlighting and Copy) and
 * tables (scrolling inside their frame) are Streamdown's own; only prose is styled here.
 * Loaded lazily (see agent-markdown.tsx).
 */
export default function MarkdownRenderer({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <Streamdown
      mode={streaming ? "streaming" : "static"}
      isAnimating={streaming}
      skipHtml
      rehypePlugins={SAFE_REHYPE}
      plugins={PLUGINS}
      className={cn(
        "min-w-0 text-sm leading-relaxed break-words",
        "[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5",
        "[&_a]:text-primary [&_a]:underline [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold",
        "[&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground",
      )}
    >
      {text}
    </Streamdown>
  );
}
