import { z } from "zod";
import { Glove, type GloveConfig } from "@/lib/agent/agent";
import { agentEventSchema, type AgentEvent, type SubscriberAdapter } from "@/lib/agent/events";
import { MemoryStore } from "@/lib/agent/testing";
import type { Message } from "@/lib/agent/messages";
import { defineTool, success } from "@/lib/agent/tool";
import { ScriptedModel, type ScriptedStep } from "@/lib/models/testing";

/** Records every event, and fails loudly if one does not match its schema. */
export class EventRecorder implements SubscriberAdapter {
  readonly events: AgentEvent[] = [];
  record(type: AgentEvent["type"], data: unknown) {
    const event = { type, ...(data as object) } as AgentEvent;
    if (!agentEventSchema.safeParse(event).success) throw new Error(`Event ${type} does not match its schema: ${JSON.stringify(data)}`);
    this.events.push(event);
  }
  of<T extends AgentEvent["type"]>(type: T): Extract<AgentEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
  }
  types(): string[] {
    return this.events.map((event) => event.type);
  }
}

export interface Harness {
  glove: Glove;
  model: ScriptedModel;
  store: MemoryStore;
  recorder: EventRecorder;
}

let idCounter = 0;

/** A built agent over a MemoryStore and a scripted model, with deterministic ids. */
export function makeAgent(script: ScriptedStep[], config: Partial<GloveConfig> & { store?: MemoryStore } = {}): Harness {
  const store = config.store ?? new MemoryStore("test");
  const model = new ScriptedModel(script);
  const recorder = new EventRecorder();
  const glove = new Glove({
    systemPrompt: "You are a test agent.",
    newId: () => `id-${++idCounter}`,
    onSubscriberError: (error) => {
      throw error;
    },
    ...config,
    store,
    model,
  });
  glove.addSubscriber(recorder);
  glove.build();
  return { glove, model, store, recorder };
}

/** Texts of the messages a model request contained, with tool calls and results summarised. */
export function transcript(messages: Message[]): string[] {
  return messages.map((message) => {
    if (message.tool_results?.length)
      return `results:${message.tool_results.map((result) => `${result.tool_name}=${result.result.status}`).join(",")}`;
    if (message.tool_calls?.length) return `calls:${message.tool_calls.map((call) => call.tool_name).join(",")}`;
    return `${message.sender}:${message.text}`;
  });
}

/** Every agent message with tool calls is followed by a results message answering each call, in order. */
export function expectPairedHistory(history: Message[]) {
  history.forEach((message, index) => {
    if (!message.tool_calls?.length) return;
    const next = history[index + 1];
    if (!next?.tool_results) throw new Error(`Tool calls of message ${index} have no results message after them`);
    const callIds = message.tool_calls.map((call) => call.id);
    const resultIds = next.tool_results.map((result) => result.call_id);
    if (JSON.stringify(callIds) !== JSON.stringify(resultIds)) throw new Error(`Results ${resultIds} do not answer calls ${callIds}`);
  });
}

/** A promise plus its resolver, to hold a tool or model inside a step. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** A tool that echoes its input. */
export const echoTool = defineTool({
  name: "echo",
  description: "Echoes its text.",
  inputSchema: z.object({ text: z.string() }),
  async do(input) {
    return success({ echoed: input.text });
  },
});
