"use client";

import { useState } from "react";
import { CircleAlertIcon, KeyRoundIcon } from "lucide-react";
import { NativeSelect } from "@/components/settings/native-select";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { ApiError, errorMessage, issuesByField } from "@/lib/client/api";
import { useAgentSettings, useSaveAgentSettings } from "@/lib/client/use-agent-settings";
import { MODEL_PROVIDERS, PROVIDER_KEY_ENV, type ModelProvider } from "@/lib/models/model-config";
import { AGENT_NAME_MAX, agentSettingsInputSchema, SLOT_TTL_MINUTES_MAX, type AgentSettingsView } from "@/lib/schemas/agent-settings";
import { BudgetField } from "./budget-field";
import { FormsSection } from "./forms-section";
import { extrasDraftFrom, withModelExtras } from "./model-extras-draft";
import { ModelExtrasSection } from "./model-extras-section";
import { toolTitle } from "@/lib/tools/catalog";
import { draftFrom, toInput, type SettingsDraft } from "./settings-draft";

const PROVIDER_LABEL: Record<ModelProvider, string> = {
  anthropic: "Anthropic",
  openai: "OpenAI",
  google: "Google",
  "openai-compatible": "OpenAI-compatible server (Ollama, LM Studio, vLLM)",
  "anthropic-ai-sdk": "Anthropic through the AI SDK",
  demo: "Offline demo model (no key needed)",
};

/** Where the schema reports a draft field's problems. */
const ERROR_PATH: Record<keyof SettingsDraft, string> = {
  name: "name",
  systemPrompt: "systemPrompt",
  provider: "model.provider",
  model: "model.model",
  baseURL: "model.baseURL",
  providerApiKey: "providerApiKey",
  clearKey: "providerApiKey",
  enabledTools: "enabledTools",
  enabledForms: "enabledForms",
  allowedModels: "allowedModels",
  permissionPolicy: "permissionPolicy",
  slotTtlMinutes: "slotTtlMinutes",
  requestTokenBudget: "requestTokenBudget",
};

/** The agent settings: admins edit, members read. Validated here with the server's own schema. */
export function AgentSettingsForm({ slug, canEdit }: { slug: string; canEdit: boolean }) {
  const settings = useAgentSettings(slug);
  if (settings.isPending) return <Skeleton className="h-96 w-full" aria-label="Loading the agent settings" />;
  if (settings.isError)
    return <LoadError message={settings.error.message} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  // key: a saved version resets the form to what the server stored.
  return <SettingsForm key={JSON.stringify(settings.data)} slug={slug} view={settings.data} canEdit={canEdit} />;
}

function SettingsForm({ slug, view, canEdit }: { slug: string; view: AgentSettingsView; canEdit: boolean }) {
  const save = useSaveAgentSettings(slug);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [extras, setExtras] = useState(() => extrasDraftFrom(view.model));
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // An edited field's error is out of date.
    setErrors(({ [ERROR_PATH[key]]: _stale, ...rest }) => rest);
  };
  const needsModel = draft.provider !== "demo";
  const keyEnv = PROVIDER_KEY_ENV[draft.provider];

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const input = withModelExtras(toInput(draft, view), extras);
    const parsed = agentSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }))));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(input);
      toast.success("Agent settings saved. New runs use them.");
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) setErrors(issuesByField(error.issues));
      toast.error(errorMessage(error, "The settings were not saved. Try again."));
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid max-w-2xl gap-8" noValidate aria-label="Agent settings">
      {view.notices.length > 0 ? (
        <Alert variant={view.usingDemoModel ? "info" : "warning"}>
          <CircleAlertIcon aria-hidden />
          <AlertTitle>{view.usingDemoModel ? "The offline demo model answers" : "Check these settings"}</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {view.notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {!canEdit ? (
        <p className="text-sm text-muted-foreground">Only owners and admins can change the agent. You can see how it is set up.</p>
      ) : null}

      <fieldset disabled={!canEdit || save.isPending} className="grid gap-8">
        <section aria-labelledby="agent-identity" className="grid gap-4">
          <h2 id="agent-identity" className="text-lg font-semibold">
            Agent
          </h2>
          <FormField label="Name" error={errors.name} required>
            <Input value={draft.name} maxLength={AGENT_NAME_MAX} onChange={(e) => set("name", e.target.value)} />
          </FormField>
          <FormField label="System prompt" description="What the agent is told before every conversation." error={errors.systemPrompt}>
            <Textarea value={draft.systemPrompt} rows={6} onChange={(e) => set("systemPrompt", e.target.value)} />
          </FormField>
        </section>

        <section aria-labelledby="agent-model" className="grid gap-4">
          <h2 id="agent-model" className="flex items-center gap-2 text-lg font-semibold">
            Model {view.usingDemoModel ? <Badge variant="secondary">Demo model answers now</Badge> : null}
          </h2>
          <FormField label="Provider" error={errors["model.provider"]}>
            {(control) => (
              <NativeSelect
                {...control}
                value={draft.provider}
                onChange={(e) => set("provider", e.target.value as ModelProvider)}
                className="w-full"
              >
                {MODEL_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABEL[provider]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {needsModel ? (
            <>
              <FormField
                label="Model"
                description="The provider's model id, e.g. claude-sonnet-4-5 or gpt-4o."
                error={errors["model.model"]}
                required
              >
                <Input value={draft.model} onChange={(e) => set("model", e.target.value)} />
              </FormField>
              <FormField
                label="Models people may choose"
                description="Other model ids of this provider, separated by commas. With any, the chat header offers a model picker; fallbacks stay as set here."
                error={errors.allowedModels ?? Object.entries(errors).find(([path]) => path.startsWith("allowedModels."))?.[1]}
              >
                <Input
                  value={draft.allowedModels}
                  onChange={(e) => set("allowedModels", e.target.value)}
                  placeholder="e.g. gpt-4o-mini, gpt-4.1"
                />
              </FormField>
              <FormField
                label="Base URL"
                description={
                  draft.provider === "openai-compatible"
                    ? "Required, e.g. http://localhost:11434/v1 for Ollama."
                    : "Optional: a proxy or gateway in front of the provider."
                }
                error={errors["model.baseURL"]}
                required={draft.provider === "openai-compatible"}
              >
                <Input type="url" value={draft.baseURL} onChange={(e) => set("baseURL", e.target.value)} placeholder="https://" />
              </FormField>
              <div className="grid gap-2">
                <FormField
                  label="Provider API key"
                  description={
                    <>
                      <KeyRoundIcon aria-hidden className="mr-1 inline size-3.5" />
                      {view.providerKeySet ? "A key is stored (it is never shown). Type a new one to replace it." : "No key is stored."}
                      {keyEnv && canEdit
                        ? ` The server's ${keyEnv} is ${view.environmentKeySet ? "set and used when no key is stored" : "not set"}.`
                        : ""}
                    </>
                  }
                  error={errors.providerApiKey}
                >
                  <Input
                    type="password"
                    autoComplete="off"
                    value={draft.providerApiKey}
                    onChange={(e) => set("providerApiKey", e.target.value)}
                    disabled={draft.clearKey}
                    placeholder={view.providerKeySet ? "••••••••" : ""}
                  />
                </FormField>
                {view.providerKeySet ? (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={draft.clearKey} onChange={(e) => set("clearKey", e.target.checked)} />
                    Remove the stored key
                  </label>
                ) : null}
              </div>
            </>
          ) : null}
          <ModelExtrasSection provider={draft.provider} draft={extras} errors={errors} onChange={setExtras} />
        </section>

        <section aria-labelledby="agent-tools" className="grid gap-4">
          <div className="grid gap-1">
            <h2 id="agent-tools" className="text-lg font-semibold">
              Tools and permissions
            </h2>
            <p className="text-sm text-muted-foreground">
              Which tools the agent may use, and whether a person is asked before a tool runs.
            </p>
          </div>
          {errors.enabledTools ? <p className="text-sm text-destructive">{errors.enabledTools}</p> : null}
          <ul className="grid gap-2">
            {view.availableTools.map((tool) => {
              const enabled = draft.enabledTools.includes(tool.name);
              const policyId = `policy-${tool.name}`;
              return (
                <li key={tool.name} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      checked={enabled}
                      onChange={(e) =>
                        set(
                          "enabledTools",
                          e.target.checked ? [...draft.enabledTools, tool.name] : draft.enabledTools.filter((name) => name !== tool.name),
                        )
                      }
                    />
                    {/* People read the tool's title; its id and the description written for the model are for admins. */}
                    <span className="grid gap-0.5">
                      <span className="font-medium">{toolTitle(tool.name)}</span>
                      {canEdit ? (
                        <span className="text-xs text-muted-foreground">
                          <span className="font-mono">{tool.name}</span>: {tool.description}
                        </span>
                      ) : null}
                    </span>
                  </label>
                  <div className="grid gap-1">
                    <label htmlFor={policyId} className="text-xs text-muted-foreground">
                      Permission<span className="sr-only"> for {toolTitle(tool.name)}</span>
                    </label>
                    <NativeSelect
                      id={policyId}
                      value={draft.permissionPolicy[tool.name] ?? "ask"}
                      disabled={!enabled}
                      className="w-56"
                      onChange={(e) => {
                        const { [tool.name]: _previous, ...rest } = draft.permissionPolicy;
                        set(
                          "permissionPolicy",
                          e.target.value === "ask" ? rest : { ...rest, [tool.name]: e.target.value as "allow" | "deny" },
                        );
                      }}
                    >
                      <option value="ask">{tool.requiresPermission ? "Ask a person each time" : "Runs without asking"}</option>
                      {tool.requiresPermission ? <option value="allow">Allow without asking</option> : null}
                      <option value="deny">Never allow</option>
                    </NativeSelect>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <FormsSection
          slug={slug}
          view={view}
          enabled={draft.enabledForms}
          error={Object.entries(errors).find(([path]) => path.startsWith("enabledForms"))?.[1]}
          onChange={(keys) => {
            set("enabledForms", keys);
            // The server names the key at fault (enabledForms.2): any of them is out of date now.
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith("enabledForms"))));
          }}
        />

        <section aria-labelledby="agent-cards" className="grid gap-4">
          <h2 id="agent-cards" className="text-lg font-semibold">
            Cards
          </h2>
          <FormField
            label="Cards expire after (minutes)"
            description="Leave empty: cards wait until someone answers. An expired card counts as declined, and the agent moves on."
            error={errors.slotTtlMinutes}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={SLOT_TTL_MINUTES_MAX}
              value={draft.slotTtlMinutes}
              onChange={(e) => set("slotTtlMinutes", e.target.value)}
              className="max-w-40"
            />
          </FormField>
        </section>
        <BudgetField
          value={draft.requestTokenBudget}
          error={errors.requestTokenBudget}
          onChange={(value) => set("requestTokenBudget", value)}
        />
      </fieldset>

      {canEdit ? (
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save settings"}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setDraft(draftFrom(view));
              setExtras(extrasDraftFrom(view.model));
              setErrors({});
            }}
            disabled={save.isPending}
          >
            Discard changes
          </Button>
        </div>
      ) : null}
    </form>
  );
}
