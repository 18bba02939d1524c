import { Button, Muted, Select, Stack } from '@casino/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import type { Member } from '../api';
import { m } from '../messages';

export interface ScreenProps {
  member: Member;
}

/** The outcome of the last action, read out by screen readers. */
export const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  white-space: normal;
`;

export function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack $gap={2} role="alert">
      <Muted>
        <FormattedMessage {...m.loadFailed} />
      </Muted>
      <div>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          <FormattedMessage {...m.retry} />
        </Button>
      </div>
    </Stack>
  );
}

export function StatusFilter({ value, options, onChange }: { value: string; options: [string, MessageDescriptor][]; onChange: (v: string) => void }) {
  const intl = useIntl();
  return (
    <div style={{ maxWidth: 220 }}>
      <Select
        label={intl.formatMessage(m.status)}
        value={value}
        options={options.map(([v, label]) => ({ value: v, label: intl.formatMessage(label) }))}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Stack $row $wrap $gap={3} $align="flex-end" $justify="space-between">
      {children}
    </Stack>
  );
}

/** "2026-11-26T12:00:00.000Z" → "2026-11-26 12:00" (UTC, as the server stores it). */
export const shortTime = (s: string | undefined) => (s ? s.replace('T', ' ').slice(0, 16) : '');
