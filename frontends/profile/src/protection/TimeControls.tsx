import { useState } from 'react';
import { useIntl } from 'react-intl';
import { armRealityCheck, armSessionLimit, isApiError } from '@casino/platform';
import { Button, Card, ErrorState, Field, Muted, Select, SectionTitle, Skeleton, Stack } from '@casino/ui';
import { m } from '../messages';
import { cancelPendingSessionLimit, removeSessionLimit, setRealityCheck, setSessionLimit, useRealityCheck, useSessionLimit } from './api';

export type LimitUnit = 'minutes' | 'hours' | 'days';

/** SPEC 5: minimum 10 minutes, 1 hour or 1 day by unit; maximum 720 hours or 30 days. */
export const UNIT_BOUNDS: Record<LimitUnit, { min: number; max: number; minutes: number }> = {
  minutes: { min: 10, max: 720 * 60, minutes: 1 },
  hours: { min: 1, max: 720, minutes: 60 },
  days: { min: 1, max: 30, minutes: 24 * 60 },
};

/** Reality-check intervals in minutes (0: off). */
export const REALITY_INTERVALS = [0, 15, 30, 60] as const;

/** Checks a typed limit: the minutes, or which bound it breaks. */
export function sessionLimitMinutes(value: string, unit: LimitUnit): { minutes: number } | { error: 'invalid' | 'min' | 'max' } {
  const v = value.trim();
  if (!/^\d{1,6}$/.test(v)) return { error: 'invalid' };
  const n = Number(v);
  const b = UNIT_BOUNDS[unit];
  if (n < b.min) return { error: 'min' };
  if (n > b.max) return { error: 'max' };
  return { minutes: n * b.minutes };
}

function useLimitText() {
  const intl = useIntl();
  return (minutes: number) => {
    if (minutes % (24 * 60) === 0) return intl.formatMessage(m.daysValue, { n: minutes / (24 * 60) });
    if (minutes % 60 === 0) return intl.formatMessage(m.hoursValue, { n: minutes / 60 });
    return intl.formatMessage(m.minutesValue, { n: minutes });
  };
}

/** The session time limit card of /profile2/limits. */
export function SessionLimitCard() {
  const intl = useIntl();
  const q = useSessionLimit();
  const text = useLimitText();
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<LimitUnit>('minutes');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const checked = value.trim() === '' ? null : sessionLimitMinutes(value, unit);
  const fieldError =
    checked && 'error' in checked
      ? checked.error === 'min'
        ? intl.formatMessage(m.sessionLimitMin, { min: UNIT_BOUNDS[unit].min, unit })
        : checked.error === 'max'
          ? intl.formatMessage(m.sessionLimitMax, { max: UNIT_BOUNDS[unit].max, unit })
          : intl.formatMessage(m.invalidFormat)
      : undefined;

  const run = async (action: () => Promise<{ applied: boolean; effectiveAt?: string }>, failed: typeof m.sessionLimitUpdateFailed) => {
    setBusy(true);
    setNote(null);
    try {
      const res = await action();
      setNote({ ok: true, text: res.applied ? intl.formatMessage(m.sessionLimitSaved) : intl.formatMessage(m.sessionLimitPendingSaved, { date: date(res.effectiveAt ?? '') }) });
      setValue('');
      q.refetch();
      void armSessionLimit();
    } catch (e) {
      setNote({ ok: false, text: intl.formatMessage(failed, { reason: isApiError(e) ? e.message : '' }).trim() });
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    if (!checked || 'error' in checked) return;
    void run(() => setSessionLimit(checked.minutes), m.sessionLimitUpdateFailed);
  };
  const remove = () => void run(removeSessionLimit, m.sessionLimitRemoveFailed);

  if (q.error) return <ErrorState message={q.error.message} onRetry={q.refetch} />;
  const l = q.data;
  return (
    <Card data-testid="session-limit">
      <Stack $gap={2}>
        <SectionTitle style={{ margin: 0 }}>{intl.formatMessage(m.sessionLimitTitle)}</SectionTitle>
        <Muted>{intl.formatMessage(m.sessionLimitIntro)}</Muted>
        {!l ? (
          <Skeleton $height="48px" />
        ) : (
          <>
            <span data-testid="session-limit-current">
              {l.minutes > 0 ? intl.formatMessage(m.sessionLimitCurrent, { value: text(l.minutes) }) : intl.formatMessage(m.sessionLimitNone)}
            </span>
            {l.endsAt && <Muted>{intl.formatMessage(m.sessionLimitEnds, { date: date(l.endsAt) })}</Muted>}
            {l.pending && (
              <span data-testid="session-limit-pending">
                {l.pending.minutes > 0
                  ? intl.formatMessage(m.sessionLimitPending, { value: text(l.pending.minutes), date: date(l.pending.effectiveAt) })
                  : intl.formatMessage(m.sessionLimitPendingRemoval, { date: date(l.pending.effectiveAt) })}{' '}
                <Button size="sm" variant="secondary" onClick={() => cancelPendingSessionLimit().then(q.refetch)}>
                  {intl.formatMessage(m.limitCancelPending)}
                </Button>
              </span>
            )}
          </>
        )}
        <Field label={intl.formatMessage(m.sessionLimitValue)} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} error={fieldError} />
        <Select
          label={intl.formatMessage(m.sessionLimitUnit)}
          value={unit}
          onChange={(e) => setUnit(e.target.value as LimitUnit)}
          options={[
            { value: 'minutes', label: intl.formatMessage(m.unitMinutes) },
            { value: 'hours', label: intl.formatMessage(m.unitHours) },
            { value: 'days', label: intl.formatMessage(m.unitDays) },
          ]}
        />
        <Button variant="secondary" loading={busy} disabled={!checked || 'error' in checked} onClick={save}>
          {intl.formatMessage(m.sessionLimitSave)}
        </Button>
        {l && l.minutes > 0 && !(l.pending && l.pending.minutes === 0) && (
          <Button variant="ghost" disabled={busy} onClick={remove}>
            {intl.formatMessage(m.sessionLimitRemove)}
          </Button>
        )}
        {note && (
          <Muted role={note.ok ? 'status' : 'alert'} style={{ color: note.ok ? undefined : 'var(--c-danger, #f87171)' }}>
            {note.text}
          </Muted>
        )}
      </Stack>
    </Card>
  );
}

/** The reality-check card of /profile2/limits. */
export function RealityCheckCard() {
  const intl = useIntl();
  const q = useRealityCheck();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  if (q.error) return <ErrorState message={q.error.message} onRetry={q.refetch} />;
  const current = choice ?? String(q.data?.intervalMinutes ?? 0);
  const save = async () => {
    setBusy(true);
    setNote(null);
    try {
      await setRealityCheck(Number(current));
      setNote({ ok: true, text: intl.formatMessage(m.realitySaved) });
      q.refetch();
      void armRealityCheck();
    } catch (e) {
      setNote({ ok: false, text: isApiError(e) ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="reality-check-settings">
      <Stack $gap={2}>
        <SectionTitle style={{ margin: 0 }}>{intl.formatMessage(m.realityTitle)}</SectionTitle>
        <Muted>{intl.formatMessage(m.realityIntro)}</Muted>
        <Select
          label={intl.formatMessage(m.realityInterval)}
          value={current}
          onChange={(e) => setChoice(e.target.value)}
          options={REALITY_INTERVALS.map((n) => ({ value: String(n), label: n === 0 ? intl.formatMessage(m.realityOff) : intl.formatMessage(m.realityMinutes, { n }) }))}
        />
        <Button variant="secondary" loading={busy} disabled={!q.data} onClick={save}>
          {intl.formatMessage(m.realitySave)}
        </Button>
        {note && <Muted role={note.ok ? 'status' : 'alert'}>{note.text}</Muted>}
      </Stack>
    </Card>
  );
}
