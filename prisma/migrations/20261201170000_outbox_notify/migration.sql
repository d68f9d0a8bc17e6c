-- Wakes the webhook worker when an outbox event is written: NOTIFY is delivered at commit, so the
-- worker never sees an event its transaction could still roll back (lib/server/webhooks/outbound/dispatcher.ts).
CREATE FUNCTION "handoff_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('handoff_outbox', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "OutboxEvent_notify" AFTER INSERT ON "OutboxEvent" FOR EACH STATEMENT EXECUTE FUNCTION "handoff_outbox_notify"();
