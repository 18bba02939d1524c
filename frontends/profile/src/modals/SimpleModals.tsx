import { useIntl } from 'react-intl';
import { useModal } from '@casino/platform';
import { Button, Modal, Muted, Stack } from '@casino/ui';
import { useResendVerification } from '../api';
import { m } from '../messages';

export function VerifyEmailExpiredModal() {
  const intl = useIntl();
  const { close } = useModal();
  const { state, resend } = useResendVerification();
  return (
    <Modal open title={intl.formatMessage(m.verifyExpiredTitle)} onClose={close}>
      <Stack $gap={4}>
        <p style={{ margin: 0 }}>{intl.formatMessage(m.verifyExpiredText)}</p>
        {state === 'sent' && <Muted role="status">{intl.formatMessage(m.verifySent)}</Muted>}
        {state === 'error' && <Muted role="alert">{intl.formatMessage(m.verifyNotSent)}</Muted>}
        <Button block loading={state === 'busy'} disabled={state === 'sent'} onClick={resend}>
          {intl.formatMessage(m.verifyResend)}
        </Button>
      </Stack>
    </Modal>
  );
}
