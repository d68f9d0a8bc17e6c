import { z } from "zod";
import type { McpToolInfo } from "./contract";

/** The cached tool list as the connector row holds it (JSON): read back through this schema, never trusted as typed. */
const cachedToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  readOnlyHint: z.boolean(),
});

export function cachedTools(json: unknown): McpToolInfo[] {
  const parsed = z.array(cachedToolSchema).safeParse(json);
  return parsed.success ? parsed.data : [];
}
