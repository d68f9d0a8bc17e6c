import { FormBlockedError, FormError } from "@/lib/forms";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { FormValuesReply } from "@/lib/schemas/form-values";
import { conversationRecorder } from "@/lib/server/events/conversation-recorder";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { writeData } from "@/lib/tools/forms/server";
import { personActor } from "./person-actor";
import { openInstanceRuntime } from "./runtime";

/**
 * A person typed into the live form card: a fill by that person, which the engine's lock then
 * keeps against later agent fills of those fields (unless the agent overrides because the person
 * asked in the conversation). Every open tab hears of it through `form_updated`.
 * 404: no such instance in this conversation; 409 `blocked` while an approval is awaited, `closed`
 * once submitted, terminated or abandoned.
 */
export async function editFormValues(
  ctx: TenantContext,
  conversationId: string,
  instanceId: string,
  values: Record<string, unknown>,
): Promise<FormValuesReply> {
  const [runtime, by] = await Promise.all([openInstanceRuntime(ctx, conversationId, instanceId), personActor(ctx)]);
  if (!runtime) throw notFound("This form");
  let report;
  try {
    report = await runtime.runner.fill(instanceId, values, { by });
  } catch (error) {
    if (error instanceof FormBlockedError)
      throw new AppError(409, "blocked", "This form waits for an approval; nothing can change until it is decided.");
    if (error instanceof FormError && error.code === "closed") throw new AppError(409, "closed", error.message);
    if (error instanceof FormError && error.code === "unknown_instance") throw notFound("This form");
    if (error instanceof FormError) throw new AppError(422, error.code, error.message);
    throw error;
  }
  const recorder = conversationRecorder(ctx, conversationId);
  recorder.record("form_updated", { instance_id: instanceId, view: report.view });
  await recorder.flush();
  const { stored, held, errors, unknown, locked, missing, complete, status } = writeData(report);
  return { report: { stored, held, errors, unknown, locked, missing, complete, status }, view: report.view };
}
