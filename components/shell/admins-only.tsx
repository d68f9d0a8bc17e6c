import { Alert, AlertDescription } from "@/components/ui/alert";

/** What a member sees on a page for owners and admins: what it is for, and whom to ask. */
export function AdminsOnly({ to }: { to: string }) {
  return (
    <Alert>
      <AlertDescription>Only owners and admins can {to}. Ask an admin of this organization.</AlertDescription>
    </Alert>
  );
}
