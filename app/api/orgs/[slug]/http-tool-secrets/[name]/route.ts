import { deleteHttpToolSecret, findHttpToolSecret, putHttpToolSecret } from "@/lib/db/http-tools";
import { httpToolSecretNameSchema, putHttpToolSecretSchema } from "@/lib/schemas/http-tools";
import { sealHttpToolSecret } from "@/lib/server/http-tools/secrets";
import { secretView } from "@/lib/server/http-tools/secret-view";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

type Params = { slug: string; name: string };
const SECRET = "This secret";
const admin = memberRoute<Params>({ minRole: "admin" });

function secretName(raw: string): string {
  const parsed = httpToolSecretNameSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0].message;
    throw new AppError(422, "invalid_secret_name", message, { issues: [{ path: "name", message }] });
  }
  return parsed.data;
}

export const GET = admin({}, async (ctx, { params }) => {
  const secret = await findHttpToolSecret(ctx, params.name);
  if (!secret) throw notFound(SECRET);
  return json({ secret: secretView(secret) });
});

/** Adds or replaces the secret: the value is sealed at once and never shown again. */
export const PUT = admin({ body: putHttpToolSecretSchema }, async (ctx, { params, body }) => {
  const name = secretName(params.name);
  const { secret, created } = await putHttpToolSecret(ctx, name, sealHttpToolSecret(ctx.organizationId, name, body.value), ctx.ip);
  return json({ secret: secretView(secret) }, created ? 201 : 200);
});

/** A tool that still references it answers "the secret is not set" until it is added again. */
export const DELETE = admin({}, async (ctx, { params }) => {
  if (!(await deleteHttpToolSecret(ctx, params.name, ctx.ip))) throw notFound(SECRET);
  return new Response(null, { status: 204 });
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed("GET", "PUT", "DELETE");
