import { FormattedMessage } from 'react-intl';
import { uiMessages } from '../messages';
import { Button } from './Button';
import { Icon } from './Icons';
import { EmptyState } from './Layout';

/** Shown instead of a player-only page to visitors. */
export function LoginRequired({ onLogin }: { onLogin: () => void }) {
  return (
    <EmptyState
      icon={<Icon name="lock" />}
      title={<FormattedMessage {...uiMessages.loginRequiredTitle} />}
      description={<FormattedMessage {...uiMessages.loginRequiredText} />}
      action={
        <Button onClick={onLogin}>
          <FormattedMessage {...uiMessages.logIn} />
        </Button>
      }
    />
  );
}

/** Error state of a data call; `message` is the server's text when it gave one. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <EmptyState
      tone="error"
      icon={<Icon name="warning" />}
      title={<FormattedMessage {...uiMessages.errorTitle} />}
      description={message ?? <FormattedMessage {...uiMessages.errorText} />}
      action={
        onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            <FormattedMessage {...uiMessages.retry} />
          </Button>
        )
      }
    />
  );
}
