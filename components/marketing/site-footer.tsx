import Link from "next/link";
import { Logo } from "@/components/shell/logo";

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <Logo className="text-foreground" />
          <span>Your team&apos;s AI agent, with people in the loop.</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <Link href="#features" className="hover:text-foreground">
                Features
              </Link>
            </li>
            <li>
              <Link href="/sign-in" className="hover:text-foreground">
                Sign in
              </Link>
            </li>
            <li>
              <Link href="/sign-up" className="hover:text-foreground">
                Get started
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
