import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { isApiError, put, useApi } from '@casino/platform';
import { Card, ErrorState, Muted, Skeleton, Stack } from '@casino/ui';
import { PROFILE_API } from '../api';
import { m } from '../messages';

const SwitchRow = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  cursor: pointer;
  font-weight: 600;
  input {
    width: 44px;
    height: 24px;
    accent-color: ${({ theme }) => theme.colors.primary};
    flex: none;
    cursor: pointer;
  }
`;

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
};

/**
 * The rewards calendar switch (SPEC section 6: players may opt out of the
 * reward calendar). Off: the calendar's rakeback and cashback cannot be
 * claimed and the calendar shows how to turn it back on (docs/rewards.md).
 */
export function RewardsCalendarSetting() {
  const intl = useIntl();
  const id = useId();
  const query = { timeZone: browserZone() };
  const { data, loading, error, refetch } = useApi<{ optedOut: boolean }>(PROFILE_API.rewardsCalendar, { auth: true, query });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [optedOut, setOptedOut] = useState<boolean | null>(null);
  const off = optedOut ?? data?.optedOut ?? false;
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  if (loading && !data) return <Skeleton $height="96px" />;
  const change = async (on: boolean) => {
    setSaving(true);
    setFailure(null);
    try {
      const res = await put<{ optedOut: boolean }>(PROFILE_API.rewardsCalendar, { optedOut: !on }, { query });
      setOptedOut(res.optedOut);
    } catch (e) {
      setFailure(isApiError(e) && e.message ? e.message : intl.formatMessage(m.bonusCancelFailed));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card data-testid="rewards-calendar-setting">
      <Stack $gap={2}>
        <SwitchRow htmlFor={id}>
          <span>{intl.formatMessage(m.rewardsCalendarLabel)}</span>
          <input id={id} type="checkbox" role="switch" checked={!off} aria-checked={!off} disabled={saving} aria-describedby={`${id}-hint`} onChange={(e) => change(e.target.checked)} />
        </SwitchRow>
        <Muted id={`${id}-hint`}>{intl.formatMessage(off ? m.rewardsCalendarOff : m.rewardsCalendarOn)}</Muted>
        {failure && <p role="alert">{failure}</p>}
      </Stack>
    </Card>
  );
}
