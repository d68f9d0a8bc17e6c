import type { Metadata } from "next";
import Link from "next/link";
import { EndpointReference } from "@/components/api-docs/endpoint-reference";
import { SiteHeader } from "@/components/marketing/site-header";
import { openApiDocument } from "@/lib/server/openapi/document";
import { apiReference } from "@/lib/server/openapi/reference";

export const metadata: Metadata = { title: "API reference · Handoff" };

/** The public API's reference, rendered from the same OpenAPI document /api/v1/openapi.json serves. Public, prerendered. */
export default function ApiDocsPage() {
  const endpoints = apiReference(openApiDocument());
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto max-w-4xl space-y-8 px-4 py-10 focus-visible:outline-none sm:px-6">
        <header className="space-y-3">
          <h1 className="text-3xl font-semibold tracking-tight">Handoff API</h1>
          <p className="text-muted-foreground">
            For machines: read and resolve the inbox, start and follow conversations, read form submissions. Authenticate with an API key of
            your organization (Settings → API keys) as <code className="font-mono">Authorization: Bearer hk_…</code>. Set{" "}
            <code className="font-mono">HANDOFF_URL</code> and <code className="font-mono">HANDOFF_API_KEY</code> to run the examples. The
            machine-readable document:{" "}
            <Link className="underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </Link>{" "}
            (OpenAPI 3.1).
          </p>
          <p className="text-sm text-muted-foreground">
            POSTs take an <code className="font-mono">Idempotency-Key</code> header (retries replay the first answer for 24 hours). Each key
            may make a limited number of requests a minute; past it, 429 with Retry-After.
          </p>
          <nav aria-label="Endpoints">
            <ul className="grid gap-1 text-sm sm:grid-cols-2">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <a className="underline-offset-2 hover:underline" href={`#${endpoint.id}`}>
                    <span className="font-mono">{endpoint.method}</span> {endpoint.path}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        {endpoints.map((endpoint) => (
          <EndpointReference key={endpoint.id} endpoint={endpoint} />
        ))}
      </main>
    </>
  );
}
