import { defineMessages } from '@casino/platform';
import { m as common } from '../messages';

/** Messages of the deposit result modals only (the modal app and the lazy pages do not share them). `m` also carries the common messages. */
export const m = {
  ...common,
  ...defineMessages({
    resultFailedTitle: { id: 'cashier.result.failed.title', defaultMessage: 'Deposit failed' },
    resultFailedText: { id: 'cashier.result.failed.text', defaultMessage: 'Your deposit with {method} could not be completed.' },
    resultSuccessTitle: { id: 'cashier.result.success.title', defaultMessage: 'Deposit successful' },
    resultSuccessText: { id: 'cashier.result.success.text', defaultMessage: 'Your deposit was received. Good luck!' },
    resultReturnTitle: { id: 'cashier.result.return.title', defaultMessage: 'Deposit returned' },
    resultReturnText: { id: 'cashier.result.return.text', defaultMessage: 'The payment provider returned your deposit.' },
    resultDeclineTitle: { id: 'cashier.result.decline.title', defaultMessage: 'Deposit declined' },
    resultDeclineText: { id: 'cashier.result.decline.text', defaultMessage: 'Your bank or payment provider declined the deposit.' },
    resultCancelTitle: { id: 'cashier.result.cancel.title', defaultMessage: 'Deposit cancelled' },
    resultCancelText: { id: 'cashier.result.cancel.text', defaultMessage: 'The deposit was cancelled. No money was taken.' },
    resultPendingTitle: { id: 'cashier.result.pending.title', defaultMessage: 'Deposit pending' },
    resultPendingText: { id: 'cashier.result.pending.text', defaultMessage: 'Your deposit is being processed. We will let you know when it is done.' },
    result3dsTitle: { id: 'cashier.result.3ds.title', defaultMessage: '3-D Secure check passed' },
    result3dsText: { id: 'cashier.result.3ds.text', defaultMessage: 'Thank you. We are completing your deposit.' },
    result3dsDone: { id: 'cashier.result.3ds.done', defaultMessage: 'Your deposit is complete. Good luck!' },
    result3dsError: { id: 'cashier.result.3ds.error', defaultMessage: 'We could not confirm the 3-D Secure check. Try again later.' },
    tryAlternative: { id: 'cashier.result.alternative', defaultMessage: 'Try another payment method' },
    tryCard: { id: 'cashier.result.alternativeCard', defaultMessage: 'Pay by card' },
    balanceNow: { id: 'cashier.result.balance', defaultMessage: 'Your balance: {amount}' },
    tryAgain: { id: 'cashier.result.tryAgain', defaultMessage: 'Try again' },
    ok: { id: 'cashier.result.ok', defaultMessage: 'OK' },
    unknownMethod: { id: 'cashier.result.unknownMethod', defaultMessage: 'this method' },
  }),
};
