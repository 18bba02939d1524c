import { isApiError } from '@casino/platform';
import { Button, Card, Field, Muted } from '@casino/ui';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, type Member } from '../api';
import { m } from '../messages';

/** Password and TOTP code together (the server answers one error for any wrong part). */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (member: Member) => void }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      onLoggedIn(await backoffice.login(email, password, code));
    } catch (err) {
      setError(isApiError(err) ? err.message : intl.formatMessage(m.loadFailed));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ maxWidth: 420 }}>
      <form onSubmit={submit} aria-labelledby="bo-login-title" noValidate>
        <h2 id="bo-login-title">
          <FormattedMessage {...m.loginTitle} />
        </h2>
        <Muted>
          <FormattedMessage {...m.loginHint} />
        </Muted>
        <Field label={intl.formatMessage(m.email)} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label={intl.formatMessage(m.password)}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={intl.formatMessage(m.code)}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={error || undefined}
        />
        <Button type="submit" loading={busy} block>
          <FormattedMessage {...m.logIn} />
        </Button>
      </form>
    </Card>
  );
}
