import { searchMessages } from "@/lib/db/search";
import { searchPageSchema, searchQuerySchema } from "@/lib/schemas/search";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { parseWith } from "@/lib/server/http/parse-body";
import { json } from "@/lib/server/http/route";
import { memberRoute } from "@/lib/server/http/route-builders";
import { enforce, type LimitSpec } from "@/lib/server/rate-limit";

/** The page searches as people type (debounced): generous for a person, a wall for a script scanning the index. */
const SEARCHES_PER_USER: LimitSpec = { keyPrefix: "search-user", points: 120, durationSeconds: 60 };

/** GET /api/orgs/{slug}/search?q=&offset=: messages of the organization's conversations, best first (docs/search.md). */
export const GET = memberRoute()({}, async (ctx, { request }) => {
  const query = parseWith(searchQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  await enforce(SEARCHES_PER_USER, ctx.userId, "searches");
  return json(searchPageSchema.parse(await searchMessages(ctx, query)));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
