CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "location";--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "globe_position" cube GENERATED ALWAYS AS (cube(array[cos(radians(lat)) * cos(radians(lng)), cos(radians(lat)) * sin(radians(lng)), sin(radians(lat))])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "facilities_globe_position_idx" ON "facilities" USING gist ("globe_position");--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "directory_entry" json;--> statement-breakpoint
-- The keys are FacilityRow's (hospitals.repository.ts); a test checks that they stay the same.
CREATE FUNCTION facilities_directory_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_entry := json_build_object(
    'stableId', NEW.stable_id, 'mophCode', NEW.moph_code, 'nameTh', NEW.name_th, 'nameEn', NEW.name_en,
    'kind', NEW.kind, 'ownership', NEW.ownership, 'address', NEW.address, 'subdistrict', NEW.subdistrict,
    'district', NEW.district, 'province', NEW.province, 'postcode', NEW.postcode, 'lat', NEW.lat, 'lng', NEW.lng,
    'phone', NEW.phone, 'openingHours', NEW.opening_hours, 'schemes', NEW.schemes, 'insurers', NEW.insurers,
    'depositAmount', NEW.deposit_amount, 'sourceName', NEW.source_name, 'sourceRef', NEW.source_ref,
    'sourceLicence', NEW.source_licence);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER facilities_directory_entry BEFORE INSERT OR UPDATE ON "facilities"
  FOR EACH ROW EXECUTE FUNCTION facilities_directory_entry();--> statement-breakpoint
UPDATE "facilities" SET "directory_entry" = NULL;
