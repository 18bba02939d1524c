-- Secrets the server draws for itself on first use are not the cashier's
-- alone any more (the captcha's HMAC key is one): one table for all of them.
ALTER TABLE cashier_secrets RENAME TO secrets;
