"use client";

import "@/lib/client/zod-jitless";
import * as React from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { Toaster } from "@/components/ui/toaster";

export interface ProvidersProps {
  children: React.ReactNode;
  /** The request's CSP nonce, for next-themes' inline script. */
  nonce?: string;
}

/** Client-side context for the whole app: theme, react-query, toasts. Server components read the session themselves. */
export function Providers({ children, nonce }: ProvidersProps) {
  // One QueryClient per browser tab, created on first render; a module-level client would be
  // shared between requests during server rendering. A short staleTime stops data the server just
  // rendered from being refetched the moment the page hydrates.
  const [queryClient] = React.useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }));

  return (
    <ThemeProvider nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
