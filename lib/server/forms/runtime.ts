import { contextLineOf, FormRegistry, FormRunner, type FormDefinition } from "@/lib/forms";
import { compileStoredForm } from "@/lib/forms/stored";
import { loadEnabledForms, type EnabledFormVersion } from "@/lib/db/form-definitions";
import { findConversationFormInstance } from "@/lib/db/form-instances";
import { getPgPool } from "@/lib/db/pg-pool";
import { PostgresFormAdapter } from "@/lib/db/postgres-form-adapter";
import type { TenantContext } from "@/lib/db/tenant-context";

/** The forms engine for one conversation of one tenant: what the tools, the person-edit route and the snapshot all use. */
export interface FormRuntime {
  registry: FormRegistry;
  runner: FormRunner;
}

/**
 * Compiled definitions by (formDefinitionId, version): a stored version never changes (an edit is a
 * new version), so compiling it once per process is enough. Bounded by the versions that exist.
 */
const compiled = new Map<string, FormDefinition>();

function compiledVersion(row: EnabledFormVersion): FormDefinition {
  const key = `${row.formDefinitionId}:${row.version}`;
  let definition = compiled.get(key);
  if (!definition) {
    definition = compileStoredForm(row.definition, row.version);
    compiled.set(key, definition);
  }
  return definition;
}

/**
 * A registry of every version of the tenant's forms named by `keys` (the agent's `enabledForms`
 * for the tools, so the model only ever sees those; an instance's own form for the person's routes),
 * and a runner over Postgres scoped to tenant + conversation. Per request: the registry is cheap
 * once the definitions are compiled.
 */
export async function openFormRuntime(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  keys: readonly string[],
  /** For an instance's own form (the snapshot, the person's edit): an archived form keeps its instances. */
  options: { includeArchived?: boolean } = {},
): Promise<FormRuntime> {
  const registry = new FormRegistry();
  for (const row of await loadEnabledForms(tenant, [...new Set(keys)], options)) registry.register(compiledVersion(row));
  return { registry, runner: new FormRunner({ registry, adapter: formAdapter(tenant, conversationId) }) };
}

/** The runtime for one instance of the conversation, on its own form's versions; null when the conversation has no such instance. */
export async function openInstanceRuntime(
  tenant: Pick<TenantContext, "organizationId">,
  conversationId: string,
  instanceId: string,
): Promise<FormRuntime | null> {
  const instance = await findConversationFormInstance(tenant, conversationId, instanceId);
  return instance ? openFormRuntime(tenant, conversationId, [instance.formKey], { includeArchived: true }) : null;
}

/**
 * The tier-0 line of the conversation's open forms, from the instance rows alone (one query): sent
 * before every model call, so it never loads or compiles a definition.
 */
export async function activeFormsLine(tenant: Pick<TenantContext, "organizationId">, conversationId: string): Promise<string | null> {
  return contextLineOf(await formAdapter(tenant, conversationId).listActive()) || null;
}

const formAdapter = (tenant: Pick<TenantContext, "organizationId">, conversationId: string) =>
  new PostgresFormAdapter(getPgPool(), { organizationId: tenant.organizationId, conversationId });
