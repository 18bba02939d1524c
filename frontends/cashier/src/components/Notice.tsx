import type { ReactNode } from 'react';
import styled from 'styled-components';

type Tone = 'info' | 'error' | 'success';

const Box = styled.div<{ $tone: Tone }>`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $tone }) => ({ info: theme.colors.border, error: theme.colors.danger, success: theme.colors.success })[$tone]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.5;
  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

/** An inline message box; errors are announced (role=alert). */
export function Notice({ tone = 'info', title, children, testId }: { tone?: Tone; title?: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {title && <strong>{title}</strong>}
      {children}
    </Box>
  );
}
