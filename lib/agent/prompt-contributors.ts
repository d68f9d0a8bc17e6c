import type { GloveTool } from "./tool";

/** What a contributor may read when the system prompt is composed, once per run as it starts executing. */
export interface PromptContext {
  /** The tools the model is given. */
  tools: readonly GloveTool[];
  now: Date;
  /** The person who started the run (their message), when a person did; inbox continuations have none. */
  startedBy?: string;
}

/** One part of the system prompt, or null for none. Small and independent: each is tested on its own. */
export type PromptContributor = (context: PromptContext) => string | null | Promise<string | null>;

/** The first sentence of a tool's description: a line each keeps the prompt short (the full text is in the tool's spec). */
const firstSentence = (text: string) => text.match(/^.*?[.!?](?=\s|$)/s)?.[0] ?? text;

/** The enabled tools, one line each. */
export const toolsContributor: PromptContributor = ({ tools }) =>
  tools.length === 0
    ? null
    : ["Tools you can use:", ...tools.map((tool) => `- ${tool.name}: ${firstSentence(tool.description.trim()).replace(/\s+/g, " ")}`)].join(
        "\n",
      );

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than the rest of a prompt. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "long" });
    dayFormats.set(timeZone, format);
  }
  return format;
};

/** Today as the organization counts it: ISO date and weekday in its time zone (default UTC). */
export const dateContributor =
  (timeZone = "UTC"): PromptContributor =>
  ({ now }) => {
    const parts = dayFormat(timeZone)
      .formatToParts(now)
      .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
    return `Today is ${parts.weekday}, ${parts.year}-${parts.month}-${parts.day} (${timeZone}).`;
  };

/** The organization the agent works for, by name. */
export const organizationContributor =
  (name: (context: PromptContext) => Promise<string | null>): PromptContributor =>
  async (context) => {
    const organization = await name(context);
    return organization ? `You work for the organization "${organization}".` : null;
  };

export interface PromptPerson {
  name: string;
  role: string;
}

/** The person who started the run: name and role in the organization. */
export const personContributor =
  (lookup: (userId: string) => Promise<PromptPerson | null>): PromptContributor =>
  async ({ startedBy }) => {
    const person = startedBy ? await lookup(startedBy) : null;
    // The display name is the person's own choice: quoted, so it reads as a name, never as an instruction.
    return person ? `You are talking with ${JSON.stringify(person.name)} (${person.role} of the organization).` : null;
  };

/**
 * The system prompt: the tenant's prompt first, then each contributor's part in order, side by
 * side. A contributor that throws is reported and left out: a missing line must not fail a run.
 */
export async function composeSystemPrompt(
  base: string,
  contributors: readonly PromptContributor[],
  context: PromptContext,
  onError: (error: unknown) => void,
): Promise<string> {
  const parts = await Promise.all(
    contributors.map(async (contributor) => {
      try {
        return await contributor(context);
      } catch (error) {
        onError(error);
        return null;
      }
    }),
  );
  return [base, ...parts].filter((part): part is string => Boolean(part?.trim())).join("\n\n");
}
