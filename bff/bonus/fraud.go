package bonus

import (
	"context"
	"fmt"
)

// Duplicate accounts (BONUS_FRAUD, SPEC section 8; docs/bonus.md
// "Duplicate accounts"): an account that shares one of these with another
// account cannot take no-deposit or free-spins bonuses.
//
//   - device: a device id (uidToken, sent at sign-up and at every login;
//     table user_devices) another account has been seen with;
//   - card: a card (the keyed hash of its number, cashier_deposits.
//     card_fingerprint) another account has deposited with, whatever the
//     deposit's outcome;
//   - address: an IP address (the sign-up address or any login's) another
//     account also signed up or logged in from, when that account has the
//     same first name, last name (both case-insensitive, trimmed) and date
//     of birth; an address alone (a household, an office, a mobile
//     carrier's NAT) is not enough.
//
// Deposit bonuses are not refused: a deposit is real money.

// duplicateOf names the first signal that ties the player to another
// account ("device", "card", "address"), "" when none does.
func duplicateOf(ctx context.Context, q queryer, userID int64) (string, error) {
	var device, card, address bool
	err := q.QueryRowContext(ctx, `WITH
		mine(ip) AS (
			SELECT registration_ip FROM users WHERE id = ?1 AND registration_ip <> ''
			UNION SELECT ip FROM logins WHERE user_id = ?1 AND ip <> ''),
		near(id) AS (
			SELECT id FROM users WHERE registration_ip IN (SELECT ip FROM mine) AND id <> ?1
			UNION SELECT user_id FROM logins WHERE ip IN (SELECT ip FROM mine) AND user_id <> ?1)
		SELECT
			EXISTS (SELECT 1 FROM user_devices d JOIN user_devices o ON o.uid_token = d.uid_token AND o.user_id <> d.user_id
				WHERE d.user_id = ?1),
			EXISTS (SELECT 1 FROM cashier_deposits d JOIN cashier_deposits o ON o.card_fingerprint = d.card_fingerprint AND o.user_id <> d.user_id
				WHERE d.user_id = ?1 AND d.card_fingerprint <> ''),
			EXISTS (SELECT 1 FROM users u JOIN users o ON o.id IN (SELECT id FROM near)
				WHERE u.id = ?1 AND u.date_of_birth <> '' AND trim(u.first_name) <> '' AND trim(u.last_name) <> ''
					AND o.date_of_birth = u.date_of_birth
					AND lower(trim(o.first_name)) = lower(trim(u.first_name))
					AND lower(trim(o.last_name)) = lower(trim(u.last_name)))`, userID).Scan(&device, &card, &address)
	if err != nil {
		return "", fmt.Errorf("bonus: duplicate check of player %d: %w", userID, err)
	}
	switch {
	case device:
		return "device", nil
	case card:
		return "card", nil
	case address:
		return "address", nil
	}
	return "", nil
}
