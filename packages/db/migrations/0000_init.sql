CREATE TABLE "tenants" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"provider_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
