import { describe, expect, it } from "vitest";
import { toolSpec, type GloveTool } from "@/lib/agent";
import { connectorToolName, MAX_TOOL_NAME } from "@/lib/server/connectors/agent-tool-names";
import { connectorTools, MAX_CONNECTOR_DESCRIPTION } from "@/lib/server/connectors/agent-tools";
import { enabledTool, FakeCatalog } from "./fake-catalog";

const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

async function build(tools: Parameters<typeof enabledTool>[0][]) {
  const warnings: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const built = await connectorTools(new FakeCatalog(tools.map((tool) => enabledTool(tool))), {
    warn: (message, fields) => warnings.push({ message, fields }),
  });
  return { built, warnings };
}

describe("connector tool names", () => {
  it("a name that fits keeps it: <connector>__<tool>", () => {
    expect(connectorToolName("crm", "lookup_contact")).toBe("crm__lookup_contact");
    expect(connectorToolName("crm", "send-invoice")).toBe("crm__send-invoice");
  });

  it("a name with other characters is sanitized and gets a hash of the server's name, the same every time", () => {
    const name = connectorToolName("crm", "files.read");
    expect(name).toMatch(/^crm__files_read_[0-9a-f]{6}$/);
    expect(connectorToolName("crm", "files.read")).toBe(name);
  });

  it("names that sanitize alike stay apart, whatever else the server has", () => {
    const dotted = connectorToolName("crm", "get.user");
    const spaced = connectorToolName("crm", "get user");
    expect(dotted).not.toBe(spaced);
    expect(dotted.startsWith("crm__get_user_")).toBe(true);
    expect(spaced.startsWith("crm__get_user_")).toBe(true);
  });

  it("a long name is cut to 64 characters, and two names that share the first 64 stay apart", () => {
    const long = "a".repeat(80);
    const cut = connectorToolName("a_long_connector_name_24", long);
    const other = connectorToolName("a_long_connector_name_24", `${long}b`);
    for (const name of [cut, other]) {
      expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
      expect(name).toMatch(MODEL_NAME);
    }
    expect(cut).not.toBe(other);
    expect(connectorToolName("crm", "x".repeat(59))).toBe(`crm__${"x".repeat(59)}`);
    expect(connectorToolName("crm", "x".repeat(60))).toMatch(/^crm__x+_[0-9a-f]{6}$/);
  });

  it("an empty name still gets a valid model name", () => {
    expect(connectorToolName("crm", "")).toMatch(/^crm___[0-9a-f]{6}$/);
  });
});

describe("connectorTools", () => {
  it("offers each enabled tool under its model name, whatever order the catalog lists them in", async () => {
    const tools = [{ name: "get.user" }, { name: "get user" }, { name: "lookup" }];
    const forward = await build(tools);
    const backward = await build([...tools].reverse());
    const names = (built: GloveTool[]) => built.map((tool) => tool.name).sort();
    expect(names(forward.built)).toEqual(names(backward.built));
    expect(names(forward.built)).toEqual(
      [connectorToolName("crm", "get user"), connectorToolName("crm", "get.user"), "crm__lookup"].sort(),
    );
    expect(forward.warnings).toEqual([]);
  });

  it("a name still taken after hashing goes to the tool that has it as its own name; the other is left out, with a logged reason", async () => {
    const hashed = connectorToolName("crm", "get.user").slice("crm__".length);
    for (const order of [
      [{ name: "get.user" }, { name: hashed }],
      [{ name: hashed }, { name: "get.user" }],
    ]) {
      const { built, warnings } = await build(order);
      expect(built.map((tool) => tool.name)).toEqual([`crm__${hashed}`]);
      expect(built[0].description).toContain(`Does ${hashed}.`);
      expect(warnings).toEqual([
        {
          message: expect.stringContaining("same model name"),
          fields: expect.objectContaining({ connectorId: "conn-1", tool: "get.user", name: `crm__${hashed}` }),
        },
      ]);
    }
  });

  it("leaves out a tool whose input schema is not an object schema or not valid JSON Schema, with the reason", async () => {
    const { built, warnings } = await build([
      { name: "ok" },
      { name: "scalar", inputSchema: { type: "string" } },
      { name: "broken", inputSchema: { type: "object", properties: 5 } },
      { name: "untyped", inputSchema: { properties: {} } },
    ]);
    expect(built.map((tool) => tool.name)).toEqual(["crm__ok"]);
    expect(Object.fromEntries(warnings.map(({ fields }) => [fields.tool, fields.problem]))).toEqual({
      scalar: 'its type is "string", not "object"',
      broken: expect.stringContaining("properties"),
      untyped: 'its type is null, not "object"',
    });
    for (const warning of warnings) expect(warning.message).toContain("input schema");
  });

  it("passes the server's schema as the model's (without $schema), the permission rule, and a capped description with the connector's title", async () => {
    const schema = { type: "object", properties: { q: { type: "string", description: "Query." } }, required: ["q"] };
    const catalog = new FakeCatalog([
      enabledTool({
        name: "search",
        title: "Search contacts",
        inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", ...schema },
        readOnlyHint: true,
      }),
      enabledTool({ name: "delete_contact", description: "x".repeat(5_000) }),
      enabledTool({ name: "archive", readOnlyHint: true }, { requiresPermission: true }),
    ]);
    const [archive, deleteContact, search] = await connectorTools(catalog);
    expect(toolSpec(search)).toEqual({
      name: "crm__search",
      description: "Acme CRM: Search contacts. Does search.",
      input_schema: schema,
    });
    expect(search.title).toBe("Acme CRM: Search contacts");
    expect(search.requiresPermission).toBe(false);
    expect(deleteContact.title).toBe("Acme CRM: Delete contact");
    expect(deleteContact.requiresPermission).toBe(true);
    expect(deleteContact.description).toHaveLength(MAX_CONNECTOR_DESCRIPTION);
    expect(deleteContact.description.startsWith("Acme CRM: Delete contact. xxx")).toBe(true);
    // The admin's choice wins over the server's hint.
    expect(archive.requiresPermission).toBe(true);
  });

  it("a tool that may change the other system runs to completion on Stop; a read-only one is abandoned", async () => {
    const [read, write] = await connectorTools(
      new FakeCatalog([enabledTool({ name: "read", readOnlyHint: true }), enabledTool({ name: "write" })]),
    );
    expect(read.unAbortable).toBe(false);
    expect(write.unAbortable).toBe(true);
  });
});
