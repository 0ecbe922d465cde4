CREATE TABLE "order_items" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_title" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_price" integer NOT NULL,
	CONSTRAINT "order_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "order_items_money_check" CHECK ("order_items"."quantity" > 0 and "order_items"."unit_price" > 0 and "order_items"."total_price" = "order_items"."unit_price" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"buyer_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"status" text DEFAULT 'AWAITING_PAYMENT' NOT NULL,
	"order_type" text NOT NULL,
	"category_type" text NOT NULL,
	"items_total" integer NOT NULL,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"total_price" integer NOT NULL,
	"points_used" integer DEFAULT 0 NOT NULL,
	"card_amount" integer NOT NULL,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"stock_reserved" integer DEFAULT 0 NOT NULL,
	"buyer_name" text NOT NULL,
	"delivery_address" text,
	"delivery_postcode" text,
	"delivery_phone" text NOT NULL,
	"delivery_memo" text,
	"request_key" text,
	"checkout" jsonb,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "orders_status_check" CHECK (status in ('AWAITING_PAYMENT', 'PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING', 'DELIVERED', 'CANCELLED', 'REFUNDED')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."items_total" > 0 and "orders"."shipping_fee" >= 0 and "orders"."points_used" >= 0 and "orders"."card_amount" >= 0 and "orders"."total_price" = "orders"."items_total" + "orders"."shipping_fee" and "orders"."total_price" = "orders"."points_used" + "orders"."card_amount" and "orders"."reward_points" >= 0 and "orders"."stock_reserved" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_fk" FOREIGN KEY ("tenant_id","actor_user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_fk" FOREIGN KEY ("tenant_id","buyer_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_fk" FOREIGN KEY ("tenant_id","merchant_id") REFERENCES "public"."merchants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("tenant_id","order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_key" ON "orders" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_request_key" ON "orders" USING btree ("tenant_id","buyer_id","request_key");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("tenant_id","buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("tenant_id","merchant_id","order_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE paid_at is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0 and "payments"."points_used" >= 0 and "payments"."cancelled_amount" between 0 and "payments"."amount");