CREATE TABLE "operator_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"care_grant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_grants" DROP CONSTRAINT "care_grants_status_check";--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD CONSTRAINT "operator_alerts_care_grant_id_care_grants_id_fk" FOREIGN KEY ("care_grant_id") REFERENCES "public"."care_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_alerts_open_idx" ON "operator_alerts" USING btree ("created_at") WHERE "operator_alerts"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "care_grants" ADD CONSTRAINT "care_grants_status_check" CHECK ("care_grants"."status" in ('pending', 'active', 'suspended', 'revoked'));