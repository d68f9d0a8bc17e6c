"use client";

import { JsonField } from "./json-field";
import { useId, useState } from "react";
import { ShieldQuestionIcon } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { PermissionDecision, PermissionRequestProps } from "@/lib/agent/permissions";
import { PermissionRequestReview } from "./permission-request-review";
import { Spinner } from "@/components/ui/spinner";
import { humanize } from "./describe-value";
import { CardActions, SlotFrame } from "./slot-frame";
import { defineRenderer, type LiveCardProps } from "./types";
import { ValueView } from "./value-view";

const propsSchema = z.object({
  tool_name: z.string(),
  tool_title: z.string().optional(),
  input: z.unknown(),
  input_editable: z.boolean().default(false),
});

/** The tool as people know it: the title the card carries (a connector's), else its name in words. */
export const permissionToolTitle = (props: Pick<PermissionRequestProps, "tool_name" | "tool_title">) =>
  props.tool_title ?? humanize(props.tool_name);

type Choice = PermissionDecision["decision"];

/** As the runtime's `isDenial` (lib/agent stays out of the client bundle): the choices that refuse the call. */
const isDenial = (choice: Choice) => choice === "deny" || choice === "deny_always";

/**
 * The choices this person may make, saying whom each covers. Mirrors the server's rule (it enforces
 * it): an admin's "always" and "never" cover the whole team; a member's cover only that member,
 * and a member asks an admin for everyone instead of granting it.
 */
function choicesFor(canAdmin: boolean, teamName: string): { value: Choice; label: (tool: string) => string; hint: string }[] {
  const everyone = `for everyone in ${teamName}`;
  const allowOnce = { value: "allow_once" as const, label: () => "Allow once", hint: "Only this call, with this input." };
  const deny = { value: "deny" as const, label: () => "Deny", hint: "The tool does not run; the agent is told your reason." };
  if (canAdmin) {
    return [
      allowOnce,
      {
        value: "allow_input_always",
        label: () => `Always allow this input — ${everyone}`,
        hint: "Later calls with exactly this input run without asking, in anyone's conversation.",
      },
      {
        value: "allow_tool_always",
        label: (tool) => `Always allow ${tool} — ${everyone}`,
        hint: "Every later call of this tool runs without asking, with any input.",
      },
      deny,
      {
        value: "deny_always",
        label: (tool) => `Never allow ${tool} — ${everyone}`,
        hint: "Every later call of this tool is refused without asking, until someone revokes it in Settings → Permissions.",
      },
    ];
  }
  return [
    allowOnce,
    {
      value: "allow_input_always",
      label: () => "Always allow this input — for you only",
      hint: "Later calls with exactly this input run without asking, in conversations you start.",
    },
    {
      value: "request_organization",
      label: (tool) => `Allow once and ask an admin to allow ${tool} ${everyone}`,
      hint: "This call runs now; an owner or admin approves or declines the request for everyone.",
    },
    deny,
    {
      value: "deny_always",
      label: (tool) => `Never allow ${tool} — for you only`,
      hint: "Later calls of this tool in conversations you start are refused without asking.",
    },
  ];
}

const DESCRIBE: Record<Choice, string> = {
  allow_once: "allowed once",
  allow_input_always: "always allowed for this input",
  allow_tool_always: "always allowed for this tool",
  request_organization: "allowed once; an admin was asked to allow it for everyone",
  deny: "denied",
  deny_always: "never allowed",
};

export function describePermission(value: unknown): string {
  const answer = value as Partial<PermissionDecision> | null;
  const decision = answer?.decision ? DESCRIBE[answer.decision] : "answered";
  const edited = answer?.editedInput !== undefined ? " (input edited)" : "";
  const reason = answer?.reason ? `: ${answer.reason}` : "";
  return `${decision.charAt(0).toUpperCase()}${decision.slice(1)}${edited}${reason}`;
}

/** "Allowed by Ann Lee", "Denied by …"; a member's request to the organization is passed on, not decided. */
function permissionVerb(value: unknown): string {
  const decision = (value as Partial<PermissionDecision> | null)?.decision;
  if (decision === "request_organization") return "Sent to an admin";
  return decision === "deny" || decision === "deny_always" ? "Denied" : "Allowed";
}

/** Inputs whose fields are all text, numbers or booleans can be edited field by field; others as JSON. */
const isFlat = (input: unknown): input is Record<string, string | number | boolean> =>
  Boolean(input) &&
  typeof input === "object" &&
  !Array.isArray(input) &&
  Object.values(input as object).every((v) => ["string", "number", "boolean"].includes(typeof v));

function PermissionCard({ slot, props, answer, canAdmin, teamName }: LiveCardProps<PermissionRequestProps>) {
  const choices = choicesFor(canAdmin, teamName);
  const id = useId();
  const tool = permissionToolTitle(props);
  const [choice, setChoice] = useState<Choice>("allow_once");
  const [reason, setReason] = useState("");
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>(() =>
    isFlat(props.input) ? Object.fromEntries(Object.entries(props.input).map(([k, v]) => [k, String(v)])) : {},
  );
  const [json, setJson] = useState(() => JSON.stringify(props.input, null, 2));
  const [jsonError, setJsonError] = useState<string>();
  const canEdit = canAdmin && props.input_editable;

  /** The input exactly as shown on the card: the tool runs with this. */
  function editedInput(): { ok: true; value: unknown } | { ok: false } {
    if (isFlat(props.input)) {
      const original = props.input;
      const value = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [
          k,
          typeof original[k] === "number" ? Number(v) : typeof original[k] === "boolean" ? v === "true" : v,
        ]),
      );
      return { ok: true, value };
    }
    try {
      return { ok: true, value: JSON.parse(json) };
    } catch {
      setJsonError("This is not valid JSON. Fix it or cancel editing.");
      return { ok: false };
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const decision: PermissionDecision = { decision: choice };
    if (isDenial(choice) && reason.trim()) decision.reason = reason.trim();
    if (editing && !isDenial(choice)) {
      const edited = editedInput();
      if (!edited.ok) return;
      if (JSON.stringify(edited.value) !== JSON.stringify(props.input)) decision.editedInput = edited.value;
    }
    await answer.resolve(decision);
  }

  const selected = choices.find((c) => c.value === choice)!;
  return (
    <SlotFrame slot={slot} title={`Allow ${tool}?`} icon={<ShieldQuestionIcon />} pending={answer.pending}>
      <p className="text-sm text-muted-foreground">
        The agent wants to run <strong className="text-foreground">{tool}</strong> with this input:
      </p>
      <form onSubmit={onSubmit} className="grid gap-4" aria-label={`Permission for ${tool}`}>
        {editing ? (
          isFlat(props.input) ? (
            <div className="grid gap-3">
              {Object.keys(fields).map((key) => {
                const long = fields[key].length > 60 || fields[key].includes("\n");
                const fieldId = `${id}-${key}`;
                return (
                  <div key={key} className="grid gap-1.5">
                    <Label htmlFor={fieldId}>{humanize(key)}</Label>
                    {long ? (
                      <Textarea
                        id={fieldId}
                        value={fields[key]}
                        rows={4}
                        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
                        disabled={answer.pending}
                      />
                    ) : (
                      <Input
                        id={fieldId}
                        value={fields[key]}
                        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
                        disabled={answer.pending}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          ) : (
            <div className="grid gap-1.5">
              <JsonField
                id={`${id}-json`}
                label="Input (JSON)"
                rows={8}
                value={json}
                error={jsonError}
                setValue={setJson}
                setError={setJsonError}
              />
            </div>
          )
        ) : (
          <div className="rounded-md border bg-muted/40 p-3">
            <ValueView value={props.input} />
          </div>
        )}
        {canEdit ? (
          <div>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => setEditing(!editing)}
              disabled={answer.pending}
              aria-expanded={editing}
            >
              {editing ? "Cancel editing (use the input as the agent wrote it)" : "Edit the input before allowing"}
            </Button>
          </div>
        ) : null}
        <fieldset className="grid gap-2" disabled={answer.pending}>
          <legend className="mb-1 text-sm font-medium">Your decision</legend>
          {choices.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name={`${id}-decision`}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
                className="mt-0.5 accent-[hsl(var(--primary))]"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label(tool)}</span>
                <span className="text-xs text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {isDenial(choice) ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-reason`}>Reason (the agent reads it)</Label>
            <Textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              disabled={answer.pending}
            />
          </div>
        ) : null}
        <CardActions>
          <Button type="submit" variant={isDenial(choice) ? "destructive" : "default"} disabled={answer.pending}>
            {answer.pending ? <Spinner label={null} /> : null}
            {answer.pending
              ? "Sending…"
              : isDenial(choice)
                ? selected.label(tool)
                : editing
                  ? `${selected.label(tool)} with my edits`
                  : selected.label(tool)}
          </Button>
        </CardActions>
      </form>
    </SlotFrame>
  );
}

export const permissionRequestRenderer = defineRenderer<PermissionRequestProps>({
  label: "Permission request",
  title: (props) => `Allow ${permissionToolTitle(props)}?`,
  icon: <ShieldQuestionIcon />,
  answeredVerb: permissionVerb,
  propsSchema: propsSchema as z.ZodType<PermissionRequestProps, unknown>,
  render: (props) => <PermissionCard {...props} />,
  renderResult: ({ slot, value, props, canAdmin }) => (
    <div className="grid gap-2 text-sm">
      {props ? (
        <p className="text-muted-foreground">
          The agent asked to run <strong className="text-foreground">{permissionToolTitle(props)}</strong> with this input:
        </p>
      ) : null}
      {props ? <ValueView value={(value as PermissionDecision | undefined)?.editedInput ?? props.input} /> : null}
      <p className="font-medium">{describePermission(value)}</p>
      {canAdmin && slot && (value as PermissionDecision | undefined)?.decision === "request_organization" ? (
        <PermissionRequestReview slotId={slot.id} />
      ) : null}
    </div>
  ),
  describe: describePermission,
});
