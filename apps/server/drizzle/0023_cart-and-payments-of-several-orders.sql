CREATE TABLE "cart_items" (
	"tenant_id" integer NOT NULL,
	"id" serial NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"option_id" integer,
	"qty" integer NOT NULL,
	"added_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "cart_items_qty_check" CHECK ("cart_items"."qty" > 0 and "cart_items"."added_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
DROP INDEX "orders_payment_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_order_id" integer;--> statement-breakpoint
-- Until now a payment had one order: what it gave back was that order's, and so is a reversal on its way.
UPDATE "orders" SET "card_refunded" = "payments"."cancelled_amount" FROM "payments" WHERE "payments"."tenant_id" = "orders"."tenant_id" AND "payments"."id" = "orders"."payment_id" AND "payments"."cancelled_amount" > 0;--> statement-breakpoint
UPDATE "payments" SET "refund_order_id" = "orders"."id" FROM "orders" WHERE "orders"."tenant_id" = "payments"."tenant_id" AND "orders"."payment_id" = "payments"."id" AND ("payments"."refund_intent" IS NOT NULL OR "payments"."refund_amount" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."products"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_option_fk" FOREIGN KEY ("tenant_id","option_id") REFERENCES "public"."product_options"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_key" ON "cart_items" USING btree ("tenant_id","user_id","product_id",coalesce("option_id", 0));--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("tenant_id","user_id","id");--> statement-breakpoint
CREATE INDEX "orders_payment_idx" ON "orders" USING btree ("tenant_id","payment_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."items_total" > 0 and "orders"."shipping_fee" >= 0 and "orders"."points_used" >= 0 and "orders"."card_amount" >= 0 and "orders"."total_price" = "orders"."items_total" + "orders"."shipping_fee" and "orders"."total_price" = "orders"."points_used" + "orders"."card_amount" and "orders"."reward_points" >= 0 and "orders"."card_refunded" between 0 and "orders"."card_amount");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'cancelled', 'partial_cancelled'));