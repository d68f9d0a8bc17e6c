import { downloadOrganizationExport } from "@/lib/server/exports/download";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { memberRoute } from "@/lib/server/http/route-builders";

/** A finished export's JSON lines, streamed from its chunks (admins). */
export const GET = memberRoute<{ slug: string; exportId: string }>({ minRole: "admin", ids: { exportId: "This export" } })(
  {},
  async (ctx, { params }) => downloadOrganizationExport(ctx, params.exportId),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
