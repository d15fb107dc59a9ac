-- docs/decisions/062. One registration per mobile number and event among those not cancelled: a
-- database being migrated may already hold the same number twice for an event. Of each such
-- group one stays — a confirmed one before a waiting one, then the oldest — and the others are
-- cancelled (kept, so staff still see them); the seats of a cancelled confirmed one are given back.
WITH ranked AS (
	SELECT "id", "status", row_number() OVER (
		PARTITION BY "event_id", "phone"
		ORDER BY ("status" = 'confirmed') DESC, "created_at", "id"
	) AS "rank"
	FROM "event_registrations"
	WHERE "status" <> 'cancelled'
), cancelled AS (
	UPDATE "event_registrations" AS r
	SET "status" = 'cancelled', "updated_at" = now()
	FROM ranked
	WHERE r."id" = ranked."id" AND ranked."rank" > 1
	RETURNING r."event_id", r."attendees", ranked."status" AS "was"
)
UPDATE "events" AS e
SET "seats_taken" = e."seats_taken" - freed."seats"
FROM (
	SELECT "event_id", sum("attendees")::int AS "seats"
	FROM cancelled WHERE "was" = 'confirmed' GROUP BY "event_id"
) AS freed
WHERE e."id" = freed."event_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_event_phone_active_idx" ON "event_registrations" USING btree ("event_id", "phone") WHERE "event_registrations"."status" <> 'cancelled';
--> statement-breakpoint
-- The queue's retention (docs/decisions/062): finished rows still holding an address, by when
-- they finished, so the worker's pass finds the old ones without reading the whole queue.
CREATE INDEX "mail_queue_finished_idx" ON "mail_queue" USING btree ((coalesce("sent_at", "attempted_at", "next_attempt_at"))) WHERE "mail_queue"."status" in ('sent', 'failed', 'uncertain', 'skipped') AND "mail_queue"."recipient" NOT LIKE 'forgotten:%';
