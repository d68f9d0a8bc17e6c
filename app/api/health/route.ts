import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
