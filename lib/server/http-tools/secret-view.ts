import type { HttpToolSecretRow } from "@/lib/db/http-tools";
import type { HttpToolSecretView } from "@/lib/schemas/http-tools";

/** A secret as the API shows it: never its value (the row read does not even select it). */
export const secretView = (row: HttpToolSecretRow): HttpToolSecretView => ({
  name: row.name,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
