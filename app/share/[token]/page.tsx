import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { SharedConversationView } from "@/components/share/shared-conversation-view";
import { currentUser } from "@/lib/server/auth/session";
import { openShare } from "@/lib/server/shares/open-share";
import { sharedConversation } from "@/lib/server/shares/shared-conversation";

// Never in a search engine: a link is for whoever was given it.
export const metadata: Metadata = { title: "Shared conversation", robots: { index: false, follow: false } };

/**
 * A share link (public in proxy.ts: the link checks its own audience). A members' link signed out
 * goes to sign-in and back; an unknown, revoked or expired link, or a viewer outside the audience,
 * gets the same friendly not-found page.
 */
export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await currentUser();
  const opened = await openShare(token, user?.id ?? null);
  if (!opened.ok && opened.reason === "sign_in") redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/share/${token}`)}`);
  if (!opened.ok) notFound();
  return <SharedConversationView view={await sharedConversation(opened.share, user?.id ?? null)} token={token} />;
}
