CREATE TABLE "auto_topup_light_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auto_topup_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"notification_code" text NOT NULL,
	"hash_digest" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_topup_light_links_notification_code_unique" UNIQUE("notification_code")
);
--> statement-breakpoint
ALTER TABLE "auto_topups" ALTER COLUMN "payment_token_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_topup_light_links" ADD CONSTRAINT "auto_topup_light_links_auto_topup_id_auto_topups_id_fk" FOREIGN KEY ("auto_topup_id") REFERENCES "public"."auto_topups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_topup_light_links" ADD CONSTRAINT "auto_topup_light_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_topup_light_links_event" ON "auto_topup_light_links" USING btree ("auto_topup_id","event_id");