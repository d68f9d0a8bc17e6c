import { z } from "zod";

/** The error answer of every /api/v1 route (lib/server/http/route.ts): what went wrong and what to fix. */
export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe("Stable, machine-readable: unauthorized, insufficient_scope, not_found, validation_failed, rate_limited, …"),
      message: z.string().describe("What to fix, in a sentence."),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "Error" });
export type V1Error = z.infer<typeof v1ErrorSchema>;
