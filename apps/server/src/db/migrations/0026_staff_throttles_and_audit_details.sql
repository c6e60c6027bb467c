CREATE TABLE "staff_known_devices" (
	"member_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_known_devices_member_id_device_hash_pk" PRIMARY KEY("member_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"tries" integer NOT NULL,
	"last_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wait_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "staff_known_devices" ADD CONSTRAINT "staff_known_devices_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sign_in_throttles" ADD CONSTRAINT "staff_sign_in_throttles_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_sign_in_throttles_member_idx" ON "staff_sign_in_throttles" USING btree ("member_id");