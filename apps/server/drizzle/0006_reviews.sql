CREATE TABLE "product_ratings" (
	"tenant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"rating_1" integer DEFAULT 0 NOT NULL,
	"rating_2" integer DEFAULT 0 NOT NULL,
	"rating_3" integer DEFAULT 0 NOT NULL,
	"rating_4" integer DEFAULT 0 NOT NULL,
	"rating_5" integer DEFAULT 0 NOT NULL,
	"recent_ratings" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "product_ratings_tenant_id_product_id_pk" PRIMARY KEY("tenant_id","product_id"),
	CONSTRAINT "product_ratings_counts_check" CHECK ("product_ratings"."rating_1" >= 0 and "product_ratings"."rating_2" >= 0 and "product_ratings"."rating_3" >= 0 and "product_ratings"."rating_4" >= 0 and "product_ratings"."rating_5" >= 0 and "product_ratings"."review_count" = "product_ratings"."rating_1" + "product_ratings"."rating_2" + "product_ratings"."rating_3" + "product_ratings"."rating_4" + "product_ratings"."rating_5" and "product_ratings"."rating_total" = "product_ratings"."rating_1" + 2 * "product_ratings"."rating_2" + 3 * "product_ratings"."rating_3" + 4 * "product_ratings"."rating_4" + 5 * "product_ratings"."rating_5")
);
--> statement-breakpoint
CREATE TABLE "review_helpful_votes" (
	"tenant_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_tenant_id_review_id_user_id_pk" PRIMARY KEY("tenant_id","review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_media" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"review_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"file_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_media_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_helpful_count_check" CHECK ("reviews"."helpful_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_ratings" ADD CONSTRAINT "product_ratings_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_fk" FOREIGN KEY ("tenant_id","review_id") REFERENCES "public"."reviews"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_media" ADD CONSTRAINT "review_media_review_fk" FOREIGN KEY ("tenant_id","review_id") REFERENCES "public"."reviews"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_media_review_idx" ON "review_media" USING btree ("tenant_id","review_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_buyer" ON "reviews" USING btree ("tenant_id","product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_newest_idx" ON "reviews" USING btree ("tenant_id","product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_highest_idx" ON "reviews" USING btree ("tenant_id","product_id","rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_lowest_idx" ON "reviews" USING btree ("tenant_id","product_id","rating","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_helpful_idx" ON "reviews" USING btree ("tenant_id","product_id","helpful_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("tenant_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating_count";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "rating_total";