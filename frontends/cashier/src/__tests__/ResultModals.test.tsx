import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModal } from '@casino/platform';
import { DepositResultModal, RESULT_MODALS } from '../modals/DepositResultModal';
import { useFailedDepositModal } from '../hooks/useFailedDepositModal';
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
});
