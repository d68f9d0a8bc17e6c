/**
 * The typed error every model failure reaches the rest of the app as. Its message is written
 * for a person (what happened, what to do next) and never carries a secret or an upstream
 * response body; the original error stays on `cause` for the server log.
 */

export type ModelErrorKind =
  | "rate_limit"
  | "quota"
  | "overloaded"
  | "auth"
  | "bad_request"
  | "redirect"
  | "address_refused"
  | "server"
  | "network"
  | "timeout"
  | "aborted";

/**
 * Kinds worth another attempt: the same request may succeed a moment later. Not "quota"
 * (OpenAI's insufficient_quota is a 429 too, but no retry pays a bill).
 */
export const RETRYABLE_KINDS: ReadonlySet<ModelErrorKind> = new Set(["rate_limit", "overloaded", "server", "network", "timeout"]);

/** Kinds after which the next model is tried: the provider's trouble, not the request's. */
export const FALLBACK_KINDS: ReadonlySet<ModelErrorKind> = new Set([...RETRYABLE_KINDS, "auth", "quota", "redirect", "address_refused"]);

export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  /** The same sentence as `message`, under the name lib/agent's `userFacingMessage` reads. */
  readonly userMessage: string;
  /** The adapter name, e.g. "anthropic:claude-sonnet-4-5". */
  readonly model: string;
  readonly status?: number;

  constructor(kind: ModelErrorKind, message: string, details: { model: string; status?: number; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.name = "ModelError";
    this.kind = kind;
    this.userMessage = message;
    this.model = details.model;
    this.status = details.status;
  }

  get retryable(): boolean {
    return RETRYABLE_KINDS.has(this.kind);
  }
}

interface ProviderLabel {
  /** As an adjective: "the Anthropic API key". */
  name: string;
  /** As the subject of a sentence: "Anthropic is overloaded". */
  subject: string;
}

const PROVIDER_LABELS: Record<string, ProviderLabel> = {
  anthropic: { name: "Anthropic", subject: "Anthropic" },
  "anthropic-ai-sdk": { name: "Anthropic", subject: "Anthropic" },
  openai: { name: "OpenAI", subject: "OpenAI" },
  google: { name: "Google", subject: "Google" },
  "openai-compatible": { name: "OpenAI-compatible server", subject: "The OpenAI-compatible server" },
};

/** Adapter names are "<provider>:<model>"; the provider part picks the wording. */
function providerLabel(modelName: string): ProviderLabel {
  const provider = modelName.split(":")[0];
  return PROVIDER_LABELS[provider] ?? { name: "model provider", subject: "The model provider" };
}

function modelId(modelName: string): string {
  const at = modelName.indexOf(":");
  return at === -1 ? modelName : modelName.slice(at + 1);
}

/** The sentence a person sees. Only the kind, the HTTP status and our own config go in. */
export function describeModelError(kind: ModelErrorKind, modelName: string, status?: number): string {
  const { name, subject } = providerLabel(modelName);
  switch (kind) {
    case "auth":
      return status === 403
        ? `The ${name} API key is not allowed to use the model "${modelId(modelName)}". Check the key's permissions, or pick another model in agent settings.`
        : `The ${name} API key was rejected. Check the key in agent settings.`;
    case "bad_request":
      if (status === 404) return `${subject} does not know the model "${modelId(modelName)}". Check the model name in agent settings.`;
      if (status === 413)
        return `The conversation is too large for ${subject.replace(/^The /, "the ")}. Start a new conversation or remove large attachments.`;
      return `${subject} rejected the request as invalid. Try again; if it keeps happening, start a new conversation or pick another model in agent settings.`;
    case "redirect":
      return `${subject} answered with a redirect, which Handoff does not follow (it could lead the server to a private address). Set the base URL in agent settings to the address the provider redirects to.`;
    case "address_refused":
      return `The base URL of ${name} resolves to an address agents may not reach (private, loopback, link-local or the cloud metadata address). Check the base URL in agent settings.`;
    case "quota":
      return `${subject} says this workspace's quota or credit is used up. Add credit or raise the quota with ${name}, or add a fallback model in agent settings.`;
    case "rate_limit":
      return `${subject} is rate limiting this workspace. Wait a minute and try again, or raise the limit with ${name}.`;
    case "overloaded":
      return `${subject} is overloaded right now. Try again in a few minutes, or add a fallback model in agent settings.`;
    case "server":
      return `${subject} had an internal error. Try again in a moment.`;
    case "network":
      return `Could not reach ${name}. Check the server's network and the base URL in agent settings, then try again.`;
    case "timeout":
      return `${subject} took too long to answer. Try again; if it keeps happening, pick a faster model in agent settings.`;
    case "aborted":
      return "The model call was stopped.";
  }
}

/**
 * The sentence while a provider target is paused after an auth or quota error: the original cause,
 * how long the pause lasts, and that a changed key is tried at once.
 */
export function describeCooldown(kind: "auth" | "quota", modelName: string, remainingMs: number, status?: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  const { name } = providerLabel(modelName);
  return `${describeModelError(kind, modelName, status)} Handoff pauses calls to ${name} with this key for ${minutes} more minute${minutes === 1 ? "" : "s"}; a changed key is tried at once.`;
}

/** What every adapter throws when the caller's signal stops it; the caller knows what streamed. */
export function abortedError(model: string): ModelError {
  return new ModelError("aborted", describeModelError("aborted", model), { model });
}
