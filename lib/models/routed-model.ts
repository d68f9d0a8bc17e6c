import type { Message, RoutingDecision } from "@/lib/agent/messages";
import type {
  ModelAdapter,
  ModelCapabilities,
  ModelPromptResult,
  NotifySubscribersFunction,
  PromptRequest,
} from "@/lib/agent/model-adapter";
import { estimateTokens, routingFeatures, routingScore } from "./routing-score";

/**
 * Light / heavy routing (PicoClaw): each call whose request scores under the threshold goes to the
 * light model, the rest to the heavy one (the agent's configured model). The decision is the
 * `model_routed` event and rides on the reply's message (`Message.routed`), so it is shown with it.
 * A request the light model cannot take (images it cannot read, tools it lacks, a context larger
 * than its window) goes to the heavy model whatever it scores.
 */
class RoutedModel implements ModelAdapter {
  readonly name: string;
  readonly capabilities: ModelCapabilities | undefined;

  constructor(
    private readonly heavy: ModelAdapter,
    private readonly light: ModelAdapter,
    private readonly threshold: number,
  ) {
    this.name = heavy.name;
    // What the agent is configured for; compaction and the image check read it.
    this.capabilities = heavy.capabilities;
  }

  setSystemPrompt(systemPrompt: string): void {
    this.heavy.setSystemPrompt(systemPrompt);
    this.light.setSystemPrompt(systemPrompt);
  }

  async prompt(request: PromptRequest, notify: NotifySubscribersFunction, signal?: AbortSignal): Promise<ModelPromptResult> {
    const score = routingScore(routingFeatures(request.messages));
    const tier = score < this.threshold && lightCanTake(this.light.capabilities, request) ? "light" : "heavy";
    const model = tier === "light" ? this.light : this.heavy;
    const decision: RoutingDecision = { model: model.name, tier, score, threshold: this.threshold };
    await notify("model_routed", decision);
    const result = await model.prompt(request, notify, signal);
    return {
      ...result,
      model: result.model ?? model.name,
      messages: result.messages.map((message): Message => (message.sender === "agent" ? { ...message, routed: decision } : message)),
    };
  }
}

function lightCanTake(capabilities: ModelCapabilities | undefined, request: PromptRequest): boolean {
  if (!capabilities) return true;
  if (!capabilities.images && request.messages.some((message) => message.images?.length)) return false;
  if (!capabilities.tools && request.tools?.length) return false;
  const context = estimateTokens(JSON.stringify(request.messages)) + capabilities.max_output_tokens;
  return context <= capabilities.context_window;
}

/** Routes between the agent's model (heavy) and a light one; `threshold` in [0, 1]. */
export function withRouting(heavy: ModelAdapter, light: ModelAdapter, threshold: number): ModelAdapter {
  return new RoutedModel(heavy, light, threshold);
}
