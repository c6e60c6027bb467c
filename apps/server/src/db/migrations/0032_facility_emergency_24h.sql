ALTER TABLE "facilities" ADD COLUMN "emergency_24h" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The directory entry patients read carries it too (the keys are FacilityRow's, hospitals.repository.ts).
CREATE OR REPLACE FUNCTION facilities_directory_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_entry := json_build_object(
    'stableId', NEW.stable_id, 'mophCode', NEW.moph_code, 'nameTh', NEW.name_th, 'nameEn', NEW.name_en,
    'kind', NEW.kind, 'ownership', NEW.ownership, 'address', NEW.address, 'subdistrict', NEW.subdistrict,
    'district', NEW.district, 'province', NEW.province, 'subdistrictEn', NEW.subdistrict_en,
    'districtEn', NEW.district_en, 'provinceEn', NEW.province_en, 'postcode', NEW.postcode, 'lat', NEW.lat,
    'lng', NEW.lng, 'phone', NEW.phone, 'openingHours', NEW.opening_hours, 'emergency24h', NEW.emergency_24h,
    'schemes', NEW.schemes, 'insurers', NEW.insurers, 'depositAmount', NEW.deposit_amount,
    'sourceName', NEW.source_name, 'sourceRef', NEW.source_ref, 'sourceLicence', NEW.source_licence,
    'takesBookings', NEW.takes_bookings, 'positionFlag', NEW.position_flag, 'mophType', NEW.moph_type,
    'beds', NEW.beds, 'serviceLevel', NEW.service_level);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "facilities" SET "updated_at" = "updated_at";
