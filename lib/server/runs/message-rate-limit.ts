import { serverEnv, type ServerEnv } from "@/lib/server/env";

/**
 * Messages a user may send per minute, over every conversation and instance
 * (`MESSAGE_RATE_LIMIT_PER_MINUTE`, default 60). Each message may start a model call, which costs money.
 */
export function messagesPerUser(env: Pick<ServerEnv, "MESSAGE_RATE_LIMIT_PER_MINUTE"> = serverEnv()) {
  return { keyPrefix: "messages-user", points: env.MESSAGE_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
}
