"use client";

import { SecretOnceDialog } from "./secret-once-dialog";

/** A signing secret, this once (after creating an endpoint or rotating its secret), with Copy. */
export function ShowSecretOnce({
  shown,
  onClose,
}: {
  shown: { title: string; secret: string; note?: string } | null;
  onClose: () => void;
}) {
  const dialog = shown && {
    title: shown.title,
    description: `Copy the signing secret now: you will not see it again. Your receiver verifies each delivery with it (docs: Webhooks).${shown.note ? ` ${shown.note}` : ""}`,
    fields: [{ label: "Signing secret", value: shown.secret }],
    copy: { label: "Copy", value: shown.secret, what: "Secret" },
  };
  return <SecretOnceDialog shown={dialog} onClose={onClose} />;
}
