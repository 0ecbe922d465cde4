ALTER TABLE "comments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "comments_request_key" ON "comments" USING btree ("tenant_id","author_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_request_key" ON "posts" USING btree ("tenant_id","author_id","request_key");