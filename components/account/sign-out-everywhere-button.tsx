"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { ApiError, apiFetch } from "@/lib/client/api";

/** Ends every session of the account, this one included, then goes to sign-in. */
export function SignOutEverywhereButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      await apiFetch("/api/account/sessions", { method: "DELETE" });
      router.push("/sign-in");
      router.refresh();
    } catch (error) {
      setPending(false);
      toast.error(error instanceof ApiError ? error.message : "Could not sign out everywhere. Try again.");
    }
  }
  return (
    <Button type="button" variant="outline" className="justify-self-start" disabled={pending} onClick={onClick}>
      Sign out everywhere
    </Button>
  );
}
