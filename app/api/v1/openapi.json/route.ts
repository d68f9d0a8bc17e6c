import { NextResponse } from "next/server";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { publicRoute } from "@/lib/server/http/route-builders";
import { openApiDocument } from "@/lib/server/openapi/document";

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, public (no key) and cacheable (it changes only with a deploy). */
export const GET = publicRoute({}, async () =>
  NextResponse.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300, stale-while-revalidate=3600" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
