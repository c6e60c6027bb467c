ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
CREATE INDEX "facilities_bookable_globe_position_idx" ON "facilities" USING gist ("globe_position") WHERE "facilities"."takes_bookings" and "facilities"."hidden_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('dose', 'appointment_tomorrow', 'appointment_soon', 'appointment_cancelled', 'appointment_completed', 'refund', 'booking_confirmed', 'deposit_receipt', 'missed_dose', 'test'));--> statement-breakpoint
-- A booking the patient may come to (its deposit paid, or none asked) is confirmed to them, in the transaction that
-- booked it, once per appointment. It goes at once: the patient has just acted, quiet hours or not.
CREATE FUNCTION notify_booking_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.from_status = 'awaiting_deposit' AND NEW.to_status = 'booked' THEN
    INSERT INTO notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    SELECT a.user_id, 'booking_confirmed', 'booking_confirmed:' || a.id, now(), a.id
    FROM appointments a
    WHERE a.id = NEW.appointment_id AND a.user_id IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointment_events_confirm_booking AFTER INSERT ON appointment_events
  FOR EACH ROW EXECUTE FUNCTION notify_booking_confirmed();
--> statement-breakpoint
-- A deposit received sends its receipt, whichever path recorded the money (the provider's webhook, the demo, a late
-- payment owed back), in the same transaction, once per appointment.
CREATE FUNCTION notify_deposit_receipt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, dedupe_key, due_at, appointment_id)
  SELECT NEW.user_id, 'deposit_receipt', 'deposit_receipt:' || NEW.id, now(), NEW.id
  WHERE NEW.user_id IS NOT NULL
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_deposit_receipt AFTER UPDATE OF deposit_paid_at ON appointments
  FOR EACH ROW WHEN (OLD.deposit_paid_at IS NULL AND NEW.deposit_paid_at IS NOT NULL AND NEW.deposit_amount > 0)
  EXECUTE FUNCTION notify_deposit_receipt();
