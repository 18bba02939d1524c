import { defineMessages } from '@casino/platform';

// The Game Pulse panel's texts: in its lazy chunk (players only).
export const m = defineMessages({
  pulseTitle: { id: 'lobby.pulse.title', defaultMessage: 'Game Pulse' },
  pulseRounds: { id: 'lobby.pulse.rounds', defaultMessage: '{rounds, plural, one {last # round} other {last # rounds}}' },
  pulseSummary: { id: 'lobby.pulse.summary', defaultMessage: '{rounds, plural, one {Net result of your last round} other {Net result over your last # rounds}}: {net}' },
  pulseEmpty: { id: 'lobby.pulse.empty', defaultMessage: 'Play a round to see your pulse here.' },
});
