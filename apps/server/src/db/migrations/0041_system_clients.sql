CREATE TABLE "system_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_client_assertions" (
	"client_id" uuid NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "system_client_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "system_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"jwks_url" text,
	"jwks" jsonb,
	"scopes" text[] NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_clients_client_id_key" UNIQUE("client_id"),
	CONSTRAINT "system_clients_one_key_source_check" CHECK (("system_clients"."jwks_url" is null) <> ("system_clients"."jwks" is null))
);
--> statement-breakpoint
ALTER TABLE "system_access_tokens" ADD CONSTRAINT "system_access_tokens_client_id_system_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_access_tokens" ADD CONSTRAINT "system_access_tokens_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_client_assertions" ADD CONSTRAINT "system_client_assertions_client_id_system_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."system_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_clients" ADD CONSTRAINT "system_clients_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_access_tokens_client_idx" ON "system_access_tokens" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "system_access_tokens_expires_idx" ON "system_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "system_client_assertions_expires_idx" ON "system_client_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "system_clients_facility_idx" ON "system_clients" USING btree ("facility_id","created_at");