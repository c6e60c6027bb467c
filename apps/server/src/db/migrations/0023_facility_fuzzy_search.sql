-- Trigrams for the directory's search: a name found with a letter dropped or swapped, a place by part of its name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "search_name" text GENERATED ALWAYS AS (name_th || ' ' || regexp_replace(name_th, '^(โรงพยาบาลส่งเสริมสุขภาพตำบล|โรงพยาบาล|สถานีอนามัย|ศูนย์สุขภาพชุมชน|ศูนย์บริการสาธารณสุข|สถานบริการสาธารณสุขชุมชน|คลินิก|ร้านยา)\s*', '') || ' ' || name_en) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "search_place" text GENERATED ALWAYS AS (coalesce(subdistrict, '') || ' ' || coalesce(district, '') || ' ' || coalesce(province, '') || ' ' || coalesce(subdistrict_en, '') || ' ' || coalesce(district_en, '') || ' ' || coalesce(province_en, '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "facilities_search_name_idx" ON "facilities" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facilities_search_place_idx" ON "facilities" USING gin ("search_place" gin_trgm_ops);
