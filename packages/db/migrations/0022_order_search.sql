ALTER TABLE "payments" ADD COLUMN "captured_amount" integer;--> statement-breakpoint
CREATE INDEX "orders_line_numbers" ON "orders" USING gin ("lines" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "orders_contact_email" ON "orders" USING btree (lower("contact"->>'email'));--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("created_at");