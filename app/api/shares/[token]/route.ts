import { sharedConversationSchema } from "@/lib/schemas/shares";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { sharedConversation } from "@/lib/server/shares/shared-conversation";
import { shareRoute } from "@/lib/server/shares/share-route";

/** GET /api/shares/{token}: the read-only conversation a link opens (no session needed for a public link). */
export const GET = shareRoute({}, async (ctx) => json(sharedConversationSchema.parse(await sharedConversation(ctx.share, ctx.viewerId))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
