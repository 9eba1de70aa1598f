CREATE TABLE "aggregator_products" (
	"tenant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_product_id" text NOT NULL,
	"provider_operator_id" text NOT NULL,
	"ranged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aggregator_products_tenant_id_provider_product_id_pk" PRIMARY KEY("tenant_id","provider","product_id")
);
--> statement-breakpoint
ALTER TABLE "aggregator_products" ADD CONSTRAINT "aggregator_products_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aggregator_products_operator" ON "aggregator_products" USING btree ("tenant_id","provider","provider_operator_id");