ALTER TABLE "otp_codes" RENAME COLUMN "failed_attempts" TO "attempts";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "refund_claimed_until" timestamp with time zone;