import { v1ConversationDetailSchema } from "@/lib/schemas/v1-conversations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { json } from "@/lib/server/http/route";
import { apiKeyRoute } from "@/lib/server/http/route-builders";
import { v1ConversationDetail } from "@/lib/server/v1/conversations";

/** GET /api/v1/conversations/{id}: status, messages, pending cards, inbox items and the latest run, to poll. */
export const GET = apiKeyRoute<{ id: string }>({ scopes: ["conversations:read"], ids: { id: "This conversation" } })(
  {},
  async (ctx, { params }) => json(v1ConversationDetailSchema.parse(await v1ConversationDetail(ctx, params.id))),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET");
