import { toast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/api";

/** `catch(failed("rename the conversation"))`: the error's message, or "Could not … Try again." */
export const failed = (what: string) => (error: unknown) => toast.error(errorMessage(error, `Could not ${what}. Try again.`));
