import { fieldInputOf } from "./field-input";
import { typeTextOf } from "./type-text";
import type {
  CheckpointOptions,
  Executor,
  FieldDefinition,
  FieldOptions,
  FormDefinition,
  FormMigration,
  StepDefinition,
  StepOptions,
} from "./types";
import { validateDefinition } from "./validate-definition";
import { isOptionalSchema } from "./zod-introspect";

/**
 * Glove's `defineForm`: a builder for a `FormDefinition`. Steps and checkpoints keep the order they
 * are declared in (form order: conditions see the fields before them). `build()` validates.
 */
export interface FormMeta {
  id: string;
  version: number;
  name: string;
  description: string;
  conduct?: string;
}

export class StepBuilder {
  readonly fields: FieldDefinition[] = [];
  constructor(private readonly stepId: string) {}

  field(id: string, options: FieldOptions): this {
    this.fields.push(buildField(this.stepId, id, options));
    return this;
  }
}

/** A field's derived parts: optional exactly when the schema accepts undefined; type text and input from the schema. */
export function buildField(stepId: string, id: string, options: FieldOptions): FieldDefinition {
  const input = options.input ?? fieldInputOf(options.schema);
  return {
    ...options,
    id,
    stepId,
    optional: isOptionalSchema(options.schema),
    typeText: typeTextOf(options.schema, options.input),
    input,
  };
}

export class FormBuilder {
  private readonly steps: StepDefinition[] = [];
  private readonly checkpoints: FormDefinition["checkpoints"] = [];
  private readonly migrations: FormMigration[] = [];
  private completeExecutor: Executor | undefined;

  constructor(private readonly meta: FormMeta) {}

  step(id: string, options: StepOptions, fields?: (step: StepBuilder) => unknown): this {
    const builder = new StepBuilder(id);
    fields?.(builder);
    this.steps.push({ ...options, id, fields: builder.fields });
    return this;
  }

  checkpoint(id: string, options: CheckpointOptions): this {
    this.checkpoints.push({ ...options, id });
    return this;
  }

  onComplete(executor: Executor): this {
    this.completeExecutor = executor;
    return this;
  }

  /** Carries an instance's values from `version` to this one (see the registry's `forInstance`). */
  migrateFrom(version: number, migrate: FormMigration["migrate"]): this {
    this.migrations.push({ from: version, migrate });
    return this;
  }

  build(): FormDefinition {
    const definition: FormDefinition = {
      ...this.meta,
      steps: this.steps,
      checkpoints: this.checkpoints,
      migrations: this.migrations,
      ...(this.completeExecutor ? { onComplete: this.completeExecutor } : {}),
    };
    validateDefinition(definition);
    return definition;
  }
}

export function defineForm(meta: FormMeta): FormBuilder {
  return new FormBuilder(meta);
}
