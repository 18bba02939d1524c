import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, useSettings } from '@casino/platform';
import { Button, Card, ErrorState, Field, Grid, Skeleton, useToast } from '@casino/ui';
import { updateUserDetails, useUserDetails, type User } from '../api';
import { m } from '../messages';
import { ProfileLayout } from './ProfileLayout';

type Key = 'firstName' | 'lastName' | 'nickname' | 'email' | 'phone' | 'dateOfBirth' | 'address' | 'city' | 'zipCode';
const FIELDS: { key: Key; label: keyof typeof m; type?: string }[] = [
  { key: 'firstName', label: 'firstName' },
  { key: 'lastName', label: 'lastName' },
  { key: 'nickname', label: 'nickname' },
  { key: 'email', label: 'email', type: 'email' },
  { key: 'phone', label: 'phone', type: 'tel' },
  { key: 'dateOfBirth', label: 'dateOfBirth', type: 'date' },
  { key: 'address', label: 'address' },
  { key: 'city', label: 'city' },
  { key: 'zipCode', label: 'zipCode' },
];

/** Form values from the user; e-mail placeholders of the fake empty-email domain are blanked (SPEC section 4). */
export function initialValues(user: User | undefined, fakeDomain: string | undefined): Record<Key, string> {
  const out = {} as Record<Key, string>;
  for (const f of FIELDS) out[f.key] = String(user?.[f.key] ?? '');
  if (fakeDomain && out.email.toLowerCase().endsWith(`@${fakeDomain.toLowerCase()}`)) out.email = '';
  return out;
}

function ProfileForm() {
  const intl = useIntl();
  const toast = useToast();
  const settings = useSettings();
  const { data, loading, error, refetch } = useUserDetails();
  const initial = useMemo(() => initialValues(data?.getUser, settings?.fakeEmptyEmailDomain), [data, settings]);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(initial), [initial]);

  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  if (loading) return <Skeleton $height="320px" />;
  const changed = FIELDS.some((f) => values[f.key] !== initial[f.key]);
  // Fields lock once filled (or verified): only empty ones are editable.
  const locked = (k: Key) => initial[k] !== '' || (k === 'email' && !!data?.getUser?.isEmailVerified);
  const required = (k: Key) => (k === 'firstName' || k === 'lastName') && changed && !values[k].trim();

  const save = async () => {
    if (FIELDS.some((f) => required(f.key))) return;
    setBusy(true);
    setFieldErrors({});
    try {
      const patch: Partial<User> = {};
      for (const f of FIELDS) if (values[f.key] !== initial[f.key]) patch[f.key] = values[f.key].trim();
      await updateUserDetails({ ...patch, updateFrom: 'Profile Page' });
      toast.show(intl.formatMessage(m.saved), 'success');
      refetch();
    } catch (e) {
      if (isApiError(e)) setFieldErrors(e.fields);
      toast.show(e instanceof Error ? e.message : intl.formatMessage(m.checkFields), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Grid $min={260} $gap={3}>
        {FIELDS.map((f) => (
          <Field
            key={f.key}
            label={intl.formatMessage(m[f.label])}
            type={f.type ?? 'text'}
            value={values[f.key]}
            disabled={locked(f.key)}
            maxLength={255}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
            error={required(f.key) ? intl.formatMessage(m.required) : fieldErrors[f.key]}
          />
        ))}
      </Grid>
      {changed && (
        <Button onClick={save} loading={busy}>
          {intl.formatMessage(m.save)}
        </Button>
      )}
    </Card>
  );
}

export function MyProfilePage() {
  return (
    <ProfileLayout title={m.menuMyProfile}>
      <ProfileForm />
    </ProfileLayout>
  );
}
