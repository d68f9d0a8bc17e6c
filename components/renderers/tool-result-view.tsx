"use client";

import { memo } from "react";
import type { TimelineEntry } from "@/lib/client/timeline";
import { defaultRenderers } from "./registry";

/** A tool result's `renderData`, drawn by the read-only view of the tool's renderer (nothing if it has none). */
export default memo(function ToolResultView({ entry }: { entry: Extract<TimelineEntry, { kind: "tool" }> }) {
  const renderer = defaultRenderers[entry.call.tool_name];
  if (!renderer?.renderResult || entry.result?.renderData === undefined) return null;
  return <>{renderer.renderResult({ result: entry.result, value: entry.result.renderData })}</>;
});
