"use client";

import { createContext, useContext } from "react";
import { humanize } from "@/components/renderers/describe-value";

/**
 * The conversation's tool titles (the snapshot's `toolTitles`: connector tools' "Acme CRM: Look up
 * contact"), for the tool rows; a tool without one reads as its name in words.
 */
const ToolTitles = createContext<Readonly<Record<string, string>>>({});

export const ToolTitlesProvider = ToolTitles.Provider;

/** What people read for a tool: its own title, else its name in words (the runtime's tools without Glove's prefix). */
export function useToolTitle(name: string): string {
  return useContext(ToolTitles)[name] ?? humanize(name.replace(/^glove_/, ""));
}
