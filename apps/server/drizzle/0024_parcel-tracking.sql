CREATE TABLE "sandbox_parcels" (
	"tenant_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_parcels_tenant_id_carrier_tracking_number_pk" PRIMARY KEY("tenant_id","carrier","tracking_number")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_events" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_webhook_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_tracking_number_idx" ON "orders" USING btree ("tenant_id","carrier","tracking_number") WHERE tracking_number is not null;--> statement-breakpoint
CREATE INDEX "orders_tracking_due_idx" ON "orders" USING btree ("tracking_checked_at") WHERE status in ('PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING') and tracking_number is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipment_check" CHECK (("orders"."carrier" is null) = ("orders"."tracking_number" is null));