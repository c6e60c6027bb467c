CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"after_breakfast" text NOT NULL,
	"after_lunch" text NOT NULL,
	"after_dinner" text NOT NULL,
	"before_bed" text NOT NULL,
	"quiet_from" text,
	"quiet_until" text,
	"medication_reminders" boolean DEFAULT true NOT NULL,
	"appointment_reminders" boolean DEFAULT true NOT NULL,
	"channel" text DEFAULT 'in_app' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_channel_check" CHECK ("notification_settings"."channel" in ('in_app', 'web_push', 'line', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"dose_date" date,
	"dose_time" text,
	"medication_ids" uuid[],
	"appointment_id" uuid,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outcome" text,
	"channel" text,
	"title" text,
	"body" text,
	"read_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_completed', 'refund', 'test'))
);
--> statement-breakpoint
CREATE TABLE "reminder_progress" (
	"id" smallint PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_progress_one_row" CHECK ("reminder_progress"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("due_at") WHERE "notifications"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_sent_idx" ON "notifications" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "screening_slots_start_idx" ON "screening_slots" USING btree ("starts_at");--> statement-breakpoint
-- Whether a Thai clock time (HH:MM) falls in a patient's quiet hours: from (inclusive) to until (exclusive), across
-- midnight when from is later than until; never when either is null. The one statement of the rule.
CREATE FUNCTION clock_in_quiet_hours(clock text, quiet_from text, quiet_until text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT quiet_from IS NOT NULL AND quiet_until IS NOT NULL AND quiet_from <> quiet_until AND CASE
    WHEN quiet_from < quiet_until THEN clock >= quiet_from AND clock < quiet_until
    ELSE clock >= quiet_from OR clock < quiet_until
  END
$$;
--> statement-breakpoint
-- When a notice falling due at `at` may go: at once, or when the patient's quiet hours end (in Thailand's time).
CREATE FUNCTION after_quiet_hours(at timestamptz, quiet_from text, quiet_until text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN clock_in_quiet_hours(to_char(at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI'), quiet_from, quiet_until) THEN
      ((at AT TIME ZONE 'Asia/Bangkok')::date + quiet_until::time
        + CASE WHEN to_char(at AT TIME ZONE 'Asia/Bangkok', 'HH24:MI') >= quiet_until THEN interval '1 day' ELSE interval '0' END)
      AT TIME ZONE 'Asia/Bangkok'
    ELSE at
  END
$$;
--> statement-breakpoint
-- The hospital cancelling or completing an appointment tells its patient: queued in the same transaction as the
-- change, whichever code path made it (the desk, a closed day, a finished consultation), once per appointment.
CREATE FUNCTION notify_hospital_appointment_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor = 'hospital' AND NEW.to_status IN ('cancelled', 'completed') THEN
    INSERT INTO notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    SELECT a.user_id, 'appointment_' || NEW.to_status, 'appointment_' || NEW.to_status || ':' || a.id,
      after_quiet_hours(now(), s.quiet_from, s.quiet_until), a.id
    FROM appointments a LEFT JOIN notification_settings s ON s.user_id = a.user_id
    WHERE a.id = NEW.appointment_id AND a.user_id IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointment_events_notify AFTER INSERT ON appointment_events
  FOR EACH ROW EXECUTE FUNCTION notify_hospital_appointment_event();
--> statement-breakpoint
-- A deposit given back tells its patient, whichever path recorded it (a cancellation, a closed day, a retried claim).
CREATE FUNCTION notify_refund() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, dedupe_key, due_at, appointment_id)
  SELECT NEW.user_id, 'refund', 'refund:' || NEW.id, after_quiet_hours(now(), s.quiet_from, s.quiet_until), NEW.id
  FROM (SELECT 1) AS one LEFT JOIN notification_settings s ON s.user_id = NEW.user_id
  WHERE NEW.user_id IS NOT NULL
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_refund_notify AFTER UPDATE OF refunded_at ON appointments
  FOR EACH ROW WHEN (OLD.refunded_at IS NULL AND NEW.refunded_at IS NOT NULL) EXECUTE FUNCTION notify_refund();
