import type { ShellOrganization } from "@/components/shell/types";

export const roleLabel: Record<ShellOrganization["role"], string> = { owner: "Owner", admin: "Admin", member: "Member" };
