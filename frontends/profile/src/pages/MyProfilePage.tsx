import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, useSearchParams, useSettings } from '@casino/platform';
import { Button, Card, ErrorState, Field, Flag, Grid, Muted, SectionTitle, Select, Skeleton, Stack, useToast } from '@casino/ui';
import { updateUserDetails, useCountries, useResendVerification, useUserDetails, type User } from '../api';
import { DateOfBirthPicker } from '../components/DateOfBirthPicker';
import { m } from '../messages';
import { GENDERS } from '../signup/form';
import { dateOfBirthProblem, emailProblem, phoneDigits, phoneProblem, phoneTooLong, textProblem, type Problem } from '../signup/rules';
import { useProblemText } from '../signup/useProblemText';
import { filterEmailInput } from '../validation';
import { IdentityNotice, IDENTITY_KEYS, resetsKyc } from './identity';
import { PasswordForm } from './PasswordForm';
import { ProfileLayout } from './ProfileLayout';

export type Key = 'firstName' | 'lastName' | 'nickname' | 'email' | 'phoneCode' | 'phone' | 'dateOfBirth' | 'gender' | 'countryCode' | 'address' | 'city' | 'zipCode';
const KEYS: Key[] = ['firstName', 'lastName', 'nickname', 'email', 'phoneCode', 'phone', 'dateOfBirth', 'gender', 'countryCode', 'address', 'city', 'zipCode'];
const TEXT: { key: Key; label: keyof typeof m; autoComplete?: string }[] = [
  { key: 'firstName', label: 'firstName', autoComplete: 'given-name' },
  { key: 'lastName', label: 'lastName', autoComplete: 'family-name' },
  { key: 'nickname', label: 'nickname', autoComplete: 'nickname' },
  { key: 'address', label: 'address', autoComplete: 'street-address' },
  { key: 'city', label: 'city', autoComplete: 'address-level2' },
  { key: 'zipCode', label: 'zipCode', autoComplete: 'postal-code' },
];
const GENDER_LABEL = { 'Not to say': m.genderNone, Male: m.genderMale, Female: m.genderFemale } as const;

/** Form values from the user; e-mail placeholders of the fake empty-email domain are blanked (SPEC section 4). */
export function initialValues(user: User | undefined, fakeDomain: string | undefined): Record<Key, string> {
  const out = {} as Record<Key, string>;
  for (const k of KEYS) out[k] = String(user?.[k] ?? '');
  if (fakeDomain && out.email.toLowerCase().endsWith(`@${fakeDomain.toLowerCase()}`)) out.email = '';
  return out;
}

/** The rules of the profile form: names required, the rest checked once filled. */
export function profileProblems(v: Record<Key, string>, initial: Record<Key, string>): Partial<Record<Key, Problem>> {
  const out: Partial<Record<Key, Problem>> = {};
  const set = (k: Key, p: Problem | null) => {
    if (p && v[k] !== initial[k]) out[k] = p;
  };
  for (const { key } of TEXT) set(key, textProblem(v[key], key === 'firstName' || key === 'lastName'));
  if (!v.firstName.trim()) out.firstName = { key: 'required' };
  if (!v.lastName.trim()) out.lastName = { key: 'required' };
  if (v.email) set('email', emailProblem(v.email));
  if (v.phone) set('phone', phoneProblem(v.phoneCode, v.phone));
  if (v.dateOfBirth) set('dateOfBirth', dateOfBirthProblem(v.dateOfBirth));
  return out;
}

/**
 * The profile form. On the profile page it shows every field (filled ones
 * locked); as the profile-completion form ("Update Form") it shows only the
 * fields still empty when it opened, and disappears when there are none.
 */
export function ProfileForm({ updateFrom = 'Profile Page' }: { updateFrom?: 'Profile Page' | 'Update Form' }) {
  const completion = updateFrom === 'Update Form';
  const intl = useIntl();
  const toast = useToast();
  const settings = useSettings();
  const text = useProblemText();
  const { data, loading, error, refetch } = useUserDetails();
  const countries = useCountries();
  const user = data?.getUser;
  const initial = useMemo(() => initialValues(user, settings?.fakeEmptyEmailDomain), [user, settings]);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [opened, setOpened] = useState<Record<Key, string> | null>(null);
  // Identity fields unlocked by the player after reading the KYC notice.
  const [identityOpen, setIdentityOpen] = useState(false);
  useEffect(() => {
    setValues(initial);
    if (user) setOpened((o) => o ?? initial);
  }, [initial, user]);

  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  if (loading || !data || !opened) return completion ? null : <Skeleton $height="320px" />;
  if (completion && KEYS.every((k) => initial[k] !== '' || k === 'nickname' || k === 'gender')) return null;
  const changed = KEYS.some((k) => values[k] !== initial[k]);
  const problems = profileProblems(values, initial);
  // Fields lock once filled, the e-mail also once verified: support changes
  // them, except the identity fields the player unlocks (onChangeResetKyc).
  const filledLock = (k: Key) => initial[k] !== '' || (k === 'email' && !!user?.isEmailVerified);
  const locked = (k: Key) => filledLock(k) && !(identityOpen && IDENTITY_KEYS.includes(k));
  const canUnlock = !completion && IDENTITY_KEYS.some((k) => initial[k] !== '');
  const resetting = resetsKyc(values, initial);
  const errorOf = (k: Key) => text(problems[k]) ?? fieldErrors[k];
  const set = (k: Key, value: string) => {
    setValues((v) => ({ ...v, [k]: value }));
    setFieldErrors(({ [k]: _gone, ...rest }) => rest);
  };
  const list = countries.data?.allCountries ?? [];
  // The completion form keeps the fields that were empty when it opened.
  const visible = (k: Key) => !completion || !opened[k];

  const save = async () => {
    if (Object.keys(problems).length) return;
    setBusy(true);
    setFieldErrors({});
    try {
      const patch: Partial<User> = {};
      for (const k of KEYS) if (values[k] !== initial[k]) patch[k] = values[k].trim();
      await updateUserDetails({ ...patch, updateFrom, ...(resetting ? { onChangeResetKyc: true } : {}) });
      toast.show(intl.formatMessage(m.saved), 'success');
      setIdentityOpen(false);
      refetch();
    } catch (e) {
      if (isApiError(e)) setFieldErrors(e.fields);
      toast.show(e instanceof Error ? e.message : intl.formatMessage(m.checkFields), 'error');
    } finally {
      setBusy(false);
    }
  };
  const lockHint = (k: Key) => {
    if (!locked(k)) return undefined;
    return intl.formatMessage(canUnlock && IDENTITY_KEYS.includes(k) ? m.identityLockedHint : m.lockedHint);
  };
  const keepDetails = () => {
    setIdentityOpen(false);
    setValues((v) => ({ ...v, ...Object.fromEntries(IDENTITY_KEYS.map((k) => [k, initial[k]])) }));
  };
  const textField = ({ key, label, autoComplete }: (typeof TEXT)[number]) => visible(key) && (
    <Field key={key} label={intl.formatMessage(m[label])} name={key} value={values[key]} disabled={locked(key)} maxLength={255}
      autoComplete={autoComplete} hint={lockHint(key)} onChange={(e) => set(key, e.target.value)} error={errorOf(key)} />
  );

  return (
    <Card data-testid={completion ? 'profile-completion' : 'profile-form'} style={completion ? { marginBottom: 24 } : undefined}>
      {completion ? (
        <SectionTitle>{intl.formatMessage(m.completeProfile)}</SectionTitle>
      ) : (
        <Muted style={{ marginBottom: 12 }} data-testid="email-status">
          {intl.formatMessage(user?.isEmailVerified ? m.emailVerified : m.emailNotVerified)}
        </Muted>
      )}
      <Grid $min={260} $gap={3}>
        {TEXT.slice(0, 3).map(textField)}
        {visible('email') && <Field label={intl.formatMessage(m.email)} name="email" type="email" value={values.email} disabled={locked('email')} maxLength={255}
          hint={lockHint('email')} onChange={(e) => set('email', filterEmailInput(e.target.value))} error={errorOf('email')} />}
        {visible('phoneCode') && <Select label={intl.formatMessage(m.phoneCode)} name="phoneCode" value={values.phoneCode} disabled={locked('phoneCode')}
          options={[{ value: '', label: '—' }, ...[...new Set(list.map((c) => c.phoneCode).filter(Boolean))].sort().map((p) => ({ value: p, label: p }))]}
          onChange={(e) => set('phoneCode', e.target.value)} />}
        {visible('phone') && <Field label={intl.formatMessage(m.phone)} name="phone" type="tel" inputMode="numeric" value={values.phone} disabled={locked('phone')}
          hint={lockHint('phone')} error={errorOf('phone')}
          onChange={(e) => {
            const digits = phoneDigits(e.target.value);
            if (!(phoneTooLong(values.phoneCode, digits) && digits.length > values.phone.length)) set('phone', digits);
          }} />}
        {visible('dateOfBirth') && <DateOfBirthPicker value={values.dateOfBirth} disabled={locked('dateOfBirth')} hint={lockHint('dateOfBirth')}
          onChange={(v) => set('dateOfBirth', v)} error={errorOf('dateOfBirth')} />}
        {visible('gender') && <Select label={intl.formatMessage(m.gender)} name="gender" value={values.gender} disabled={locked('gender')} error={errorOf('gender')}
          options={[{ value: '', label: '—' }, ...GENDERS.map((g) => ({ value: g, label: intl.formatMessage(GENDER_LABEL[g]) }))]}
          onChange={(e) => set('gender', e.target.value)} />}
        {visible('countryCode') && <Select label={intl.formatMessage(m.country)} name="countryCode" value={values.countryCode} disabled={locked('countryCode')}
          adornment={<Flag code={values.countryCode} />}
          options={[{ value: '', label: '—' }, ...list.map((c) => ({ value: c.code, label: c.name }))]}
          onChange={(e) => set('countryCode', e.target.value)} error={errorOf('countryCode')} />}
        {TEXT.slice(3).map(textField)}
      </Grid>
      {canUnlock && (
        <IdentityNotice open={identityOpen} onOpen={() => setIdentityOpen(true)} onKeep={keepDetails} />
      )}
      {changed && (
        <Button onClick={save} loading={busy} data-testid="profile-save">
          {intl.formatMessage(resetting ? m.saveAndReverify : m.save)}
        </Button>
      )}
    </Card>
  );
}

function EmailVerifiedNotice() {
  const intl = useIntl();
  const params = useSearchParams();
  if (params.get('emailVerified') !== '1') return null;
  return (
    <Card role="status" data-testid="email-verified-notice" style={{ marginBottom: 16 }}>
      {intl.formatMessage(m.emailVerifiedNow)}
    </Card>
  );
}

function ResendVerification() {
  const intl = useIntl();
  const { data } = useUserDetails();
  const { state, resend } = useResendVerification();
  const user = data?.getUser;
  if (!user || user.isEmailVerified || !user.email) return null;
  return (
    <Stack $row $gap={3} $align="center" $wrap>
      <Button variant="secondary" loading={state === 'busy'} disabled={state === 'sent'} onClick={resend}>
        {intl.formatMessage(m.verifyResend)}
      </Button>
      {state === 'sent' && <Muted role="status">{intl.formatMessage(m.verifySent)}</Muted>}
      {state === 'error' && <Muted role="alert">{intl.formatMessage(m.verifyNotSent)}</Muted>}
    </Stack>
  );
}

export function MyProfilePage() {
  return (
    <ProfileLayout title={m.menuMyProfile}>
      <Stack $gap={5}>
        <EmailVerifiedNotice />
        <ProfileForm updateFrom="Profile Page" />
        <ResendVerification />
        <PasswordForm />
      </Stack>
    </ProfileLayout>
  );
}
