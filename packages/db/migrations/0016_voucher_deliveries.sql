CREATE TABLE "voucher_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"channel" text NOT NULL,
	"phone_number" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_deliveries" ADD CONSTRAINT "voucher_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_deliveries_order" ON "voucher_deliveries" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_deliveries_order_once" ON "voucher_deliveries" USING btree ("order_id") WHERE "voucher_deliveries"."reason" = 'ORDER';--> statement-breakpoint
CREATE INDEX "voucher_deliveries_open" ON "voucher_deliveries" USING btree ("state","updated_at");