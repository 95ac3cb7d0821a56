-- Issue 48, ASVS 4.3.1 and 4.3.3 (decision 355): how a console session was signed in
-- ("passkey", "email-code", "email-link"), so operators' pages can require a passkey and
-- high-value changes can ask for a fresh sign-in with the right factor. Older rows stay NULL
-- (treated as not a passkey).
ALTER TABLE "staff_sessions" ADD COLUMN "auth_method" text;
