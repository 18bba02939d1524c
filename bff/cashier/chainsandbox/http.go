package chainsandbox

import (
	"net/http"

	"casino/bff/api"
)

// Routes serves the sandbox chain: POST /sandbox/chain/send {network,
// address, amount} and GET /sandbox/chain/tx/{txid}.
func (c *Chain) Routes(mux *http.ServeMux) {
	mux.Handle("POST /sandbox/chain/send", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		var body struct {
			Network string `json:"network"`
			Address string `json:"address"`
			Amount  string `json:"amount"`
		}
		if err := api.Decode(w, r, &body); err != nil {
			return err
		}
		tx, err := c.Send(r.Context(), body.Network, body.Address, body.Amount)
		if err != nil {
			return err
		}
		return api.WriteData(w, tx)
	}))
	mux.Handle("GET /sandbox/chain/tx/{txid}", api.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		tx, err := c.Get(r.Context(), r.PathValue("txid"))
		if err != nil {
			return err
		}
		return api.WriteData(w, tx)
	}))
}
