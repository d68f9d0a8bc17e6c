"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { FormVersionSummary } from "@/lib/client/forms/types";

/** The form's versions, newest first; any but the current one opens read-only. */
export function VersionsPanel({
  versions,
  current,
  open,
  onOpen,
}: {
  versions: FormVersionSummary[];
  current: number;
  /** The version shown read-only, or null while editing the current one. */
  open: number | null;
  onOpen(version: number | null): void;
}) {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <section aria-labelledby="form-versions" className="grid gap-2">
      <h2 id="form-versions" className="text-lg font-semibold">
        Versions
      </h2>
      <ol className="grid gap-1 text-sm">
        {newestFirst.map((version) => {
          const isCurrent = version.version === current;
          const isOpen = isCurrent ? open === null : open === version.version;
          return (
            <li key={version.version} className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                size="sm"
                variant={isOpen ? "secondary" : "ghost"}
                aria-current={isOpen ? "true" : undefined}
                onClick={() => onOpen(isCurrent ? null : version.version)}
              >
                Version {version.version}
              </Button>
              {isCurrent ? <Badge variant="success">Current</Badge> : null}
              <span className="text-muted-foreground">
                {new Date(version.createdAt).toLocaleString()}
                {version.createdBy ? ` by ${version.createdBy.name}` : ""}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
