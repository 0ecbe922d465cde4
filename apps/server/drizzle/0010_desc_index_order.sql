-- Every descending index key as plain DESC (NULLS FIRST, PostgreSQL's default for DESC): the queries
-- order by `x desc`, which an index on `x DESC NULLS LAST` cannot serve, so the lists sorted every
-- match (an incremental sort past the first key) instead of stopping after one page. See decision 024.
DROP INDEX "events_starts_idx";--> statement-breakpoint
DROP INDEX "notices_list_idx";--> statement-breakpoint
DROP INDEX "products_latest_idx";--> statement-breakpoint
DROP INDEX "products_ranking_idx";--> statement-breakpoint
DROP INDEX "products_category_ranking_idx";--> statement-breakpoint
DROP INDEX "products_delivery_category_ranking_idx";--> statement-breakpoint
DROP INDEX "products_discount_idx";--> statement-breakpoint
DROP INDEX "products_merchant_idx";--> statement-breakpoint
DROP INDEX "products_deleted_idx";--> statement-breakpoint
DROP INDEX "search_keywords_popular_idx";--> statement-breakpoint
DROP INDEX "comments_author_idx";--> statement-breakpoint
DROP INDEX "comments_post_activity_idx";--> statement-breakpoint
DROP INDEX "posts_latest_idx";--> statement-breakpoint
DROP INDEX "posts_announcement_idx";--> statement-breakpoint
DROP INDEX "posts_video_idx";--> statement-breakpoint
DROP INDEX "posts_author_idx";--> statement-breakpoint
DROP INDEX "posts_popular_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_idx";--> statement-breakpoint
DROP INDEX "orders_merchant_idx";--> statement-breakpoint
DROP INDEX "reviews_product_newest_idx";--> statement-breakpoint
DROP INDEX "reviews_product_highest_idx";--> statement-breakpoint
DROP INDEX "reviews_product_lowest_idx";--> statement-breakpoint
DROP INDEX "reviews_product_helpful_idx";--> statement-breakpoint
DROP INDEX "reviews_user_idx";--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("tenant_id","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "notices_list_idx" ON "notices" USING btree ("tenant_id","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_latest_idx" ON "products" USING btree ("tenant_id","category_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_ranking_idx" ON "products" USING btree ("tenant_id","category_type",(display_remaining = 0),"orders_count" DESC NULLS FIRST,"views_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_category_ranking_idx" ON "products" USING btree ("tenant_id","category",(display_remaining = 0),"orders_count" DESC NULLS FIRST,"views_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and category is not null;--> statement-breakpoint
CREATE INDEX "products_delivery_category_ranking_idx" ON "products" USING btree ("tenant_id","delivery_category",(display_remaining = 0),"orders_count" DESC NULLS FIRST,"views_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and delivery_category is not null;--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("tenant_id","discount_rate" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_merchant_idx" ON "products" USING btree ("tenant_id","merchant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_deleted_idx" ON "products" USING btree ("tenant_id","merchant_id","deleted_at" DESC NULLS FIRST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "search_keywords_popular_idx" ON "search_keywords" USING btree ("tenant_id","search_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("tenant_id","author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_post_activity_idx" ON "comments" USING btree ("tenant_id","post_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_announcement_idx" ON "posts" USING btree ("tenant_id","is_announcement","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_video_idx" ON "posts" USING btree ("tenant_id","has_video","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("tenant_id","author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("tenant_id","likes_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("tenant_id","buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("tenant_id","merchant_id","order_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("tenant_id","product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_highest_idx" ON "reviews" USING btree ("tenant_id","product_id","rating" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_lowest_idx" ON "reviews" USING btree ("tenant_id","product_id","rating","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("tenant_id","product_id","helpful_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("tenant_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);