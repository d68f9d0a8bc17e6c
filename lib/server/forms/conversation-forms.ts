import { FormError, type FormView } from "@/lib/forms";
import { listConversationFormInstances } from "@/lib/db/form-instances";
import type { TenantContext } from "@/lib/db/tenant-context";
import { logger } from "@/lib/server/logger";
import { openFormRuntime } from "./runtime";

/**
 * The snapshot's `forms`: the newest view of every form instance of the conversation, whatever its
 * status, so a reload draws each card as it is now. On each instance's own form (not the agent's
 * enabled list: a form switched off later still shows what was filled). An instance whose version
 * is gone without a migration (stale) has no view and is left out.
 */
export async function conversationFormViews(tenant: Pick<TenantContext, "organizationId">, conversationId: string): Promise<FormView[]> {
  const instances = await listConversationFormInstances(tenant, conversationId);
  if (instances.length === 0) return [];
  const { runner } = await openFormRuntime(
    tenant,
    conversationId,
    instances.map((instance) => instance.formKey),
    { includeArchived: true },
  );
  const views = await Promise.all(
    instances.map((instance) =>
      runner.view(instance.id).catch((error: unknown) => {
        if (!(error instanceof FormError)) throw error;
        logger.info("a form instance has no view", { conversationId, instanceId: instance.id, code: error.code });
        return null;
      }),
    ),
  );
  return views.filter((view): view is FormView => view !== null);
}
