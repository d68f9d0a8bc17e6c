"use client";

import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { SessionProvider } from "next-auth/react";
import type { Session } from "next-auth";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";

export interface ProvidersProps {
  children: React.ReactNode;
  /**
   * Pass the server session (`await auth()`, possibly null) to make `useSession()` available to client
   * components. Left undefined, no SessionProvider is mounted, so pages that need no client-side
   * session do not fetch /api/auth/session.
   */
  session?: Session | null;
}

/** Client-side context for the whole app: theme, react-query, tooltips, toasts and (optionally) the session. */
export function Providers({ children, session }: ProvidersProps) {
  // One QueryClient per browser tab, created on first render; a module-level client would be
  // shared between requests during server rendering. A short staleTime stops data the server just
  // rendered from being refetched the moment the page hydrates.
  const [queryClient] = React.useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));

  const app = (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider delayDuration={300}>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );

  return session === undefined ? app : <SessionProvider session={session}>{app}</SessionProvider>;
}
