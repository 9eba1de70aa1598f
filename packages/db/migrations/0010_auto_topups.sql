CREATE TABLE "auto_topup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auto_topup_id" uuid NOT NULL,
	"run_key" text NOT NULL,
	"state" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"order_id" uuid,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_token_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"brand" text NOT NULL,
	"product_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"low_balance_limit" integer,
	"tariff_enabled" boolean DEFAULT false NOT NULL,
	"recurring_day" integer,
	"light" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"monthly_cap" integer,
	"next_run_at" timestamp with time zone,
	"notice_sent_for" timestamp with time zone,
	"dip_triggered_at" timestamp with time zone,
	"dip_rearmed" boolean DEFAULT true NOT NULL,
	"setup_order_id" uuid,
	"setup_line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topups_amount_positive" CHECK ("auto_topups"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "operator_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"msisdn" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider_token_id" text,
	"method" text NOT NULL,
	"name" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"card_expiry" text,
	"recurring" boolean DEFAULT false NOT NULL,
	"amount" integer,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_tokens_provider_token_id_unique" UNIQUE("provider_token_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_token_id" uuid;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_auto_topup_id_auto_topups_id_fk" FOREIGN KEY ("auto_topup_id") REFERENCES "public"."auto_topups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_runs" ADD CONSTRAINT "auto_topup_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_payment_token_id_payment_tokens_id_fk" FOREIGN KEY ("payment_token_id") REFERENCES "public"."payment_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_setup_order_id_orders_id_fk" FOREIGN KEY ("setup_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tokens" ADD CONSTRAINT "payment_tokens_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tokens" ADD CONSTRAINT "payment_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topup_runs_key" ON "auto_topup_runs" USING btree ("auto_topup_id","run_key");--> statement-breakpoint
CREATE INDEX "auto_topup_runs_open" ON "auto_topup_runs" USING btree ("state","retry_at");--> statement-breakpoint
CREATE INDEX "auto_topups_customer" ON "auto_topups" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "auto_topups_msisdn" ON "auto_topups" USING btree ("msisdn","status");--> statement-breakpoint
CREATE INDEX "auto_topups_due" ON "auto_topups" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topups_setup_order" ON "auto_topups" USING btree ("setup_order_id","setup_line");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topups_one_low_balance" ON "auto_topups" USING btree ("tenant_id","msisdn") WHERE type in ('LOW_BALANCE', 'TARIFF') and status <> 'DELETED';--> statement-breakpoint
CREATE INDEX "payment_tokens_customer" ON "payment_tokens" USING btree ("customer_id","status");