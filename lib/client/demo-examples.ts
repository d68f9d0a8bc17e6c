/**
 * What to try with the offline demo model, for the chat's empty state. Client code may not import
 * lib/models (the demo model's module), so the sentences are copied here; a unit test keeps them
 * equal to the examples of lib/models/demo-triggers.ts's `DEMO_TRIGGERS` that work in a new chat
 * (the form triggers that need an open form are left out).
 */
export const DEMO_EXAMPLES = [
  "start the expense claim",
  "ask finance to approve the Q3 budget",
  "make a task list for the launch",
  "send an email to ada@example.com about the launch",
  "plan the product launch",
  "collect my contact details",
  "ask me for a project name",
  "delete the old drafts",
  "show an info card about billing",
  "suggest options for the team offsite",
  "help me choose between tea, coffee and water",
] as const;

/** The ones that draw a card in the chat, first in the empty state. */
export const FEATURED_DEMO_EXAMPLES = [
  "send an email to ada@example.com about the launch",
  "help me choose between tea, coffee and water",
  "plan the product launch",
  "collect my contact details",
] as const satisfies readonly (typeof DEMO_EXAMPLES)[number][];
