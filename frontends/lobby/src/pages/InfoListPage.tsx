import { FormattedMessage } from 'react-intl';
import { EmptyState, LinkButton, Page, Icon } from '@casino/ui';
import { m } from '../messages';

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
