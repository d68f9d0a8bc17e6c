"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

export default function SearchError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
