"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, errorMessage } from "@/lib/client/api";

/** Asks for an authorization URL of the person's own sign-in to a per-person connector (docs/connectors.md). */
export async function startConnectorSignIn(orgSlug: string, connectorId: string, returnTo?: string, fetchImpl?: typeof fetch) {
  const { authorization_url } = await apiFetch<{ authorization_url: string }>(
    `/api/orgs/${encodeURIComponent(orgSlug)}/connectors/${encodeURIComponent(connectorId)}/oauth/start`,
    { method: "POST", body: returnTo ? { return_to: returnTo } : {}, fetchImpl },
  );
  return authorization_url;
}

/**
 * "Sign in with <title>": opens the server's sign-in. `newTab` keeps the page (a chat's card) open:
 * the tab is opened at the click, before the URL is known, so no popup blocker stops it.
 */
export function SignInButton({
  orgSlug,
  connectorId,
  title,
  newTab = false,
  onOpened,
  onError,
}: {
  orgSlug: string;
  connectorId: string;
  title: string;
  newTab?: boolean;
  onOpened?: () => void;
  onError: (message: string) => void;
}) {
  const [pending, setPending] = useState(false);
  async function signIn() {
    setPending(true);
    const tab = newTab ? window.open("", "_blank") : null;
    try {
      const url = await startConnectorSignIn(orgSlug, connectorId, newTab ? undefined : window.location.pathname);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
      onOpened?.();
    } catch (error) {
      tab?.close();
      onError(errorMessage(error, `The sign-in with ${title} could not start. Try again, or connect with a token.`));
    } finally {
      setPending(false);
    }
  }
  return (
    <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => void signIn()}>
      {`Sign in with ${title}`}
    </Button>
  );
}
