CREATE TABLE "used_sso_assertions" (
	"tenant_id" text NOT NULL,
	"jti" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"keep_until" timestamp with time zone NOT NULL,
	CONSTRAINT "used_sso_assertions_tenant_id_jti_pk" PRIMARY KEY("tenant_id","jti")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sso_subject" text;--> statement-breakpoint
ALTER TABLE "used_sso_assertions" ADD CONSTRAINT "used_sso_assertions_tenant_id_tenants_shop_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("shop_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_sso_assertions_keep_until" ON "used_sso_assertions" USING btree ("tenant_id","keep_until");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_sso_subject" ON "customers" USING btree ("tenant_id","sso_subject");