import { createHash } from "node:crypto";
import type { ModelAdapter } from "@/lib/agent/model-adapter";

/**
 * Who a call goes to, for the cooldown after auth or quota errors: provider + base URL + key. A
 * rejected key or a spent quota is a property of that triple, not of one model id, so every model
 * behind it waits; a changed key is a new target and is tried at once. The key is kept as a short
 * hash, so the process holds no second copy of it.
 */
export function providerTarget(provider: string, baseURL: string | undefined, apiKey: string | undefined): string {
  const key = apiKey ? createHash("sha256").update(apiKey).digest("hex").slice(0, 16) : "none";
  return `${provider}|${(baseURL ?? "").replace(/\/+$/, "")}|${key}`;
}

/** Adapters of lib/models that call a provider say which target they call. */
export interface ProviderBound {
  readonly providerTarget: string;
}

/** The adapter's target; a model without one (demo, scripted) is its own target. */
export function providerTargetOf(model: ModelAdapter): string {
  const target = (model as Partial<ProviderBound>).providerTarget;
  return typeof target === "string" ? target : model.name;
}
