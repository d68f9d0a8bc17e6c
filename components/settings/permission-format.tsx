import type { Person } from "@/lib/schemas/team";

export const personName = (person: Person | null) => (person ? person.name || person.email : "Unknown");

/** The input a grant, denial or request covers, as the Permissions page shows it. */
export const inputOf = (record: { allInputs: boolean; input: unknown }) =>
  record.allInputs ? "Every input" : <code className="break-all text-xs">{JSON.stringify(record.input)}</code>;
