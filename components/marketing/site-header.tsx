import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LogoMark } from "@/components/shell/logo";
import { ThemeToggle } from "@/components/theme/theme-toggle";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <Link href="/" aria-label="Handoff home" className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <LogoMark />
          {/* On the narrowest phones the mark alone keeps the header on one line. */}
          <span className="max-[379px]:hidden">Handoff</span>
        </Link>
        <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" asChild className="hidden sm:inline-flex">
            <Link href="#features">Features</Link>
          </Button>
          <Button variant="ghost" asChild className="max-sm:px-3">
            <Link href="/sign-in">Sign in</Link>
          </Button>
          <Button asChild className="max-sm:px-3">
            <Link href="/sign-up">Get started</Link>
          </Button>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
