import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSession, useSettings } from '@casino/platform';
import { Button, Card, Stack } from '@casino/ui';
import { isWaived, liftBlock, readBlockData, reportOnce, reverify, type ReverifyResult } from './block';
import { m } from './messages';

const Screen = styled.section`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal + 50};
  overflow: auto;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.background};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

type Status = 'idle' | 'locating' | ReverifyResult['status'];

export function CountryBlockNotice() {
  const intl = useIntl();
  const settings = useSettings();
  const { authenticated } = useSession();
  const [data] = useState(readBlockData);
  const [waived, setWaived] = useState(() => authenticated || isWaived());
  const [status, setStatus] = useState<Status>('idle');
  const [resolved, setResolved] = useState<string | null>(null);

  useEffect(() => {
    if (waived || authenticated) {
      liftBlock();
      return;
    }
    if (data) void reportOnce(data, window.location.pathname + window.location.search);
  }, [waived, authenticated, data]);

  if (waived || authenticated) return null;

  const onReverify = async () => {
    setStatus('locating');
    const r = await reverify();
    setStatus(r.status);
    if (r.status === 'verified' || r.status === 'blocked') setResolved(r.country);
    if (r.status === 'verified') setTimeout(() => setWaived(true), 1200);
  };

  const country = data?.countryName && data.country ? `${data.countryName} (${data.country})` : data?.countryName || data?.country || intl.formatMessage(m.unknown);
  const email = settings?.supportEmail;
  const statusText = {
    idle: null,
    locating: intl.formatMessage(m.locating),
    verified: intl.formatMessage(m.verified),
    blocked: intl.formatMessage(m.stillBlocked, { country: resolved ?? '' }),
    denied: intl.formatMessage(m.denied),
    timeout: intl.formatMessage(m.timeout),
    unavailable: intl.formatMessage(m.unavailable),
    'unknown-location': intl.formatMessage(m.unknownLocation),
    error: intl.formatMessage(m.error),
  }[status];

  return (
    <Screen role="dialog" aria-modal="true" aria-labelledby="cb-title" aria-describedby="cb-text">
      <Card style={{ maxWidth: 640, width: '100%' }}>
        <Stack $gap={5}>
          <div>
            <h1 id="cb-title" style={{ marginTop: 0 }}>
              <FormattedMessage {...m.title} />
            </h1>
            <p id="cb-text">
              <FormattedMessage {...m.text} values={{ brand: settings?.brandName ?? '' }} />
            </p>
          </div>
          <Facts>
            <dt>{intl.formatMessage(m.detectedCountry)}</dt>
            <dd data-field="country">{country}</dd>
            <dt>{intl.formatMessage(m.ip)}</dt>
            <dd data-field="ip">{data?.ip || intl.formatMessage(m.unknown)}</dd>
            <dt>{intl.formatMessage(m.date)}</dt>
            <dd data-field="date">{data?.date ? <time dateTime={data.date}>{intl.formatDate(data.date, { dateStyle: 'long', timeStyle: 'short' })}</time> : '—'}</dd>
          </Facts>
          <section aria-labelledby="cb-reverify">
            <h2 id="cb-reverify">
              <FormattedMessage {...m.reverifyTitle} />
            </h2>
            <p>
              <FormattedMessage {...m.reverifyText} />
            </p>
            <Button size="lg" loading={status === 'locating'} onClick={onReverify} data-replay="reverify-location">
              <FormattedMessage {...m.reverifyButton} />
            </Button>
            <p role="status" aria-live="polite" data-status={status}>
              {statusText}
            </p>
          </section>
          <section aria-labelledby="cb-help">
            <h2 id="cb-help">
              <FormattedMessage {...m.helpTitle} />
            </h2>
            {email ? (
              <p>
                <FormattedMessage {...m.helpText} /> <a href={`mailto:${email}`}>{email}</a>
              </p>
            ) : (
              <p>
                <FormattedMessage {...m.helpNoEmail} />
              </p>
            )}
          </section>
        </Stack>
      </Card>
    </Screen>
  );
}
