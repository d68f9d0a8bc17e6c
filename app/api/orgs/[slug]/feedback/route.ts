import { listFeedback } from "@/lib/db/message-feedback";
import { feedbackPageSchema, feedbackQuerySchema } from "@/lib/schemas/feedback";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** Everyone's feedback on the agent's messages, newest first, filtered by rating, person and dates: owners and admins only. */
export const GET = memberRoute({ minRole: "admin" })({}, async (ctx, { request }) => {
  const { cursor, limit, ...filters } = parseWith(feedbackQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(feedbackPageSchema.parse(await listFeedback(ctx, { ...filters, cursor, limit })));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
