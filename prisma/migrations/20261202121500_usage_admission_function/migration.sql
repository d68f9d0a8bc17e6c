-- The plan that applies to an organization at p_now (the app's clock), from its stored subscription:
-- the same rule as lib/server/billing/effective-plan.ts `effectivePlan` (the subscribed plan while
-- active or trialing, and while past due until the grace period ends; Free otherwise), so admission
-- can read the plan in its own round trip. tests/integration/billing/admission-function.test.ts
-- compares the two over every case of the rule. Timestamps are UTC without a zone, as Prisma stores them.
CREATE FUNCTION "handoff_effective_plan"(
  p_plan TEXT,
  p_status TEXT,
  p_past_due_since TIMESTAMP(3),
  p_current_period_end TIMESTAMP(3),
  p_now TIMESTAMP(3),
  p_grace_days INTEGER
) RETURNS TEXT
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT CASE
    WHEN subscribed = 'free' THEN 'free'
    WHEN NOT (p_status IN ('past_due', 'unpaid') OR p_past_due_since IS NOT NULL) THEN subscribed
    WHEN p_now >= coalesce(p_past_due_since, p_current_period_end, p_now) + make_interval(days => p_grace_days) THEN 'free'
    ELSE subscribed
  END
  FROM (
    SELECT CASE WHEN p_status IN ('active', 'trialing', 'past_due', 'unpaid') THEN coalesce(p_plan, 'free') ELSE 'free' END AS subscribed
  ) AS s
$$;

-- Admits one run in one round trip (it was six statements in a transaction: BEGIN, create the month
-- row, lock it, read, insert the hold, count the message, insert its entry, COMMIT). The month row's
-- lock serialises an organization's admissions; every statement after it takes a fresh snapshot
-- (VOLATILE PL/pgSQL under READ COMMITTED), so the holds read after the wait include those of every
-- run admitted before. The plan is read here too (p_limits: each plan's message limit and token cap,
-- from lib/server/billing/plans.ts). The edge rule is docs/billing.md's "Admission at the edge".
-- Its commit does not wait for the WAL flush: the run's first durable write (its user message or
-- events) flushes the admission with it; a crash before that loses both, as if the request had not
-- arrived. Returns the outcome and the month as the admission saw it (for the threshold check).
CREATE FUNCTION "handoff_admit_usage"(
  p_organization_id TEXT,
  p_month DATE,
  p_kind TEXT,
  p_now TIMESTAMP(3),
  p_grace_days INTEGER,
  p_limits JSONB,
  p_floor_tokens BIGINT,
  p_far_runs INTEGER,
  p_hold_ms INTEGER,
  p_user_id TEXT,
  p_api_key_id TEXT,
  p_conversation_id TEXT
) RETURNS JSONB
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_plan TEXT;
  v_message_limit BIGINT;
  v_token_cap BIGINT;
  v_messages INTEGER;
  v_tokens BIGINT;
  v_api_requests INTEGER;
  v_held BIGINT;
  v_holds INTEGER;
  v_expected BIGINT;
  v_hold_id TEXT;
  v_entry_id BIGINT;
  v_warned TEXT[];
  v_refusal JSONB;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  INSERT INTO "UsageMonth" ("organizationId", "month", "updatedAt") VALUES (p_organization_id, p_month, now())
  ON CONFLICT ("organizationId", "month") DO NOTHING;
  PERFORM 1 FROM "UsageMonth" WHERE "organizationId" = p_organization_id AND "month" = p_month FOR UPDATE;

  SELECT "handoff_effective_plan"(b."plan"::text, b."subscriptionStatus", b."pastDueSince", b."currentPeriodEnd", p_now, p_grace_days)
  INTO v_plan
  FROM (SELECT 1) AS one LEFT JOIN "OrganizationBilling" b ON b."organizationId" = p_organization_id;
  v_message_limit := (p_limits -> v_plan ->> 'messages')::bigint;
  v_token_cap := (p_limits -> v_plan ->> 'tokenCap')::bigint;

  SELECT m."messages", m."tokens", m."apiRequests" INTO v_messages, v_tokens, v_api_requests
  FROM "UsageMonth" m WHERE m."organizationId" = p_organization_id AND m."month" = p_month;
  SELECT coalesce(sum(h."tokens"), 0), count(*) INTO v_held, v_holds
  FROM "UsageHold" h WHERE h."organizationId" = p_organization_id AND h."expiresAt" > now();
  SELECT coalesce(array_agg(w."metric" || ':' || w."percent" || ':' || w."limit"), '{}') INTO v_warned
  FROM "UsageWarning" w WHERE w."organizationId" = p_organization_id AND w."month" = p_month;

  v_expected := greatest(p_floor_tokens, v_tokens / greatest(v_messages, 1));
  IF p_kind = 'message' AND v_messages >= v_message_limit THEN
    v_refusal := jsonb_build_object('metric', 'messages', 'used', v_messages, 'limit', v_message_limit, 'retryWhenIdle', false);
  ELSIF v_tokens >= v_token_cap THEN
    v_refusal := jsonb_build_object('metric', 'tokens', 'used', v_tokens, 'limit', v_token_cap, 'retryWhenIdle', false);
  ELSIF v_tokens + v_held + p_far_runs * v_expected > v_token_cap AND v_holds > 0 THEN
    v_refusal := jsonb_build_object('metric', 'tokens', 'used', v_tokens, 'limit', v_token_cap, 'retryWhenIdle', true);
  END IF;

  IF v_refusal IS NULL THEN
    v_hold_id := gen_random_uuid()::text;
    INSERT INTO "UsageHold" ("organizationId", "id", "tokens", "expiresAt")
    VALUES (p_organization_id, v_hold_id, v_expected, now() + make_interval(secs => p_hold_ms / 1000.0));
    IF p_kind = 'message' THEN
      UPDATE "UsageMonth" SET "messages" = "messages" + 1, "updatedAt" = now()
      WHERE "organizationId" = p_organization_id AND "month" = p_month;
      v_messages := v_messages + 1;
      INSERT INTO "UsageEntry" ("organizationId", "kind", "conversationId", "userId", "apiKeyId")
      VALUES (p_organization_id, 'message', p_conversation_id, p_user_id, p_api_key_id) RETURNING "id" INTO v_entry_id;
    END IF;
  END IF;

  RETURN jsonb_build_object(
    'plan', v_plan,
    'refusal', v_refusal,
    'holdId', v_hold_id,
    'entryId', v_entry_id::text,
    'month', jsonb_build_object('messages', v_messages, 'tokens', v_tokens::text, 'apiRequests', v_api_requests, 'warned', to_jsonb(v_warned)),
    'held', v_held::text,
    'expected', v_expected
  );
END;
$$;
