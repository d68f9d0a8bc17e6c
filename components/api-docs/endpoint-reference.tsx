import { Badge } from "@/components/ui/badge";
import type { ReferenceEndpoint } from "@/lib/schemas/v1-reference";

/** One operation of the API reference: what it does, the scope it needs, its parameters and schemas, and a curl example to copy. */
export function EndpointReference({ endpoint }: { endpoint: ReferenceEndpoint }) {
  const headingId = `${endpoint.id}-heading`;
  return (
    <section
      id={endpoint.id}
      aria-labelledby={headingId}
      className="scroll-mt-20 space-y-4 rounded-lg border p-5"
      data-operation={`${endpoint.method} ${endpoint.path}`}
    >
      <header className="space-y-1">
        <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <Badge variant={endpoint.method === "GET" ? "secondary" : "default"}>{endpoint.method}</Badge>
          <code className="font-mono text-base">{endpoint.path}</code>
        </h2>
        <p className="font-medium">{endpoint.summary}</p>
        {endpoint.description && <p className="whitespace-pre-line text-sm text-muted-foreground">{endpoint.description}</p>}
        <p className="text-sm">
          Scope:{" "}
          {endpoint.scopes.map((scope) => (
            <code key={scope} className="mr-1 rounded bg-muted px-1 py-0.5 font-mono text-xs">
              {scope}
            </code>
          ))}
        </p>
      </header>
      {endpoint.parameters.length > 0 && (
        <div>
          <h3 className="mb-1 text-sm font-semibold">Parameters</h3>
          <ul className="space-y-1 text-sm">
            {endpoint.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`}>
                <code className="font-mono">{parameter.name}</code>{" "}
                <span className="text-muted-foreground">
                  ({parameter.in}, {parameter.type}
                  {parameter.required ? ", required" : ""})
                </span>
                {parameter.description && <span> — {parameter.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {endpoint.requestBody && (
        <div>
          <h3 className="mb-1 text-sm font-semibold">Request body (application/json)</h3>
          <pre className="overflow-x-auto rounded bg-muted p-3 font-mono text-xs">{endpoint.requestBody.join("\n")}</pre>
        </div>
      )}
      <div>
        <h3 className="mb-1 text-sm font-semibold">Responses</h3>
        <ul className="space-y-2 text-sm">
          {endpoint.responses.map((response) => (
            <li key={response.status}>
              <span className="font-mono font-semibold">{response.status}</span> {response.description}
              {response.outline.length > 0 && Number(response.status) < 400 && (
                <pre className="mt-1 overflow-x-auto rounded bg-muted p-3 font-mono text-xs">{response.outline.join("\n")}</pre>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-muted-foreground">Every error answers {"{error: {code, message, details}}"}.</p>
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Example</h3>
        <pre className="overflow-x-auto rounded bg-muted p-3 font-mono text-xs" data-curl>
          {endpoint.curl}
        </pre>
      </div>
    </section>
  );
}
