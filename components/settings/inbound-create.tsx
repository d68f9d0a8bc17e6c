"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/client/api";
import {
  INBOUND_AUTH_KIND_LABELS,
  INBOUND_AUTH_KINDS,
  INBOUND_DEFAULT_WINDOW_MINUTES,
  type CreateInboundEndpointInput,
  type InboundAuthKind,
  type InboundEndpointWithSecret,
} from "@/lib/schemas/inbound-endpoints";
import { correlationKeyAt, readPath } from "@/lib/schemas/inbound-path";
import { NativeSelect } from "./native-select";
import { ShowInboundSecretOnce } from "./inbound-secret";

const SAMPLE = '{"data": {"order_id": "ORD-42", "approved": true}}';

/** What the rule would take from a pasted sample event: the key and the response, or why not. */
function preview(sample: string, correlationPath: string, responsePath: string) {
  let json: unknown;
  try {
    json = JSON.parse(sample);
  } catch {
    return { key: "The sample is not JSON.", response: "" };
  }
  const key = correlationPath.trim() ? correlationKeyAt(json, correlationPath.trim()) : null;
  const response = responsePath.trim() ? readPath(json, responsePath.trim()) : { found: true as const, value: json };
  return {
    key: key === null ? "Nothing: no string or number at this path. Such an event is logged as unmatched." : key,
    response: response.found ? JSON.stringify(response.value) : "Nothing at this path: such an event would be refused.",
  };
}

/** The creation form: name, tags, how senders prove themselves, the match rule (with a live preview against a sample), the window. */
export function CreateInboundEndpointForm({
  onCreate,
  pending,
}: {
  onCreate: (input: CreateInboundEndpointInput) => Promise<InboundEndpointWithSecret>;
  pending: boolean;
}) {
  const [name, setName] = useState("");
  const [tags, setTags] = useState("");
  const [authKind, setAuthKind] = useState<InboundAuthKind>("hub_signature");
  const [correlationPath, setCorrelationPath] = useState("data.order_id");
  const [responsePath, setResponsePath] = useState("");
  const [windowMinutes, setWindowMinutes] = useState(String(INBOUND_DEFAULT_WINDOW_MINUTES));
  const [sample, setSample] = useState(SAMPLE);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<InboundEndpointWithSecret | null>(null);
  const extracted = preview(sample, correlationPath, responsePath);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setCreated(
        await onCreate({
          name: name.trim(),
          tags: tags
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
          authKind,
          correlationPath: correlationPath.trim(),
          responsePath: responsePath.trim() || null,
          earlyWindowMinutes: Number(windowMinutes),
        }),
      );
      setName("");
      setTags("");
    } catch (caught) {
      setError(errorMessage(caught, "The endpoint was not created. Try again."));
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="grid gap-4 rounded-lg border p-4" aria-labelledby="create-inbound-heading">
        <h3 id="create-inbound-heading" className="font-medium">
          Create an inbound endpoint
        </h3>
        <FormField label="Name" required description="Who sends to it, e.g. “Finance system”.">
          <Input name="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} autoComplete="off" />
        </FormField>
        <FormField label="Tags it may resolve" required description="Comma-separated inbox item tags, e.g. finance, legal (1 to 20).">
          <Input name="tags" value={tags} onChange={(event) => setTags(event.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="How the sender proves itself" description="You get the secret (or token) once, after creating.">
          <NativeSelect name="authKind" value={authKind} onChange={(event) => setAuthKind(event.target.value as InboundAuthKind)}>
            {INBOUND_AUTH_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {INBOUND_AUTH_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Correlation path"
          required
          description="The dotted path to the field matched with an item's correlation key, e.g. data.order_id; array indexes as items.0.id."
        >
          <Input
            name="correlationPath"
            value={correlationPath}
            onChange={(event) => setCorrelationPath(event.target.value)}
            autoComplete="off"
          />
        </FormField>
        <FormField label="Response path" description="Optional. The dotted path to the answer; empty: the whole event is the answer.">
          <Input name="responsePath" value={responsePath} onChange={(event) => setResponsePath(event.target.value)} autoComplete="off" />
        </FormField>
        <FormField
          label="Early-event window (minutes)"
          description="How long an event that matches no item yet is kept for an item posted later (at most 10080, 7 days)."
        >
          <Input
            name="earlyWindowMinutes"
            type="number"
            min={0}
            max={10080}
            value={windowMinutes}
            onChange={(event) => setWindowMinutes(event.target.value)}
          />
        </FormField>
        <FormField label="Sample event" description="Paste an event the sender sends to check the paths against it. Nothing is sent.">
          <Textarea
            name="sample"
            value={sample}
            onChange={(event) => setSample(event.target.value)}
            rows={3}
            className="font-mono text-xs"
          />
        </FormField>
        <dl className="grid gap-1 rounded-md bg-muted p-3 text-sm" aria-label="What the rule takes from the sample">
          <dt className="font-medium">Correlation key</dt>
          <dd>
            <output className="font-mono text-xs">{extracted.key}</output>
          </dd>
          <dt className="font-medium">Response</dt>
          <dd>
            <output className="font-mono text-xs break-all">{extracted.response}</output>
          </dd>
        </dl>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={pending || name.trim() === ""}>
            {pending ? "Creating…" : "Create endpoint"}
          </Button>
        </div>
      </form>
      <ShowInboundSecretOnce shown={created} onClose={() => setCreated(null)} />
    </>
  );
}
