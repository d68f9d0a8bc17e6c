import { describe, expect, it } from "vitest";
import { success } from "@/lib/agent/tool";
import type { GloveTool } from "@/lib/agent";
import { createSendEmailTool, type DemoMailbox } from "@/lib/tools/send-email/server";
import { deferred, expectPairedHistory, makeAgent, transcript } from "./helpers";

const email = { to: "ada@example.com", subject: "Launch", body: "We launch on Monday." };

function memoryMailbox() {
  const sent: unknown[] = [];
  const mailbox: DemoMailbox = {
    record: async (message) => (sent.push(message), { id: `mail-${sent.length}`, createdAt: "2030-01-01T00:00:00.000Z" }),
  };
  return { sent, mailbox };
}

/** A step of [slow lookup, send_email] over the real send_email tool, allowed by the tenant's policy. */
function emailAgent(script: Parameters<typeof makeAgent>[0]) {
  const started = deferred();
  const release = deferred();
  const { sent, mailbox } = memoryMailbox();
  const harness = makeAgent(script, { permissionPolicy: { send_email: "allow" } });
  harness.glove.fold(createSendEmailTool(mailbox) as GloveTool);
  harness.glove.fold({
    name: "lookup",
    description: "Looks something up, slowly.",
    do: async () => {
      started.resolve();
      await release.promise;
      return success("found");
    },
  });
  return { ...harness, sent, started, release };
}

describe("skip on steering", () => {
  it("a message queued while a step's tools run skips the calls not started yet: no email is sent", async () => {
    const { glove, store, model, recorder, sent, started, release } = emailAgent([
      {
        toolCalls: [
          { name: "lookup", input: {} },
          { name: "send_email", input: email },
        ],
      },
      { text: "Understood, I did not send it." },
    ]);
    const run = glove.processRequest("Look it up, then email Ada");
    await started.promise;
    expect((await glove.processRequest("don't send that email")).status).toBe("queued");
    release.resolve();
    expect((await run).status).toBe("completed");

    expect(sent).toEqual([]);
    const seen = model.requests[1].messages;
    expect(transcript(seen).slice(-3)).toEqual([
      "calls:lookup,send_email",
      "results:lookup=success,send_email=error",
      "user:don't send that email",
    ]);
    expect(seen.at(-2)?.tool_results?.[1].result).toEqual({ status: "error", data: null, message: "Skipped due to queued user message." });
    expect(recorder.of("tool_use_result").map((event) => [event.tool_name, event.result.message ?? null])).toEqual([
      ["lookup", null],
      ["send_email", "Skipped due to queued user message."],
    ]);
    expect(recorder.of("permission_decided")).toEqual([]);
    expectPairedHistory(await store.getMessages());
  });

  it("reads the queue only while a later call of the step could still be skipped", async () => {
    const { glove, store, release } = emailAgent([{ toolCalls: [{ name: "lookup", input: {} }] }, { text: "Found." }]);
    let reads = 0;
    const read = store.getQueuedMessages.bind(store);
    store.getQueuedMessages = async () => ((reads += 1), read());
    release.resolve();
    await glove.processRequest("Look it up");
    const withOneCall = reads;
    const two = emailAgent([
      {
        toolCalls: [
          { name: "lookup", input: {} },
          { name: "lookup", input: { again: true } },
        ],
      },
      { text: "Found." },
    ]);
    let twoReads = 0;
    const twoRead = two.store.getQueuedMessages.bind(two.store);
    two.store.getQueuedMessages = async () => ((twoReads += 1), twoRead());
    two.release.resolve();
    await two.glove.processRequest("Look it up twice");
    expect(twoReads).toBe(withOneCall + 1);
  });

  it("a call waiting on a card is not skipped: it waits on, and the message comes after the step", async () => {
    const { glove, store, model } = makeAgent([
      {
        toolCalls: [
          { name: "ask", input: {} },
          { name: "note", input: {} },
        ],
      },
      { text: "Both done." },
    ]);
    const ran: string[] = [];
    glove.fold({ name: "ask", description: "Asks.", do: async (_input, display) => success(await display.pushAndWait({ q: "color?" })) });
    glove.fold({ name: "note", description: "Notes.", do: async () => (ran.push("note"), success("noted")) });
    expect((await glove.processRequest("Pick a color")).status).toBe("suspended");
    expect((await glove.processRequest("blue, please")).status).toBe("queued");
    const [slot] = await store.listSlots({ status: "pending" });
    await glove.resolveSlot(slot.id, "blue");
    expect((await glove.continueRun()).status).toBe("completed");
    expect(ran).toEqual(["note"]);
    expect(transcript(model.requests[1].messages).slice(-2)).toEqual(["results:ask=success,note=success", "user:blue, please"]);
  });
});

describe("unAbortable side effects", () => {
  it("send_email stopped while its email is written finishes and says it was sent", async () => {
    const controller = new AbortController();
    const writing = deferred();
    const release = deferred();
    const sent: unknown[] = [];
    const mailbox: DemoMailbox = {
      record: async (message) => {
        writing.resolve();
        await release.promise;
        sent.push(message);
        return { id: "mail-1", createdAt: "2030-01-01T00:00:00.000Z" };
      },
    };
    const { glove, store } = makeAgent([{ toolCalls: [{ name: "send_email", input: email }] }], {
      permissionPolicy: { send_email: "allow" },
    });
    glove.fold(createSendEmailTool(mailbox) as GloveTool);
    const run = glove.processRequest("Email Ada", { signal: controller.signal });
    await writing.promise;
    controller.abort();
    release.resolve();
    expect((await run).status).toBe("aborted");
    expect(sent).toHaveLength(1);
    const result = (await store.getMessages())[2].tool_results?.[0].result;
    expect(result).toMatchObject({ status: "success", data: { mailbox_id: "mail-1", to: email.to } });
    expect(result?.message).not.toMatch(/stopped/i);
  });

  it("a Stop before the email started keeps it from starting", async () => {
    const controller = new AbortController();
    const { sent, mailbox } = memoryMailbox();
    const { glove, store } = makeAgent(
      [
        {
          toolCalls: [
            { name: "stop", input: {} },
            { name: "send_email", input: email },
          ],
        },
      ],
      { permissionPolicy: { send_email: "allow" } },
    );
    glove.fold(createSendEmailTool(mailbox) as GloveTool);
    glove.fold({ name: "stop", description: "Presses Stop.", unAbortable: true, do: async () => (controller.abort(), success("stopped")) });
    expect((await glove.processRequest("Stop, then email", { signal: controller.signal })).status).toBe("aborted");
    expect(sent).toEqual([]);
    expect((await store.getMessages())[2].tool_results?.[1].result.message).toBe("Stopped by the user before this tool ran.");
  });
});
