-- Site search speed (docs/decisions/058): each searchable table keeps its words as stored vectors,
-- the title's (`title_vector`) and the title's with the body's (`search_vector`), computed once
-- when a row is written. A search can then walk the date index and test each row's stored vector
-- (a word in most rows stops after a page of them) instead of reading every match through the
-- GIN index to order them, and no plan ever evaluates the normalisation per row. The GIN indexes
-- take new rows at once (`fastupdate = off`): otherwise rows wait in a pending list every search
-- reads through, until a vacuum (PGlite runs none) or 4 MB of them.
ALTER TABLE posts
  ADD COLUMN title_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title))) STORED,
  ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title || ' ' || content_text))) STORED;
--> statement-breakpoint
ALTER TABLE videos
  ADD COLUMN title_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title))) STORED,
  ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title || ' ' || coalesce(description, '')))) STORED;
--> statement-breakpoint
ALTER TABLE images
  ADD COLUMN title_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title))) STORED,
  ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title || ' ' || coalesce(description, '')))) STORED;
--> statement-breakpoint
ALTER TABLE pages
  ADD COLUMN title_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title))) STORED,
  ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', rifq_search_text(title || ' ' || blocks_text))) STORED;
--> statement-breakpoint
DROP INDEX posts_search_idx;
--> statement-breakpoint
DROP INDEX posts_title_search_idx;
--> statement-breakpoint
DROP INDEX videos_search_idx;
--> statement-breakpoint
DROP INDEX videos_title_search_idx;
--> statement-breakpoint
DROP INDEX images_search_idx;
--> statement-breakpoint
DROP INDEX images_title_search_idx;
--> statement-breakpoint
DROP INDEX pages_search_idx;
--> statement-breakpoint
DROP INDEX pages_title_search_idx;
--> statement-breakpoint
CREATE INDEX posts_title_vector_idx ON posts USING gin (title_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX posts_search_vector_idx ON posts USING gin (search_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX videos_title_vector_idx ON videos USING gin (title_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX videos_search_vector_idx ON videos USING gin (search_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX images_title_vector_idx ON images USING gin (title_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX images_search_vector_idx ON images USING gin (search_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX pages_title_vector_idx ON pages USING gin (title_vector) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX pages_search_vector_idx ON pages USING gin (search_vector) WITH (fastupdate = off);
