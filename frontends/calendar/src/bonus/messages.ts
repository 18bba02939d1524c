import { defineMessages } from '@casino/platform';

/** The bonus calendar's texts (its own chunk: the modal's, not the /cashback page's first visit). */
export const bm = defineMessages({
  bonusMore: { id: 'calendar.bonus.more', defaultMessage: 'More' },
  bonusToday: { id: 'calendar.bonus.today', defaultMessage: "Today's bonus" },
  noBonusToday: { id: 'calendar.bonus.none', defaultMessage: 'No bonus today. Come back tomorrow!' },
  pastDay: { id: 'calendar.bonus.past', defaultMessage: 'Past day' },
  futureBonus: { id: 'calendar.bonus.future', defaultMessage: 'Upcoming bonus' },
  closedGift: { id: 'calendar.bonus.closed', defaultMessage: 'Closed gift' },
  cashbackLogin: { id: 'calendar.cashback.login', defaultMessage: 'Log in to get it' },
  cashbackTake: { id: 'calendar.cashback.take', defaultMessage: 'Get cashback' },
  cashbackPlacedTitle: { id: 'calendar.cashback.placed.title', defaultMessage: 'Cashback added to your calendar' },
  cashbackPlacedText: { id: 'calendar.cashback.placed.text', defaultMessage: '{amount} is on your rewards calendar for {day}: claim it there.' },
  cashbackFailedTitle: { id: 'calendar.cashback.failed.title', defaultMessage: 'No cashback' },
  cashbackOpenCalendar: { id: 'calendar.cashback.open', defaultMessage: 'Open the rewards calendar' },
  cashbackPercent: { id: 'calendar.cashback.percent', defaultMessage: '{percent}%' },
});
