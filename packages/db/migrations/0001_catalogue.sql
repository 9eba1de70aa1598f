CREATE TYPE "public"."product_kind" AS ENUM('ONCE_OFF', 'AUTOMATIC', 'CASH_CODE', 'SMS', 'VOUCHER');--> statement-breakpoint
CREATE TYPE "public"."product_status" AS ENUM('ACTIVE', 'INACTIVE', 'OUT_OF_STOCK', 'COMING_SOON');--> statement-breakpoint
CREATE TYPE "public"."product_variant" AS ENUM('NORMAL', 'LIGHT');--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"kind" "product_kind" NOT NULL,
	"variant" "product_variant" DEFAULT 'NORMAL' NOT NULL,
	"status" "product_status" DEFAULT 'ACTIVE' NOT NULL,
	"brand_id" text NOT NULL,
	"brand_name" text NOT NULL,
	"category_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer,
	"min_amount" integer,
	"max_amount" integer,
	"step" integer,
	"channels" text[] DEFAULT '{web}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_fixed_or_range" CHECK (("products"."amount" is not null and "products"."min_amount" is null and "products"."max_amount" is null and "products"."step" is null)
        or ("products"."amount" is null and "products"."min_amount" > 0 and "products"."max_amount" >= "products"."min_amount" and "products"."step" > 0)),
	CONSTRAINT "products_amount_positive" CHECK ("products"."amount" is null or "products"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text NOT NULL,
	"tenant_id" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_runs_name_tenant_id_pk" PRIMARY KEY("name","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seed_runs" ADD CONSTRAINT "seed_runs_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_product_id" ON "products" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "products_tenant_listing" ON "products" USING btree ("tenant_id","brand_id","sort_order");--> statement-breakpoint
CREATE INDEX "products_tenant_category" ON "products" USING btree ("tenant_id","category_id");