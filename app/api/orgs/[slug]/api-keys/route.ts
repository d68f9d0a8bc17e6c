import { createApiKey, listApiKeys } from "@/lib/db/api-keys";
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from "@/lib/schemas/api-keys";
import { apiKeyView } from "@/lib/server/api-keys/view";
import { generateApiKey } from "@/lib/server/api-keys/key-material";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json(apiKeyListSchema.parse({ keys: (await listApiKeys(ctx)).map(apiKeyView) })),
);

/** Creates a key: the answer carries it this once (`secret`); only its hash is stored. */
export const POST = memberRoute({ minRole: "admin" })({ body: createApiKeySchema() }, async (ctx, { body }) => {
  const { key, publicId, keyHash } = generateApiKey();
  const created = await createApiKey(
    ctx,
    { name: body.name, scopes: body.scopes, expiresAt: body.expiresAt ? new Date(body.expiresAt) : null, publicId, keyHash },
    ctx.ip,
  );
  return json(createdApiKeySchema.parse({ key: apiKeyView(created), secret: key }), 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
