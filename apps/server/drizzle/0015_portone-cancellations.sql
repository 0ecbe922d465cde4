ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_to" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_failure" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_cancellation_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_refund_pending_idx" ON "payments" USING btree ("refund_requested_at") WHERE "payments"."refund_amount" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_check" CHECK (("orders"."status" = 'REFUND_PENDING') = ("orders"."refund_to" is not null and "orders"."refund_from" is not null) and "orders"."refund_held" >= 0 and "orders"."refund_attempts" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('AWAITING_PAYMENT', 'PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING', 'DELIVERED', 'CANCELLED', 'REFUNDED', 'REFUND_PENDING'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_check" CHECK (("payments"."refund_amount" is null) = ("payments"."refund_cancellation_id" is null) and ("payments"."refund_amount" is null) = ("payments"."refund_requested_at" is null) and ("payments"."refund_amount" is null or "payments"."refund_amount" between 1 and "payments"."amount"));