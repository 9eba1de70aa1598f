CREATE TABLE "staff_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_refunds_amount_positive" CHECK ("staff_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_refunds" ADD CONSTRAINT "staff_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_refunds_key" ON "staff_refunds" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "staff_refunds_pending" ON "staff_refunds" USING btree ("created_at") WHERE "staff_refunds"."status" = 'PENDING';