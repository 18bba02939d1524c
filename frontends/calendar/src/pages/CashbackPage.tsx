import { useIntl } from 'react-intl';
import { useSession } from '@casino/platform';
import { Page, PageTitle, SectionTitle, Stack } from '@casino/ui';
import { Accumulator } from '../components/Accumulator';
import { RakebackCalendar } from '../components/RakebackCalendar';
import { m } from '../messages';

export function CashbackPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.cashbackTitle)}</PageTitle>
      <Stack $gap={6}>
        {authenticated && <Accumulator />}
        <section>
          <SectionTitle>{intl.formatMessage(m.rakebackCalendar)}</SectionTitle>
          <RakebackCalendar />
        </section>
      </Stack>
    </Page>
  );
}
