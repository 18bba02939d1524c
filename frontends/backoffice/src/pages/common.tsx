import { Button, Muted, Select, Stack } from '@casino/ui';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { fetchFile, type Member } from '../api';
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

/**
 * A file the back office fetches with the session's headers (a plain link
 * carries the cookie but not this tab's request token): a document opens in
 * a new tab, an export downloads.
 */
export function FileButton({ path, download, children, label }: { path: string; download?: string; children: ReactNode; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setBusy(true);
    setFailed(false);
    // Opened at once, in the click: a window opened after the fetch would be blocked.
    const win = download ? null : window.open('', '_blank');
    try {
      const file = await fetchFile(path);
      if (win) {
        win.location.href = file.url;
      } else {
        const a = document.createElement('a');
        a.href = file.url;
        a.download = download || file.name || 'download';
        document.body.appendChild(a);
        a.click();
        a.remove();
      }
      setTimeout(() => URL.revokeObjectURL(file.url), 60_000);
    } catch {
      win?.close();
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={open} loading={busy} aria-label={label}>
        {children}
      </Button>
      {failed && (
        <Muted role="alert" style={{ margin: 0 }}>
          <FormattedMessage {...m.loadFailed} />
        </Muted>
      )}
    </>
  );
}
