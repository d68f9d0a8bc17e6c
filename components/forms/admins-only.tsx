import { Alert, AlertDescription } from "@/components/ui/alert";

/** What a member sees on the forms pages, as on the other admin-only settings pages. */
export function AdminsOnly() {
  return (
    <Alert>
      <AlertDescription>Only admins can manage forms. Ask an owner or admin of this organization to create or change one.</AlertDescription>
    </Alert>
  );
}
