import type { Metadata } from "next";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/shell/logo";

export const metadata: Metadata = { title: "Page not found" };

// Also what a member of another organization sees for that organization's pages: a 404 says
// nothing about whether the page exists.
export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <LogoMark className="size-10" />
      <div className="flex max-w-md flex-col gap-2">
        <p className="text-sm font-medium text-primary">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">This page does not exist</h1>
        <p className="text-muted-foreground">
          The link may be mistyped, or the page belongs to an organization you are not a member of. Check the address, or go back to the
          start.
        </p>
      </div>
      <Button asChild>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- next/link here would add its chunk to every page's first load: Next sends the root not-found page with each one */}
        <a href="/">Go to the home page</a>
      </Button>
    </main>
  );
}
