import { defineMessages } from '@casino/platform';
import { m as common } from '../messages';

/** Messages of the card form and the crypto deposit, lazy chunks of the deposit page. `m` also carries the common messages. */
export const m = {
  ...common,
  ...defineMessages({
    cardNumber: { id: 'cashier.card.number', defaultMessage: 'Card number' },
    cardHolder: { id: 'cashier.card.holder', defaultMessage: 'Cardholder name' },
    cardExpiry: { id: 'cashier.card.expiry', defaultMessage: 'Expiry date (MM/YY)' },
    cardCvc: { id: 'cashier.card.cvc', defaultMessage: 'CVC' },
    cardNumberInvalid: { id: 'cashier.card.error.number', defaultMessage: 'Invalid card number' },
    cardCvcInvalid: { id: 'cashier.card.error.cvc', defaultMessage: 'CVC must be exactly 3 digits' },
    cardExpiryMonth: { id: 'cashier.card.error.expiryMonth', defaultMessage: 'Invalid month' },
    cardExpiryPast: { id: 'cashier.card.error.expiryPast', defaultMessage: 'Expiry date is in the past' },
    cardExpiryInvalid: { id: 'cashier.card.error.expiryInvalid', defaultMessage: 'Invalid expiry date' },
    cardSecure: { id: 'cashier.card.secure', defaultMessage: 'Your card details go straight to the payment processor. Your bank may ask you to confirm the payment (3-D Secure).' },
    cryptoMin: { id: 'cashier.crypto.min', defaultMessage: 'Minimum deposit: {amount}' },
    cryptoDepositTitle: { id: 'cashier.crypto.depositTitle', defaultMessage: 'Your deposit address' },
    cryptoAddressHint: { id: 'cashier.crypto.addressHint', defaultMessage: 'Send only {currency} on the {network} network to this address. The deposit is credited after {confirmations} confirmations.' },
    cryptoCopy: { id: 'cashier.crypto.copy', defaultMessage: 'Copy address' },
    cryptoCopied: { id: 'cashier.crypto.copied', defaultMessage: 'Address copied' },
    cryptoCopyFailed: { id: 'cashier.crypto.copyFailed', defaultMessage: 'Could not copy the address' },
    cryptoQr: { id: 'cashier.crypto.qr', defaultMessage: 'QR code of the deposit address' },
  }),
};
