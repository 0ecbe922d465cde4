CREATE TABLE "product_options" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer,
	"remaining" integer DEFAULT -1 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_options_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "product_options_price_check" CHECK ("product_options"."price" > 0),
	CONSTRAINT "product_options_original_price_check" CHECK ("product_options"."original_price" is null or "product_options"."original_price" >= 0),
	CONSTRAINT "product_options_remaining_check" CHECK ("product_options"."remaining" >= -1)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "option_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "option_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "option_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "min_order_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "free_delivery_over" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "eta_text" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "offers_pickup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "pickup_hours" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "parcel_fee" integer;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "parcel_free_over" integer;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_options_product_idx" ON "product_options" USING btree ("tenant_id","product_id","sort_order","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_name_key" ON "product_options" USING btree ("tenant_id","product_id","name") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_option_fk" FOREIGN KEY ("tenant_id","option_id") REFERENCES "public"."product_options"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "order_items" SET "stock_reserved" = "orders"."stock_reserved" FROM "orders" WHERE "orders"."tenant_id" = "order_items"."tenant_id" AND "orders"."id" = "order_items"."order_id" AND "orders"."stock_reserved" > 0;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stock_reserved";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_check" CHECK ("order_items"."stock_reserved" >= 0 and "order_items"."stock_reserved" <= "order_items"."quantity" and ("order_items"."option_id" is null) = ("order_items"."option_name" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."items_total" > 0 and "orders"."shipping_fee" >= 0 and "orders"."points_used" >= 0 and "orders"."card_amount" >= 0 and "orders"."total_price" = "orders"."items_total" + "orders"."shipping_fee" and "orders"."total_price" = "orders"."points_used" + "orders"."card_amount" and "orders"."reward_points" >= 0);--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_delivery_terms_check" CHECK ("merchants"."delivery_fee" >= 0 and "merchants"."min_order_amount" >= 0 and coalesce("merchants"."free_delivery_over", 0) >= 0 and coalesce("merchants"."parcel_fee", 0) >= 0 and coalesce("merchants"."parcel_free_over", 0) >= 0);