DROP INDEX "images_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_status_published_at_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_idx";--> statement-breakpoint
DROP INDEX "videos_status_created_at_idx";--> statement-breakpoint
DROP INDEX "volunteers_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_at_idx" ON "newsletter_subscribers" USING btree ("confirmed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "survey_responses_audience_created_at_idx" ON "survey_responses" USING btree ("audience","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volunteers_status_created_at_idx" ON "volunteers" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volunteers_city_created_at_idx" ON "volunteers" USING btree ("city","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_status_published_at_idx" ON "posts" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_status_created_at_idx" ON "videos" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volunteers_created_at_idx" ON "volunteers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);