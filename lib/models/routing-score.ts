import type { Message } from "@/lib/agent/messages";

/**
 * How demanding a request looks, from its structure alone (PicoClaw's rule classifier): no
 * keywords, so it works the same in every language and costs nothing. Pure; 0 is trivial, 1 heavy.
 */

export interface RoutingFeatures {
  /** Of the person's latest message; CJK characters count one each, other text one per 4 characters. */
  tokenEstimate: number;
  /** Fenced code blocks (``` pairs) in it. */
  codeBlocks: number;
  /** Tool calls in the last 6 messages: an agentic workflow under way. */
  recentToolCalls: number;
  /** Messages in the conversation. */
  depth: number;
  /** Images on the latest message. */
  attachments: boolean;
}

const RECENT_WINDOW = 6;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** The message the request answers: the person's latest, not a tool-results carrier or a context note. */
function latestPersonMessage(messages: Message[]): Message | undefined {
  return messages.findLast((message) => message.sender === "user" && !message.is_context_note && !message.tool_results?.length);
}

export function routingFeatures(messages: Message[]): RoutingFeatures {
  const said = messages.filter((message) => !message.is_context_note);
  const latest = latestPersonMessage(said);
  const text = latest?.text ?? "";
  return {
    tokenEstimate: estimateTokens(text),
    codeBlocks: Math.floor((text.match(/```/g)?.length ?? 0) / 2),
    recentToolCalls: said.slice(-RECENT_WINDOW).reduce((count, message) => count + (message.tool_calls?.length ?? 0), 0),
    depth: said.length,
    attachments: (latest?.images?.length ?? 0) > 0,
  };
}

/** PicoClaw's weights: attachments force the heavy model; length, code, tool activity and depth add up. */
export function routingScore(features: RoutingFeatures): number {
  if (features.attachments) return 1;
  let score = 0;
  if (features.tokenEstimate > 200) score += 0.35;
  else if (features.tokenEstimate > 50) score += 0.15;
  if (features.codeBlocks > 0) score += 0.4;
  if (features.recentToolCalls > 3) score += 0.25;
  else if (features.recentToolCalls > 0) score += 0.1;
  if (features.depth > 10) score += 0.1;
  // Rounded, so 0.35 + 0.1 + ... compares with a threshold as a person reads it.
  return Math.min(1, Math.round(score * 100) / 100);
}
