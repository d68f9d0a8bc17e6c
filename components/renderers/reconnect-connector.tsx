"use client";

import { useState } from "react";
import Link from "next/link";
import { useParams } from "next/navigation";
import { KeyRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { apiFetch, errorMessage } from "@/lib/client/api";
import {
  RECONNECT_DECLINED,
  reconnectConnectorProps,
  type ReconnectConnectorAnswer,
  type ReconnectConnectorProps,
} from "@/lib/tools/reconnect-connector/shape";
import { SignInButton } from "@/components/settings/connectors-sign-in";
import { CardForm } from "./card-form";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type CardAnswer, type LiveCardProps } from "./types";

const title = (props: ReconnectConnectorProps) => `Reconnect ${props.connectorTitle}`;

/**
 * Saves the person's own token (the credential route stores it encrypted), then answers the card:
 * the answer never carries the token. Returns what to show under the field when it was not saved
 * (a 422 says what is wrong with the token), else null.
 */
export async function saveTokenAndAnswer(
  orgSlug: string,
  connectorId: string,
  token: string,
  answer: CardAnswer,
  fetchImpl?: typeof fetch,
): Promise<string | null> {
  try {
    await apiFetch(`/api/orgs/${encodeURIComponent(orgSlug)}/connectors/${encodeURIComponent(connectorId)}/credential`, {
      method: "PUT",
      body: { token },
      fetchImpl,
    });
  } catch (error) {
    return errorMessage(error, "The token was not saved. Try again.");
  }
  await answer.resolve({ reconnected: true } satisfies ReconnectConnectorAnswer);
  return null;
}

function PersonalToken({ props, answer, orgSlug }: { props: ReconnectConnectorProps; answer: CardAnswer; orgSlug: string }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const busy = saving || answer.pending;
  return (
    <CardForm
      label={title(props)}
      pending={busy}
      canSubmit={token.trim().length > 0}
      submitLabel={saving ? "Saving…" : "Save and try again"}
      onSubmit={async () => {
        setSaving(true);
        setError(undefined);
        const problem = await saveTokenAndAnswer(orgSlug, props.connectorId, token.trim(), answer);
        setSaving(false);
        if (problem) setError(problem);
        else setToken("");
      }}
    >
      <FormField
        label={`Your token for ${props.connectorTitle}`}
        description="Stored encrypted for you alone and never shown again."
        error={error}
        required
      >
        <Input
          type="password"
          autoComplete="off"
          value={token}
          disabled={busy}
          onChange={(event) => {
            setToken(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </CardForm>
  );
}

/** "Sign in with <title>" in a new tab (the chat stays); once opened, "Try again" answers the card after the sign-in. */
function SignIn({ props, answer, orgSlug }: { props: ReconnectConnectorProps; answer: CardAnswer; orgSlug: string }) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <SignInButton
          orgSlug={orgSlug}
          connectorId={props.connectorId}
          title={props.connectorTitle}
          newTab
          onOpened={() => {
            setOpened(true);
            setError(undefined);
          }}
          onError={setError}
        />
        {opened ? (
          <Button
            size="sm"
            onClick={() => answer.resolve({ reconnected: true } satisfies ReconnectConnectorAnswer)}
            disabled={answer.pending}
          >
            Try again
          </Button>
        ) : null}
      </div>
      {opened ? <p className="text-xs text-muted-foreground">Finish the sign-in in the new tab, then choose Try again.</p> : null}
      {error ? <p className="text-xs text-destructive">{error}</p> : null}
    </div>
  );
}

function ReconnectCard({ slot, props, answer, canAdmin }: LiveCardProps<ReconnectConnectorProps>) {
  const { orgSlug } = useParams<{ orgSlug: string }>();
  const personal = props.authMode === "per_person";
  return (
    <SlotFrame slot={slot} title={title(props)} icon={<KeyRoundIcon />} pending={answer.pending}>
      <p className="text-sm">
        {personal
          ? `${props.connectorTitle} did not accept your sign-in. Sign in again or enter a new token, and the agent tries again.`
          : canAdmin
            ? `${props.connectorTitle} did not accept the organization's token. Update it in the connector's settings, then try again.`
            : `${props.connectorTitle} did not accept the organization's token. An admin must update the connector; then try again.`}
      </p>
      {props.reason ? <p className="text-xs text-muted-foreground">{`The server said: ${props.reason}`}</p> : null}
      {personal ? <SignIn props={props} answer={answer} orgSlug={orgSlug} /> : null}
      {personal ? <PersonalToken props={props} answer={answer} orgSlug={orgSlug} /> : null}
      <CardActions>
        {!personal && canAdmin ? (
          <Button asChild variant="outline">
            <Link href={`/${orgSlug}/settings/connectors`}>Open Settings → Connectors</Link>
          </Button>
        ) : null}
        {!personal ? (
          <Button onClick={() => answer.resolve({ reconnected: false } satisfies ReconnectConnectorAnswer)} disabled={answer.pending}>
            Try again
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => answer.reject(RECONNECT_DECLINED)} disabled={answer.pending}>
          Cancel
        </Button>
      </CardActions>
    </SlotFrame>
  );
}

const describe = (value: unknown) => ((value as ReconnectConnectorAnswer | null)?.reconnected ? "Reconnected" : "Tried again");

export const reconnectConnectorRenderer = defineRenderer<ReconnectConnectorProps>({
  label: "Reconnect a connector",
  title,
  icon: <KeyRoundIcon />,
  propsSchema: reconnectConnectorProps,
  render: (props) => <ReconnectCard {...props} />,
  renderResult: ({ props, value }) => (
    <div className="grid gap-1 text-sm">
      {props ? <p className="text-muted-foreground">{`${props.connectorTitle} asked for a new sign-in.`}</p> : null}
      <p className="font-medium">{describe(value)}</p>
    </div>
  ),
  describe,
});
