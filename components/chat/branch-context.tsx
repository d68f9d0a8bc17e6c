"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import type { BranchPointView } from "@/lib/schemas/conversation";
import type { BranchActions } from "@/lib/client/use-branch-actions";

/**
 * What the rows need for edit, regenerate and versions, without passing it through every row (the
 * rows are memoized on their entry): the versions, the actions, and which message is being edited.
 */
export interface BranchContextValue {
  versions: readonly BranchPointView[];
  actions: BranchActions;
  /** Whether a new version may start now (no run active: the server answers 409 otherwise). */
  idle: boolean;
  editing: string | null;
  setEditing: (messageId: string | null) => void;
}

const BranchContext = createContext<BranchContextValue | null>(null);

export function BranchProvider({
  versions,
  actions,
  idle,
  children,
}: Pick<BranchContextValue, "versions" | "actions" | "idle"> & { children: ReactNode }) {
  const [editing, setEditing] = useState<string | null>(null);
  const value = useMemo(() => ({ versions, actions, idle, editing, setEditing }), [versions, actions, idle, editing]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

/** Null outside a chat (a row drawn elsewhere has no versions and no branch actions). */
export const useBranches = () => useContext(BranchContext);
