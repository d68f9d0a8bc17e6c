import { idSchema } from "@/lib/schemas/text";

/**
 * Whether a path's id could exist. One that cannot (NUL, unpaired surrogates, any character our
 * ids never hold) is answered 404 without a query: Postgres refuses NUL in text with an error.
 */
export const possibleId = (id: string) => idSchema.safeParse(id).success;
