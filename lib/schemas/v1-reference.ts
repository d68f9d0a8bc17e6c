/** The API reference as the /docs/api page draws it (built by lib/server/openapi/reference.ts from the OpenAPI document). */
export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}
export interface ReferenceEndpoint {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scopes: string[];
  parameters: ReferenceParameter[];
  /** One line per field, indented two spaces per level. */
  requestBody: string[] | null;
  responses: { status: string; description: string; outline: string[] }[];
  curl: string;
}
