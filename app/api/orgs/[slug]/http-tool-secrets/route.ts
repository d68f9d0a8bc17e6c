import { listHttpToolSecrets } from "@/lib/db/http-tools";
import { httpToolSecretListSchema } from "@/lib/schemas/http-tools";
import { secretView } from "@/lib/server/http-tools/secret-view";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** The secrets' names and dates; their values are never returned. */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json(httpToolSecretListSchema.parse({ secrets: (await listHttpToolSecrets(ctx)).map(secretView) })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
