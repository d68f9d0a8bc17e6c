import type { SnippetPart } from "@/lib/schemas/search";

/** A result's snippet: text nodes only, the query's hits as <mark> (the server never sends HTML). */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="line-clamp-3 text-sm break-words text-muted-foreground">
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
