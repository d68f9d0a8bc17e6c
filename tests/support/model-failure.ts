import { expect } from "vitest";
import type { ModelAdapter } from "@/lib/agent/model-adapter";
import { ModelError } from "@/lib/models/model-error";
import { ProviderCooldowns } from "@/lib/models/provider-cooldowns";
import { withReliability } from "@/lib/models/reliability";

const HI = { messages: [{ sender: "user" as const, text: "Hi" }] };

/** The ModelError a prompt of "Hi" ends in, behind the reliability policy (no real sleeps). */
export async function modelFailure(model: ModelAdapter): Promise<ModelError> {
  const reliable = withReliability([model], { sleep: async () => {}, random: () => 0.5, cooldowns: new ProviderCooldowns() });
  const error = await reliable
    .prompt(HI, () => {})
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}
