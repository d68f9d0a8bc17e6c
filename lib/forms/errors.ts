/**
 * The engine's errors. Each has a stable `code`: the tools answer the model with
 * `{status: "error", message, data: {code}}`, and the server maps them to HTTP statuses.
 */
export class FormError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Another commit changed the instance since it was read (compare-and-set on its version). */
export class FormConflictError extends FormError {
  constructor(instanceId: string, expected: number, actual: number | null) {
    super("conflict", `Form instance ${instanceId} changed since it was read (version ${expected}, now ${actual ?? "gone"}).`, {
      expected,
      actual,
    });
  }
}

/** A blocking checkpoint is waiting for a decision: writes are refused until it is resolved. */
export class FormBlockedError extends FormError {
  constructor(checkpointId: string, key: string) {
    super("blocked", `The form is waiting for "${checkpointId}" to be decided; nothing can change until then.`, { checkpointId, key });
  }
}

/** The instance's definition version is gone and no migration carries it to a newer one; or a submission confirmed an older state. */
export class FormStaleError extends FormError {
  constructor(message: string, data: Record<string, unknown> = {}) {
    super("stale", message, data);
  }
}

/** A definition that cannot be built: the message names the ids at fault. */
export class FormDefinitionError extends FormError {
  constructor(
    message: string,
    readonly problems: { path: string; message: string }[],
  ) {
    super("invalid_definition", message, { problems });
  }
}
