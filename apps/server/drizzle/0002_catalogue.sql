CREATE TABLE "banners" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"image_url" text,
	"link_url" text,
	"background_color" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"link_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "merchant_places" (
	"tenant_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"region" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_places_tenant_id_merchant_id_pk" PRIMARY KEY("tenant_id","merchant_id"),
	CONSTRAINT "merchant_places_lat_check" CHECK ("merchant_places"."latitude" between -90 and 90),
	CONSTRAINT "merchant_places_lng_check" CHECK ("merchant_places"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"product_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_thumbnail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_media_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"merchant_id" integer NOT NULL,
	"category_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"discount_rate" integer DEFAULT 0 NOT NULL,
	"category" text,
	"delivery_category" text,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"display_remaining" integer DEFAULT -1 NOT NULL,
	"image_key" text,
	"thumbnail_key" text,
	"views_count" integer DEFAULT 0 NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0),
	CONSTRAINT "products_original_price_check" CHECK ("products"."original_price" is null or "products"."original_price" >= 0),
	CONSTRAINT "products_discount_rate_check" CHECK ("products"."discount_rate" between 0 and 100),
	CONSTRAINT "products_display_remaining_check" CHECK ("products"."display_remaining" >= -1),
	CONSTRAINT "products_kind_check" CHECK (("products"."category_type" = 'shopping' and "products"."category" is not null) or ("products"."category_type" = 'pickup' and "products"."delivery_category" is not null))
);
--> statement-breakpoint
CREATE TABLE "search_keywords" (
	"tenant_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"search_count" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_keywords_tenant_id_keyword_pk" PRIMARY KEY("tenant_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_places" ADD CONSTRAINT "merchant_places_merchant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."merchants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."merchants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_keywords" ADD CONSTRAINT "search_keywords_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_order_idx" ON "banners" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("tenant_id","starts_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "merchant_places_latlng_idx" ON "merchant_places" USING btree ("tenant_id","latitude","longitude");--> statement-breakpoint
CREATE INDEX "notices_list_idx" ON "notices" USING btree ("tenant_id","is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_media_product_idx" ON "product_media" USING btree ("tenant_id","product_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "products_latest_idx" ON "products" USING btree ("tenant_id","category_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_ranking_idx" ON "products" USING btree ("tenant_id","category_type","orders_count" DESC NULLS LAST,"views_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_category_ranking_idx" ON "products" USING btree ("tenant_id","category","orders_count" DESC NULLS LAST,"views_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null and category is not null;--> statement-breakpoint
CREATE INDEX "products_delivery_category_ranking_idx" ON "products" USING btree ("tenant_id","delivery_category","orders_count" DESC NULLS LAST,"views_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null and delivery_category is not null;--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("tenant_id","discount_rate" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_merchant_idx" ON "products" USING btree ("tenant_id","merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_deleted_idx" ON "products" USING btree ("tenant_id","merchant_id","deleted_at" DESC NULLS LAST) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "search_keywords_popular_idx" ON "search_keywords" USING btree ("tenant_id","search_count" DESC NULLS LAST);--> statement-breakpoint
-- Substring search on title and description (docs/decisions/009-catalogue-search.md): a pg_trgm GIN
-- index where the extension is available (PostgreSQL; PGlite when the server loads the
-- extension); without it the same ILIKE query scans the tenant's products.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXECUTE 'CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ((lower("title" || '' '' || "description")) gin_trgm_ops) WHERE "deleted_at" IS NULL';
  END IF;
END $$;
