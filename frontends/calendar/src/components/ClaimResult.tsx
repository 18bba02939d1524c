import { useIntl } from 'react-intl';
import { Button, Modal } from '@casino/ui';
import { m } from '../messages';

export type ClaimOutcome = { ok: true; amount: string } | { ok: false; message: string };

/** Rakeback claim result: success with amount and currency, or the error title and text. */
export function ClaimResult({ outcome, onClose }: { outcome: ClaimOutcome; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal open title={intl.formatMessage(outcome.ok ? m.claimSuccessTitle : m.claimErrorTitle)} onClose={onClose} width={400}>
      <p>{outcome.ok ? intl.formatMessage(m.claimSuccessText, { amount: outcome.amount }) : outcome.message}</p>
      <Button block onClick={onClose}>
        {intl.formatMessage(m.ok)}
      </Button>
    </Modal>
  );
}
