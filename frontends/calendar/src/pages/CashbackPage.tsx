import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useModal, useSession } from '@casino/platform';
import { Button, Page, PageTitle, SectionTitle, Skeleton, Stack } from '@casino/ui';
import { ClaimsFeed } from '../components/ClaimsFeed';
import { RakebackCalendar } from '../components/RakebackCalendar';
import { m } from '../messages';

// Players only: a visitor's first visit does not download it.
const Accumulator = lazy(() => import('../components/Accumulator').then((x) => ({ default: x.Accumulator })));

/**
 * /cashback: the accumulator, the rakeback calendar and the feed of claims.
 * The bonus calendar (whose cashback lands on the rakeback calendar) opens
 * as its modal (?modal=calendar): it stays out of this page's first visit.
 */
export function CashbackPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.cashbackTitle)}</PageTitle>
      <ClaimsFeed />
      <Stack $gap={6}>
        {authenticated && (
          <Suspense fallback={<Skeleton $height="150px" />}>
            <Accumulator />
          </Suspense>
        )}
        <section>
          <Stack $row $wrap $gap={3} $align="center" $justify="space-between">
            <SectionTitle>{intl.formatMessage(m.rakebackCalendar)}</SectionTitle>
            <Button size="sm" variant="secondary" onClick={() => open('calendar')}>
              {intl.formatMessage(m.openBonusCalendar)}
            </Button>
          </Stack>
          <RakebackCalendar />
        </section>
      </Stack>
    </Page>
  );
}
