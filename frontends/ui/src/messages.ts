import { defineMessages } from 'react-intl';

export const uiMessages = defineMessages({
  close: { id: 'ui.close', defaultMessage: 'Close' },
  loading: { id: 'ui.loading', defaultMessage: 'Loading…' },
  dismiss: { id: 'ui.dismiss', defaultMessage: 'Dismiss' },
  notifications: { id: 'ui.notifications', defaultMessage: 'Notifications' },
  loginRequiredTitle: { id: 'ui.loginRequired.title', defaultMessage: 'Log in to continue' },
  loginRequiredText: { id: 'ui.loginRequired.text', defaultMessage: 'This page is available to registered players.' },
  logIn: { id: 'ui.logIn', defaultMessage: 'Log in' },
  errorTitle: { id: 'ui.error.title', defaultMessage: 'Something went wrong' },
  errorText: { id: 'ui.error.text', defaultMessage: 'Try again later' },
  retry: { id: 'ui.retry', defaultMessage: 'Try again' },
});
