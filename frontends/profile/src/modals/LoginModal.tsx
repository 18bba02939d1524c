import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { getCpncToSend, getMarketingParams, isApiError, navigate, screenResolution, setToken, useModal, userDeviceType, useSettings } from '@casino/platform';
import { Button, Field, Modal, Muted } from '@casino/ui';
import { login } from '../api';
import { recaptchaToken } from '../signup/captcha';
import { deviceId, takeLoginHandoff } from '../signup/handoff';
import { m } from '../messages';
import { filterEmailInput, validateLogin, type LoginErrors } from '../validation';

export function LoginModal() {
  const intl = useIntl();
  const { close, open } = useModal();
  const settings = useSettings();
  // Straight after sign-up the new e-mail is filled in and a notice shown.
  const [handoff] = useState(takeLoginHandoff);
  const [email, setEmail] = useState(handoff?.email ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  // A self-excluded player (SELF_EXCLUDED): until when, and the offer to log
  // in only to withdraw (docs/protection.md).
  const [excluded, setExcluded] = useState<{ until?: string; permanent: boolean } | null>(null);
  const errors: LoginErrors = submitted ? validateLogin(email, password) : {};
  const text = (e?: 'required' | 'invalid') => (e ? intl.formatMessage(e === 'required' ? m.required : m.invalidFormat) : undefined);

  const submit = async (e: FormEvent | null, withdrawalOnly = false) => {
    e?.preventDefault();
    setSubmitted(true);
    setServerError(null);
    setServerFields({});
    if (!withdrawalOnly) setExcluded(null);
    if (Object.keys(validateLogin(email, password)).length) return;
    setBusy(true);
    try {
      const { mkt } = getMarketingParams();
      const result = await login({
        email: email.trim(),
        password,
        recaptchaToken: await recaptchaToken(!!settings?.features?.captcha),
        afterReg: !!handoff?.afterReg,
        cpnc: getCpncToSend(),
        mkt,
        userDeviceType: userDeviceType(),
        screenResolution: screenResolution(),
        uidToken: deviceId(),
        ...(withdrawalOnly ? { withdrawalOnly: true } : {}),
      });
      setToken(result.accessToken);
      if (withdrawalOnly) navigate('/withdraw');
      else close();
    } catch (x) {
      if (isApiError(x) && x.code === 'SELF_EXCLUDED') {
        setExcluded({ until: x.fields.selfExclusionUntil, permanent: x.fields.selfExclusionPermanent === 'true' });
        return;
      }
      setServerError(isApiError(x) ? x.message : intl.formatMessage(m.loginFailed));
      if (isApiError(x)) setServerFields(x.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={intl.formatMessage(m.loginTitle)} onClose={close} width={420}>
      {handoff && (
        <Muted role="status" data-testid="signup-done" style={{ marginBottom: 12 }}>
          {intl.formatMessage(m.signupDone)}
        </Muted>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          label={intl.formatMessage(m.email)}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(filterEmailInput(e.target.value))}
          error={text(errors.email) ?? serverFields.email}
          maxLength={255}
        />
        <Field
          label={intl.formatMessage(m.password)}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={text(errors.password) ?? serverFields.password}
          maxLength={255}
        />
        {excluded && (
          <Muted role="alert" data-testid="login-self-excluded" style={{ marginBottom: 12, color: 'inherit' }}>
            {excluded.permanent || !excluded.until
              ? intl.formatMessage(m.loginExcludedPermanent)
              : intl.formatMessage(m.loginExcluded, { date: intl.formatDate(excluded.until, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </Muted>
        )}
        {excluded && (
          <Button variant="secondary" block loading={busy} onClick={() => void submit(null, true)} style={{ marginBottom: 12 }}>
            {intl.formatMessage(m.loginWithdrawOnly)}
          </Button>
        )}
        {serverError && (
          <Muted role="alert" style={{ marginBottom: 12, color: 'inherit' }}>
            {serverError}
          </Muted>
        )}
        <Button type="submit" block size="lg" loading={busy}>
          {intl.formatMessage(m.loginSubmit)}
        </Button>
      </form>
      <Button variant="ghost" block onClick={() => open('signup')} style={{ marginTop: 8 }}>
        {intl.formatMessage(m.noAccount)}
      </Button>
    </Modal>
  );
}
