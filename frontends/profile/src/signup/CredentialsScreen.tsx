import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { isApiError, useSettings } from '@casino/platform';
import { Button, Field, Muted, Stack, useToast } from '@casino/ui';
import { sendCredentials } from '../api';
import { m } from '../messages';
import { filterEmailInput } from '../validation';
import { credentialsText, saveAsFile, saveAsImage } from './credentialsFiles';
import { emailProblem } from './rules';
import { useProblemText } from './useProblemText';

const Box = styled.dl`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-family: monospace;
    font-size: ${({ theme }) => theme.font.size.md};
    word-break: break-all;
  }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

/** The one-click credentials: shown once, kept as image, file, clipboard or e-mail. */
export function CredentialsScreen({ login, password, onDone }: { login: string; password: string; onDone: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const settings = useSettings();
  const text = useProblemText();
  const brand = settings?.brandName ?? '';
  // A one-click account's typed address becomes its login (the server
  // mails credentials to the account's own address only).
  const [shownLogin, setShownLogin] = useState(login);
  const content = credentialsText(brand, window.location.origin, shownLogin, password);
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [sending, setSending] = useState<'idle' | 'busy' | 'sent' | 'error'>('idle');
  const [sendError, setSendError] = useState('');
  const emailError = emailTouched ? text(emailProblem(email)) : undefined;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
      toast.show(intl.formatMessage(m.credentialsCopied), 'success');
    } catch {
      toast.show(intl.formatMessage(m.clipboardFailed), 'error');
    }
  };
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setEmailTouched(true);
    if (emailProblem(email)) return;
    setSending('busy');
    try {
      const result = await sendCredentials(email, password);
      if (result?.login) setShownLogin(result.login);
      setSending('sent');
    } catch (x) {
      // A refusal about the address (someone else's, not the account's) says
      // why; anything else is the SPEC's try-again message.
      const field = isApiError(x) && x.status >= 400 && x.status < 500 ? x.fields?.email : undefined;
      setSendError(field || intl.formatMessage(m.credentialsNotSent));
      setSending('error');
    }
  };

  return (
    <Stack $gap={4} data-testid="credentials">
      <Muted>{intl.formatMessage(m.credentialsText)}</Muted>
      <Box>
        <dt>{intl.formatMessage(m.credentialsLogin)}</dt>
        <dd data-testid="credentials-login">{shownLogin}</dd>
        <dt>{intl.formatMessage(m.password)}</dt>
        <dd data-testid="credentials-password">{password}</dd>
      </Box>
      <Actions>
        <Button variant="secondary" onClick={() => void saveAsImage(content.trimEnd().split('\n')).catch(() => toast.show(intl.formatMessage(m.signupFailed), 'error'))}>
          {intl.formatMessage(m.credentialsImage)}
        </Button>
        <Button variant="secondary" onClick={() => saveAsFile(content)}>
          {intl.formatMessage(m.credentialsFile)}
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          {intl.formatMessage(m.credentialsCopy)}
        </Button>
      </Actions>
      <form onSubmit={send} noValidate style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'end' }}>
        <Field label={intl.formatMessage(m.credentialsEmail)} type="email" name="credentialsEmail" value={email} maxLength={255}
          onChange={(e) => setEmail(filterEmailInput(e.target.value))} onBlur={() => setEmailTouched(true)} error={emailError} />
        <Button type="submit" loading={sending === 'busy'} style={{ marginBottom: 12 }}>
          {intl.formatMessage(m.credentialsSend)}
        </Button>
      </form>
      {sending === 'sent' && <Muted role="status">{intl.formatMessage(m.credentialsSent, { email })}</Muted>}
      {sending === 'error' && <Muted role="alert">{sendError}</Muted>}
      <Button block size="lg" onClick={onDone}>
        {intl.formatMessage(m.credentialsDone)}
      </Button>
    </Stack>
  );
}
