import { useQuery } from '@casino/platform';
import { Card, Muted, SectionTitle, Stack, Table, type Column } from '@casino/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { backoffice, type Release, type ReleaseSet } from '../api';
import { m } from '../messages';
import { Failed, Notice, shortTime, type ScreenProps } from './common';
import { ReasonAction } from './ReasonAction';

/** Every micro-frontend's releases: roll back, or activate a published version (as `casino frontends`). */
export function ReleasesPage({ member }: ScreenProps) {
  const intl = useIntl();
  const [notice, setNotice] = useState('');
  const list = useQuery('releases', (signal) => backoffice.releases(signal));
  const canWrite = member.permissions.includes('releases.write');
  const moved = (r: Release) => {
    setNotice(intl.formatMessage(m.releaseMoved, { name: r.name, version: r.version }));
    list.refetch();
  };

  const columns = (set: ReleaseSet): Column<Release>[] => {
    const cols: Column<Release>[] = [
      { key: 'version', header: intl.formatMessage(m.colVersion), render: (r) => <code>{r.version}</code> },
      { key: 'published', header: intl.formatMessage(m.colPublished), render: (r) => shortTime(r.publishedAt) },
      {
        key: 'status',
        header: intl.formatMessage(m.colStatus),
        render: (r) =>
          r.current
            ? intl.formatMessage(m.current)
            : r.canary
              ? intl.formatMessage(m.canary, { percent: r.canary })
              : r.rolledBackReason
                ? intl.formatMessage(m.rolledBack, { reason: r.rolledBackReason })
                : '',
      },
    ];
    if (canWrite) {
      cols.push({
        key: 'actions',
        header: intl.formatMessage(m.colActions),
        render: (r) =>
          r.current ? null : (
            <ReasonAction
              label={<FormattedMessage {...m.activate} />}
              ariaLabel={`${intl.formatMessage(m.activate)} ${set.name} ${r.version}`}
              reasonRequired
              onConfirm={async (reason) => moved(await backoffice.activate(set.name, r.version, reason))}
            />
          ),
      });
    }
    return cols;
  };

  if (list.error) return <Failed onRetry={list.refetch} />;
  return (
    <section aria-label={intl.formatMessage(m.navReleases)}>
      {notice && <Notice role="status">{notice}</Notice>}
      <Stack $gap={4}>
        {(list.data ?? []).map((set) => {
          const current = set.releases.find((r) => r.current);
          return (
            <Card key={set.name} aria-label={set.name} data-release={set.name}>
              <Stack $row $wrap $justify="space-between" $align="center" $gap={2}>
                <SectionTitle>
                  {set.name} {current && <code>{current.version}</code>}
                </SectionTitle>
                {canWrite && set.canRollBack && (
                  <ReasonAction
                    label={<FormattedMessage {...m.rollBack} />}
                    ariaLabel={`${intl.formatMessage(m.rollBack)} ${set.name}`}
                    variant="danger"
                    reasonRequired
                    onConfirm={async (reason) => moved(await backoffice.rollback(set.name, reason))}
                  />
                )}
              </Stack>
              {set.releases.length === 0 ? (
                <Muted>
                  <FormattedMessage {...m.noReleases} />
                </Muted>
              ) : (
                <Table columns={columns(set)} rows={set.releases.slice(0, 10)} rowKey={(r) => r.version} />
              )}
            </Card>
          );
        })}
      </Stack>
    </section>
  );
}
