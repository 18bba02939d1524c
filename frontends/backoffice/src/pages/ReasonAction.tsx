import { isApiError } from '@casino/platform';
import { Button, Input, Stack, VisuallyHidden } from '@casino/ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { m } from '../messages';

export interface ReasonActionProps {
  /** The button's text ("Approve", "Reject", "Roll back"). */
  label: ReactNode;
  /** What the action is about, for screen readers ("Approve W123"). */
  ariaLabel: string;
  variant?: 'primary' | 'secondary' | 'danger';
  reasonRequired: boolean;
  /** Runs the action; a thrown API error is shown beside the form. */
  onConfirm: (reason: string) => Promise<void>;
}

const ErrorText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  white-space: normal;
`;

/** A decision: the button opens a reason field and Confirm / Cancel. */
export function ReasonAction({ label, ariaLabel, variant = 'secondary', reasonRequired, onConfirm }: ReasonActionProps) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!open) {
    return (
      <Button size="sm" variant={variant} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reasonRequired && !reason.trim()) {
      setError(intl.formatMessage(m.reasonRequired));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      setReason('');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={ariaLabel}>
      <Stack $row $wrap $gap={1} $align="center">
        <label htmlFor={id}>
          <VisuallyHidden>{intl.formatMessage(reasonRequired ? m.reason : m.reasonOptional)}</VisuallyHidden>
        </label>
        <Input
          id={id}
          autoFocus
          maxLength={500}
          placeholder={intl.formatMessage(reasonRequired ? m.reason : m.reasonOptional)}
          value={reason}
          invalid={!!error}
          onChange={(e) => setReason(e.target.value)}
          style={{ height: 32, minWidth: 160 }}
        />
        <Button size="sm" type="submit" variant={variant} loading={busy}>
          <FormattedMessage {...m.confirm} />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          <FormattedMessage {...m.cancel} />
        </Button>
      </Stack>
      {error && (
        <ErrorText role="alert">{error}</ErrorText>
      )}
    </form>
  );
}
