// The title rules live with the wire shapes: the server names a conversation created with its first message too.
export { DEFAULT_TITLE, titleFromMessage } from "@/lib/schemas/conversation-title";
