"use client";

import { NativeSelect } from "@/components/settings/native-select";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { DEFAULT_CAPABILITIES, DEFAULT_ROUTING_THRESHOLD, MODEL_PROVIDERS, type ModelProvider } from "@/lib/models/model-config";
import type { ModelExtrasDraft } from "./model-extras-draft";

const LIGHT_PROVIDER_LABEL: Record<ModelProvider, string> = {
  anthropic: "Anthropic",
  openai: "OpenAI",
  google: "Google",
  "openai-compatible": "OpenAI-compatible server",
  "anthropic-ai-sdk": "Anthropic through the AI SDK",
  demo: "Offline demo model",
};

/**
 * The model section's extras: what an OpenAI-compatible server can do (shown for that provider
 * only; the known-models table describes the others), and the optional light model that simple
 * requests go to.
 */
export function ModelExtrasSection({
  provider,
  draft,
  errors,
  onChange,
}: {
  provider: ModelProvider;
  draft: ModelExtrasDraft;
  errors: Record<string, string>;
  onChange: (draft: ModelExtrasDraft) => void;
}) {
  const set = <K extends keyof ModelExtrasDraft>(key: K, value: ModelExtrasDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <>
      {provider === "openai-compatible" ? (
        <fieldset className="grid gap-4 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">What the server&apos;s model can do</legend>
          <p className="text-sm text-muted-foreground">
            Handoff knows the Anthropic, OpenAI and Google models; for your server, say what its model can do. Left blank: a{" "}
            {DEFAULT_CAPABILITIES.context_window.toLocaleString()}-token window and{" "}
            {DEFAULT_CAPABILITIES.max_output_tokens.toLocaleString()} tokens per answer.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Context window (tokens)"
              description="Older messages are summarized before this fills."
              error={errors["model.capabilities.context_window"]}
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1024}
                value={draft.contextWindow}
                onChange={(e) => set("contextWindow", e.target.value)}
              />
            </FormField>
            <FormField label="Longest answer (tokens)" error={errors["model.capabilities.max_output_tokens"]}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                value={draft.maxOutputTokens}
                onChange={(e) => set("maxOutputTokens", e.target.value)}
              />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={draft.images} onChange={(e) => set("images", e.target.checked)} />
              Reads images
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={draft.tools} onChange={(e) => set("tools", e.target.checked)} />
              Calls tools
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={draft.reasoning} onChange={(e) => set("reasoning", e.target.checked)} />
              Reasons before answering
            </label>
          </div>
        </fieldset>
      ) : null}

      <fieldset className="grid gap-4 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Light model (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Simple requests (short, no code, no images, little tool use) go to a cheaper, faster model; the rest to the model above. Each
          answer says which model wrote it.
        </p>
        <FormField label="Light model provider" error={errors["model.light.provider"]}>
          {(control) => (
            <NativeSelect
              {...control}
              value={draft.lightProvider}
              onChange={(e) => set("lightProvider", e.target.value as ModelProvider | "")}
              className="w-full"
            >
              <option value="">None: every request goes to the model above</option>
              {MODEL_PROVIDERS.map((option) => (
                <option key={option} value={option}>
                  {LIGHT_PROVIDER_LABEL[option]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {draft.lightProvider !== "" && draft.lightProvider !== "demo" ? (
          <>
            <FormField
              label="Light model"
              description="The provider's model id, e.g. claude-haiku-4-5 or gpt-4o-mini. It uses your team's key on the same provider, else the server's."
              error={errors["model.light.model"]}
              required
            >
              <Input value={draft.lightModel} onChange={(e) => set("lightModel", e.target.value)} />
            </FormField>
            <FormField
              label="Light model base URL"
              description={draft.lightProvider === "openai-compatible" ? "Required for an OpenAI-compatible server." : "Optional."}
              error={errors["model.light.baseURL"]}
              required={draft.lightProvider === "openai-compatible"}
            >
              <Input type="url" value={draft.lightBaseURL} onChange={(e) => set("lightBaseURL", e.target.value)} placeholder="https://" />
            </FormField>
          </>
        ) : null}
        {draft.lightProvider !== "" ? (
          <FormField
            label="Routing threshold"
            description={`Between 0 and 1; requests that score under it go to the light model. Left blank: ${DEFAULT_ROUTING_THRESHOLD}.`}
            error={errors["model.routingThreshold"]}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={1}
              step={0.05}
              value={draft.routingThreshold}
              onChange={(e) => set("routingThreshold", e.target.value)}
              className="max-w-40"
            />
          </FormField>
        ) : null}
      </fieldset>
    </>
  );
}
