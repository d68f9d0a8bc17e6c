"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { SaveIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { draftFrom, emptyDraft, toStored, type FormDraft } from "@/lib/client/forms/draft";
import { formKeys, formsApi, isKeyTaken, isVersionConflict, problemsOf } from "@/lib/client/forms/forms-api";
import { uniqueProblems, zodProblems } from "@/lib/client/forms/problems";
import type { FormDetail, FormProblem } from "@/lib/client/forms/types";
import { useFormCheck, useFormMutations } from "@/lib/client/forms/use-forms";
import { storedFormSchema } from "@/lib/forms/stored-form";
import { FormEditor } from "./form-editor";
import { FormPreview } from "./form-preview";
import { ProblemSummary } from "./problem-summary";
import { useDebounced } from "./use-debounced";
import { useUnsavedGuard } from "./use-unsaved-guard";

/** Problems a refused save reported, for the draft it sent: they go away with the next edit. */
interface Refusal {
  json: string;
  problems: FormProblem[];
}

/**
 * The builder: the editor, the live preview, the checks and saving. `saved` is the form as stored
 * (null for a new one); saving creates a new version (PUT with the version it was based on) or the
 * form (POST), and a form changed meanwhile by someone else is a conflict the person reloads.
 */
export function FormBuilder({ slug, saved }: { slug: string; saved: FormDetail | null }) {
  const router = useRouter();
  const client = useQueryClient();
  const mutations = useFormMutations(slug);
  const [draft, setDraft] = useState<FormDraft>(() => (saved ? draftFrom(saved.definition) : emptyDraft()));
  const [base, setBase] = useState(() => ({
    version: saved?.currentVersion ?? 0,
    json: saved ? JSON.stringify(toStored(draftFrom(saved.definition))) : null,
  }));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [conflict, setConflict] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const definition = useMemo(() => toStored(draft), [draft]);
  const json = useMemo(() => JSON.stringify(definition), [definition]);
  const dirty = json !== base.json;
  useUnsavedGuard(dirty);

  const local = useMemo(() => {
    const parsed = storedFormSchema.safeParse(definition);
    return parsed.success ? [] : zodProblems(parsed.error);
  }, [definition]);
  const checked = useDebounced(json, 400);
  const check = useFormCheck(slug, checked);
  // The server's checks count only for the draft they were asked about.
  const server = check.data && !check.isPlaceholderData && checked === json ? check.data.problems : [];
  const problems = uniqueProblems(local, server, refusal?.json === json ? refusal.problems : []);
  const saving = mutations.create.isPending || mutations.update.isPending;

  const edit = (next: FormDraft) => {
    setDraft(next);
    setStatus(null);
  };

  async function save() {
    setConflict(false);
    try {
      if (!saved) {
        const form = await mutations.create.mutateAsync(definition);
        setBase({ version: form.currentVersion, json });
        toast.success(`Saved as version ${form.currentVersion}.`);
        router.replace(`/${slug}/forms/${form.id}`);
        return;
      }
      const form = await mutations.update.mutateAsync({ formId: saved.id, definition, baseVersion: base.version });
      const message =
        form.currentVersion === base.version
          ? `Nothing changed: still version ${form.currentVersion}.`
          : `Saved as version ${form.currentVersion}.`;
      setBase({ version: form.currentVersion, json });
      setStatus(message);
      toast.success(message);
    } catch (error) {
      if (isVersionConflict(error)) return setConflict(true);
      const refused = isKeyTaken(error) ? [{ path: "id", message: errorMessage(error, "This id is taken.") }] : problemsOf(error);
      if (refused.length > 0) setRefusal({ json, problems: refused });
      toast.error(errorMessage(error, "The form was not saved. Try again."));
    }
  }

  async function reload() {
    if (!saved) return;
    try {
      const fresh = await formsApi.get(slug, saved.id);
      client.setQueryData(formKeys.detail(slug, saved.id), fresh);
      const next = draftFrom(fresh.definition);
      setDraft(next);
      setBase({ version: fresh.currentVersion, json: JSON.stringify(toStored(next)) });
      setConflict(false);
      setStatus(`Reloaded version ${fresh.currentVersion}.`);
    } catch (error) {
      toast.error(errorMessage(error, "The form could not be reloaded. Try again."));
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <form
        aria-label="Form builder"
        noValidate
        className="grid min-w-0 gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormEditor draft={draft} onChange={edit} problems={problems} keyFixed={saved !== null} />
        {conflict ? (
          <Alert variant="destructive">
            <AlertTitle>Someone else saved this form</AlertTitle>
            <AlertDescription className="grid justify-items-start gap-2">
              <p>Your changes were not saved. Reload to see the newest version; what you changed here will be replaced.</p>
              <Button type="button" size="sm" variant="outline" onClick={() => void reload()}>
                Reload the newest version
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
        <div className="sticky bottom-0 grid gap-3 border-t bg-background py-4">
          <ProblemSummary problems={problems} draft={draft} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={problems.length > 0 || saving || (saved !== null && !dirty)}>
              <SaveIcon aria-hidden /> {saving ? "Saving…" : saved ? "Save a new version" : "Save the form"}
            </Button>
            <p role="status" className="text-sm text-muted-foreground">
              {status ?? (dirty ? "Unsaved changes." : saved ? `Version ${base.version} is saved.` : "")}
              {check.isError ? " The server's checks could not run; saving checks again." : ""}
            </p>
          </div>
        </div>
      </form>
      <FormPreview definition={definition} />
    </div>
  );
}
