"use client";

import Link from "next/link";
import { useParams } from "next/navigation";
import { Button } from "@/components/ui/button";

// Inside the organization's shell: a bad link to a conversation, form or submission (unknown, or
// another organization's) keeps the sidebar and offers the way back. Not-found pages get no
// params; the slug is read from the address.
export default function OrganizationNotFound() {
  const { orgSlug } = useParams<{ orgSlug: string }>();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <div className="flex max-w-md flex-col gap-2">
        <p className="text-sm font-medium text-primary">404</p>
        <h1 className="text-xl font-semibold tracking-tight">We could not find that</h1>
        <p className="text-muted-foreground">
          The link may be mistyped, or what it pointed to was deleted or belongs to another organization.
        </p>
      </div>
      <Button asChild>
        <Link href={`/${orgSlug}`}>Back to the chats</Link>
      </Button>
    </div>
  );
}
