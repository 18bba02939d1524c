import { useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { isApiError, useSettings } from '@casino/platform';
import { Button, Field, Flag, Grid, Muted, Select } from '@casino/ui';
import type { Country, Currency } from '../api';
import { Checkbox, TermsLabel } from '../components/Checkbox';
import { DateOfBirthPicker } from '../components/DateOfBirthPicker';
import { m } from '../messages';
import { filterEmailInput } from '../validation';
import { GENDERS, isShown, validateSignUp, type FieldName, type SignUpValues } from './form';
import { defaultDateOfBirth, phoneDigits, phoneTooLong } from './rules';
import { useProblemText } from './useProblemText';

export interface SignUpData {
  fields: Record<string, number> | undefined;
  countries: Country[];
  currencies: Currency[];
  defaultCountry: string;
  defaultCurrency: string;
}

export function initialSignUpValues(data: SignUpData): SignUpValues {
  const phoneCode = data.countries.find((c) => c.code === data.defaultCountry)?.phoneCode ?? '';
  return {
    email: '', password: '', confirmPassword: '', firstName: '', lastName: '',
    dateOfBirth: defaultDateOfBirth(), countryCode: data.defaultCountry, currencyCode: data.defaultCurrency,
    phoneCountry: data.defaultCountry, phoneCode, phone: '', address: '', city: '', zipCode: '', promoCode: '',
    gender: GENDERS[0], nickname: '', cpf: '', isAdult: false, acceptTerms: false, newsletter: false,
  };
}

// Calling code and number side by side, shrinking with the overlay (375 px screens).
const PhoneRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); /* the code select holds a flag and "+49 DE" */
  gap: ${({ theme }) => theme.space(3)};
  input,
  select {
    width: 100%;
    min-width: 0;
  }
`;

const GENDER_LABEL = { 'Not to say': m.genderNone, Male: m.genderMale, Female: m.genderFemale } as const;

/**
 * The full registration form. Rules run while the player types (a field shows
 * its message once changed or left) and for every field on submit; the
 * server's field messages show until the field changes.
 */
export function SignUpForm({ data, onSubmit }: { data: SignUpData; onSubmit: (v: SignUpValues) => Promise<void> }) {
  const intl = useIntl();
  const settings = useSettings();
  const text = useProblemText();
  const [values, setValues] = useState(() => initialSignUpValues(data));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const problems = useMemo(() => validateSignUp(values, data.fields, settings?.password), [values, data.fields, settings]);
  const shown = (name: string) => isShown(data.fields, name);

  const error = (name: FieldName) => (submitted || touched[name] ? text(problems[name]) : undefined) ?? serverFields[name];
  const change = <K extends FieldName>(name: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
    setServerFields(({ [name]: _gone, ...rest }) => rest);
  };
  const blur = (name: FieldName) => () => setTouched((t) => ({ ...t, [name]: true }));
  const input = (name: FieldName, label: keyof typeof m, extra: Record<string, unknown> = {}) => (
    <Field label={intl.formatMessage(m[label])} name={name} value={values[name] as string} maxLength={255}
      onChange={(e) => change(name, e.target.value)} onBlur={blur(name)} error={error(name)} {...extra} />
  );

  const chooseCountry = (code: string) => {
    const c = data.countries.find((x) => x.code === code);
    setValues((v) => ({ ...v, countryCode: code, ...(c ? { phoneCountry: code, phoneCode: c.phoneCode } : {}) }));
    setTouched((t) => ({ ...t, countryCode: true }));
  };
  const choosePhoneCountry = (code: string) => {
    const c = data.countries.find((x) => x.code === code);
    setValues((v) => ({ ...v, phoneCountry: code, phoneCode: c?.phoneCode ?? '' }));
  };
  const typePhone = (raw: string) => {
    const digits = phoneDigits(raw);
    // Typing stops at the longest number of the calling code's plan.
    if (phoneTooLong(values.phoneCode, digits) && digits.length > values.phone.length) return;
    change('phone', digits);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(problems).length) {
      setServerError(intl.formatMessage(m.checkFields));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (x) {
      setServerError(isApiError(x) ? x.message : intl.formatMessage(m.signupFailed));
      if (isApiError(x)) setServerFields(x.fields);
    } finally {
      setBusy(false);
    }
  };

  const countryOptions = data.countries.map((c) => ({ value: c.code, label: c.name }));
  const phoneOptions = data.countries.filter((c) => c.phoneCode).map((c) => ({ value: c.code, label: `${c.phoneCode} ${c.code}` }));

  return (
    <form onSubmit={submit} noValidate data-testid="signup-form">
      <Grid $min={220} $gap={3}>
        {shown('firstName') && input('firstName', 'firstName', { autoComplete: 'given-name' })}
        {shown('lastName') && input('lastName', 'lastName', { autoComplete: 'family-name' })}
      </Grid>
      <Field label={intl.formatMessage(m.email)} name="email" type="email" autoComplete="email" value={values.email} maxLength={255}
        onChange={(e) => change('email', filterEmailInput(e.target.value))} onBlur={blur('email')} error={error('email')} />
      <Grid $min={220} $gap={3}>
        {input('password', 'password', { type: 'password', autoComplete: 'new-password' })}
        {input('confirmPassword', 'confirmPassword', { type: 'password', autoComplete: 'new-password' })}
      </Grid>
      {shown('dateOfBirth') && (
        <DateOfBirthPicker value={values.dateOfBirth} onChange={(v) => change('dateOfBirth', v)} error={error('dateOfBirth')} />
      )}
      <Grid $min={220} $gap={3}>
        <Select label={intl.formatMessage(m.country)} name="countryCode" value={values.countryCode} error={error('countryCode')}
          adornment={<Flag code={values.countryCode} />}
          options={[{ value: '', label: '—' }, ...countryOptions]} onChange={(e) => chooseCountry(e.target.value)} />
        <Select label={intl.formatMessage(m.currency)} name="currencyCode" value={values.currencyCode} error={error('currencyCode')}
          options={[{ value: '', label: '—' }, ...data.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))]}
          onChange={(e) => change('currencyCode', e.target.value)} />
      </Grid>
      {shown('cpf') && values.countryCode === 'BR' && input('cpf', 'cpf', { inputMode: 'numeric', maxLength: 14 })}
      {shown('phone') && (
        <PhoneRow>
          <Select label={intl.formatMessage(m.phoneCode)} name="phoneCountry" value={values.phoneCountry}
            adornment={<Flag code={values.phoneCountry} />} options={phoneOptions} onChange={(e) => choosePhoneCountry(e.target.value)} />
          <Field label={intl.formatMessage(m.phone)} name="phone" type="tel" inputMode="numeric" autoComplete="tel-national"
            value={values.phone} onChange={(e) => typePhone(e.target.value)} onBlur={blur('phone')} error={error('phone')} />
        </PhoneRow>
      )}
      {shown('address') && input('address', 'address', { autoComplete: 'street-address' })}
      <Grid $min={180} $gap={3}>
        {shown('city') && input('city', 'city', { autoComplete: 'address-level2' })}
        {shown('zipCode') && input('zipCode', 'zipCode', { autoComplete: 'postal-code' })}
      </Grid>
      <Grid $min={180} $gap={3}>
        {shown('gender') && (
          <Select label={intl.formatMessage(m.gender)} name="gender" value={values.gender} error={error('gender')}
            options={GENDERS.map((g) => ({ value: g, label: intl.formatMessage(GENDER_LABEL[g]) }))}
            onChange={(e) => change('gender', e.target.value)} />
        )}
        {shown('nickname') && input('nickname', 'nickname', { autoComplete: 'nickname' })}
        {shown('promoCode') && input('promoCode', 'promoCode', { maxLength: 64 })}
      </Grid>
      <Checkbox name="isAdult" label={intl.formatMessage(m.consentAdult)} checked={values.isAdult}
        onChange={(c) => change('isAdult', c)} error={error('isAdult')} />
      <Checkbox name="acceptTerms" checked={values.acceptTerms} onChange={(c) => change('acceptTerms', c)} error={error('acceptTerms')}
        label={<TermsLabel />} />
      {shown('newsletter') && (
        <Checkbox name="newsletter" label={intl.formatMessage(m.consentNewsletter)} checked={values.newsletter}
          onChange={(c) => change('newsletter', c)} />
      )}
      {serverError && (
        <Muted role="alert" data-testid="signup-error" style={{ margin: '8px 0 12px' }}>
          {serverError}
        </Muted>
      )}
      <Button type="submit" block size="lg" loading={busy}>
        {intl.formatMessage(m.signupSubmit)}
      </Button>
    </form>
  );
}
