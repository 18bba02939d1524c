package studio

import (
	"context"
	"net/http"
	"sync"
	"time"

	"casino/bff/api"
)

// ErrSpinTooSoon: under RTS 14 a slot session's spins are at least a game
// cycle apart on the server too, whatever the client does.
var ErrSpinTooSoon = &api.Error{Status: http.StatusTooManyRequests, Code: "SPIN_TOO_SOON", Message: "Please wait for the current spin to finish"}

// paceAllowance is how much sooner than MinSpinMillis a spin may reach the
// server: the game page waits the full cycle from the press to the result
// shown, but two requests can cross the network with different delays.
const paceAllowance = 300 * time.Millisecond

// pacer remembers when each slot session last started a spin. Entries are
// dropped once they are older than a cycle, so it holds about one entry per
// session spinning right now.
type pacer struct {
	mu   sync.Mutex
	last map[string]time.Time
}

// take starts a spin of session at now unless its previous one started less
// than gap ago; undo forgets it again (the spin did not happen).
func (p *pacer) take(session string, now time.Time, gap time.Duration) (undo func(), ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.last == nil {
		p.last = map[string]time.Time{}
	}
	prev, had := p.last[session]
	if had && now.Sub(prev) < gap && !now.Before(prev) {
		return nil, false
	}
	if len(p.last) > 1024 { // sweep the finished ones now and then
		for k, t := range p.last {
			if now.Sub(t) >= gap {
				delete(p.last, k)
			}
		}
	}
	p.last[session] = now
	return func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.last[session].Equal(now) {
			if had {
				p.last[session] = prev
			} else {
				delete(p.last, session)
			}
		}
	}, true
}

// paced refuses a spin that comes sooner than RTS 14 allows, when the
// operator has turned RTS 14 on; undo gives the slot back when the round
// is refused further on.
func (s *Service) paced(ctx context.Context, sess *Session) (undo func(), err error) {
	if s.RTS14 == nil || !s.RTS14(ctx) {
		return func() {}, nil
	}
	gap := time.Duration(MinSpinMillis)*time.Millisecond - paceAllowance
	undo, ok := s.pace.take(sess.ID, s.Now(), gap)
	if !ok {
		return nil, ErrSpinTooSoon
	}
	return undo, nil
}
