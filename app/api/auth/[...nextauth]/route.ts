import { handlers } from "@/lib/server/auth/auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const { GET, POST } = handlers;

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed("GET", "POST");
