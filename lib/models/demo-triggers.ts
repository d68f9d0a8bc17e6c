/**
 * What the offline demo model does for which request, as data: the docs table
 * (docs/models.md), the demo model and the tests all read this list, and the feature issues
 * adapt a tool name or an input shape here, in one place.
 *
 * Triggers are tried in order against the last user message; the first match wins. Order
 * matters where phrases overlap ("ask finance to confirm ..." is an inbox request, not a
 * confirmation; "start the support request, my name is ..." starts a form, not fills one;
 * "actually the X is Y" corrects, not fills). The form triggers after the first fire only while
 * a form is open (the runtime's context note says so), so "X is Y" means nothing otherwise.
 */

import { demoFormCorrection, demoFormStart, demoFormUndo, demoFormValues, describeFormResult } from "./demo-form-sentences";

export type DemoToolInput = Record<string, unknown>;

export interface DemoTrigger {
  /** The tool the demo model calls. */
  tool: string;
  /** The product feature it exercises, for the docs table. */
  feature: string;
  /** A request that fires the trigger; docs and tests use exactly this text. */
  example: string;
  pattern: RegExp;
  /** Fires only while a form is open. */
  whenFormOpen?: boolean;
  /** A further check after the pattern matched: the sentence must also parse. */
  accepts?: (text: string) => boolean;
  /** Which of several triggers of one tool words a result: the one whose input this is. */
  forInput?: (input: DemoToolInput) => boolean;
  /** The tool input, derived from the user's words only (deterministic). */
  input: (text: string) => DemoToolInput;
  /** Said before the tool call. */
  lead: (input: DemoToolInput) => string;
  /** Said after a successful result; `data` is the tool result's data. */
  done: (input: DemoToolInput, data: unknown) => string;
  /** Said after an error result (a denial, a rejection, a failure). */
  failed: (input: DemoToolInput, reason: string) => string;
}

/** The Glove-style conversational form tools the demo calls; the runtime owns their real definitions. */
export const DEMO_FORM_TOOLS = {
  start: "glove_form_start",
  fill: "glove_form_fill",
  revise: "glove_form_revise",
  submit: "glove_form_submit",
  abandon: "glove_form_abandon",
  status: "glove_form_status",
} as const;

/**
 * "start the expense claim", "I want to file an expense claim", "start the support request, my
 * name is Ada": a start verb at the start of the sentence or after "to" / "please" / "let's"
 * (so "the file is ..." starts nothing), then the form's name up to a comma, "and" or "with".
 */
const FORM_START =
  /(?:^|\b(?:to|please|let's|lets|can you|could you|now)\s+)(?:start|begin|open|file|fill in|fill out)\s+(?!(?:a |the |my )?(?:task|to-?do) list)(?:the |an? |my |a new )?([a-z][\w -]*?)(?:\s+form)?(?=\s*(?:[,;.!?]|\s+and\s+|\s+with\s+|$))/i;

const formName = (input: DemoToolInput) => str(input.form);

/** "write a long ..." streams many words and calls no tool: the abort tests use it. */
export const DEMO_LONG_ANSWER = { example: "write a long story about the sea", pattern: /\bwrite (?:me )?a long\b/i };

/** "show me code and a wide table" answers with a fenced code block and a table wider than the chat: the markdown browser tests use it. */
export const DEMO_CODE_AND_TABLE = {
  example: "show me code and a wide table",
  pattern: /\bshow (?:me )?(?:some )?code and a (?:wide )?table\b/i,
  code: "export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}",
  answer(): string {
    const months = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ];
    const header = `| Region | ${months.map((month) => `${month} revenue`).join(" | ")} |`;
    const rule = `|${" --- |".repeat(months.length + 1)}`;
    const row = (region: string, base: number) =>
      `| ${region} | ${months.map((_, index) => `${base + index * 10} thousand`).join(" | ")} |`;
    return [
      "Here is a TypeScript function:",
      "",
      "```ts",
      this.code,
      "```",
      "",
      "And the monthly revenue by region:",
      "",
      header,
      rule,
      row("North", 120),
      row("South", 95),
    ].join("\n");
  },
};

/**
 * A summary request: tool choice "none" (compaction, the loop's last call at its iteration
 * cap), a system prompt that speaks of summaries or compaction, or a user asking to summarize.
 */
export const DEMO_SUMMARY = {
  example: "summarize the conversation",
  pattern: /\bsummari[sz]e\b/i,
  systemPromptPattern: /\bsummar|\bcompact/i,
};

const str = (value: unknown): string => String(value ?? "");

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function snakeCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** The rest of the sentence after a match, without closing punctuation. */
function tail(text: string, pattern: RegExp): string | undefined {
  const rest = text
    .match(pattern)?.[1]
    ?.trim()
    .replace(/[.!?]+$/, "");
  return rest || undefined;
}

/** "between tea, coffee and water" → ["tea", "coffee", "water"]. */
function optionsBetween(text: string): string[] | undefined {
  const list = tail(text, /\bbetween (.+)$/i);
  const options = list?.split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).filter(Boolean);
  return options && options.length > 1 ? options : undefined;
}

/** The user's answer inside a result's data: a plain value, or a conventional field of an object. */
function describeAnswer(data: unknown): string {
  if (typeof data === "string" || typeof data === "number" || typeof data === "boolean") return String(data);
  if (Array.isArray(data)) return data.map(describeAnswer).join(", ");
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    for (const key of ["choice", "choices", "selected", "value", "values", "answer", "text"]) {
      if (record[key] !== undefined) return describeAnswer(record[key]);
    }
  }
  return JSON.stringify(data);
}

function isConfirmed(data: unknown): boolean {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    return record.confirmed !== false && record.approved !== false;
  }
  return data !== false;
}

function listValues(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([field, value]) => `${field.replace(/_/g, " ")}: ${str(value)}`)
    .join(", ");
}

export const DEMO_TRIGGERS: readonly DemoTrigger[] = [
  {
    tool: DEMO_FORM_TOOLS.start,
    feature: "Start a conversational form, seeded with the answers in the sentence",
    example: "start the expense claim",
    pattern: FORM_START,
    input: (text) => demoFormStart(text, FORM_START),
    lead: (input) => `I'll open the ${formName(input)}.`,
    done: (input, data) => `The ${formName(input)} is open. ${describeFormResult(data)}`,
    failed: (input, reason) => `The ${formName(input)} could not be started: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.revise,
    feature: "Correct an answer of the open form",
    example: "actually the mode of travel is rail",
    pattern: /\b(?:actually|correction)\b|\bchange (?:the |my )?.+? to \S/i,
    whenFormOpen: true,
    accepts: (text) => demoFormCorrection(text) !== null,
    forInput: (input) => input.action === "set",
    input: (text) => ({ ...demoFormCorrection(text), action: "set" }),
    lead: (input) => `I'll change ${str(input.field)}.`,
    done: (input, data) => `Changed ${str(input.field)}. ${describeFormResult(data)}`,
    failed: (input, reason) => `${capitalize(str(input.field))} was not changed: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.revise,
    feature: "Undo (or redo) the last change to an answer",
    example: "undo the last change to the mode of travel",
    pattern: /\b(?:undo|redo)\s+\S/i,
    whenFormOpen: true,
    forInput: (input) => input.action === "undo" || input.action === "redo",
    input: (text) => ({ ...demoFormUndo(text) }),
    lead: (input) => `I'll ${str(input.action)} the last change to ${str(input.field)}.`,
    done: (input, data) => `${input.action === "redo" ? "Redone" : "Undone"}: ${str(input.field)}. ${describeFormResult(data)}`,
    failed: (input, reason) => `Nothing to ${str(input.action)} for ${str(input.field)}: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.submit,
    feature: "Submit the open form (a confirmation card first)",
    example: "submit the form",
    pattern: /\b(?:submit|send)\s+(?:it|this|the form|the [\w -]+? form)\b/i,
    whenFormOpen: true,
    input: () => ({}),
    lead: () => "Here is what will be submitted; please confirm it on the card.",
    done: (_input, data) => describeFormResult({ status: "submitted", ...(data as object) }),
    failed: (_input, reason) => `The form was not submitted: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.abandon,
    feature: "Abandon the open form",
    example: "cancel the form",
    pattern: /\b(?:cancel|abandon|discard|drop)\s+(?:the |this |my )?(?:[\w -]+? )?form\b/i,
    whenFormOpen: true,
    input: () => ({}),
    lead: () => "I'll cancel the form.",
    done: () => "The form is cancelled; nothing was submitted.",
    failed: (_input, reason) => `The form was not cancelled: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.status,
    feature: "What the open form still needs",
    example: "what is left",
    pattern: /\bwhat(?:'s| is| else is)(?: still)? (?:left|missing|needed)\b|\bform status\b/i,
    whenFormOpen: true,
    input: () => ({}),
    lead: () => "Let me check the form.",
    done: (_input, data) => describeFormResult(data),
    failed: (_input, reason) => `The form's status could not be read: ${reason}`,
  },
  {
    tool: DEMO_FORM_TOOLS.fill,
    feature: "Fill the open form from a sentence",
    example: "my name is Ada Lovelace, the mode of travel is car and distance (km): 120",
    pattern: /\S\s+(?:is|was|are|were)\s+\S|:\s*\S/i,
    whenFormOpen: true,
    accepts: (text) => Object.keys(demoFormValues(text)).length > 0,
    input: (text) => ({ values: demoFormValues(text) }),
    lead: () => "I'll note that in the form.",
    done: (_input, data) => describeFormResult(data),
    failed: (_input, reason) => `The form was not updated: ${reason}`,
  },
  {
    tool: "glove_post_to_inbox",
    feature:
      'Post a blocking inbox item for another team or system (add "(ref ORD-1)" for a correlation key, "within 30 minutes", "as a yes/no decision")',
    example: "ask finance to approve the Q3 budget",
    pattern: /\bask (?!me\b)(\w[\w -]*?) to (approve|review|sign off on|check|confirm) (.+)$/i,
    input: (text) => {
      const [, team, verb, thing] = text.match(/\bask (\w[\w -]*?) to (approve|review|sign off on|check|confirm) (.+)$/i) ?? [];
      const ref = str(thing).match(/\(ref ([\w.:-]{1,200})\)/i)?.[1];
      const within = str(thing).match(/\bwithin (\d{1,5}) (minute|hour)s?\b/i);
      const yesNo = /\bas a yes\/no decision\b/i.test(str(thing));
      const request = str(thing)
        .replace(/\s*\(ref [^)]*\)/i, "")
        .replace(/\s*\bwithin \d{1,5} (?:minute|hour)s?\b/i, "")
        .replace(/\s*\bas a yes\/no decision\b/i, "")
        .replace(/[.!?]+$/, "")
        .trim();
      return {
        tag: snakeCase(team ?? "team"),
        request: `${capitalize(verb ?? "review")} ${request}`,
        blocking: true,
        ...(ref && { correlation_key: ref }),
        ...(within && { expires_in: Number(within[1]) * (within[2].toLowerCase() === "hour" ? 3600 : 60) }),
        ...(yesNo && {
          response_schema: {
            type: "object",
            required: ["approved"],
            properties: { approved: { type: "boolean" }, note: { type: "string", maxLength: 2000 } },
            additionalProperties: false,
          },
        }),
      };
    },
    lead: (input) => `I'll ask ${str(input.tag).replace(/_/g, " ")} and wait for their answer.`,
    done: (input) => `I posted "${str(input.request)}" to the ${str(input.tag)} inbox and will continue once it is resolved.`,
    failed: (_input, reason) => `The inbox request could not be posted: ${reason}`,
  },
  {
    tool: "glove_update_tasks",
    feature: "Update the agent's task list",
    example: "make a task list for the launch",
    pattern: /\b(?:make|create|start) (?:a |the |my )?(?:task|to-?do) list\b/i,
    input: (text) => {
      const topic = tail(text, /\b(?:task|to-?do) list (?:for|about) (.+)$/i) ?? "this request";
      return {
        todos: [
          { content: `Outline ${topic}`, activeForm: `Outlining ${topic}`, status: "in_progress" },
          { content: `Draft ${topic}`, activeForm: `Drafting ${topic}`, status: "pending" },
          { content: `Review ${topic}`, activeForm: `Reviewing ${topic}`, status: "pending" },
        ],
      };
    },
    lead: () => "I'll set up a task list.",
    done: (input) => {
      const todos = input.todos as Array<{ content: string }>;
      return `The task list has ${todos.length} tasks; "${todos[0].content}" is in progress.`;
    },
    failed: (_input, reason) => `The task list could not be updated: ${reason}`,
  },
  {
    tool: "send_email",
    feature: "A permission-gated action",
    example: "send an email to ada@example.com about the launch",
    pattern: /\bsend (?:an? )?e-?mail to \S/i,
    input: (text) => {
      const to = text.match(/\bsend (?:an? )?e-?mail to (\S+)/i)?.[1].replace(/[.,!?]+$/, "") ?? "";
      const about = tail(text, /\babout (.+)$/i);
      return {
        to,
        subject: about ? capitalize(about) : "Hello from Handoff",
        body: about ? `Hi,\n\nA short note about ${about}.\n\nSent by the Handoff demo model.` : "Hi,\n\nSent by the Handoff demo model.",
      };
    },
    lead: (input) => `I'll send an email to ${str(input.to)}.`,
    done: (input) => `Done: the email to ${str(input.to)} was sent.`,
    failed: (input, reason) => `The email to ${str(input.to)} was not sent: ${reason}`,
  },
  {
    tool: "approve_plan",
    feature: "Plan approval",
    example: "plan the product launch",
    pattern: /\bplan\b(?: (?:for|out))? \S/i,
    input: (text) => {
      const topic = tail(text, /\bplan\b(?: (?:for|out))? (.+)$/i) ?? "the work";
      return {
        title: `Plan: ${topic}`,
        steps: [`Research ${topic}`, `Draft ${topic}`, `Review ${topic} with the team`, `Ship ${topic}`],
      };
    },
    lead: () => "Here is a plan for your approval.",
    done: (input, data) =>
      isConfirmed(data)
        ? `The plan was approved. First step: ${str((input.steps as string[])[0])}.`
        : `The plan was not approved, so I will not start it.`,
    failed: (_input, reason) => `The plan was not approved: ${reason}`,
  },
  {
    tool: "collect_form",
    feature: "Collect a form in one card",
    example: "collect my contact details",
    pattern: /\bcollect (?:my |the |your |some )?(.+?) details\b/i,
    input: (text) => ({
      title: `${capitalize(tail(text, /\bcollect (?:my |the |your |some )?(.+?) details\b/i) ?? "your")} details`,
      fields: [
        { name: "name", label: "Name", type: "text", required: true },
        { name: "email", label: "Email", type: "email", required: true },
        { name: "phone", label: "Phone", type: "tel", required: false },
      ],
    }),
    lead: () => "Please fill in this form.",
    done: (_input, data) =>
      data && typeof data === "object" ? `Thanks, I have ${listValues(data as Record<string, unknown>)}.` : "Thanks, I have your details.",
    failed: (_input, reason) => `The form was not submitted: ${reason}`,
  },
  {
    tool: "text_input",
    feature: "Ask for a line of text",
    example: "ask me for a project name",
    pattern: /\bask me (?:for|to (?:type|enter)) \S/i,
    input: (text) => {
      const thing = tail(text, /\bask me (?:for|to (?:type|enter)) (.+)$/i) ?? "a value";
      return { prompt: `Please enter ${thing}.`, placeholder: capitalize(thing.replace(/^(?:a|an|the|my|your) /i, "")) };
    },
    lead: () => "I need one thing from you.",
    done: (_input, data) => `Thanks, I noted "${describeAnswer(data)}".`,
    failed: (_input, reason) => `No text was entered: ${reason}`,
  },
  {
    tool: "confirm_action",
    feature: "Confirmation",
    example: "delete the old drafts",
    pattern: /\b(?:delete|remove|confirm)\b/i,
    input: (text) => {
      const thing = tail(text, /\b(?:delete|remove) (.+)$/i);
      return thing
        ? { title: `Delete ${thing}?`, message: `This cannot be undone. Do you want me to delete ${thing}?` }
        : { title: "Please confirm", message: "Do you want me to go ahead?" };
    },
    lead: () => "I need your confirmation first.",
    done: (input, data) => {
      if (!isConfirmed(data)) return "OK, I did nothing.";
      const deleted = str(input.title).match(/^Delete (.+)\?$/)?.[1];
      return deleted ? `Done: I deleted ${deleted}.` : "Done: confirmed.";
    },
    failed: (_input, reason) => `I did nothing: ${reason}`,
  },
  {
    tool: "show_info_card",
    feature: "Info card (display only)",
    example: "show an info card about billing",
    pattern: /\binfo card\b|\bshow (?:me )?(?:an? )?(?:info|tip|note|warning|success|error)\b/i,
    input: (text) => {
      const variant = /\bwarning\b/i.test(text)
        ? "warning"
        : /\berror\b/i.test(text)
          ? "error"
          : /\bsuccess\b/i.test(text)
            ? "success"
            : "info";
      const topic = tail(text, /\babout (.+)$/i) ?? "the demo";
      return { variant, title: capitalize(topic), body: `The demo model shows this ${variant} card about ${topic}.` };
    },
    lead: () => "Here is a card.",
    done: () => "The card is in the timeline.",
    failed: (_input, reason) => `The card could not be shown: ${reason}`,
  },
  {
    tool: "suggest_options",
    feature: "Multiple choice",
    example: "suggest options for the team offsite",
    pattern: /\b(?:suggest|give me|show me) (?:some )?options\b/i,
    input: (text) => {
      const topic = tail(text, /\boptions (?:for|about) (.+)$/i) ?? "this";
      return {
        question: `Which of these do you want for ${topic}?`,
        options: optionsBetween(text) ?? ["A workshop", "A team dinner", "A hike", "A boat trip"],
        multiple: true,
      };
    },
    lead: () => "Pick as many as you like.",
    done: (_input, data) => `You picked: ${describeAnswer(data)}.`,
    failed: (_input, reason) => `Nothing was picked: ${reason}`,
  },
  {
    tool: "ask_preference",
    feature: "Choice card",
    example: "help me choose between tea, coffee and water",
    pattern: /\bhelp me (?:choose|pick|decide)\b|\bwhich\b/i,
    input: (text) => ({ question: "Which one do you prefer?", options: optionsBetween(text) ?? ["Option A", "Option B", "Option C"] }),
    lead: () => "Let me ask you.",
    done: (_input, data) => `You chose ${describeAnswer(data)}.`,
    failed: (_input, reason) => `No choice was made: ${reason}`,
  },
];

/** The trigger for a request, if any; the form triggers only while a form is open. */
export function findDemoTrigger(text: string, context: { formOpen?: boolean } = {}): DemoTrigger | undefined {
  return DEMO_TRIGGERS.find(
    (trigger) => (!trigger.whenFormOpen || context.formOpen) && trigger.pattern.test(text) && (trigger.accepts?.(text) ?? true),
  );
}
