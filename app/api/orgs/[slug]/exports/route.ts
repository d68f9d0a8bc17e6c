import { listOrganizationExports } from "@/lib/db/organization-exports";
import { organizationExportListSchema, organizationExportResponseSchema } from "@/lib/schemas/conversation-export";
import { startOrganizationExport } from "@/lib/server/exports/start-export";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** The organization's recent exports with their progress (admins). */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json(organizationExportListSchema.parse({ exports: await listOrganizationExports(ctx) })),
);

/** Starts an export of every conversation as JSON lines, written by the worker (admins). */
export const POST = memberRoute({ minRole: "admin" })({}, async (ctx) =>
  json(organizationExportResponseSchema.parse({ export: await startOrganizationExport(ctx) }), 202),
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
