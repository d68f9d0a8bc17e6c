"use client";

import { Badge } from "@/components/ui/badge";
import type { ConnectorToolView } from "@/lib/schemas/connectors";

export interface ToolChange {
  tool: string;
  enabled?: boolean;
  requires_permission?: boolean;
}

/** A switch: a native checkbox with the switch role, so Space toggles it and screen readers say on/off. */
function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        role="switch"
        className="size-4"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/**
 * The tools the server listed, each with its description and input schema (collapsed), a
 * read-only badge and, for admins, the enable and "needs approval" switches. Members see the
 * enabled tools without switches.
 */
export function ConnectorTools({
  tools,
  admin,
  pending,
  onChange,
}: {
  tools: ConnectorToolView[];
  admin: boolean;
  pending: boolean;
  onChange: (change: ToolChange) => void;
}) {
  if (tools.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">{admin ? "No tools listed yet: refresh the tool list." : "No tools enabled yet."}</p>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Tools">
      {tools.map((tool) => (
        <li key={tool.name} className="grid gap-2 rounded-md border p-3" aria-label={tool.name}>
          <div className="flex flex-wrap items-center gap-2">
            <code className="text-sm font-medium">{tool.name}</code>
            {tool.read_only && <Badge variant="secondary">Read-only</Badge>}
            {!admin && tool.requires_permission && <Badge variant="outline">Needs approval</Badge>}
          </div>
          {tool.description && <p className="text-sm text-muted-foreground">{tool.description}</p>}
          <details>
            <summary className="cursor-pointer text-xs font-medium">Input schema</summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 text-xs">{JSON.stringify(tool.input_schema, null, 2)}</pre>
          </details>
          {admin && (
            <div className="flex flex-wrap gap-4">
              <Switch
                label="Enabled"
                checked={tool.enabled}
                disabled={pending}
                onChange={(on) => onChange({ tool: tool.name, enabled: on })}
              />
              <Switch
                label="Needs approval"
                checked={tool.requires_permission}
                disabled={pending || !tool.enabled}
                onChange={(on) => onChange({ tool: tool.name, requires_permission: on })}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
