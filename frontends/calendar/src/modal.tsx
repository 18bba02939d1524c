import { useIntl } from 'react-intl';
import { createLifecycles, peekSettings, useModal, useSession } from '@casino/platform';
import { LoginRequired, Modal, Stack, themeFromSettings, ToastProvider } from '@casino/ui';
import { Accumulator } from './components/Accumulator';
import { BonusCalendar } from './bonus/BonusCalendar';
import { ClaimsFeed } from './components/ClaimsFeed';
import { RakebackCalendar } from './components/RakebackCalendar';
import { m } from './messages';

function CalendarModals() {
  const intl = useIntl();
  const { modal, close, open } = useModal();
  const { authenticated } = useSession();
  if (modal === 'calendar')
    return (
      <Modal open title={intl.formatMessage(m.bonusCalendarTitle)} onClose={close} width={760}>
        <BonusCalendar />
      </Modal>
    );
  if (modal === 'rakeback')
    return (
      <Modal open title={intl.formatMessage(m.rakebackTitle)} onClose={close} width={860}>
        <Stack $gap={4}>
          <ClaimsFeed />
          {authenticated ? <Accumulator /> : <LoginRequired onLogin={() => open('login')} />}
          <RakebackCalendar />
        </Stack>
      </Modal>
    );
  return null;
}

export const { bootstrap, mount, unmount } = createLifecycles({
  name: 'calendar-modal',
  theme: themeFromSettings(peekSettings()?.theme),
  Root: CalendarModals,
  Wrapper: ToastProvider,
});
