import { route, json } from "@/lib/server/http/route";
import { parseJsonBody } from "@/lib/server/http/parse-body";
import { createOrganizationSchema } from "@/lib/schemas/account";
import { requireUser } from "@/lib/server/auth/session";
import { clientIp } from "@/lib/server/http/client-ip";
import { createOrganization, listOrganizationsForUser } from "@/lib/db/organizations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = route(async () => {
  const user = await requireUser();
  return json({ organizations: await listOrganizationsForUser(user.id) });
});

export const POST = route(async (request) => {
  const user = await requireUser();
  const { name } = await parseJsonBody(request, createOrganizationSchema);
  return json({ organization: await createOrganization(user.id, name, clientIp(request)) }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
