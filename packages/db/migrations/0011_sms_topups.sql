CREATE TABLE "sms_topup_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"short_number" text NOT NULL,
	"msisdn" text NOT NULL,
	"text" text NOT NULL,
	"sealed_text" text,
	"tenant_id" text,
	"sms_topup_id" uuid,
	"state" text NOT NULL,
	"reason" text,
	"order_id" uuid,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_topup_requests_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "sms_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"index" bigserial NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_token_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"brand" text NOT NULL,
	"product_id" text NOT NULL,
	"currency" text NOT NULL,
	"pin_hash" text NOT NULL,
	"status" text NOT NULL,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"setup_order_id" uuid,
	"setup_line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_topups_index_unique" UNIQUE("index")
);
--> statement-breakpoint
ALTER TABLE "sms_topup_requests" ADD CONSTRAINT "sms_topup_requests_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topup_requests" ADD CONSTRAINT "sms_topup_requests_sms_topup_id_sms_topups_id_fk" FOREIGN KEY ("sms_topup_id") REFERENCES "public"."sms_topups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topup_requests" ADD CONSTRAINT "sms_topup_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_payment_token_id_payment_tokens_id_fk" FOREIGN KEY ("payment_token_id") REFERENCES "public"."payment_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_setup_order_id_orders_id_fk" FOREIGN KEY ("setup_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_topup_requests_open" ON "sms_topup_requests" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "sms_topups_customer" ON "sms_topups" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_topups_setup_order" ON "sms_topups" USING btree ("setup_order_id","setup_line");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_topups_one_per_number" ON "sms_topups" USING btree ("tenant_id","msisdn") WHERE status <> 'DELETED';