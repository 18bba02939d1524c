import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { m } from '../messages';

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Label = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  font-size: ${({ theme }) => theme.font.size.sm};
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 1px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const ErrorText = styled.p`
  margin: 0 0 0 26px;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/** A consent checkbox with its error text. */
export function Checkbox({ label, checked, onChange, error, name }: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  return (
    <Row>
      <Label htmlFor={id}>
        <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)}
          aria-invalid={!!error || undefined} aria-describedby={error ? `${id}-error` : undefined} />
        <span>{label}</span>
      </Label>
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </Row>
  );
}

/** "I accept the Terms and Conditions and the Privacy Policy", with links to both pages. */
export function TermsLabel() {
  const intl = useIntl();
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noreferrer">
      {text}
    </a>
  );
  return (
    <>
      {intl.formatMessage(m.consentTerms, {
        terms: link('/terms-and-conditions', intl.formatMessage(m.termsLink)),
        privacy: link('/privacy-policy', intl.formatMessage(m.privacyLink)),
      })}
    </>
  );
}
