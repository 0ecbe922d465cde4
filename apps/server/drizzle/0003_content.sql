CREATE TABLE "comments" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"root_id" integer,
	"depth" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "comments_depth_check" CHECK ("comments"."depth" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "post_likes" (
	"tenant_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_tenant_id_post_id_user_id_pk" PRIMARY KEY("tenant_id","post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_media" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"post_id" integer NOT NULL,
	"media_type" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_media_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "post_media_type_check" CHECK ("post_media"."media_type" in ('image', 'video'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_announcement" boolean DEFAULT false NOT NULL,
	"has_video" boolean DEFAULT false NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "posts_counts_check" CHECK ("posts"."likes_count" >= 0 and "posts"."comments_count" >= 0 and "posts"."views_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_fk" FOREIGN KEY ("tenant_id","post_id") REFERENCES "public"."posts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_fk" FOREIGN KEY ("tenant_id","author_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."comments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_post_fk" FOREIGN KEY ("tenant_id","post_id") REFERENCES "public"."posts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_likes" ADD CONSTRAINT "post_likes_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_fk" FOREIGN KEY ("tenant_id","post_id") REFERENCES "public"."posts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_fk" FOREIGN KEY ("tenant_id","author_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_roots_idx" ON "comments" USING btree ("tenant_id","post_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "comments_thread_idx" ON "comments" USING btree ("tenant_id","root_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "post_media_post_idx" ON "post_media" USING btree ("tenant_id","post_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "posts" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_announcement_idx" ON "posts" USING btree ("tenant_id","is_announcement","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_video_idx" ON "posts" USING btree ("tenant_id","has_video","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "posts" USING btree ("tenant_id","author_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "posts" USING btree ("tenant_id","likes_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Substring search (Hangul included) on title and content, as for products (docs/decisions/009):
-- a pg_trgm GIN index where the extension is available; without it the same LIKE scans the tenant's posts.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXECUTE 'CREATE INDEX IF NOT EXISTS "posts_search_trgm_idx" ON "posts" USING gin ((lower("title" || '' '' || "content")) gin_trgm_ops)';
  END IF;
END $$;
