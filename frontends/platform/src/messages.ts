import { defineMessages } from './defineMessages';

export const platformMessages = defineMessages({
  crash: { id: 'platform.crash', defaultMessage: 'Something went wrong' },
  crashHint: { id: 'platform.crashHint', defaultMessage: 'Please reload the page or try again later.' },
});
