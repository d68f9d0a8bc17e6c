import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registerConversations } from "./conversations";
import { registerForms } from "./forms";
import { registerInbox } from "./inbox";
import { SECURITY_SCHEME } from "./operation";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes validate with
 * and answer with (one registry module per route group). tests/unit/server/openapi/ validates it and
 * checks it names exactly the operations the route files export.
 */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

let built: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description: "An API key of the organization (Settings → API keys): `Authorization: Bearer hk_…`.",
  });
  registerInbox(registry);
  registerConversations(registry);
  registerForms(registry);
  built = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Handoff API",
      version: "1",
      description: "The public API for machines: the inbox, conversations and form submissions of the key's organization. See /docs/api.",
    },
    servers: [{ url: "/" }],
  });
  return built;
}
