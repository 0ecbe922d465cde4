CREATE INDEX "comments_author_idx" ON "comments" USING btree ("tenant_id","author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_post_activity_idx" ON "comments" USING btree ("tenant_id","post_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("tenant_id","merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_tenant_created_idx" ON "orders" USING btree ("tenant_id","created_at");