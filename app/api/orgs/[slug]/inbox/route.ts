import { listInboxItems } from "@/lib/db/v1-inbox";
import { v1InboxListQuerySchema, v1InboxPageSchema } from "@/lib/schemas/v1-inbox";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";

/** GET /api/orgs/{slug}/inbox?status=&tag=&conversation_id=&correlation_key=&older_than_minutes=&cursor=&limit=: the inbox page's list, as /api/v1 lists it. */
export const GET = memberRoute()({}, async (ctx, { request }) => {
  const query = parseWith(v1InboxListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const page = await listInboxItems(ctx, {
    status: query.status,
    tag: query.tag,
    conversationId: query.conversation_id,
    correlationKey: query.correlation_key,
    olderThanMinutes: query.older_than_minutes,
    cursor: query.cursor,
    limit: query.limit,
  });
  return json(v1InboxPageSchema.parse(page));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
