import { NextResponse } from "next/server";

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];
type Handler = () => Response;

/**
 * Handlers for the methods a route file does not implement. Next answers those with an empty 405
 * and no Allow header; this answers JSON with Allow. OPTIONS is ours too: Next's own would list
 * these handlers as allowed. HEAD follows GET (Next runs GET for it).
 * Every route file ends with `export const { ...the others } = methodNotAllowed(...its methods)`;
 * tests/unit/server/route-methods.test.ts keeps it so.
 */
type Missing<M extends RouteMethod[]> = Record<Exclude<RouteMethod, M[number]> | "OPTIONS", Handler>;

export function methodNotAllowed<const M extends RouteMethod[]>(...implemented: M): Missing<M> {
  const allow = [...implemented, ...(implemented.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const handler: Handler = () =>
    NextResponse.json(
      { error: { code: "method_not_allowed", message: `This address does not accept that method. Use ${allow}.`, details: { allow } } },
      { status: 405, headers: { allow } },
    );
  const missing = ROUTE_METHODS.filter((method) => !(implemented as RouteMethod[]).includes(method));
  const options: Handler = () => new Response(null, { status: 204, headers: { allow } });
  return { ...Object.fromEntries(missing.map((method) => [method, handler])), OPTIONS: options } as Missing<M>;
}
