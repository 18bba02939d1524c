import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '@casino/platform';
import { Page, PageTitle, SectionTitle, Stack } from '@casino/ui';
import { Accumulator } from '../components/Accumulator';
import { BonusCalendar } from '../components/BonusCalendar';
import { ClaimsFeed } from '../components/ClaimsFeed';
import { RakebackCalendar } from '../components/RakebackCalendar';
import { m } from '../messages';

/** /cashback: the accumulator, the rakeback calendar, the bonus calendar (its cashback lands on the rakeback calendar) and the feed of claims. */
export function CashbackPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const [placed, setPlaced] = useState(0);
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.cashbackTitle)}</PageTitle>
      <ClaimsFeed />
      <Stack $gap={6}>
        {authenticated && <Accumulator />}
        <section>
          <SectionTitle>{intl.formatMessage(m.rakebackCalendar)}</SectionTitle>
          <RakebackCalendar refreshKey={placed} />
        </section>
        <section>
          <SectionTitle>{intl.formatMessage(m.bonusCalendarTitle)}</SectionTitle>
          <BonusCalendar onPlaced={() => setPlaced((n) => n + 1)} />
        </section>
      </Stack>
    </Page>
  );
}
