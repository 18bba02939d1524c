import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '@casino/platform';
import { Button, Flag, Muted, Select } from '@casino/ui';
import { Checkbox, TermsLabel } from '../components/Checkbox';
import { m } from '../messages';
import { validateOneClick } from './form';
import type { SignUpData } from './SignUpForm';
import { useProblemText } from './useProblemText';

export interface OneClickValues {
  countryCode: string;
  currencyCode: string;
  isAdult: boolean;
  acceptTerms: boolean;
}

/** One-click registration: country and currency only; the server makes the login and password. */
export function OneClickForm({ data, onSubmit }: { data: SignUpData; onSubmit: (v: OneClickValues) => Promise<void> }) {
  const intl = useIntl();
  const text = useProblemText();
  const [values, setValues] = useState<OneClickValues>({
    countryCode: data.defaultCountry, currencyCode: data.defaultCurrency, isAdult: false, acceptTerms: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = validateOneClick(values);
  const error = (name: keyof OneClickValues) => (submitted ? text(problems[name]) : undefined);
  const set = <K extends keyof OneClickValues>(k: K, v: OneClickValues[K]) => setValues((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (x) {
      setServerError(isApiError(x) ? x.message : intl.formatMessage(m.signupFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="oneclick-form">
      <Muted style={{ marginBottom: 12 }}>{intl.formatMessage(m.signupOneClickText)}</Muted>
      <Select label={intl.formatMessage(m.country)} name="countryCode" value={values.countryCode} error={error('countryCode')}
        adornment={<Flag code={values.countryCode} />}
        options={[{ value: '', label: '—' }, ...data.countries.map((c) => ({ value: c.code, label: c.name }))]}
        onChange={(e) => set('countryCode', e.target.value)} />
      <Select label={intl.formatMessage(m.currency)} name="currencyCode" value={values.currencyCode} error={error('currencyCode')}
        options={[{ value: '', label: '—' }, ...data.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))]}
        onChange={(e) => set('currencyCode', e.target.value)} />
      <Checkbox name="isAdult" label={intl.formatMessage(m.consentAdult)} checked={values.isAdult}
        onChange={(c) => set('isAdult', c)} error={error('isAdult')} />
      <Checkbox name="acceptTerms" checked={values.acceptTerms} onChange={(c) => set('acceptTerms', c)} error={error('acceptTerms')}
        label={<TermsLabel />} />
      {serverError && (
        <Muted role="alert" style={{ margin: '8px 0 12px' }}>
          {serverError}
        </Muted>
      )}
      <Button type="submit" block size="lg" loading={busy}>
        {intl.formatMessage(m.signupOneClickSubmit)}
      </Button>
    </form>
  );
}
