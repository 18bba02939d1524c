import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { isApiError, useSettings } from '@casino/platform';
import { Button, Card, Field, SectionTitle, useToast } from '@casino/ui';
import { updateUserDetails } from '../api';
import { m } from '../messages';
import { passwordProblem, type Problem } from '../signup/rules';
import { useProblemText } from '../signup/useProblemText';

type Key = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Change password: the current password is required; other devices are logged out by the server. */
export function PasswordForm() {
  const intl = useIntl();
  const toast = useToast();
  const settings = useSettings();
  const text = useProblemText();
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState<Record<Key, string>>(empty);
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const problems: Partial<Record<Key, Problem>> = {};
  if (!values.currentPassword) problems.currentPassword = { key: 'required' };
  const pw = passwordProblem(values.newPassword, settings?.password);
  if (pw) problems.newPassword = pw;
  if (values.confirmPassword !== values.newPassword) problems.confirmPassword = { key: 'passwordsMatch' };
  const error = (k: Key) => (submitted || touched[k] ? text(problems[k]) : undefined) ?? serverFields[k];
  const set = (k: Key, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setTouched((t) => ({ ...t, [k]: true }));
    setServerFields(({ [k]: _gone, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await updateUserDetails({ ...values, updateFrom: 'Profile Page' });
      toast.show(intl.formatMessage(m.passwordChanged), 'success');
      setValues(empty);
      setTouched({});
      setSubmitted(false);
    } catch (x) {
      if (isApiError(x)) setServerFields(x.fields);
      toast.show(x instanceof Error ? x.message : intl.formatMessage(m.checkFields), 'error');
    } finally {
      setBusy(false);
    }
  };

  const field = (k: Key, label: keyof typeof m, autoComplete: string) => (
    <Field label={intl.formatMessage(m[label])} name={k} type="password" autoComplete={autoComplete} maxLength={255}
      value={values[k]} onChange={(e) => set(k, e.target.value)} onBlur={() => setTouched((t) => ({ ...t, [k]: true }))} error={error(k)} />
  );
  return (
    <Card as="form" onSubmit={submit} noValidate data-testid="password-form">
      <SectionTitle>{intl.formatMessage(m.changePassword)}</SectionTitle>
      {field('currentPassword', 'currentPassword', 'current-password')}
      {field('newPassword', 'newPassword', 'new-password')}
      {field('confirmPassword', 'confirmPassword', 'new-password')}
      <Button type="submit" loading={busy}>
        {intl.formatMessage(m.changePassword)}
      </Button>
    </Card>
  );
}
