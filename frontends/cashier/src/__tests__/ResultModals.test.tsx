import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModal } from '@casino/platform';
import { DepositResultModal, RESULT_MODALS } from '../modals/DepositResultModal';
import { useFailedDepositModal } from '../hooks/useFailedDepositModal';
import { modalForStatus, pollDelay, POLL_MAX_MS } from '../modals/useDepositStatus';
import { bodyOf, calls, loggedIn, renderCashier, stubApi, USER } from './harness';

function Modals() {
  const { modal } = useModal();
  useFailedDepositModal();
  return modal && RESULT_MODALS[modal] ? <DepositResultModal key={modal} modal={modal} /> : null;
}

function api() {
  return stubApi((url) => {
    if (url.pathname === '/api/user/3ds-webhook') return { body: { data: { depositId: 'dep_1', status: 'confirmed' } } };
    if (url.pathname === '/api/user/get-user-details') return { body: { data: { ...USER, userWallet: { ...USER.userWallet, balance: '145.00' } } } };
    if (url.pathname === '/api/user/log-event') return { body: { data: { ok: true } } };
    return undefined;
  });
}

class FakeEventSource {
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 1;
  onopen = null;
  onerror = null;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  emit(name: string, data: unknown) {
    this.listeners.get(name)?.forEach((fn) => fn(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
  close() {
    this.readyState = 2;
  }
}

describe('deposit result modals', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(Object.keys(RESULT_MODALS))('%s opens with its title', async (modal) => {
    loggedIn(`/?modal=${modal}&met=visa`);
    api();
    renderCashier(<Modals />);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('deposit-3ds-success calls the webhook exactly once with PaReq and MD, then shows the new balance', async () => {
    loggedIn('/?modal=deposit-3ds-success&met=visa&PaReq=signed.result&MD=dep_1');
    const fetch = api();
    const first = renderCashier(
      <StrictMode>
        <Modals />
      </StrictMode>,
    );
    expect((await screen.findByTestId('deposit-balance')).textContent).toBe('Your balance: €145.00');
    first.unmount();
    // The URL no longer carries the one-time values, and a remount with them again sends nothing.
    expect(new URLSearchParams(window.location.search).get('PaReq')).toBeNull();
    window.history.replaceState(null, '', '/?modal=deposit-3ds-success&met=visa&PaReq=signed.result&MD=dep_1');
    renderCashier(<Modals />);
    await screen.findByRole('dialog');
    const hooks = calls(fetch, '/api/user/3ds-webhook');
    expect(hooks).toHaveLength(1);
    expect(bodyOf(hooks[0].init)).toEqual({ PaReq: 'signed.result', MD: 'dep_1' });
  });

  it.each([
    ['visa', 'carouseller', 'Try another payment method'],
    ['skrill', 'card', 'Pay by card'],
  ])('a declined %s offers %s and logs ALTERNATIVE_METHOD_BUTTON', async (failed, alternative, label) => {
    loggedIn(`/?modal=deposit-decline&met=${failed}`);
    const fetch = api();
    renderCashier(<Modals />);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(calls(fetch, '/api/user/log-event')).toHaveLength(1));
    expect(bodyOf(calls(fetch, '/api/user/log-event')[0].init)).toMatchObject({
      event: 'ALTERNATIVE_METHOD_BUTTON',
      data: { failedMethod: failed, alternativeMethod: alternative },
    });
    expect(window.location.pathname + window.location.search).toBe(`/deposit?method=${alternative}`);
  });

  it('a realtime failedDeposit opens the failed modal with its method', async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    loggedIn('/deposit');
    api();
    renderCashier(<Modals />);
    await waitFor(() => expect(FakeEventSource.all.length).toBeGreaterThan(0));
    act(() => FakeEventSource.all.at(-1)!.emit('failedDeposit', { method: 'visa' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Your deposit with visa could not be completed.')).toBeTruthy();
    expect(window.location.search).toBe('?modal=deposit-failed&met=visa');
  });

  describe('pending deposit polling', () => {
    afterEach(() => vi.useRealTimers());

    it('backs off from 2 s by 1.5× up to 15 s and maps decided statuses to modals', () => {
      expect([0, 1, 2, 3, 10].map(pollDelay)).toEqual([2000, 3000, 4500, 6750, POLL_MAX_MS]);
      expect(['pending', 'processing', 'confirmed', 'rejected', 'failed', 'cancelled', undefined].map(modalForStatus)).toEqual([
        null, null, 'deposit-success', 'deposit-failed', 'deposit-failed', 'deposit-failed', null,
      ]);
    });

    function pollingApi(statuses: { status?: number; body: unknown }[]) {
      let i = 0;
      return stubApi((url) => {
        if (url.pathname === '/api/user/deposits/dep_7') return statuses[Math.min(i++, statuses.length - 1)];
        if (url.pathname === '/api/user/get-user-details') return { body: { data: USER } };
        return undefined;
      });
    }
    const pending = { body: { data: { depositId: 'dep_7', status: 'pending', method: 'visa' } } };

    it.each([
      ['confirmed', '?modal=deposit-success&met=visa'],
      ['failed', '?modal=deposit-failed&met=visa'],
    ])('switches from pending to the %s result when the processor decides, with backoff between polls', async (status, search) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      loggedIn('/?modal=deposit-pending&met=visa&depositId=dep_7');
      const fetch = pollingApi([pending, pending, { body: { data: { depositId: 'dep_7', status, method: 'visa' } } }]);
      renderCashier(<Modals />);
      await screen.findByRole('dialog');
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(500));
      await waitFor(() => expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(3000));
      await waitFor(() => expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(2));
      await act(() => vi.advanceTimersByTimeAsync(4500));
      await waitFor(() => expect(window.location.search).toBe(search));
      expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(3);
      await waitFor(() => expect(document.querySelector(`[data-modal="${search.slice(7, search.indexOf('&'))}"]`)).toBeTruthy());
      // Decided: no more polls.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(3);
    });

    it('stops on 404 (not the player\'s deposit) and keeps polling through transient errors', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      loggedIn('/?modal=deposit-pending&met=visa&depositId=dep_7');
      const fetch = pollingApi([{ status: 502, body: { error: { code: 'PROVIDER_ERROR', message: 'x' } } }, { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }]);
      renderCashier(<Modals />);
      await screen.findByRole('dialog');
      await act(() => vi.advanceTimersByTimeAsync(2000 + 3000));
      await waitFor(() => expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(2));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(2);
      expect(window.location.search).toBe('?modal=deposit-pending&met=visa&depositId=dep_7');
    });

    it('closing the pending modal stops polling and drops the deposit id from the URL', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      loggedIn('/?modal=deposit-pending&met=visa&depositId=dep_7');
      const fetch = pollingApi([pending]);
      renderCashier(<Modals />);
      fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
      await waitFor(() => expect(window.location.search).toBe(''));
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(calls(fetch, '/api/user/deposits/dep_7')).toHaveLength(0);
    });
  });
});
