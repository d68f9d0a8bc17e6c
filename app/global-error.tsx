"use client";

import { ErrorPanel } from "@/components/shell/error-panel";
import { ThemeProvider } from "@/components/theme/theme-provider";
import "./globals.css";

// Replaces the root layout when it fails, so it brings its own document, styles and theme.
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <title>Something went wrong · Handoff</title>
        <ThemeProvider>
          <main id="main" className="flex min-h-dvh items-center justify-center">
            <ErrorPanel error={error} retry={retry} />
          </main>
        </ThemeProvider>
      </body>
    </html>
  );
}
