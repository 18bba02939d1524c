import { defineMessages } from '@casino/platform';

// The chat's texts: in the chat's lazy chunk, not the lobby's first-visit code.
export const m = defineMessages({
  chatTitle: { id: 'lobby.chat.title', defaultMessage: 'Chat' },
  chatEmpty: { id: 'lobby.chat.empty', defaultMessage: 'No messages yet.' },
  chatInput: { id: 'lobby.chat.input', defaultMessage: 'Your message' },
  chatSend: { id: 'lobby.chat.send', defaultMessage: 'Send' },
  chatLogin: { id: 'lobby.chat.login', defaultMessage: 'Log in to chat' },
  chatFailed: { id: 'lobby.chat.failed', defaultMessage: 'Something went wrong' },
  chatSettings: { id: 'lobby.chat.settings', defaultMessage: 'Chat settings' },
  chatGhost: { id: 'lobby.chat.ghost', defaultMessage: 'Ghost mode (hide my name)' },
  chatSound: { id: 'lobby.chat.sound', defaultMessage: 'Sound' },
  chatBigWins: { id: 'lobby.chat.bigWins', defaultMessage: 'Show big wins' },
  chatHide: { id: 'lobby.chat.hide', defaultMessage: 'Hide chat' },
  bigWinsTitle: { id: 'lobby.chat.bigWinsTitle', defaultMessage: 'Big wins' },
  bigWinLine: { id: 'lobby.chat.bigWinLine', defaultMessage: '{name} won {amount} on {game} ({multiplier}×)' },
});
