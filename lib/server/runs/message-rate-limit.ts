/**
 * Messages a user may send per minute, over every conversation and instance
 * (`MESSAGE_RATE_LIMIT_PER_MINUTE`, default 60). Each message may start a model call, which costs money.
 */
export function messagesPerUser(env: Record<string, string | undefined> = process.env) {
  const configured = Number(env.MESSAGE_RATE_LIMIT_PER_MINUTE);
  return { keyPrefix: "messages-user", points: Number.isInteger(configured) && configured > 0 ? configured : 60, durationSeconds: 60 };
}
