import type { Message } from "@/lib/agent/messages";
import { createPrismaClient } from "@/lib/db/client";
import { PostgresStore } from "@/lib/db/postgres-store";

/**
 * A long conversation written straight into the store (lib/db's PostgresStore), as if it had been
 * chatted: user questions, agent answers in markdown, and every other exchange a tool call with
 * its result. `count` messages in all.
 */
export function longHistory(count: number): Message[] {
  const messages: Message[] = [];
  const paragraph =
    "Here is what I found. The weekly report covers **sign-ups**, *conversion* and churn; the numbers below are from the last seven days. " +
    "Sign-ups rose by 12% while conversion held steady at 3.4%. Churn fell slightly, mostly among teams on the starter plan.";
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++) {
    const created_at = new Date(start + i * 60_000).toISOString();
    const id = `seed-${i}`;
    switch (i % 4) {
      case 0:
        messages.push({
          id,
          sender: "user",
          text: `Question ${i}: can you summarise the weekly report and send it to the team if it looks right?`,
          created_at,
        });
        break;
      case 1:
        messages.push({
          id,
          sender: "agent",
          text: `${paragraph}\n\nShall I send it?`,
          tool_calls: [
            {
              id: `toolu_seed_${i}`,
              tool_name: "confirm_action",
              input_args: { title: "Send the weekly report", message: "Send it to the whole team now?" },
            },
          ],
          usage: { tokens_in: 1200 + i, tokens_out: 80 },
          created_at,
        });
        break;
      case 2:
        messages.push({
          id,
          sender: "user",
          text: "",
          tool_results: [
            { tool_name: "confirm_action", call_id: `toolu_seed_${i - 1}`, result: { status: "success", data: { confirmed: true } } },
          ],
          created_at,
        });
        break;
      default:
        messages.push({
          id,
          sender: "agent",
          text: `Done. ${paragraph}\n\n- sign-ups: +12%\n- conversion: 3.4%\n- churn: -0.3 pt\n\nAnything else?`,
          usage: { tokens_in: 1300 + i, tokens_out: 120 },
          created_at,
        });
    }
  }
  return messages;
}

export async function seedConversation(databaseUrl: string, organizationId: string, conversationId: string, count: number): Promise<void> {
  const db = createPrismaClient(databaseUrl);
  try {
    const store = await PostgresStore.open(db, { organizationId, conversationId });
    const history = longHistory(count);
    for (let at = 0; at < history.length; at += 200) await store.appendMessages(history.slice(at, at + 200));
  } finally {
    await db.$disconnect();
  }
}
