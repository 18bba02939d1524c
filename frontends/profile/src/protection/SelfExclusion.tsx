import { useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { endSession, isApiError } from '@casino/platform';
import { Button, Card, Field, Modal, Muted, Select, SectionTitle, Stack } from '@casino/ui';
import { m } from '../messages';
import { selfExclude, type ExclusionPeriod } from './api';

/** Self-exclusion options (SPEC section 9). */
export const EXCLUSION_PERIODS: { value: ExclusionPeriod; label: MessageDescriptor }[] = [
  { value: '1h', label: m.selfExcl1h },
  { value: '12h', label: m.selfExcl12h },
  { value: '1d', label: m.selfExcl1d },
  { value: '3d', label: m.selfExcl3d },
  { value: '1w', label: m.selfExcl1w },
  { value: '1m', label: m.selfExcl1m },
  { value: 'permanent', label: m.selfExclPermanent },
  { value: 'custom', label: m.selfExclCustom },
];

/** Bounds of a custom period (bff/protection). */
const MAX_MONTHS = 60;
const MAX_DAYS = 365;

function wholeNumber(s: string): number | null {
  if (s.trim() === '') return 0;
  return /^\d{1,4}$/.test(s.trim()) ? Number(s.trim()) : null;
}

/** The self-exclusion section of /profile2/freeze-account: choose, confirm, and be logged out. */
export function SelfExclusion() {
  const intl = useIntl();
  const [period, setPeriod] = useState<ExclusionPeriod>('1d');
  const [months, setMonths] = useState('');
  const [days, setDays] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const mo = wholeNumber(months);
  const d = wholeNumber(days);
  const customOk = mo != null && d != null && mo + d > 0 && mo <= MAX_MONTHS && d <= MAX_DAYS;
  const periodText =
    period === 'custom'
      ? intl.formatMessage(m.selfExclCustomPeriod, { months: mo ?? 0, days: d ?? 0, both: (mo ?? 0) > 0 && (d ?? 0) > 0 ? 'yes' : 'no' })
      : intl.formatMessage(EXCLUSION_PERIODS.find((p) => p.value === period)!.label).toLowerCase();

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const e = await selfExclude(period, mo ?? 0, d ?? 0);
      // Every session has ended on the server: this tab says why.
      endSession('selfExcluded', e.until ?? null, e.permanent);
    } catch (x) {
      setError(isApiError(x) ? x.message : String(x));
      setBusy(false);
    }
  };

  return (
    <Card data-testid="self-exclusion">
      <Stack $gap={3}>
        <SectionTitle style={{ margin: 0 }}>{intl.formatMessage(m.selfExclTitle)}</SectionTitle>
        <Muted>{intl.formatMessage(m.selfExclIntro)}</Muted>
        <Select
          label={intl.formatMessage(m.selfExclPeriod)}
          value={period}
          onChange={(e) => setPeriod(e.target.value as ExclusionPeriod)}
          options={EXCLUSION_PERIODS.map((p) => ({ value: p.value, label: intl.formatMessage(p.label) }))}
        />
        {period === 'custom' && (
          <>
            <Field label={intl.formatMessage(m.selfExclMonths)} inputMode="numeric" value={months} onChange={(e) => setMonths(e.target.value)} />
            <Field label={intl.formatMessage(m.selfExclDays)} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
            <Muted role={customOk || (months === '' && days === '') ? undefined : 'alert'}>{intl.formatMessage(m.selfExclCustomHint)}</Muted>
          </>
        )}
        <Button variant="danger" disabled={period === 'custom' && !customOk} onClick={() => setConfirming(true)}>
          {intl.formatMessage(m.selfExclSubmit)}
        </Button>
      </Stack>
      {confirming && (
        <Modal open title={intl.formatMessage(m.selfExclConfirmTitle)} onClose={() => !busy && setConfirming(false)} closeOnBackdrop={false}>
          <Stack $gap={3}>
            <p style={{ margin: 0 }}>
              {period === 'permanent' ? intl.formatMessage(m.selfExclConfirmPermanent) : intl.formatMessage(m.selfExclConfirmText, { period: periodText })}
            </p>
            {error && <Muted role="alert">{error}</Muted>}
            <Button variant="danger" block loading={busy} onClick={confirm}>
              {intl.formatMessage(m.selfExclConfirm)}
            </Button>
            <Button variant="secondary" block disabled={busy} onClick={() => setConfirming(false)}>
              {intl.formatMessage(m.selfExclCancel)}
            </Button>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
