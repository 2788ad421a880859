-- The step of the last reset code a pairing accepted: each code pairs once (RFC 6238 §5.2).
ALTER TABLE "devices" ADD COLUMN "pairing_step" integer;
