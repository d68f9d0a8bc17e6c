import { serverEnv } from "@/lib/server/env";

/** Structured one-line JSON logs; errors are reduced to name and message so secrets in objects are not dumped. */
type Level = "debug" | "info" | "warn" | "error";

const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function serialise(value: unknown): unknown {
  if (value instanceof Error)
    return { name: value.name, message: value.message, stack: process.env.NODE_ENV === "production" ? undefined : value.stack };
  return value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[serverEnv().LOG_LEVEL]) return;
  const entry = Object.fromEntries(
    Object.entries({ level, time: new Date().toISOString(), message, ...fields }).map(([k, v]) => [k, serialise(v)]),
  );
  (level === "error" || level === "warn" ? console.error : console.log)(JSON.stringify(entry));
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => write("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => write("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => write("error", m, f),
};
