import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/shell/logo";

export const metadata: Metadata = { title: "Link not available", robots: { index: false, follow: false } };

// The same page for an unknown, revoked or expired link and for someone outside its audience: it
// tells nobody which.
export default function ShareNotFound() {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <LogoMark className="size-10" />
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">This link is not available</h1>
        <p className="text-muted-foreground">
          It may have been revoked or have expired, or it was not copied completely. Ask whoever shared it for a new link.
        </p>
      </div>
      <Button asChild variant="outline">
        <Link href="/">Go to the home page</Link>
      </Button>
    </main>
  );
}
