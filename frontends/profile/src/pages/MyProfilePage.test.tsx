import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, PlatformProvider, setToken } from '@casino/platform';
import { darkTheme, ToastProvider } from '@casino/ui';
import { defaultDateOfBirth } from '../signup/rules';
import { resetsKyc } from './identity';
import { initialValues, ProfileForm } from './MyProfilePage';

const FILLED = {
  email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', nickname: 'ann', phoneCode: '+49', phone: '15123456789',
  dateOfBirth: '1990-05-01', gender: 'Female', countryCode: 'DE', city: 'Berlin', address: 'Hauptstr. 1', zipCode: '10115',
  isEmailVerified: true, kycStatus: 'APPROVED',
};

/** Answers the profile's calls with `user` and records every update body. */
function stubApi(user: Record<string, unknown>) {
  const updates: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ data }), { status: 200 }));
      if (url.includes('update-user-details')) {
        updates.push(JSON.parse(String(init?.body)));
        return body({});
      }
      if (url.includes('get-user-details')) return body({ getUser: user });
      if (url.includes('get-all-country')) return body({ countries: { count: 1, rows: [] }, allCountries: [{ code: 'DE', name: 'Germany', phoneCode: '+49', flag: '' }] });
      return body({ features: {}, fakeEmptyEmailDomain: 'empty.example' });
    }),
  );
  return updates;
}

function renderForm() {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <ToastProvider>
        <ProfileForm updateFrom="Profile Page" />
      </ToastProvider>
    </PlatformProvider>,
  );
}

const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;

describe('profile page', () => {
  beforeEach(() => {
    clearSession();
    setToken('tok');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a filled date of birth in the sign-up picker, locked', async () => {
    stubApi(FILLED);
    renderForm();
    await screen.findByTestId('profile-form');
    expect([select('dobDay').value, select('dobMonth').value, select('dobYear').value]).toEqual(['1', '5', '1990']);
    expect(select('dobYear').disabled).toBe(true);
    expect(select('dobYear').options).toHaveLength(100);
    expect(document.querySelector('input[name="dateOfBirth"]')).toBeNull();
  });

  it('an empty date of birth starts 18 years ago and saves what the player picks', async () => {
    const updates = stubApi({ ...FILLED, dateOfBirth: '', kycStatus: 'NOT_STARTED' });
    renderForm();
    await screen.findByTestId('profile-form');
    const [y, mo, d] = defaultDateOfBirth().split('-').map(Number);
    expect([select('dobDay').value, select('dobMonth').value, select('dobYear').value]).toEqual([String(d), String(mo), String(y)]);
    expect(select('dobYear').disabled).toBe(false);
    expect(screen.queryByTestId('profile-save')).toBeNull();
    fireEvent.change(select('dobYear'), { target: { value: '1985' } });
    fireEvent.change(select('dobMonth'), { target: { value: '2' } });
    fireEvent.change(select('dobDay'), { target: { value: '30' } }); // moves to 28 February
    fireEvent.click(await screen.findByTestId('profile-save'));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({ dateOfBirth: '1985-02-28', updateFrom: 'Profile Page' });
  });

  it('identity fields unlock behind the KYC notice and send onChangeResetKyc', async () => {
    const updates = stubApi(FILLED);
    renderForm();
    await screen.findByTestId('profile-form');
    const address = screen.getByLabelText('Address') as HTMLInputElement;
    expect(address.disabled).toBe(true);
    expect(screen.queryByTestId('kyc-reset-notice')).toBeNull();
    fireEvent.click(screen.getByTestId('identity-unlock'));
    const notice = screen.getByTestId('kyc-reset-notice');
    expect(notice.textContent).toContain('Changing these details resets your verification');
    expect(address.disabled).toBe(false);
    expect(select('dobYear').disabled).toBe(false);
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Email') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(address, { target: { value: 'Neue Str. 2' } });
    const save = screen.getByTestId('profile-save');
    expect(save.textContent).toBe('Save and verify again');
    fireEvent.click(save);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({ address: 'Neue Str. 2', updateFrom: 'Profile Page', onChangeResetKyc: true });
  });

  it('Keep my details locks the fields again and drops the changes', async () => {
    stubApi(FILLED);
    renderForm();
    await screen.findByTestId('profile-form');
    fireEvent.click(screen.getByTestId('identity-unlock'));
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Hamburg' } });
    fireEvent.click(within(screen.getByTestId('kyc-reset-notice')).getByRole('button', { name: 'Keep my details' }));
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Berlin');
    expect((screen.getByLabelText('City') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('profile-save')).toBeNull();
  });
});

describe('resetsKyc', () => {
  const initial = initialValues(FILLED as never, undefined);
  it.each([
    ['an identity field changed', { address: 'Neue Str. 2' }, true],
    ['only spaces added', { city: ' Berlin ' }, false],
    ['a non-identity field changed', { nickname: 'annie' }, false],
    ['an empty identity field filled', { zipCode: '20095' }, false],
  ])('%s', (_name, change, want) => {
    const base = _name === 'an empty identity field filled' ? { ...initial, zipCode: '' } : initial;
    expect(resetsKyc({ ...base, ...change }, base)).toBe(want);
  });
});
