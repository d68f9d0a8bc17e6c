import { readRetentionDays, setRetentionDays } from "@/lib/db/retention-settings";
import { retentionSettingsSchema } from "@/lib/schemas/retention";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Every member may read how long conversations are kept. */
export const GET = memberRoute()({}, async (ctx) => json(retentionSettingsSchema.parse({ retentionDays: await readRetentionDays(ctx) })));

/** Owners and admins set it: `{retentionDays: 1..3650}` or `{retentionDays: null}` (forever). */
export const PUT = memberRoute({ minRole: "admin" })({ body: retentionSettingsSchema }, async (ctx, { body }) =>
  json(retentionSettingsSchema.parse({ retentionDays: await setRetentionDays(ctx, body.retentionDays, ctx.ip) })),
);

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "PUT");
