"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { ArchiveIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";
import { useFormMutations } from "@/lib/client/forms/use-forms";

/** Archives the form after a confirmation; its versions, instances and submissions stay. */
export function ArchiveFormButton({ slug, formId, name }: { slug: string; formId: string; name: string }) {
  const router = useRouter();
  const { archive } = useFormMutations(slug);
  const [open, setOpen] = useState(false);
  async function confirm() {
    try {
      await archive.mutateAsync(formId);
      setOpen(false);
      toast.success(`“${name}” is archived.`);
      router.push(`/${slug}/forms`);
    } catch (error) {
      toast.error(errorMessage(error, "The form was not archived. Try again."));
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <ArchiveIcon aria-hidden /> Archive
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Archive “{name}”?</DialogTitle>
          <DialogDescription>
            Agents stop offering it. Its versions, the forms already being filled and its submissions stay.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={archive.isPending}>
            {archive.isPending ? "Archiving…" : "Archive the form"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
