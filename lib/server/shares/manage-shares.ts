import {
  createShareLink,
  listShareLinks,
  mayRevokeShare,
  ShareNotMemberError,
  SharePublicForbiddenError,
  type ListedShareLink,
} from "@/lib/db/share-links";
import type { TenantContext } from "@/lib/db/tenant-context";
import type { ShareCreated, ShareCreateInput, ShareLinkView } from "@/lib/schemas/shares";
import { AppError, notFound } from "@/lib/server/http/app-error";
import { newShareToken } from "./token";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stored link as the conversation's members list it (the token's prefix, names, no e-mail addresses). */
export const shareLinkView = (row: ListedShareLink, ctx: Pick<TenantContext, "userId" | "role">): ShareLinkView => ({
  id: row.id,
  tokenPrefix: row.tokenPrefix,
  audience: row.audience,
  people: row.people,
  mode: row.mode,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  createdBy: { userId: row.createdById, name: row.createdByName },
  canRevoke: mayRevokeShare(ctx, row.createdById),
});

export const shareUrl = (origin: string, token: string) => `${origin}/share/${token}`;

/**
 * Any member may share a conversation of their organization with its members or people in it; a public
 * link only its creator or an admin. The link (with its token) is answered once, here.
 */
export async function createShare(
  ctx: TenantContext & { ip: string | null },
  conversationId: string,
  input: ShareCreateInput,
  origin: string,
): Promise<ShareCreated> {
  const { token, tokenHash, tokenPrefix } = newShareToken();
  const expiresAt = input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS);
  const row = await createShareLink(
    ctx,
    conversationId,
    { tokenHash, tokenPrefix, audience: input.audience, mode: input.mode, peopleIds: input.people, expiresAt },
    ctx.ip,
  ).catch((error: unknown) => {
    if (error instanceof SharePublicForbiddenError) throw new AppError(403, "forbidden", error.message);
    if (error instanceof ShareNotMemberError)
      throw new AppError(422, "validation_failed", `Fix these fields: people: ${error.message}`, {
        issues: [{ path: "people", message: error.message }],
      });
    throw error;
  });
  if (!row) throw notFound("This conversation");
  const listed = (await listShareLinks(ctx, conversationId)).find((link) => link.id === row.id);
  if (!listed) throw notFound("This conversation");
  return { share: shareLinkView(listed, ctx), url: shareUrl(origin, token), token };
}
