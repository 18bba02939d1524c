import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { uiMessages } from '../messages';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.7s linear infinite;
`;

export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  const intl = useIntl();
  return <Ring $size={size} role="status" aria-label={label ?? intl.formatMessage(uiMessages.loading)} />;
}
