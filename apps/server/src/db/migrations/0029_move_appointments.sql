ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_moved', 'appointment_completed', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test'));--> statement-breakpoint
-- The front desk moving a booked patient to another slot (an event that keeps the status 'booked', by the hospital)
-- tells the patient the new time, once per move, after their quiet hours. The reminders of the old time that have not
-- gone are dropped, and those that went give up their keys, so the new time is reminded of in its turn.
CREATE FUNCTION notify_appointment_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.actor = 'hospital' AND NEW.from_status = 'booked' AND NEW.to_status = 'booked' THEN
    DELETE FROM notifications
    WHERE appointment_id = NEW.appointment_id AND kind IN ('appointment_tomorrow', 'appointment_soon')
      AND sent_at IS NULL;
    UPDATE notifications SET dedupe_key = dedupe_key || ':before-move:' || NEW.id
    WHERE appointment_id = NEW.appointment_id AND kind IN ('appointment_tomorrow', 'appointment_soon');
    INSERT INTO notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    SELECT a.user_id, 'appointment_moved', 'appointment_moved:' || NEW.id,
      after_quiet_hours(now(), s.quiet_from, s.quiet_until), a.id
    FROM appointments a LEFT JOIN notification_settings s ON s.user_id = a.user_id
    WHERE a.id = NEW.appointment_id AND a.user_id IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointment_events_notify_moved AFTER INSERT ON appointment_events
  FOR EACH ROW EXECUTE FUNCTION notify_appointment_moved();
