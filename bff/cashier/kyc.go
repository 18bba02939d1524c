package cashier

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"casino/bff/ledger"
)

// ErrWithdrawKYC: the operator requires verified identity above a
// withdrawal threshold (anti-money-laundering customer due diligence).
var ErrWithdrawKYC = newError(http.StatusUnprocessableEntity, "WITHDRAWAL_KYC_REQUIRED", "Please verify your identity to withdraw this amount")

// kycWindow is the period whose withdrawals count together towards the
// threshold, so one large amount cannot be split into small ones.
const kycWindow = 30 * 24 * time.Hour

// checkKYCThreshold refuses a withdrawal that takes the player's
// withdrawals of the last 30 days (pending, approved or paid, this one
// included) above the operator's threshold for the currency, unless the
// player's identity is verified (KYC APPROVED).
func (s *Service) checkKYCThreshold(ctx context.Context, userID int64, cur ledger.Currency, amount ledger.Money, st Settings) error {
	raw := st.KYCWithdrawalThreshold[cur.Code]
	if raw == "" {
		return nil
	}
	threshold, err := ledger.Parse(raw, cur)
	if err != nil {
		return fmt.Errorf("cashier settings kycWithdrawalThreshold %s %q: %w", cur.Code, raw, err)
	}
	var status string
	var recent int64
	err = s.db.Read.QueryRowContext(ctx, `SELECT u.kyc_status, COALESCE((SELECT SUM(w.amount) FROM cashier_withdrawals w
			WHERE w.user_id = u.id AND w.currency = ? AND w.status NOT IN ('failed', 'rejected', 'cancelled') AND w.created_at >= ?), 0)
		FROM users u WHERE u.id = ?`, cur.Code, s.now().Add(-kycWindow).UTC().Format(timeLayout), userID).Scan(&status, &recent)
	if err != nil {
		return fmt.Errorf("cashier: KYC threshold for player %d: %w", userID, err)
	}
	if status == "APPROVED" || recent+amount.Minor() <= threshold.Minor() {
		return nil
	}
	return ErrWithdrawKYC.WithField("amount", fmt.Sprintf("Withdrawals above %s %s in 30 days need a verified identity: upload your documents on the verification page.", threshold.Decimal(), cur.Code))
}
