import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Touches nothing else, so a database outage never gets the server restarted. */
export function GET() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
