/**
 * The shape of every built-in tool, written once: the server's tool (`do`) validates with these
 * schemas and the browser's renderer draws and validates its card from them. Zod only.
 */
export * from "./send-email";
export * from "./confirm-action";
export * from "./ask-preference";
export * from "./suggest-options";
export * from "./text-input";
export * from "./collect-form";
export * from "./approve-plan";
export * from "./show-info-card";
