import type { ReasoningPart } from "@/lib/agent/messages";

type ProviderData = Record<string, Record<string, unknown>>;

/**
 * Collects the reasoning parts of one AI SDK stream. A part streams as start / deltas / end under
 * one id, and its provider data (Anthropic's signature arrives on a late delta, redacted thinking on
 * the start) may come on any of them: merged per provider, so nothing the provider needs back is lost.
 */
export class ReasoningCollector {
  private readonly parts = new Map<string, { text: string; providerOptions?: ProviderData }>();

  add(id: string, text: string, providerMetadata: unknown): void {
    const part = this.parts.get(id) ?? { text: "" };
    part.text += text;
    const metadata = asProviderData(providerMetadata);
    if (metadata) {
      const merged: ProviderData = { ...part.providerOptions };
      for (const [provider, data] of Object.entries(metadata)) merged[provider] = { ...merged[provider], ...data };
      part.providerOptions = merged;
    }
    this.parts.set(id, part);
  }

  /** Parts with text or provider data (an empty part is nothing a provider asks back). */
  result(): ReasoningPart[] {
    return [...this.parts.values()]
      .filter((part) => part.text !== "" || part.providerOptions)
      .map((part) => ({ text: part.text, ...(part.providerOptions && { providerOptions: part.providerOptions }) }));
  }
}

function asProviderData(value: unknown): ProviderData | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Object.entries(value).filter(([, data]) => typeof data === "object" && data !== null);
  return entries.length > 0 ? (Object.fromEntries(entries) as ProviderData) : undefined;
}
