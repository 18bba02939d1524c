import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { logEvent, navigate, useModal, withQuery, type AppMessage } from '@casino/platform';
import { Button, Modal, Muted, Spinner, Stack } from '@casino/ui';
import { alternativeMethod } from '../amount';
import { confirm3ds } from '../api';
import { m } from '../messages';

/** Result modals by `modal` query value (SPEC section 2). */
export const RESULT_MODALS: Record<string, { title: AppMessage; text: AppMessage; icon: string }> = {
  'deposit-failed': { title: m.resultFailedTitle, text: m.resultFailedText, icon: '❌' },
  'deposit-success': { title: m.resultSuccessTitle, text: m.resultSuccessText, icon: '✅' },
  'deposit-return': { title: m.resultReturnTitle, text: m.resultReturnText, icon: '↩️' },
  'deposit-decline': { title: m.resultDeclineTitle, text: m.resultDeclineText, icon: '⛔' },
  'deposit-cancel': { title: m.resultCancelTitle, text: m.resultCancelText, icon: '🚫' },
  'deposit-pending': { title: m.resultPendingTitle, text: m.resultPendingText, icon: '⏳' },
  'deposit-3ds-success': { title: m.result3dsTitle, text: m.result3dsText, icon: '🔐' },
};

const confirmed = new Set<string>();

/** 3-D Secure success: the webhook is called once with PaReq and MD from the URL. */
function useThreeDsConfirmation(active: boolean): 'idle' | 'pending' | 'done' | 'error' {
  const [state, setState] = useState<'idle' | 'pending' | 'done' | 'error'>('idle');
  const started = useRef(false);
  useEffect(() => {
    if (!active || started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const paReq = params.get('PaReq') ?? params.get('paReq');
    const md = params.get('MD') ?? params.get('md');
    if (!paReq || !md) return;
    const key = `${paReq}|${md}`;
    if (confirmed.has(key)) {
      setState('done');
      return;
    }
    confirmed.add(key);
    setState('pending');
    confirm3ds(paReq, md).then(
      () => setState('done'),
      () => setState('error'),
    );
  }, [active]);
  return state;
}

export function DepositResultModal({ modal }: { modal: string }) {
  const intl = useIntl();
  const { method, close } = useModal();
  const config = RESULT_MODALS[modal];
  const threeDs = useThreeDsConfirmation(modal === 'deposit-3ds-success');
  if (!config) return null;
  const failed = modal === 'deposit-failed';
  const methodName = method ?? intl.formatMessage(m.unknownMethod);

  const tryAlternative = () => {
    const alt = alternativeMethod(method);
    void logEvent('ALTERNATIVE_METHOD_BUTTON', { failedMethod: method, alternativeMethod: alt });
    navigate(withQuery('/deposit', { method: alt }));
  };

  return (
    <Modal open title={intl.formatMessage(config.title)} onClose={close}>
      <Stack $gap={4} $align="center" style={{ textAlign: 'center' }}>
        <div aria-hidden="true" style={{ fontSize: 48 }}>
          {config.icon}
        </div>
        <p style={{ margin: 0 }}>
          <FormattedMessage {...config.text} values={{ method: methodName }} />
        </p>
        {threeDs === 'pending' && <Spinner />}
        {threeDs === 'error' && (
          <Muted role="alert">
            <FormattedMessage {...m.result3dsError} />
          </Muted>
        )}
        <Stack $row $gap={3} $justify="center">
          {failed && (
            <Button onClick={tryAlternative}>
              <FormattedMessage {...m.tryAlternative} />
            </Button>
          )}
          <Button variant={failed ? 'secondary' : 'primary'} onClick={close}>
            <FormattedMessage {...(failed ? m.tryAgain : m.ok)} />
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
