-- Events staff publish and people register for (docs/decisions/052).
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"map_url" text,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"registration_open" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('draft', 'published')),
	CONSTRAINT "events_times_check" CHECK ("events"."ends_at" >= "events"."starts_at"),
	CONSTRAINT "events_seats_check" CHECK ("events"."seats_taken" >= 0 AND "events"."seats_taken" <= "events"."capacity")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "events_status_starts_at_idx" ON "events" USING btree ("status", "starts_at", "id");
--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"attendees" integer NOT NULL,
	"status" text NOT NULL,
	"attended" boolean DEFAULT false NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_status_check" CHECK ("event_registrations"."status" in ('confirmed', 'waiting', 'cancelled')),
	CONSTRAINT "event_registrations_attendees_check" CHECK ("event_registrations"."attendees" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "event_registrations_event_created_at_idx" ON "event_registrations" USING btree ("event_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "event_registrations_updated_at_idx" ON "event_registrations" USING btree ("updated_at");
--> statement-breakpoint
-- Open pages hear an event's changes (its seats left among them: seats_taken moves with every
-- registration). Registrations themselves reach only staff streams: the public filter drops them.
CREATE TRIGGER events_notify AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER event_registrations_notify AFTER INSERT OR UPDATE OR DELETE ON event_registrations
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
