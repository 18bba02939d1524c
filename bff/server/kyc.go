package server

import "casino/bff/kyc"

// openKYC keeps identity documents under the data directory (bff/kyc).
func (a *App) openKYC() {
	a.KYC = kyc.NewService(a.DB, a.Config.DataDir)
}
