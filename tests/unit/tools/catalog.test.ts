import { FORM_APPROVAL, FORM_CARD, FORM_CONFIRM, formApprovalProps, formCardProps, formConfirmProps } from "@/lib/tools/forms/shape";
import { describe, expect, it } from "vitest";
import { defaultRenderers, PERMISSION_REQUEST } from "@/components/renderers/registry";
import { PERMISSION_RENDERER } from "@/lib/agent";
import { DEFAULT_AGENT_SETTINGS } from "@/lib/server/agent/defaults";
import { BUILTIN_TOOL_NAMES, BUILTIN_TOOL_SHAPES, CARD_TOOL_NAMES } from "@/lib/tools/catalog";
import { RECONNECT_CONNECTOR, reconnectConnectorProps } from "@/lib/tools/reconnect-connector/shape";
import { BUILTIN_TOOL_CATALOG, createBuiltinTools } from "@/lib/tools/server";

const names = BUILTIN_TOOL_SHAPES.map((shape) => shape.name);
const tools = createBuiltinTools({ mailbox: { record: () => Promise.reject(new Error("not run")) } });

describe("the tool catalog is the one list", () => {
  it("names are unique", () => {
    expect(new Set(names).size).toBe(names.length);
  });

  it("every entry has a server half, in the catalog's order, with the shape's schemas", () => {
    expect(tools.map((tool) => tool.name)).toEqual(names);
    for (const [index, shape] of BUILTIN_TOOL_SHAPES.entries()) {
      const tool = tools[index];
      expect(tool.inputSchema, shape.name).toBe(shape.input);
      if ("card" in shape) {
        expect(tool.displayPropsSchema, shape.name).toBe(shape.props);
        expect(tool.resolveSchema, shape.name).toBe("answer" in shape ? shape.answer : undefined);
      }
    }
  });

  it("the settings page's list and the defaults equal the catalog", () => {
    expect(BUILTIN_TOOL_CATALOG.map((tool) => tool.name)).toEqual(names);
    expect(BUILTIN_TOOL_NAMES).toEqual(names);
    expect(DEFAULT_AGENT_SETTINGS.enabledTools).toEqual(names);
  });

  it("the renderer registry holds a client half for each card tool, the form tools' cards, the runtime's permission card and the connectors' reconnect card", () => {
    expect(PERMISSION_REQUEST).toBe(PERMISSION_RENDERER);
    expect(CARD_TOOL_NAMES).toEqual(BUILTIN_TOOL_SHAPES.filter((shape) => "card" in shape).map((shape) => shape.name));
    expect(Object.keys(defaultRenderers).sort()).toEqual(
      [...CARD_TOOL_NAMES, PERMISSION_RENDERER, FORM_CARD, FORM_CONFIRM, FORM_APPROVAL, RECONNECT_CONNECTOR].sort(),
    );
    expect(defaultRenderers[RECONNECT_CONNECTOR].propsSchema).toBe(reconnectConnectorProps);
    expect(defaultRenderers[FORM_CARD].propsSchema).toBe(formCardProps);
    expect(defaultRenderers[FORM_CONFIRM].propsSchema).toBe(formConfirmProps);
    expect(defaultRenderers[FORM_APPROVAL].propsSchema).toBe(formApprovalProps);
    for (const name of CARD_TOOL_NAMES) {
      const shape = BUILTIN_TOOL_SHAPES.find((candidate) => candidate.name === name)!;
      expect(defaultRenderers[name].propsSchema, name).toBe("props" in shape ? shape.props : undefined);
    }
  });
});
