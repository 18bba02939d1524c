import { defineMessages } from '@casino/platform';

// The page titles: all the cashier's first chunk needs (a visitor's log-in
// prompt), apart from the rest of its texts in messages.ts.
export const titles = defineMessages({
  depositTitle: { id: 'cashier.deposit.title', defaultMessage: 'Deposit' },
  withdrawTitle: { id: 'cashier.withdraw.title', defaultMessage: 'Withdraw' },
  transactionsTitle: { id: 'cashier.transactions.title', defaultMessage: 'Transactions' },
  balanceTitle: { id: 'cashier.balance.title', defaultMessage: 'Balance' },
  myHistoryTitle: { id: 'cashier.myHistory.title', defaultMessage: 'My history' },
});
