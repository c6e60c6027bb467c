CREATE TABLE "directory_loads" (
	"source" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "position_flag" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "moph_type" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "beds" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "service_level" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_position_flag_check" CHECK ("facilities"."position_flag" in ('other_province', 'far_from_subdistrict', 'no_point'));