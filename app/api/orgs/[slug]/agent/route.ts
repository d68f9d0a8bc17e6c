import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { agentSettingsInputSchema, agentSettingsResponseSchema } from "@/lib/schemas/agent-settings";
import { agentSettingsView, updateAgentSettings } from "@/lib/server/agent/settings";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// A 20,000-character system prompt may take 80 KB in UTF-8.
const SETTINGS_BODY_MAX_BYTES = 256 * 1024;

/** Every member may read the settings; the provider key is never in them (only whether one is set). */
export const GET = memberRoute()({}, async (ctx) => json(agentSettingsResponseSchema.parse({ settings: await agentSettingsView(ctx) })));

/** Admins and owners replace the settings; `providerApiKey` is write-only. */
export const PUT = memberRoute({ minRole: "admin" })(
  { body: agentSettingsInputSchema, maxBodyBytes: SETTINGS_BODY_MAX_BYTES },
  async (ctx, { body }) => {
    await updateAgentSettings(ctx, body);
    return json(agentSettingsResponseSchema.parse({ settings: await agentSettingsView(ctx) }));
  },
);

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "PUT");
