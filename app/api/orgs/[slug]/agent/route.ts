import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { agentSettingsInputSchema } from "@/lib/schemas/agent-settings";
import { requireAdmin, requireTenant } from "@/lib/server/tenant";
import { clientIp } from "@/lib/server/http/client-ip";
import { agentSettingsView, updateAgentSettings } from "@/lib/server/agent/settings";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

type Ctx = { params: Promise<{ slug: string }> };

// A 20,000-character system prompt may take 80 KB in UTF-8.
const SETTINGS_BODY_MAX_BYTES = 256 * 1024;

/** Every member may read the settings; the provider key is never in them (only whether one is set). */
export const GET = route(async (_request, { params }: Ctx) => {
  const ctx = await requireTenant((await params).slug);
  return json({ settings: await agentSettingsView(ctx) });
});

/** Admins and owners replace the settings; `providerApiKey` is write-only. */
export const PUT = route(async (request, { params }: Ctx) => {
  const ctx = await requireAdmin((await params).slug);
  const input = await parseJsonBody(request, agentSettingsInputSchema, SETTINGS_BODY_MAX_BYTES);
  await updateAgentSettings(ctx, input, clientIp(request));
  return json({ settings: await agentSettingsView(ctx) });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "PUT");
