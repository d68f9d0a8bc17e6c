import type { FormBuilder } from "./define-form";
import { FormDefinitionError, FormError, FormStaleError } from "./errors";
import { resolveLooseId } from "./resolve-field-id";
import type { FormDefinition } from "./types";
import { validateDefinition } from "./validate-definition";

/** A definition an instance runs on, and how to carry its values there when it started on an older one. */
export interface ResolvedDefinition {
  definition: FormDefinition;
  /** Set when the instance's own version is gone and migrations carry it to `definition.version`. */
  migrate?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/** Every version of every form registered; the newest of each is the one new instances start on. */
export class FormRegistry {
  private readonly versions = new Map<string, Map<number, FormDefinition>>();

  register(form: FormBuilder | FormDefinition): FormDefinition {
    const definition = "build" in form && typeof form.build === "function" ? form.build() : (form as FormDefinition);
    validateDefinition(definition);
    const byVersion = this.versions.get(definition.id) ?? new Map<number, FormDefinition>();
    if (byVersion.has(definition.version)) {
      throw new FormDefinitionError(`Form "${definition.id}" version ${definition.version} is already registered.`, [
        { path: "version", message: `Version ${definition.version} is already registered.` },
      ]);
    }
    byVersion.set(definition.version, definition);
    this.versions.set(definition.id, byVersion);
    return definition;
  }

  /** The newest version of each form. */
  list(): FormDefinition[] {
    return [...this.versions.keys()].map((id) => this.latest(id));
  }

  /** The newest version; a loose id ("expense claim") reaches "expense-claim". */
  get(formId: string): FormDefinition {
    return this.latest(this.resolveId(formId));
  }

  resolveId(formId: string): string {
    const match = resolveLooseId(
      formId,
      [...this.versions.keys()].map((id) => ({ id, aliases: [this.latest(id).name] })),
    );
    if (match.id !== null) return match.id;
    const hint = match.didYouMean.length > 0 ? ` Did you mean ${match.didYouMean.map((id) => `"${id}"`).join(" or ")}?` : "";
    throw new FormError("unknown_form", `There is no form "${formId}".${hint}`, { formId, did_you_mean: match.didYouMean });
  }

  /**
   * The version an instance started on; when that one is gone, the newest version that migrations
   * carry it to (directly or through registered versions in between); else stale.
   */
  forInstance(formId: string, version: number): ResolvedDefinition {
    const byVersion = this.versions.get(formId);
    const own = byVersion?.get(version);
    if (own) return { definition: own };
    const newer = [...(byVersion?.values() ?? [])].filter((d) => d.version > version).sort((a, b) => b.version - a.version);
    for (const target of newer) {
      const migrate = this.chain(formId, version, target);
      if (migrate) return { definition: target, migrate };
    }
    throw new FormStaleError(
      `Version ${version} of ${formId} is no longer available and no newer version migrates from it; start the form again.`,
      { formId, version },
    );
  }

  private chain(formId: string, from: number, target: FormDefinition): ResolvedDefinition["migrate"] | null {
    for (const migration of target.migrations) {
      if (migration.from === from) return migration.migrate;
      const middle = this.versions.get(formId)?.get(migration.from);
      const before = middle && migration.from > from ? this.chain(formId, from, middle) : null;
      if (before) return (values) => migration.migrate(before(values));
    }
    return null;
  }

  private latest(formId: string): FormDefinition {
    const byVersion = this.versions.get(formId);
    if (!byVersion) throw new FormError("unknown_form", `There is no form "${formId}".`, { formId, did_you_mean: [] });
    return [...byVersion.values()].reduce((a, b) => (b.version > a.version ? b : a));
  }
}
