import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isApiError } from '@casino/platform';
import { Button, Card, Muted, Select, Stack } from '@casino/ui';
import { m } from '../messages';
import { freezeAccount } from './api';

/** Freeze options (SPEC section 9): 1 day (24h), 3, 7, 10 days. */
export const FREEZE_DAYS = [1, 3, 7, 10] as const;

/** /profile2/freeze-account: lock bets and deposits for a period that cannot be shortened. */
export function Freeze() {
  const intl = useIntl();
  const [days, setDays] = useState<string>('1');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const label = (d: number) => (d === 1 ? intl.formatMessage(m.freezeDay24) : intl.formatMessage(m.freezeDays, { days: d }));
  const submit = async () => {
    setBusy(true);
    setNote(null);
    try {
      const { frozenUntil } = await freezeAccount(Number(days));
      setNote({ ok: true, text: intl.formatMessage(m.freezeDone, { date: intl.formatDate(frozenUntil, { dateStyle: 'medium', timeStyle: 'short' }) }) });
    } catch (e) {
      setNote({ ok: false, text: isApiError(e) ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <Stack $gap={3}>
        <Muted>{intl.formatMessage(m.freezeIntro)}</Muted>
        <Select label={intl.formatMessage(m.menuFreezeAccount)} value={days} onChange={(e) => setDays(e.target.value)} options={FREEZE_DAYS.map((d) => ({ value: String(d), label: label(d) }))} />
        <Button variant="danger" loading={busy} onClick={submit}>
          {intl.formatMessage(m.freezeSubmit)}
        </Button>
        {note && <Muted role={note.ok ? 'status' : 'alert'}>{note.text}</Muted>}
      </Stack>
    </Card>
  );
}
