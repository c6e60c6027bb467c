CREATE TABLE "operators" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "subdistrict_en" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "district_en" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "province_en" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "promptpay_pending_id" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "operator_corrected" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_member_id_staff_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_merged_into_facilities_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_hidden_reason_check" CHECK ("facilities"."hidden_reason" in ('closed', 'duplicate'));--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_hidden_check" CHECK (("facilities"."hidden_at" is null) = ("facilities"."hidden_reason" is null));--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_merged_check" CHECK (("facilities"."merged_into" is null) = ("facilities"."hidden_reason" is distinct from 'duplicate'));--> statement-breakpoint
-- The directory entry also carries what the facility's card shows of the registry, and the place names in English
-- (the keys are FacilityRow's, hospitals.repository.ts).
CREATE OR REPLACE FUNCTION facilities_directory_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.directory_entry := json_build_object(
    'stableId', NEW.stable_id, 'mophCode', NEW.moph_code, 'nameTh', NEW.name_th, 'nameEn', NEW.name_en,
    'kind', NEW.kind, 'ownership', NEW.ownership, 'address', NEW.address, 'subdistrict', NEW.subdistrict,
    'district', NEW.district, 'province', NEW.province, 'subdistrictEn', NEW.subdistrict_en,
    'districtEn', NEW.district_en, 'provinceEn', NEW.province_en, 'postcode', NEW.postcode, 'lat', NEW.lat,
    'lng', NEW.lng, 'phone', NEW.phone, 'openingHours', NEW.opening_hours, 'schemes', NEW.schemes,
    'insurers', NEW.insurers, 'depositAmount', NEW.deposit_amount, 'sourceName', NEW.source_name,
    'sourceRef', NEW.source_ref, 'sourceLicence', NEW.source_licence, 'takesBookings', NEW.takes_bookings,
    'positionFlag', NEW.position_flag, 'mophType', NEW.moph_type, 'beds', NEW.beds, 'serviceLevel', NEW.service_level);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "facilities" SET "updated_at" = "updated_at";
