import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { modelConfigSchema } from "@/lib/models/model-config";
import { buildModel } from "@/lib/models/registry";
import { anthropicError, anthropicText, startFakeAnthropic, type FakeAnthropicServer } from "@/tests/support/fake-providers/anthropic";
import { openaiText, startFakeOpenAI, type FakeOpenAIServer } from "@/tests/support/fake-providers/openai";
import { recordEvents } from "./conversation-fixtures";

const HI = { messages: [{ sender: "user" as const, text: "hello" }] };
const noWait = { sleep: async () => {} };

describe("modelConfigSchema", () => {
  test("accepts a full configuration and treats blank form fields as not set", () => {
    const config = modelConfigSchema.parse({ provider: "anthropic", model: "claude-sonnet-4-5", apiKey: "  ", baseURL: "" });
    expect(config).toEqual({ provider: "anthropic", model: "claude-sonnet-4-5", fallbacks: [], thinking: "off" });
  });

  test("asks for what each provider needs", () => {
    const issues = (input: unknown) =>
      modelConfigSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ provider: "openai" })).toEqual([["model", "Choose a model."]]);
    expect(issues({ provider: "openai-compatible", model: "llama3.2" })).toEqual([
      ["baseURL", "An OpenAI-compatible server needs its base URL."],
    ]);
    expect(issues({ provider: "openai-compatible", model: "llama3.2", baseURL: "file:///etc/passwd" })?.[0][0]).toBe("baseURL");
    expect(issues({ provider: "anthropic", model: "m", thinking: { budgetTokens: 9000 } })).toEqual([
      ["thinking", "The thinking budget must be smaller than the maximum tokens."],
    ]);
    expect(issues({ provider: "anthropic", model: "m", fallbacks: [{ provider: "google" }] })).toEqual([
      ["fallbacks.0.model", "Choose a model."],
    ]);
    expect(issues({ provider: "demo" })).toBeUndefined();
  });
});

describe("buildModel", () => {
  test("without a key it uses the offline demo model and says so", async () => {
    const built = buildModel({ provider: "anthropic", model: "claude-sonnet-4-5" }, { env: {}, demo: { wordDelayMs: 0 } });

    expect(built.usingDemo).toBe(true);
    expect(built.model.name).toBe("demo");
    expect(built.notices).toEqual([
      "No Anthropic API key is set. Set ANTHROPIC_API_KEY on the server or add a key in agent settings. Until then the agent uses the offline demo model.",
    ]);
    const reply = await built.model.prompt(HI, () => {});
    expect(reply.messages[0].text).toContain("offline demo model");
  });

  test("takes the key from the configuration or, failing that, from the given environment", () => {
    expect(buildModel({ provider: "anthropic", model: "claude-x", apiKey: "sk-1" }).model.name).toBe("anthropic:claude-x");
    const fromEnv = buildModel({ provider: "openai", model: "gpt-x" }, { env: { OPENAI_API_KEY: "sk-2" } });
    expect(fromEnv).toMatchObject({ usingDemo: false, notices: [] });
    expect(fromEnv.model.name).toBe("openai:gpt-x");
    expect(buildModel({ provider: "google", model: "gemini-x" }, { env: { GOOGLE_GENERATIVE_AI_API_KEY: "k" } }).model.name).toBe(
      "google:gemini-x",
    );
  });

  test("an OpenAI-compatible server needs no key", () => {
    const built = buildModel({ provider: "openai-compatible", model: "llama3.2", baseURL: "http://127.0.0.1:11434/v1" });
    expect(built).toMatchObject({ usingDemo: false, notices: [] });
  });

  test("a fallback without a key is left out, with a notice", () => {
    const built = buildModel({
      provider: "anthropic",
      model: "claude-x",
      apiKey: "sk-1",
      fallbacks: [{ provider: "openai", model: "gpt-x" }],
    });
    expect(built.notices).toEqual([
      "The fallback model openai:gpt-x is skipped. No OpenAI API key is set. Set OPENAI_API_KEY on the server or add a key in agent settings.",
    ]);
  });

  describe("server keys and custom base URLs", () => {
    const env = { ANTHROPIC_API_KEY: "env-anthropic", OPENAI_API_KEY: "env-openai", GOOGLE_GENERATIVE_AI_API_KEY: "env-google" };
    const elsewhere = "https://models.example.test";
    const fallbacks = [
      { provider: "openai" as const, model: "gpt-x", baseURL: `${elsewhere}/v1` },
      { provider: "google" as const, model: "gemini-x", baseURL: `${elsewhere}/v1beta` },
    ];

    test("a primary with a base URL and no team key runs on the demo model and says why", () => {
      const built = buildModel(
        { provider: "anthropic", model: "claude-x", baseURL: elsewhere, fallbacks },
        { env, demo: { wordDelayMs: 0 } },
      );
      expect(built.usingDemo).toBe(true);
      expect(built.model.name).toBe("demo");
      expect(built.notices).toEqual([
        `The server's Anthropic key is not sent to ${elsewhere}: a custom base URL needs your team's own key. Add your team's key in agent settings, or remove the base URL. Until then the agent uses the offline demo model.`,
      ]);
    });

    test("fallbacks with a base URL are skipped, since they cannot hold a team key", () => {
      const built = buildModel({ provider: "anthropic", model: "claude-x", apiKey: "team-key", baseURL: elsewhere, fallbacks }, { env });
      expect(built.usingDemo).toBe(false);
      expect(built.model.name).toBe("anthropic:claude-x");
      expect(built.notices).toEqual([
        `The fallback model openai:gpt-x is skipped. The server's OpenAI key is not sent to ${elsewhere}/v1: a custom base URL needs your team's own key. Remove its base URL, or ask the operator to list it in SERVER_KEY_BASE_URLS.`,
        `The fallback model google:gemini-x is skipped. The server's Google key is not sent to ${elsewhere}/v1beta: a custom base URL needs your team's own key. Remove its base URL, or ask the operator to list it in SERVER_KEY_BASE_URLS.`,
      ]);
    });

    test("without a base URL the server's key is used, for the primary and the fallbacks", () => {
      const built = buildModel({ provider: "anthropic", model: "claude-x", fallbacks: [{ provider: "openai", model: "gpt-x" }] }, { env });
      expect(built).toMatchObject({ usingDemo: false, notices: [] });
    });

    test("an allow-listed base URL (exact URL or origin) receives the server's key", () => {
      const listed = buildModel(
        { provider: "anthropic", model: "claude-x", baseURL: `${elsewhere}/`, fallbacks },
        { env: { ...env, SERVER_KEY_BASE_URLS: ` ${elsewhere} , https://other.example.test/v1` } },
      );
      expect(listed).toMatchObject({ usingDemo: false, notices: [] });
      const notListed = buildModel(
        { provider: "anthropic", model: "claude-x", baseURL: "https://other.example.test/v2" },
        { env: { ...env, SERVER_KEY_BASE_URLS: "https://other.example.test/v1" } },
      );
      expect(notListed.usingDemo).toBe(true);
    });

    describe("what reaches the host", () => {
      let anthropic: FakeAnthropicServer;
      beforeAll(async () => {
        anthropic = await startFakeAnthropic(anthropicText("hi"));
      });
      afterAll(() => anthropic.close());

      test("the team's key goes to its base URL, the server's key only when the URL is allow-listed", async () => {
        await buildModel({ provider: "anthropic", model: "claude-x", apiKey: "team-key", baseURL: anthropic.url }, { env }).model.prompt(
          HI,
          () => {},
        );
        await buildModel(
          { provider: "anthropic", model: "claude-x", baseURL: anthropic.url },
          { env, demo: { wordDelayMs: 0 } },
        ).model.prompt(HI, () => {});
        await buildModel(
          { provider: "anthropic", model: "claude-x", baseURL: anthropic.url },
          { env: { ...env, SERVER_KEY_BASE_URLS: anthropic.url } },
        ).model.prompt(HI, () => {});

        expect(anthropic.requests.map((request) => request.headers.authorization)).toEqual(["Bearer team-key", "Bearer env-anthropic"]);
      });
    });
  });

  describe("against local provider servers", () => {
    let anthropic: FakeAnthropicServer;
    let openai: FakeOpenAIServer;
    beforeAll(async () => {
      [anthropic, openai] = await Promise.all([
        startFakeAnthropic(anthropicError(500)),
        startFakeOpenAI(openaiText("From the local model.")),
      ]);
    });
    afterAll(() => Promise.all([anthropic.close(), openai.close()]));

    test("the built model retries the primary as configured, then falls back", async () => {
      const built = buildModel(
        {
          provider: "anthropic",
          model: "claude-x",
          apiKey: "sk-1",
          baseURL: anthropic.url,
          maxAttempts: 2,
          fallbacks: [{ provider: "openai-compatible", model: "llama3.2", baseURL: `${openai.url}/v1` }],
        },
        { reliability: noWait },
      );
      const { events, notify } = recordEvents();

      const result = await built.model.prompt(HI, notify);

      expect(result.messages[0].text).toBe("From the local model.");
      expect(anthropic.requests).toHaveLength(2);
      expect(events.filter((event) => event.name.startsWith("model_")).map((event) => event.name)).toEqual([
        "model_retry",
        "model_fallback",
        "model_response_complete",
      ]);
    });
  });
});
