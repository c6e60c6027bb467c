CREATE TABLE "schedule_closures" (
	"facility_id" uuid NOT NULL,
	"on_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_closures_facility_id_on_date_pk" PRIMARY KEY("facility_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "schedule_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"service" text DEFAULT 'screening' NOT NULL,
	"weekdays" smallint[] DEFAULT '{}' NOT NULL,
	"on_date" date,
	"session_start" time NOT NULL,
	"session_end" time NOT NULL,
	"slot_minutes" integer NOT NULL,
	"places" integer NOT NULL,
	"clinician" text,
	"deposit_amount" integer NOT NULL,
	"slots_made_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_templates_service_check" CHECK ("schedule_templates"."service" in ('screening')),
	CONSTRAINT "schedule_templates_weekdays_check" CHECK ("schedule_templates"."weekdays" <@ '{1,2,3,4,5,6,7}'::smallint[]),
	CONSTRAINT "schedule_templates_kind_check" CHECK (("schedule_templates"."on_date" is null) = (cardinality("schedule_templates"."weekdays") > 0)),
	CONSTRAINT "schedule_templates_session_check" CHECK ("schedule_templates"."session_end" > "schedule_templates"."session_start"),
	CONSTRAINT "schedule_templates_slot_minutes_check" CHECK ("schedule_templates"."slot_minutes" between 5 and 480),
	CONSTRAINT "schedule_templates_places_check" CHECK ("schedule_templates"."places" between 1 and 500),
	CONSTRAINT "schedule_templates_deposit_check" CHECK ("schedule_templates"."deposit_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "screening_slots" DROP CONSTRAINT "screening_slots_facility_start_doctor_key";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "template_id" uuid;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "deposit_amount" integer;--> statement-breakpoint
UPDATE "screening_slots" s SET "deposit_amount" = f."deposit_amount" FROM "facilities" f WHERE f."id" = s."facility_id";--> statement-breakpoint
ALTER TABLE "screening_slots" ALTER COLUMN "deposit_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screening_slots" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_closures" ADD CONSTRAINT "schedule_closures_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_templates" ADD CONSTRAINT "schedule_templates_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_templates_facility_idx" ON "schedule_templates" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "schedule_templates_slots_made_until_idx" ON "schedule_templates" USING btree ("slots_made_until");--> statement-breakpoint
ALTER TABLE "screening_slots" ADD CONSTRAINT "screening_slots_template_id_schedule_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."schedule_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_slots_template_start_idx" ON "screening_slots" USING btree ("template_id","starts_at") WHERE "screening_slots"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_check" CHECK ("appointments"."cancelled_by" in ('patient', 'hospital'));--> statement-breakpoint
-- Slots now come from schedules only: the upcoming slots made before schedules existed are no longer offered (those
-- with patients stay theirs).
UPDATE "screening_slots" SET "withdrawn_at" = now() WHERE "starts_at" > now();--> statement-breakpoint
-- The slots a template makes between two Bangkok dates (inclusive), skipping the facility's closed days. The one
-- statement of the rule: making slots, rolling them forward and reconciling a changed template all read it.
CREATE FUNCTION template_slots(t schedule_templates, from_day date, to_day date)
RETURNS TABLE (starts_at timestamptz, ends_at timestamptz) LANGUAGE sql STABLE AS $$
  SELECT (d.day + t.session_start + n * make_interval(mins => t.slot_minutes)) AT TIME ZONE 'Asia/Bangkok',
         (d.day + t.session_start + (n + 1) * make_interval(mins => t.slot_minutes)) AT TIME ZONE 'Asia/Bangkok'
  FROM generate_series(greatest(from_day, coalesce(t.on_date, from_day))::timestamp,
                       least(to_day, coalesce(t.on_date, to_day))::timestamp, interval '1 day') AS d(day)
  CROSS JOIN generate_series(0, (extract(epoch FROM t.session_end - t.session_start)::int / 60 / t.slot_minutes) - 1) AS n
  WHERE (t.on_date IS NOT NULL OR extract(isodow FROM d.day)::int = ANY (t.weekdays))
    AND NOT EXISTS (SELECT 1 FROM schedule_closures c WHERE c.facility_id = t.facility_id AND c.on_date = d.day::date)
$$;
