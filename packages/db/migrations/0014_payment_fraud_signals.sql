ALTER TABLE "payments" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fraudnet_session_id" text;