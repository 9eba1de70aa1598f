CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"product_ref" uuid NOT NULL,
	"product_id" text NOT NULL,
	"face_value" integer NOT NULL,
	"service_fee" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"phone_number" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0),
	CONSTRAINT "cart_items_face_value_positive" CHECK ("cart_items"."face_value" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_requests" (
	"tenant_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"cart_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_requests_tenant_id_idempotency_key_pk" PRIMARY KEY("tenant_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_name" text NOT NULL,
	"tenant_id" text NOT NULL,
	"currency" text NOT NULL,
	"voucher_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"save_payment" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carts_cart_name_unique" UNIQUE("cart_name")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"tenant_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"minimum_order" integer,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_codes_tenant_id_code_pk" PRIMARY KEY("tenant_id","code"),
	CONSTRAINT "promo_codes_value_positive" CHECK ("promo_codes"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_cart_item_key" ON "cart_items" USING btree ("cart_id","item_key");--> statement-breakpoint
CREATE INDEX "carts_expires_at" ON "carts" USING btree ("expires_at");