import { storableJson } from "@/lib/schemas/text";
import { findEnabledInboundEndpoint, type InboundEndpointRow } from "@/lib/db/inbound-endpoints";
import { findItemFor, findVerifiedDuplicate, recordInboundEvent, type InboundEventRow } from "@/lib/db/inbound-events";
import type { InboundAuthKind, InboundReceipt } from "@/lib/schemas/inbound-endpoints";
import { openSecret } from "@/lib/server/crypto/secret-box";
import { AppError, notFound, tooManyRequests } from "@/lib/server/http/app-error";
import { possibleId } from "@/lib/server/http/path-id";
import { countEvent, formatWait, secondsBlocked, type LimitSpec } from "@/lib/server/rate-limit";
import { inboundSecretContext } from "./credentials";
import { correlationKeyAt, readPath } from "@/lib/schemas/inbound-path";
import { readRawBody } from "./raw-body";
import { resolveByEvent } from "./resolve-by-event";
import { senderEventId, verifyInbound } from "./verify";

/**
 * Refused requests per address: each is logged, so a flood of bad signatures would fill the log;
 * past the allowance the address gets 429 and nothing is written.
 */
export const INBOUND_REFUSALS_PER_IP: LimitSpec = {
  keyPrefix: "inbound-refused-ip",
  points: 30,
  durationSeconds: 10 * 60,
  blockSeconds: 10 * 60,
};

export interface InboundAnswer {
  status: 200 | 202;
  receipt: InboundReceipt;
}

const receipt = (
  event: Pick<InboundEventRow, "outcome" | "resolvedItemId" | "keptUntil">,
  message: string,
  duplicate = false,
): InboundReceipt => ({
  outcome: event.outcome as InboundReceipt["outcome"],
  item_id: event.resolvedItemId,
  kept_until: event.keptUntil?.toISOString() ?? null,
  duplicate,
  message,
});

const MESSAGES: Record<string, string> = {
  matched: "The event resolved the inbox item.",
  kept: "No pending inbox item has this correlation key yet; the event is kept and resolves an item posted before kept_until.",
  unmatched: "The event has no correlation key at the endpoint's correlation path; nothing was resolved.",
  expired: "The event was kept, and its window ended before an item with its key was posted.",
  conflict: "The inbox item was already answered differently; the first answer stands.",
  refused: "The event was refused.",
};

const KEPT_OVER_LIMIT = "The event is kept: it answers the item once the plan allows its run, if that is before kept_until.";

/**
 * An inbound event, from the raw request to its outcome: the endpoint (404 when unknown or
 * disabled), the body (413 over the cap), the sender's proof (401, logged, throttled per address),
 * the JSON (400, logged), a retry of an event already handled (200 with its first outcome), then the
 * match: a pending item with one of the endpoint's tags and the event's correlation key is resolved
 * through the one resolve path (409 and 422 pass through, logged); none yet: the event is kept for
 * the endpoint's window (202).
 */
export async function receiveInboundEvent(endpointId: string, request: Request, ip: string, now = new Date()): Promise<InboundAnswer> {
  if (!possibleId(endpointId)) throw notFound("This inbound endpoint");
  const endpoint = await findEnabledInboundEndpoint(endpointId);
  if (!endpoint) throw notFound("This inbound endpoint");
  const blocked = await secondsBlocked(INBOUND_REFUSALS_PER_IP, ip);
  if (blocked > 0) throw tooManyRequests(`Too many refused events from this address. Try again in ${formatWait(blocked)}.`, blocked);
  const body = await readRawBody(request);

  const verdict = verifyInbound(verifierOf(endpoint), body, request.headers, now);
  if (!verdict.ok) {
    const wait = await countEvent(INBOUND_REFUSALS_PER_IP, ip);
    if (wait > 0) throw tooManyRequests(`Too many refused events from this address. Try again in ${formatWait(wait)}.`, wait);
    await recordInboundEvent({ ...origin(endpoint), verification: "refused", refusedReason: verdict.reason, outcome: "refused" });
    throw new AppError(401, "signature_refused", `The event was refused: ${verdict.reason}.`, { reason: verdict.reason });
  }

  const senderId = senderEventId(request.headers);
  if (senderId) {
    const first = await findVerifiedDuplicate(endpoint.id, senderId);
    if (first) return { status: 200, receipt: receipt(first, `Already received (${senderId}): ${MESSAGES[first.outcome]}`, true) };
  }
  const verified = { ...origin(endpoint), verification: "verified" as const, senderEventId: senderId };

  let json: unknown;
  try {
    // Cleaned as everything stored is: a NUL or a lone surrogate in a sender's JSON must not turn into a 500.
    json = storableJson(JSON.parse(body));
  } catch {
    await recordInboundEvent({ ...verified, outcome: "refused", refusedReason: "the body is not JSON" });
    throw new AppError(400, "invalid_json", "The event's body is not valid JSON. Send a JSON document.");
  }
  const correlationKey = correlationKeyAt(json, endpoint.correlationPath);
  if (correlationKey === null) {
    const event = await recordInboundEvent({
      ...verified,
      outcome: "unmatched",
      refusedReason: `no string or number at ${endpoint.correlationPath}`,
    });
    return {
      status: 202,
      receipt: receipt(event, `No string or number at "${endpoint.correlationPath}" in the event, so it matches nothing.`),
    };
  }
  const response = endpoint.responsePath === null ? { found: true as const, value: json } : readPath(json, endpoint.responsePath);
  // null is no answer either: an item resolved with nothing would tell the agent nothing.
  if (!response.found || response.value === null) {
    await recordInboundEvent({ ...verified, correlationKey, outcome: "refused", refusedReason: `no value at ${endpoint.responsePath}` });
    throw new AppError(422, "response_missing", `The event has no value at "${endpoint.responsePath}", the endpoint's response path.`);
  }

  const item = await findItemFor(endpoint.organizationId, endpoint.tags, correlationKey);
  const resolution = item && (await resolveByEvent(endpoint.organizationId, item.publicId, response.value, endpoint));
  if (item && resolution && resolution.outcome !== "gone" && resolution.outcome !== "over_limit") {
    const event = await recordInboundEvent({
      ...verified,
      correlationKey,
      response: response.value,
      outcome: resolution.outcome,
      resolvedItemId: resolution.outcome === "refused" ? null : item.publicId,
      refusedReason: resolution.outcome === "matched" ? null : resolution.error.message,
    });
    if (resolution.outcome !== "matched") throw resolution.error;
    return { status: 200, receipt: receipt(event, MESSAGES.matched) };
  }
  const keptUntil = new Date(now.getTime() + endpoint.earlyWindowMinutes * 60_000);
  const event = await recordInboundEvent({ ...verified, correlationKey, response: response.value, outcome: "kept", keptUntil });
  // Over the plan's limits the item stays pending: the event is kept, and the sweep answers the item with it once a run may start.
  if (resolution?.outcome === "over_limit")
    return { status: 202, receipt: receipt(event, `${resolution.error.message} ${KEPT_OVER_LIMIT}`) };
  return { status: 202, receipt: receipt(event, MESSAGES.kept) };
}

const origin = (endpoint: InboundEndpointRow) => ({ organizationId: endpoint.organizationId, endpointId: endpoint.id });

function verifierOf(endpoint: InboundEndpointRow) {
  return {
    authKind: endpoint.authKind as InboundAuthKind,
    secret: endpoint.secretSealed ? openSecret(endpoint.secretSealed, inboundSecretContext(endpoint.organizationId, endpoint.id)) : null,
    tokenHash: endpoint.tokenHash,
  };
}
