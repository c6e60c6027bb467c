ALTER TABLE "facilities" ADD COLUMN "takes_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The directory entry carries it (the keys are FacilityRow's, hospitals.repository.ts).
CREATE OR REPLACE FUNCTION facilities_directory_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_entry := json_build_object(
    'stableId', NEW.stable_id, 'mophCode', NEW.moph_code, 'nameTh', NEW.name_th, 'nameEn', NEW.name_en,
    'kind', NEW.kind, 'ownership', NEW.ownership, 'address', NEW.address, 'subdistrict', NEW.subdistrict,
    'district', NEW.district, 'province', NEW.province, 'postcode', NEW.postcode, 'lat', NEW.lat, 'lng', NEW.lng,
    'phone', NEW.phone, 'openingHours', NEW.opening_hours, 'schemes', NEW.schemes, 'insurers', NEW.insurers,
    'depositAmount', NEW.deposit_amount, 'sourceName', NEW.source_name, 'sourceRef', NEW.source_ref,
    'sourceLicence', NEW.source_licence, 'takesBookings', NEW.takes_bookings);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A facility takes bookings once it has a schedule: kept in step with schedule_templates in the same transaction.
CREATE FUNCTION facility_takes_bookings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "facilities" f SET "takes_bookings" = EXISTS (SELECT 1 FROM "schedule_templates" t WHERE t.facility_id = f.id)
  WHERE f.id IN (
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.facility_id END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.facility_id END
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER schedule_templates_takes_bookings AFTER INSERT OR DELETE OR UPDATE OF facility_id ON "schedule_templates"
  FOR EACH ROW EXECUTE FUNCTION facility_takes_bookings();--> statement-breakpoint
UPDATE "facilities" f SET "takes_bookings" = EXISTS (SELECT 1 FROM "schedule_templates" t WHERE t.facility_id = f.id);
