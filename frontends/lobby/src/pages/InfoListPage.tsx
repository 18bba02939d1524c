import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { EmptyState, LinkButton, Page, PageTitle, Icon } from '@casino/ui';
import { m } from '../messages';

/** Providers and tournaments: layout only in this release (lists come later). */
export function InfoListPage({ title, empty, icon }: { title: MessageDescriptor; empty: MessageDescriptor; icon: ReactNode }) {
  const intl = useIntl();
  return (
    <Page>
      <PageTitle>{intl.formatMessage(title)}</PageTitle>
      <EmptyState icon={icon} title={<FormattedMessage {...empty} />} />
    </Page>
  );
}

export function NotFound() {
  return (
    <Page>
      <EmptyState
        icon={<Icon name="compass" />}
        title={<FormattedMessage {...m.notFoundTitle} />}
        action={
          <LinkButton href="/">
            <FormattedMessage {...m.goHome} />
          </LinkButton>
        }
      />
    </Page>
  );
}
