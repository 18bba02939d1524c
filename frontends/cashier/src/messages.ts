import { defineMessages } from '@casino/platform';
import { titles } from './titles/messages';

export const m = {
  ...titles,
  ...defineMessages({
  amount: { id: 'cashier.amount', defaultMessage: 'Amount' },
  amountPresets: { id: 'cashier.amount.presets', defaultMessage: 'Quick amounts' },
  increase: { id: 'cashier.amount.increase', defaultMessage: 'Increase amount' },
  decrease: { id: 'cashier.amount.decrease', defaultMessage: 'Decrease amount' },
  amountPositive: { id: 'cashier.amount.positive', defaultMessage: 'The amount must be greater than 0' },
  paymentMethods: { id: 'cashier.methods', defaultMessage: 'Payment methods' },
  noMethodsTitle: { id: 'cashier.methods.empty.title', defaultMessage: 'No payment methods available' },
  noMethodsText: { id: 'cashier.methods.empty.text', defaultMessage: 'Payment methods are not available in your country or currency. If you use a VPN, switch it off.' },
  depositCta: { id: 'cashier.deposit.submit', defaultMessage: 'Deposit {amount}' },
  selectMethod: { id: 'cashier.deposit.selectMethod', defaultMessage: 'Choose a payment method' },
  minDepositBonus: { id: 'cashier.deposit.minBonus', defaultMessage: 'Minimum deposit for the bonus: {amount}' },
  required: { id: 'cashier.validation.required', defaultMessage: 'Required' },
  errGlobal: { id: 'cashier.error.GLOBAL_ERROR', defaultMessage: 'The cashier could not open. Verification may be needed.' },
  errCountryBlock: { id: 'cashier.error.DEPOSIT_COUNTRY_BLOCK', defaultMessage: 'Payment methods are unavailable in your country. If you use a VPN, switch it off.' },
  errEmailVerification: { id: 'cashier.error.REQUIRED_EMAIL_VERIFICATION', defaultMessage: 'Please verify your email address first.' },
  errLimit: { id: 'cashier.error.PAYMENT_LIMIT_THRESHOLD', defaultMessage: 'You reached your daily deposit limit.' },
  errFailed: { id: 'cashier.error.TRANSACTION_FAILED', defaultMessage: 'The transaction failed.' },
  errBelowZero: { id: 'cashier.error.AMOUNT_BELOW_ZERO', defaultMessage: 'The amount must be greater than 0' },
  errProviderLimit: { id: 'cashier.error.PAYMENT_PROVIDER_LIMIT_THRESHOLD', defaultMessage: 'Keep the amount between {min} and {max}.' },
  errProvider: { id: 'cashier.error.PROVIDER_ERROR', defaultMessage: 'There was a problem creating a query to the providers.' },
  errPhone: { id: 'cashier.error.PHONE_ERROR', defaultMessage: 'Phone number is too short. It must be at least 6 characters long.' },
  errCurrency: { id: 'cashier.error.PAYMENT_SERVICE_ERROR', defaultMessage: 'The service does not support this currency' },
  errDepositsNumber: { id: 'cashier.error.DEPOSITS_NUMBER', defaultMessage: 'This bonus is only for your first deposit' },
  errDepositsNumber2: { id: 'cashier.error.DEPOSITS_NUMBER2', defaultMessage: 'This bonus is for your {number, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} deposit' },
  // Card form (SPEC section 5).
  cardTitle: { id: 'cashier.card.title', defaultMessage: 'Card details' },
  checkFields: { id: 'cashier.validation.checkFields', defaultMessage: 'Please check fields with errors' },
  invalidFormat: { id: 'cashier.validation.invalidFormat', defaultMessage: 'Invalid format' },
  // Deposit page extras.
  redirectNotice: { id: 'cashier.deposit.redirect', defaultMessage: 'You will continue on the page of {method} to complete the payment.' },
  providerRange: { id: 'cashier.deposit.range', defaultMessage: 'From {min} to {max}' },
  changeSelection: { id: 'cashier.deposit.change', defaultMessage: 'Change' },
  selectedSummary: { id: 'cashier.deposit.summary', defaultMessage: '{amount} with {method}' },
  noBonus: { id: 'cashier.deposit.noBonus', defaultMessage: 'No bonus' },
  couponCode: { id: 'cashier.deposit.coupon', defaultMessage: 'Coupon code' },
  couponHint: { id: 'cashier.deposit.couponHint', defaultMessage: 'A coupon for a deposit bonus takes the place of the bonus chosen above.' },
  phone: { id: 'cashier.deposit.phone', defaultMessage: 'Phone number' },
  bonusesTitle: { id: 'cashier.deposit.bonuses', defaultMessage: 'Deposit bonuses' },
  // Crypto.
  cryptoNetwork: { id: 'cashier.crypto.network', defaultMessage: 'Network' },
  cryptoSelectNetwork: { id: 'cashier.crypto.selectNetwork', defaultMessage: 'Select network' },
  // Withdrawal.
  // History.
  errDeposit: { id: 'cashier.error.generic', defaultMessage: 'Deposit error' },
  }),
};
