CREATE TABLE "reading_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reading_counts_kind_day_key_detail_pk" PRIMARY KEY("kind","day","key","detail")
);
--> statement-breakpoint
CREATE INDEX "reading_counts_day_idx" ON "reading_counts" USING btree ("day");