import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { armRealityCheck, clearSession, formatMoney, isApiError, navigate, useModal, useSearchParams } from '@casino/platform';
import { Button, Modal, Muted, Skeleton, Stack } from '@casino/ui';
import { m } from '../messages';
import { continueAfterRealityCheck, logout, useRealityCheck } from '../protection/api';

/**
 * ?modal=session-ended&reason=sessionLimit|selfExcluded[&until=ISO|permanent]:
 * why the player was logged out (platform protection.ts opens it in every tab).
 */
export function SessionEndedModal() {
  const intl = useIntl();
  const { close } = useModal();
  const params = useSearchParams();
  const reason = params.get('reason');
  const until = params.get('until');
  let text = intl.formatMessage(m.sessionEndedLimit);
  if (reason === 'selfExcluded') {
    text =
      until === 'permanent' || !until
        ? intl.formatMessage(m.sessionEndedExcludedPermanent)
        : intl.formatMessage(m.sessionEndedExcluded, { date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) });
  }
  const ok = () => navigate('/', { replace: true });
  return (
    <Modal open title={intl.formatMessage(m.sessionEndedTitle)} onClose={close} closeOnBackdrop={false}>
      <Stack $gap={4}>
        <p role="alert" data-testid="session-ended" style={{ margin: 0 }}>
          {text}
        </p>
        <Button block onClick={ok}>
          {intl.formatMessage(m.sessionEndedOk)}
        </Button>
      </Stack>
    </Modal>
  );
}

/** How long ago the session began, as the reality check says it. */
export function duration(seconds: number, intl: Pick<ReturnType<typeof useIntl>, 'formatMessage'>): string {
  if (seconds < 60) return intl.formatMessage(m.underAMinute);
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (h > 0) parts.push(intl.formatMessage(m.hoursValue, { n: h }));
  parts.push(intl.formatMessage(m.minutesValue, { n: min }));
  return parts.join(' ');
}

/**
 * ?modal=reality-check: time since log-in, stakes and net result this
 * session, with Continue and Log out. Real-money rounds are refused by the
 * server (REALITY_CHECK_DUE) until the player answers.
 */
export function RealityCheckModal() {
  const intl = useIntl();
  const { close } = useModal();
  const rc = useRealityCheck();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The figures are those of the moment it opened: read them once more so
  // a modal opened from a timer shows the latest rounds.
  useEffect(() => {
    rc.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const carryOn = async () => {
    setBusy(true);
    setError(null);
    try {
      await continueAfterRealityCheck();
      close();
      void armRealityCheck();
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    setBusy(true);
    try {
      await logout();
    } catch {
      // Logged out locally either way.
    }
    clearSession();
    navigate('/', { replace: true });
  };
  const d = rc.data;
  return (
    // Closing it is an answer too: it counts as Continue (never a silent dismissal).
    <Modal open title={intl.formatMessage(m.realityModalTitle)} onClose={() => void (busy ? undefined : carryOn())} closeOnBackdrop={false}>
      <Stack $gap={3} data-testid="reality-check">
        {!d ? (
          <Skeleton $height="96px" />
        ) : (
          <>
            <p style={{ margin: 0 }}>{intl.formatMessage(m.realityElapsed, { duration: duration(d.elapsedSeconds, intl) })}</p>
            <p style={{ margin: 0 }}>{intl.formatMessage(m.realityStakes, { amount: formatMoney(d.stakes, d.currency) })}</p>
            <p style={{ margin: 0 }}>{intl.formatMessage(m.realityNet, { amount: formatMoney(d.net, d.currency) })}</p>
          </>
        )}
        <Muted>{intl.formatMessage(m.realityPaused)}</Muted>
        {error && <Muted role="alert">{error}</Muted>}
        <Button block loading={busy} onClick={carryOn}>
          {intl.formatMessage(m.realityContinue)}
        </Button>
        <Button block variant="secondary" disabled={busy} onClick={leave}>
          {intl.formatMessage(m.realityLogout)}
        </Button>
      </Stack>
    </Modal>
  );
}
