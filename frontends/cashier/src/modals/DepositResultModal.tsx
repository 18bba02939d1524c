import { FormattedMessage, useIntl } from 'react-intl';
import { logEvent, navigate, useModal, useSearchParams, withQuery, type AppMessage } from '@casino/platform';
import { Button, Modal, Muted, Spinner, Stack } from '@casino/ui';
import { useUserDetails } from '../api';
import { m } from './messages';
import { alternativeMethod } from '../methods';
import { showMoney } from '../money';
import { resultModalUrl, useDepositStatus } from './useDepositStatus';
import { useThreeDsConfirmation } from './useThreeDsConfirmation';
import { ResultIcon, type ResultTone } from '../components/ResultIcon';

/** Result modals by `modal` query value (SPEC section 2). */
export const RESULT_MODALS: Record<string, { title: AppMessage; text: AppMessage; icon: ResultTone; offersAlternative?: boolean }> = {
  'deposit-failed': { title: m.resultFailedTitle, text: m.resultFailedText, icon: 'failed', offersAlternative: true },
  'deposit-success': { title: m.resultSuccessTitle, text: m.resultSuccessText, icon: 'success' },
  'deposit-return': { title: m.resultReturnTitle, text: m.resultReturnText, icon: 'return' },
  'deposit-decline': { title: m.resultDeclineTitle, text: m.resultDeclineText, icon: 'failed', offersAlternative: true },
  'deposit-cancel': { title: m.resultCancelTitle, text: m.resultCancelText, icon: 'cancel' },
  'deposit-pending': { title: m.resultPendingTitle, text: m.resultPendingText, icon: 'pending' },
  'deposit-3ds-success': { title: m.result3dsTitle, text: m.result3dsText, icon: 'secure' },
};

/** The balance after a successful deposit, read from the ledger once the deposit is confirmed (mounted only then). */
function NewBalance() {
  const intl = useIntl();
  const { data } = useUserDetails();
  if (!data?.userWallet) return null;
  const w = data.userWallet;
  return (
    <Muted data-testid="deposit-balance">{intl.formatMessage(m.balanceNow, { amount: showMoney(w.balance, w.currencyCode, w.decimals) })}</Muted>
  );
}

export function DepositResultModal({ modal }: { modal: string }) {
  const intl = useIntl();
  const { method } = useModal();
  const params = useSearchParams();
  const config = RESULT_MODALS[modal];
  const threeDs = useThreeDsConfirmation(modal === 'deposit-3ds-success');
  useDepositStatus(modal === 'deposit-pending' ? params.get('depositId') : null, method);
  const close = () => navigate(resultModalUrl(null, null), { replace: true });
  if (!config) return null;
  const methodName = method ?? intl.formatMessage(m.unknownMethod);
  const alternative = config.offersAlternative ? alternativeMethod(method) : null;
  const succeeded = modal === 'deposit-success' || (modal === 'deposit-3ds-success' && threeDs === 'done');

  const tryAlternative = () => {
    if (!alternative) return;
    void logEvent('ALTERNATIVE_METHOD_BUTTON', { failedMethod: method, alternativeMethod: alternative });
    navigate(withQuery('/deposit', { method: alternative }));
  };

  return (
    <Modal open title={intl.formatMessage(config.title)} onClose={close}>
      <Stack $gap={4} $align="center" style={{ textAlign: 'center' }} data-testid="cashier-modal" data-modal={modal}>
        <ResultIcon tone={config.icon} />
        <p style={{ margin: 0 }}>
          <FormattedMessage {...(modal === 'deposit-3ds-success' && threeDs === 'done' ? m.result3dsDone : config.text)} values={{ method: methodName }} />
        </p>
        {(threeDs === 'pending' || (modal === 'deposit-pending' && !!params.get('depositId'))) && <Spinner />}
        {threeDs === 'error' && (
          <Muted role="alert">
            <FormattedMessage {...m.result3dsError} />
          </Muted>
        )}
        {succeeded && <NewBalance />}
        <Stack $row $wrap $gap={3} $justify="center">
          {alternative && (
            <Button onClick={tryAlternative} data-alternative={alternative}>
              <FormattedMessage {...(alternative === 'card' ? m.tryCard : m.tryAlternative)} />
            </Button>
          )}
          <Button variant={alternative ? 'secondary' : 'primary'} onClick={close}>
            <FormattedMessage {...(alternative ? m.tryAgain : m.ok)} />
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
