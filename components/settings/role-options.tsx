import { roleLabel } from "@/components/shell/role-label";

/** The `<option>`s of a role select: member and admin, and owner for those who may give it (owners). */
export function RoleOptions({ withOwner }: { withOwner: boolean }) {
  const roles = withOwner ? (["member", "admin", "owner"] as const) : (["member", "admin"] as const);
  return (
    <>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel[role]}
        </option>
      ))}
    </>
  );
}
