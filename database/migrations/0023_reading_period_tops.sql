CREATE TABLE "reading_period_tops" (
	"period" smallint NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_period_tops_period_kind_key_detail_pk" PRIMARY KEY("period","kind","key","detail")
);
