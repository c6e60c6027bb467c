ALTER TABLE "users" ALTER COLUMN "thai_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_type" text DEFAULT 'thai_id' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "passport_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nationality" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_passport_unique" ON "users" USING btree ("nationality","passport_number");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_document" CHECK (("users"."id_type" in ('thai_id', 'foreign_id') and "users"."thai_id" is not null and "users"."passport_number" is null and "users"."nationality" is null)
        or ("users"."id_type" = 'passport' and "users"."thai_id" is null and "users"."passport_number" is not null and "users"."nationality" is not null));