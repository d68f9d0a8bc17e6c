import { Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { organizationName } from "@/app/_lib/shell";
import { ChatView } from "@/components/chat/chat-view";
import { TemporaryBanner } from "@/components/chat/temporary-banner";
import { JumpToMessage } from "@/components/search/jump-to-message";
import { getConversation } from "@/lib/db/conversations";
import { isAdmin } from "@/lib/db/tenant-context";
import { currentUser } from "@/lib/server/auth/session";
import { tenantFor } from "@/lib/server/tenant";
import { possibleId } from "@/lib/server/http/path-id";

export const metadata: Metadata = { title: "Conversation" };

export default async function ConversationPage({ params }: { params: Promise<{ orgSlug: string; conversationId: string }> }) {
  const { orgSlug, conversationId } = await params;
  const [ctx, user] = await Promise.all([tenantFor(orgSlug), currentUser()]);
  if (!ctx || !user) notFound();
  // A conversation of another organization (even one this person also belongs to) is not shown in this one's shell.
  const conversation = possibleId(conversationId) ? await getConversation(ctx, conversationId) : null;
  if (!conversation) notFound();
  // key: switching conversations starts a fresh view (composer draft, scroll position, stream).
  // The permission card names the team an admin's "always" covers.
  const teamName = (await organizationName(user, ctx.orgSlug)) ?? ctx.orgSlug;
  const chat = (
    <ChatView key={conversationId} orgSlug={ctx.orgSlug} conversationId={conversationId} canAdmin={isAdmin(ctx)} teamName={teamName} />
  );
  // JumpToMessage: a search result's `?m=` scrolls to its message; a temporary chat has its banner above.
  return (
    <>
      {conversation.temporary ? (
        <div className="flex h-full min-h-0 flex-col">
          <TemporaryBanner key={conversationId} orgSlug={ctx.orgSlug} conversationId={conversationId} />
          <div className="min-h-0 flex-1">{chat}</div>
        </div>
      ) : (
        chat
      )}
      <Suspense>
        <JumpToMessage />
      </Suspense>
    </>
  );
}
