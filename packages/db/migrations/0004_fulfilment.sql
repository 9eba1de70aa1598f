CREATE TABLE "order_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"unit_index" integer NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"product_id" text NOT NULL,
	"phone_number" text,
	"face_value" integer NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"voucher_pin_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_units_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "voucher_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"pin_encrypted" text NOT NULL,
	"pin_hash" text NOT NULL,
	"serial" text,
	"valid_until" timestamp with time zone,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"order_id" uuid,
	"reserved_until" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sold_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pin_source" text DEFAULT 'OPERATOR' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_units" ADD CONSTRAINT "order_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_pins" ADD CONSTRAINT "voucher_pins_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_pins" ADD CONSTRAINT "voucher_pins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_units_order_line_unit" ON "order_units" USING btree ("order_id","line_index","unit_index");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_pins_tenant_hash" ON "voucher_pins" USING btree ("tenant_id","pin_hash");--> statement-breakpoint
CREATE INDEX "voucher_pins_stock" ON "voucher_pins" USING btree ("tenant_id","product_id","status");--> statement-breakpoint
CREATE INDEX "voucher_pins_order" ON "voucher_pins" USING btree ("order_id");