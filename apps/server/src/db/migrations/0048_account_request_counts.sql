CREATE UNLOGGED TABLE "account_request_counts" (
	"key" text NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "account_request_counts_key_window_ends_pk" PRIMARY KEY("key","window_ends")
);
--> statement-breakpoint
CREATE INDEX "account_request_counts_window_idx" ON "account_request_counts" USING btree ("window_ends");