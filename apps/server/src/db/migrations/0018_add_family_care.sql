CREATE TABLE "care_grant_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"scopes" json NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_user_id" uuid NOT NULL,
	"dependent_user_id" uuid NOT NULL,
	"relationship" text NOT NULL,
	"basis" text NOT NULL,
	"status" text NOT NULL,
	"can_see" boolean NOT NULL,
	"can_book" boolean NOT NULL,
	"can_manage_medicines" boolean NOT NULL,
	"missed_dose_alerts" boolean NOT NULL,
	"missed_dose_after_minutes" integer DEFAULT 60 NOT NULL,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "care_grants_not_self" CHECK ("care_grants"."caregiver_user_id" <> "care_grants"."dependent_user_id"),
	CONSTRAINT "care_grants_status_check" CHECK ("care_grants"."status" in ('pending', 'active', 'revoked')),
	CONSTRAINT "care_grants_missed_dose_after_check" CHECK ("care_grants"."missed_dose_after_minutes" between 15 and 240)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "caregiver_user_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "about_user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "care_grant_events" ADD CONSTRAINT "care_grant_events_grant_id_care_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."care_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_grant_events" ADD CONSTRAINT "care_grant_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_grants" ADD CONSTRAINT "care_grants_caregiver_user_id_users_id_fk" FOREIGN KEY ("caregiver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_grants" ADD CONSTRAINT "care_grants_dependent_user_id_users_id_fk" FOREIGN KEY ("dependent_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_grants" ADD CONSTRAINT "care_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_grant_events_grant_idx" ON "care_grant_events" USING btree ("grant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_grants_live_pair_idx" ON "care_grants" USING btree ("caregiver_user_id","dependent_user_id") WHERE "care_grants"."status" <> 'revoked';--> statement-breakpoint
CREATE INDEX "care_grants_dependent_idx" ON "care_grants" USING btree ("dependent_user_id");--> statement-breakpoint
CREATE INDEX "care_grants_alerts_idx" ON "care_grants" USING btree ("dependent_user_id") WHERE "care_grants"."status" = 'active' and "care_grants"."missed_dose_alerts";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_completed', 'refund', 'missed_dose', 'test'));