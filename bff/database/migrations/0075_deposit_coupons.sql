-- Coupons with a deposit (docs/bonus.md "Coupons with a deposit", issue
-- 13): the coupon code a deposit was made with (entered in the deposit form,
-- or the player's sign-up promo code), its redemption recorded with the
-- grant when the deposit is credited.
ALTER TABLE cashier_deposits ADD COLUMN coupon_code TEXT NOT NULL DEFAULT '';
